// SPDX-License-Identifier: Apache-2.0
// The C shim of image decoding: PNG (libpng) and JPEG (libjpeg-turbo) bytes to RGBA8, within limits.
#ifndef CZOETROPE_IMAGES_H
#define CZOETROPE_IMAGES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Result codes of `zt_image_decode`.
enum zt_image_status {
  ZT_IMAGE_OK = 0,
  ZT_IMAGE_UNSUPPORTED = 1,  ///< not PNG or JPEG, or a kind of them that is not decoded (CMYK JPEG)
  ZT_IMAGE_CORRUPT = 2,      ///< truncated or damaged data (the library's words in the message)
  ZT_IMAGE_TOO_LARGE = 3,    ///< the header claims more pixels than the limits allow
  ZT_IMAGE_MEMORY = 4,       ///< an allocation within the limits failed
};

/// What a decode may allocate, checked against the file's header before any
/// pixel memory is allocated: a file claiming 100,000 × 100,000 pixels is
/// refused, never allocated.
typedef struct {
  uint32_t max_width;   ///< widest image accepted, pixels (after EXIF rotation too)
  uint32_t max_height;  ///< tallest image accepted, pixels
  uint64_t max_bytes;   ///< largest RGBA8 result accepted: 4 × width × height bytes
} zt_image_limits;

/// Decodes PNG or JPEG bytes — told apart by their signature, never by a
/// file name — into straight-alpha RGBA8 pixels, rows top to bottom.
///
/// PNG: every colour type and bit depth (palette, grey of 1–16 bits, RGB,
/// with or without alpha or a tRNS chunk, 16-bit scaled to 8 with rounding,
/// interlaced or not); gAMA, cHRM, sRGB and iCCP are ignored: samples are
/// taken as sRGB. JPEG: greyscale, YCbCr and RGB, baseline or progressive,
/// with the EXIF orientation of an APP1 segment applied; CMYK and YCCK are
/// refused (`ZT_IMAGE_UNSUPPORTED`). A libjpeg warning (corrupt data, a
/// premature end) is an error, as is any libpng error; more than 500 scans
/// in a progressive JPEG is refused. Empty input is `ZT_IMAGE_UNSUPPORTED`.
///
/// On success `*pixels` holds `4 × *width × *height` bytes, freed with
/// `zt_image_free`. On failure `*pixels` is NULL and `message`
/// (`message_size` bytes, NUL-terminated) says why. Never reads outside
/// `data[0..<size]`; safe to call on any bytes (the fuzzing entry point).
int zt_image_decode(const uint8_t *data, size_t size, const zt_image_limits *limits, uint8_t **pixels,
                    uint32_t *width, uint32_t *height, char *message, size_t message_size);

/// Frees pixels returned by `zt_image_decode`; NULL is ignored.
void zt_image_free(void *pixels);

/// The EXIF orientation (1…8) in a TIFF structure (an APP1 segment's bytes
/// after "Exif\0\0"); 1 when there is none or the structure is damaged.
int zt_exif_orientation(const uint8_t *tiff, size_t size);

#ifdef __cplusplus
}
#endif
#endif
