// SPDX-License-Identifier: Apache-2.0
// Helpers shared by the decoders of the image shim (not part of its API).
#ifndef CZOETROPE_IMAGES_INTERNAL_H
#define CZOETROPE_IMAGES_INTERNAL_H

#include "CZoetropeImages.h"

/// Writes a formatted message into `message` (NUL-terminated, cut to fit).
void zt_image_message(char *message, size_t size, const char *format, ...) __attribute__((format(printf, 3, 4)));

/// Checks a header's sides against the limits before anything is allocated;
/// ZT_IMAGE_OK or ZT_IMAGE_TOO_LARGE / ZT_IMAGE_CORRUPT (zero size) with a message.
int zt_image_check_sides(uint64_t width, uint64_t height, const zt_image_limits *limits, char *message, size_t size);

/// Checks what a decode holds (`bytes`, of which `pixels` are the result's)
/// against `limits->max_bytes`; ZT_IMAGE_OK or ZT_IMAGE_TOO_LARGE with a message.
int zt_image_check_bytes(uint64_t width, uint64_t height, uint64_t bytes, const zt_image_limits *limits,
                         char *message, size_t size);

/// The PNG's header (signature already seen), as `zt_image_inspect`.
int zt_png_inspect(const uint8_t *data, size_t size, const zt_image_limits *limits, zt_image_info *info,
                   char *message, size_t message_size);
/// PNG bytes into `pixels`, as `zt_image_decode_into`.
int zt_png_decode_into(const uint8_t *data, size_t size, const zt_image_limits *limits, const zt_image_info *info,
                       uint8_t *pixels, char *message, size_t message_size);

/// The JPEG's header (SOI already seen), with its scale and EXIF orientation, as `zt_image_inspect`.
int zt_jpeg_inspect(const uint8_t *data, size_t size, const zt_image_limits *limits, zt_image_info *info,
                    char *message, size_t message_size);
/// JPEG bytes into `pixels`, upright, as `zt_image_decode_into`.
int zt_jpeg_decode_into(const uint8_t *data, size_t size, const zt_image_limits *limits, const zt_image_info *info,
                        uint8_t *pixels, char *message, size_t message_size);

/// The WebP's header (RIFF and WEBP already seen), as `zt_image_inspect`; an animated WebP is refused.
int zt_webp_inspect(const uint8_t *data, size_t size, const zt_image_limits *limits, zt_image_info *info,
                    char *message, size_t message_size);
/// WebP bytes into `pixels`, as `zt_image_decode_into`.
int zt_webp_decode_into(const uint8_t *data, size_t size, const zt_image_limits *limits, const zt_image_info *info,
                        uint8_t *pixels, char *message, size_t message_size);

#endif
