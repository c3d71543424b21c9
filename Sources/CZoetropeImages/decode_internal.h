// SPDX-License-Identifier: Apache-2.0
// Helpers shared by the decoders of the image shim (not part of its API).
#ifndef CZOETROPE_IMAGES_INTERNAL_H
#define CZOETROPE_IMAGES_INTERNAL_H

#include "CZoetropeImages.h"

/// Writes a formatted message into `message` (NUL-terminated, cut to fit).
void zt_image_message(char *message, size_t size, const char *format, ...) __attribute__((format(printf, 3, 4)));

/// Checks a header's size against the limits before anything is allocated;
/// ZT_IMAGE_OK or ZT_IMAGE_TOO_LARGE / ZT_IMAGE_CORRUPT (zero size) with a message.
int zt_image_check_size(uint64_t width, uint64_t height, const zt_image_limits *limits, char *message, size_t size);

/// PNG bytes (signature already seen) to RGBA8, as `zt_image_decode`.
int zt_png_decode(const uint8_t *data, size_t size, const zt_image_limits *limits, uint8_t **pixels,
                  uint32_t *width, uint32_t *height, char *message, size_t message_size);

/// JPEG bytes (SOI already seen) to RGBA8 with the EXIF orientation applied, as `zt_image_decode`.
int zt_jpeg_decode(const uint8_t *data, size_t size, const zt_image_limits *limits, uint8_t **pixels,
                   uint32_t *width, uint32_t *height, char *message, size_t message_size);

/// Turns `*pixels` (`*width × *height` RGBA8) upright for EXIF orientation
/// 2…8, swapping the sides for 5…8; ZT_IMAGE_MEMORY when the copy cannot be made.
int zt_image_orient(uint8_t **pixels, uint32_t *width, uint32_t *height, int orientation);

#endif
