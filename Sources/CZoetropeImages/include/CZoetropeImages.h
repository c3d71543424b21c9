// SPDX-License-Identifier: Apache-2.0
// The C shim of image decoding: PNG (libpng), JPEG (libjpeg-turbo) and WebP (libwebp) bytes to RGBA8, within limits.
#ifndef CZOETROPE_IMAGES_H
#define CZOETROPE_IMAGES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Result codes of the decoding functions.
enum zt_image_status {
  ZT_IMAGE_OK = 0,
  ZT_IMAGE_UNSUPPORTED = 1,  ///< not a format the limits accept, or a kind of it that is not decoded (CMYK JPEG)
  ZT_IMAGE_CORRUPT = 2,      ///< truncated or damaged data (the library's words in the message)
  ZT_IMAGE_TOO_LARGE = 3,    ///< the header claims more than the limits allow
  ZT_IMAGE_MEMORY = 4,       ///< an allocation within the limits failed
};

/// The formats a decode accepts (bits of `zt_image_limits.formats`).
enum zt_image_format {
  ZT_IMAGE_PNG = 1,
  ZT_IMAGE_JPEG = 2,
  ZT_IMAGE_WEBP = 4,
};

/// What a decode may take, checked against the file's header before any
/// pixel memory is allocated: a file claiming 100,000 × 100,000 pixels is
/// refused, never allocated. Callers keep one preset per use (a layer's
/// contents; `compare` and golden tests), in Swift's `ImageDecodingLimits`.
typedef struct {
  uint32_t max_width;   ///< widest image accepted, pixels (upright, after EXIF rotation; before any scaling)
  uint32_t max_height;  ///< tallest image accepted, pixels
  /// Everything one decode holds at once: the RGBA8 result (4 × width ×
  /// height bytes, counted at that size whatever the file's bit depth) and
  /// the decoder's whole-image buffers (a progressive or multi-scan JPEG's
  /// coefficients, 128 bytes per 8 × 8 block of each component; a lossless
  /// WebP's ARGB image, 4 bytes a pixel; a lossy WebP's alpha plane).
  uint64_t max_bytes;
  uint32_t formats;     ///< the `zt_image_format` bits accepted
  /// Nonzero: a JPEG whose full size does not fit `max_bytes` is decoded at
  /// the largest of 7/8, 6/8 … 1/8 of its size that does (libjpeg's scaled
  /// decoding; the coefficients do not shrink with it). Zero: refused.
  uint32_t scales_jpeg;
} zt_image_limits;

/// What `zt_image_inspect` finds in a header.
typedef struct {
  uint32_t width;        ///< the decoded width, pixels (upright; scaled for a JPEG decoded smaller)
  uint32_t height;       ///< the decoded height, pixels
  uint32_t full_width;   ///< the width the file claims, upright
  uint32_t full_height;  ///< the height the file claims, upright
  uint64_t bytes;        ///< what the decode holds at once (≤ `max_bytes`): the pixels and any whole-image buffers
  uint32_t format;       ///< ZT_IMAGE_PNG, ZT_IMAGE_JPEG or ZT_IMAGE_WEBP
  uint32_t scale_eighths;  ///< the JPEG's scale, 1…8 eighths (8 for full size and for PNG)
  int orientation;       ///< the EXIF orientation applied (1…8; 1 for PNG and WebP)
} zt_image_info;

/// Reads the header of PNG, JPEG or WebP bytes — told apart by their signature,
/// never by a file name — and checks it against `limits` without
/// allocating any pixel memory: the format is accepted, the sides are
/// within `max_width` × `max_height`, a PNG's rows fit the bytes it has
/// (deflate expands at most 1,032 times: a 100-byte file claiming
/// 16,000 × 16,000 pixels is refused), and what the decode holds fits
/// `max_bytes` (for a JPEG, perhaps at a smaller scale). Fills `info`.
/// On failure returns the status and `message` (`message_size` bytes,
/// NUL-terminated) says why. Never reads outside `data[0..<size]`.
int zt_image_inspect(const uint8_t *data, size_t size, const zt_image_limits *limits, zt_image_info *info,
                     char *message, size_t message_size);

/// Decodes the bytes `zt_image_inspect` described in `info` (with the same
/// `limits`) into `pixels`, the caller's `4 × info->width × info->height`
/// bytes: straight-alpha RGBA8, rows top to bottom, upright. No other
/// copy of the pixels is made (a JPEG's rows are put in their upright
/// places as they are decoded).
///
/// PNG: every colour type and bit depth (palette, grey of 1–16 bits, RGB,
/// with or without alpha or a tRNS chunk, interlaced or not); 16-bit samples
/// are scaled to 8 bits with rounding (`round(v × 255 / 65535)`), for every
/// use; gAMA, cHRM, sRGB and iCCP are ignored: samples are taken as sRGB.
/// JPEG: greyscale, YCbCr and RGB, baseline or progressive, with the EXIF
/// orientation of an APP1 segment applied; CMYK and YCCK are refused
/// (`ZT_IMAGE_UNSUPPORTED`). A libjpeg warning (corrupt data, a premature
/// end) is an error, as is any libpng error; more than 500 scans in a
/// progressive JPEG is refused. WebP: lossy and lossless, with or without
/// alpha, a still image (an animated WebP is refused), as libwebp decodes
/// it (straight alpha; ICC profiles ignored). On failure the pixels are unspecified and
/// `message` says why. Safe to call on any bytes.
int zt_image_decode_into(const uint8_t *data, size_t size, const zt_image_limits *limits, const zt_image_info *info,
                         uint8_t *pixels, char *message, size_t message_size);

/// `zt_image_inspect` then `zt_image_decode_into` a buffer of its own: on
/// success `*pixels` holds `4 × *width × *height` bytes, freed with
/// `zt_image_free`; on failure it is NULL. Empty input is
/// `ZT_IMAGE_UNSUPPORTED`. Safe to call on any bytes (the fuzzing entry point).
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
