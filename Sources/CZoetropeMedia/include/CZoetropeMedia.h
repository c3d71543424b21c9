// SPDX-License-Identifier: Apache-2.0
// The C shims of Zoetrope's media layer: a small API over libpng with plain error codes.
#ifndef CZOETROPE_MEDIA_H
#define CZOETROPE_MEDIA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Result codes of the shim functions.
enum zt_status {
  ZT_OK = 0,
  ZT_ERROR_OPEN = 1,    ///< the file could not be opened (errno says why)
  ZT_ERROR_CODEC = 2,   ///< the library reported an error (message filled in)
  ZT_ERROR_FORMAT = 3,  ///< the input is not what was expected (message filled in)
  ZT_ERROR_MEMORY = 4,  ///< allocation failed
};

/// Writes `width × height` straight-alpha RGBA8 pixels (rows top to bottom,
/// `4 × width` bytes each) as an 8-bit RGBA PNG at `path`.
/// `compression` is the zlib level 0…9 (1–3 is fast, 9 smallest). The file
/// has no time stamp or other varying chunk: the same pixels give the same bytes.
/// On failure returns a non-zero `zt_status` and writes a message into
/// `message` (`message_size` bytes, NUL-terminated); a partial file may remain
/// at `path` (callers write to a temporary name and rename).
int zt_png_write_rgba(const char *path, const uint8_t *pixels, uint32_t width, uint32_t height,
                      int compression, char *message, size_t message_size);

/// Reads a PNG as straight-alpha RGBA8 (any bit depth and colour type is
/// converted). On success `*pixels` holds `4 × width × height` bytes that the
/// caller frees with `zt_free`.
int zt_png_read_rgba(const char *path, uint8_t **pixels, uint32_t *width, uint32_t *height,
                     char *message, size_t message_size);

/// Frees memory returned by the shim.
void zt_free(void *pointer);

#ifdef __cplusplus
}
#endif
#endif
