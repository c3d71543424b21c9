// SPDX-License-Identifier: Apache-2.0
// The decode entry points: tell PNG, JPEG and WebP apart by signature, name other formats, check sizes and budgets.

#include "decode_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void zt_image_message(char *message, size_t size, const char *format, ...) {
  if (!message || size == 0) return;
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(message, size, format, arguments);
  va_end(arguments);
}

int zt_image_check_sides(uint64_t width, uint64_t height, const zt_image_limits *limits, char *message, size_t size) {
  if (width == 0 || height == 0) {
    zt_image_message(message, size, "the image has no pixels (%llu × %llu)", (unsigned long long)width,
                     (unsigned long long)height);
    return ZT_IMAGE_CORRUPT;
  }
  if (width > limits->max_width || height > limits->max_height) {
    zt_image_message(message, size, "the image claims %llu × %llu pixels; at most %u × %u are accepted",
                     (unsigned long long)width, (unsigned long long)height, limits->max_width, limits->max_height);
    return ZT_IMAGE_TOO_LARGE;
  }
  return ZT_IMAGE_OK;
}

int zt_image_check_bytes(uint64_t width, uint64_t height, uint64_t bytes, const zt_image_limits *limits,
                         char *message, size_t size) {
  // Both sides are below 2^32 and were checked against the limits: 4 × w × h fits 64 bits.
  uint64_t pixels = 4 * width * height;
  if (bytes > limits->max_bytes) {
    if (bytes == pixels) {
      zt_image_message(message, size,
                       "the image claims %llu × %llu pixels (%llu bytes decoded), more than the %llu bytes left "
                       "in the image memory budget",
                       (unsigned long long)width, (unsigned long long)height, (unsigned long long)pixels,
                       (unsigned long long)limits->max_bytes);
    } else {
      zt_image_message(message, size,
                       "the image claims %llu × %llu pixels; decoding it holds %llu bytes (%llu of pixels, the rest "
                       "what the decoder holds besides), more than the %llu bytes left in the image memory budget",
                       (unsigned long long)width, (unsigned long long)height, (unsigned long long)bytes,
                       (unsigned long long)pixels, (unsigned long long)limits->max_bytes);
    }
    return ZT_IMAGE_TOO_LARGE;
  }
  if (pixels > SIZE_MAX) {
    zt_image_message(message, size, "the image is too large for this machine's address space");
    return ZT_IMAGE_TOO_LARGE;
  }
  return ZT_IMAGE_OK;
}

/// Whether `data` starts with `prefix` (`length` bytes) at `offset`.
static int has(const uint8_t *data, size_t size, size_t offset, const char *prefix, size_t length) {
  return size >= offset + length && memcmp(data + offset, prefix, length) == 0;
}

/// The name of a format the bytes look like that is not decoded, or NULL.
static const char *other_format(const uint8_t *data, size_t size) {
  if (has(data, size, 0, "GIF87a", 6) || has(data, size, 0, "GIF89a", 6)) return "a GIF image";
  if (has(data, size, 0, "BM", 2)) return "a BMP image";
  if (has(data, size, 0, "II*\0", 4) || has(data, size, 0, "MM\0*", 4)) return "a TIFF image";
  if (has(data, size, 4, "ftypavif", 8) || has(data, size, 4, "ftypavis", 8)) return "an AVIF image";
  if (has(data, size, 4, "ftyphei", 7) || has(data, size, 4, "ftypmif1", 8) || has(data, size, 4, "ftyphev", 7))
    return "a HEIF image";
  if (has(data, size, 0, "\xFF\x0A", 2) || has(data, size, 4, "jxl ", 4)) return "a JPEG XL image";
  if (has(data, size, 0, "<svg", 4) || has(data, size, 0, "<?xml", 5)) return "an SVG or XML document";
  if (has(data, size, 0, "\x89PNG", 4)) return "a damaged PNG signature";
  return NULL;
}

/// The format of the bytes by signature: ZT_IMAGE_PNG, ZT_IMAGE_JPEG, ZT_IMAGE_WEBP or 0.
static uint32_t format_of(const uint8_t *data, size_t size) {
  if (has(data, size, 0, "\x89PNG\r\n\x1A\n", 8)) return ZT_IMAGE_PNG;
  if (has(data, size, 0, "\xFF\xD8\xFF", 3)) return ZT_IMAGE_JPEG;
  if (has(data, size, 0, "RIFF", 4) && has(data, size, 8, "WEBP", 4)) return ZT_IMAGE_WEBP;
  return 0;
}

/// The name of one format bit.
static const char *format_name(uint32_t format) {
  return format == ZT_IMAGE_PNG ? "PNG" : format == ZT_IMAGE_JPEG ? "JPEG" : "WebP";
}

/// The formats `limits` accepts in words, joined by `last` ("and", "or"):
/// "PNG", "PNG and JPEG", "PNG, JPEG and WebP"; the number of them in `count`.
static void accepted(const zt_image_limits *limits, const char *last, char *out, size_t size, int *count) {
  static const uint32_t all[] = {ZT_IMAGE_PNG, ZT_IMAGE_JPEG, ZT_IMAGE_WEBP};
  const char *names[3];
  int n = 0;
  for (int i = 0; i < 3; i++) {
    if (limits->formats & all[i]) names[n++] = format_name(all[i]);
  }
  *count = n;
  if (n == 0) zt_image_message(out, size, "no format");
  if (n == 1) zt_image_message(out, size, "%s", names[0]);
  if (n == 2) zt_image_message(out, size, "%s %s %s", names[0], last, names[1]);
  if (n == 3) zt_image_message(out, size, "%s, %s %s %s", names[0], names[1], last, names[2]);
}

int zt_image_inspect(const uint8_t *data, size_t size, const zt_image_limits *limits, zt_image_info *info,
                     char *message, size_t message_size) {
  memset(info, 0, sizeof *info);
  if (message && message_size > 0) message[0] = 0;
  if (!data || size == 0) {
    zt_image_message(message, message_size, "the file is empty");
    return ZT_IMAGE_UNSUPPORTED;
  }
  uint32_t format = format_of(data, size);
  char names[40], kinds[40];
  int count;
  accepted(limits, "and", names, sizeof names, &count);
  const char *verb = count > 1 ? "are" : "is";
  if (format != 0 && (limits->formats & format) == 0) {
    zt_image_message(message, message_size, "a %s image; only %s %s read here", format_name(format), names, verb);
    return ZT_IMAGE_UNSUPPORTED;
  }
  if (format == ZT_IMAGE_PNG) return zt_png_inspect(data, size, limits, info, message, message_size);
  if (format == ZT_IMAGE_JPEG) return zt_jpeg_inspect(data, size, limits, info, message, message_size);
  if (format == ZT_IMAGE_WEBP) return zt_webp_inspect(data, size, limits, info, message, message_size);
  const char *other = other_format(data, size);
  accepted(limits, "or", kinds, sizeof kinds, &count);
  if (other) {
    zt_image_message(message, message_size, "not a %s image (the bytes are %s); only %s %s read", kinds, other, names,
                     verb);
  } else {
    zt_image_message(message, message_size, "not a %s image (unknown signature); only %s %s read", kinds, names, verb);
  }
  return ZT_IMAGE_UNSUPPORTED;
}

int zt_image_decode_into(const uint8_t *data, size_t size, const zt_image_limits *limits, const zt_image_info *info,
                         uint8_t *pixels, char *message, size_t message_size) {
  if (message && message_size > 0) message[0] = 0;
  if (!data || !pixels || info->width == 0 || info->height == 0) {
    zt_image_message(message, message_size, "nothing to decode");
    return ZT_IMAGE_UNSUPPORTED;
  }
  if (info->format == ZT_IMAGE_PNG && format_of(data, size) == ZT_IMAGE_PNG) {
    return zt_png_decode_into(data, size, limits, info, pixels, message, message_size);
  }
  if (info->format == ZT_IMAGE_JPEG && format_of(data, size) == ZT_IMAGE_JPEG) {
    return zt_jpeg_decode_into(data, size, limits, info, pixels, message, message_size);
  }
  if (info->format == ZT_IMAGE_WEBP && format_of(data, size) == ZT_IMAGE_WEBP) {
    return zt_webp_decode_into(data, size, limits, info, pixels, message, message_size);
  }
  zt_image_message(message, message_size, "the bytes are not the image inspected");
  return ZT_IMAGE_UNSUPPORTED;
}

int zt_image_decode(const uint8_t *data, size_t size, const zt_image_limits *limits, uint8_t **pixels,
                    uint32_t *width, uint32_t *height, char *message, size_t message_size) {
  *pixels = NULL;
  *width = 0;
  *height = 0;
  zt_image_info info;
  int status = zt_image_inspect(data, size, limits, &info, message, message_size);
  if (status != ZT_IMAGE_OK) return status;
  uint8_t *buffer = (uint8_t *)malloc((size_t)info.width * info.height * 4);
  if (!buffer) {
    zt_image_message(message, message_size, "out of memory for %u × %u pixels", info.width, info.height);
    return ZT_IMAGE_MEMORY;
  }
  status = zt_image_decode_into(data, size, limits, &info, buffer, message, message_size);
  if (status != ZT_IMAGE_OK) {
    free(buffer);
    return status;
  }
  *pixels = buffer;
  *width = info.width;
  *height = info.height;
  return ZT_IMAGE_OK;
}

void zt_image_free(void *pixels) { free(pixels); }
