// SPDX-License-Identifier: Apache-2.0
// WebP bytes (lossy, lossless, with or without alpha; a still image) to RGBA8 through libwebp, within limits.

#include "decode_internal.h"

#include <string.h>
#include <webp/decode.h>

/// libwebp's status in words.
static const char *status_words(VP8StatusCode status) {
  switch (status) {
  case VP8_STATUS_OUT_OF_MEMORY: return "out of memory";
  case VP8_STATUS_INVALID_PARAM: return "invalid parameter";
  case VP8_STATUS_BITSTREAM_ERROR: return "bitstream error";
  case VP8_STATUS_UNSUPPORTED_FEATURE: return "unsupported feature";
  case VP8_STATUS_SUSPENDED: return "suspended";
  case VP8_STATUS_USER_ABORT: return "aborted";
  case VP8_STATUS_NOT_ENOUGH_DATA: return "the data ends early (truncated file)";
  default: return "unknown error";
  }
}

int zt_webp_inspect(const uint8_t *data, size_t size, const zt_image_limits *limits, zt_image_info *info,
                    char *message, size_t message_size) {
  WebPBitstreamFeatures features;
  VP8StatusCode status = WebPGetFeatures(data, size, &features);
  if (status != VP8_STATUS_OK) {
    zt_image_message(message, message_size, "damaged WebP data (libwebp: %s)", status_words(status));
    return status == VP8_STATUS_OUT_OF_MEMORY ? ZT_IMAGE_MEMORY : ZT_IMAGE_CORRUPT;
  }
  if (features.has_animation) {
    zt_image_message(message, message_size, "an animated WebP image; only still WebP images are read");
    return ZT_IMAGE_UNSUPPORTED;
  }
  uint64_t w = features.width > 0 ? (uint64_t)features.width : 0;
  uint64_t h = features.height > 0 ? (uint64_t)features.height : 0;
  int result = zt_image_check_sides(w, h, limits, message, message_size);
  if (result != ZT_IMAGE_OK) return result;
  // A lossless (or mixed) image is decoded into a whole ARGB image of the
  // decoder's own before it is converted; a lossy one holds a few rows, and
  // its alpha plane whole.
  uint64_t held = features.format == 1 ? (features.has_alpha ? w * h : 0) : 4 * w * h;
  result = zt_image_check_bytes(w, h, 4 * w * h + held, limits, message, message_size);
  if (result != ZT_IMAGE_OK) return result;
  info->width = info->full_width = (uint32_t)w;
  info->height = info->full_height = (uint32_t)h;
  info->bytes = 4 * w * h + held;
  info->format = ZT_IMAGE_WEBP;
  info->scale_eighths = 8;
  info->orientation = 1;
  return ZT_IMAGE_OK;
}

int zt_webp_decode_into(const uint8_t *data, size_t size, const zt_image_limits *limits, const zt_image_info *info,
                        uint8_t *pixels, char *message, size_t message_size) {
  (void)limits;
  WebPDecoderConfig config;
  if (!WebPInitDecoderConfig(&config)) {
    zt_image_message(message, message_size, "libwebp's decoder does not match its header");
    return ZT_IMAGE_UNSUPPORTED;
  }
  VP8StatusCode status = WebPGetFeatures(data, size, &config.input);
  if (status == VP8_STATUS_OK &&
      ((uint32_t)config.input.width != info->width || (uint32_t)config.input.height != info->height)) {
    zt_image_message(message, message_size, "the bytes are not the image inspected");
    return ZT_IMAGE_UNSUPPORTED;
  }
  // Straight (not premultiplied) RGBA, into the caller's pixels: libwebp
  // allocates no output of its own.
  config.output.colorspace = MODE_RGBA;
  config.output.is_external_memory = 1;
  config.output.u.RGBA.rgba = pixels;
  config.output.u.RGBA.stride = (int)(4 * info->width);
  config.output.u.RGBA.size = (size_t)4 * info->width * info->height;
  if (status == VP8_STATUS_OK) status = WebPDecode(data, size, &config);
  WebPFreeDecBuffer(&config.output);
  if (status != VP8_STATUS_OK) {
    zt_image_message(message, message_size, "damaged WebP data (libwebp: %s)", status_words(status));
    return status == VP8_STATUS_OUT_OF_MEMORY ? ZT_IMAGE_MEMORY : ZT_IMAGE_CORRUPT;
  }
  return ZT_IMAGE_OK;
}
