// SPDX-License-Identifier: Apache-2.0
// The decode entry point: tells PNG from JPEG by signature, names other formats, checks sizes.

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

int zt_image_check_size(uint64_t width, uint64_t height, const zt_image_limits *limits, char *message, size_t size) {
  if (width == 0 || height == 0) {
    zt_image_message(message, size, "the image has no pixels (%llu × %llu)", (unsigned long long)width,
                     (unsigned long long)height);
    return ZT_IMAGE_CORRUPT;
  }
  // Both sides are below 2^32, so 4 × width × height fits 66 bits only in
  // theory: check the sides first, then the product, which then fits 64 bits.
  if (width > limits->max_width || height > limits->max_height) {
    zt_image_message(message, size, "the image claims %llu × %llu pixels; at most %u × %u are accepted",
                     (unsigned long long)width, (unsigned long long)height, limits->max_width, limits->max_height);
    return ZT_IMAGE_TOO_LARGE;
  }
  uint64_t bytes = 4 * width * height;
  if (bytes > limits->max_bytes) {
    zt_image_message(message, size,
                     "the image claims %llu × %llu pixels (%llu bytes decoded), more than the %llu bytes left "
                     "in the image memory budget",
                     (unsigned long long)width, (unsigned long long)height, (unsigned long long)bytes,
                     (unsigned long long)limits->max_bytes);
    return ZT_IMAGE_TOO_LARGE;
  }
  if (bytes > SIZE_MAX) {
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
  if (has(data, size, 0, "RIFF", 4) && has(data, size, 8, "WEBP", 4)) return "a WebP image";
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

int zt_image_decode(const uint8_t *data, size_t size, const zt_image_limits *limits, uint8_t **pixels,
                    uint32_t *width, uint32_t *height, char *message, size_t message_size) {
  *pixels = NULL;
  *width = 0;
  *height = 0;
  if (message && message_size > 0) message[0] = 0;
  if (!data || size == 0) {
    zt_image_message(message, message_size, "the file is empty");
    return ZT_IMAGE_UNSUPPORTED;
  }
  if (has(data, size, 0, "\x89PNG\r\n\x1A\n", 8)) {
    return zt_png_decode(data, size, limits, pixels, width, height, message, message_size);
  }
  if (has(data, size, 0, "\xFF\xD8\xFF", 3)) {
    return zt_jpeg_decode(data, size, limits, pixels, width, height, message, message_size);
  }
  const char *other = other_format(data, size);
  if (other) {
    zt_image_message(message, message_size, "not a PNG or JPEG image (the bytes are %s); only PNG and JPEG are read",
                     other);
  } else {
    zt_image_message(message, message_size, "not a PNG or JPEG image (unknown signature); only PNG and JPEG are read");
  }
  return ZT_IMAGE_UNSUPPORTED;
}

void zt_image_free(void *pixels) { free(pixels); }

int zt_image_orient(uint8_t **pixels, uint32_t *width, uint32_t *height, int orientation) {
  if (orientation < 2 || orientation > 8) return ZT_IMAGE_OK;
  const uint32_t w = *width, h = *height;
  const int swaps = orientation >= 5;
  const uint32_t ow = swaps ? h : w, oh = swaps ? w : h;
  uint32_t *source = (uint32_t *)*pixels;
  uint32_t *result = (uint32_t *)malloc((size_t)ow * oh * 4);
  if (!result) return ZT_IMAGE_MEMORY;
  // For every displayed pixel (x, y), the stored pixel (sx, sy) it shows.
  for (uint32_t y = 0; y < oh; y++) {
    for (uint32_t x = 0; x < ow; x++) {
      uint32_t sx, sy;
      switch (orientation) {
      case 2: sx = w - 1 - x; sy = y; break;                  // mirrored left to right
      case 3: sx = w - 1 - x; sy = h - 1 - y; break;          // turned 180°
      case 4: sx = x; sy = h - 1 - y; break;                  // mirrored top to bottom
      case 5: sx = y; sy = x; break;                          // transposed
      case 6: sx = y; sy = h - 1 - x; break;                  // shown turned 90° clockwise
      case 7: sx = w - 1 - y; sy = h - 1 - x; break;          // transversed
      default: sx = w - 1 - y; sy = x; break;                 // 8: shown turned 90° counter-clockwise
      }
      result[(size_t)y * ow + x] = source[(size_t)sy * w + sx];
    }
  }
  free(*pixels);
  *pixels = (uint8_t *)result;
  *width = ow;
  *height = oh;
  return ZT_IMAGE_OK;
}
