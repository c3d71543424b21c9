// SPDX-License-Identifier: Apache-2.0
// The C shim of Zoetrope's PNG writing: a small API over libpng and zlib with plain error codes.
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
  ZT_END = 5,           ///< no more frames (reading a video)
};

/// The most pixels a PNG may have to be written: 2^28 (16384 × 16384, 1 GiB
/// of RGBA; Limits.maximumPNGPixels in Swift). PNGs are read by
/// CZoetropeImages, within the limits its callers give.
#define ZT_PNG_MAXIMUM_PIXELS (1ull << 28)

/// PNG row filters for `zt_png_write_rgba`.
enum zt_png_filters {
  ZT_PNG_FILTER_NONE = 0,  ///< rows as they are
  ZT_PNG_FILTER_SUB = 1,   ///< each byte minus the one a pixel to its left
  ZT_PNG_FILTER_ALL = 2,   ///< libpng picks the best filter per row
  ZT_PNG_KEEP_ALPHA = 4,   ///< flag: write RGBA even when every pixel is opaque
};

/// Writes `width × height` (at most `ZT_PNG_MAXIMUM_PIXELS`) straight-alpha RGBA8 pixels (rows top to bottom,
/// `4 × width` bytes each) as an 8-bit PNG at `path`: RGBA, or RGB when every
/// pixel is opaque (the same pixels when read back).
/// `compression` is the zlib level 0…9 (1–3 is fast, 9 smallest); `filters`
/// one of the `zt_png_filters` (on flat vector art, no filter at level 1 is
/// both the fastest and among the smallest: deflate finds the 4-byte pixel
/// repeats itself). The file
/// has no time stamp or other varying chunk: the same pixels give the same bytes.
/// On failure returns a non-zero `zt_status` and writes a message into
/// `message` (`message_size` bytes, NUL-terminated) — a failed write says the
/// system's reason ("writing: No space left on device"); a partial file may
/// remain at `path` (callers write to a temporary name and rename).
int zt_png_write_rgba(const char *path, const uint8_t *pixels, uint32_t width, uint32_t height,
                      int compression, int filters, char *message, size_t message_size);

/// The same PNG bytes as `zt_png_write_rgba`, in memory: `*data` (`*size`
/// bytes) is freed with `zt_free`.
int zt_png_encode_rgba(const uint8_t *pixels, uint32_t width, uint32_t height, int compression, int filters,
                       uint8_t **data, size_t *size, char *message, size_t message_size);

/// The rows of a band of `zt_png_write_rgba_banded` for images `width`
/// pixels wide: 16, or more for narrow images so that a band holds at
/// least 32 KiB of RGBA (deflate's window: narrow bands would compress
/// worse). The last band may have fewer.
uint32_t zt_png_band_rows(uint32_t width);
/// The largest image (in bytes of RGBA) whose pixels a `zt_png_bands` keeps
/// to compare the next image with: 64 MiB (4096 × 4096). A larger image is
/// encoded whole, every time.
#define ZT_PNG_BANDS_MAXIMUM_KEPT_BYTES (64ull << 20)

/// What a banded PNG encoder keeps of the last image it encoded: its pixels
/// and each band's compressed bytes, so that bands whose pixels did not
/// change are copied instead of compressed again. Used by one thread at a
/// time.
typedef struct zt_png_bands zt_png_bands;

/// An empty keeper; NULL when out of memory. Freed with `zt_png_bands_destroy`.
zt_png_bands *zt_png_bands_create(void);
/// Frees a keeper and everything it keeps (NULL is ignored).
void zt_png_bands_destroy(zt_png_bands *bands);
/// How many bands the last image written through `bands` took unchanged
/// from the image before it.
uint32_t zt_png_bands_reused(const zt_png_bands *bands);
/// 1 when `bands` keeps the pixels of the last image written through it
/// (so that the next one can reuse its bands), else 0 (NULL too).
int zt_png_bands_keeps_pixels(const zt_png_bands *bands);

/// Writes the image as `zt_png_write_rgba` does at zlib level 1 with no row
/// filter (RGB when every pixel is opaque and `keep_alpha` is 0), but with
/// the rows compressed in bands of `zt_png_band_rows(width)`, each band a
/// deflate segment of its own ending in a full flush (one IDAT chunk a band;
/// the zlib header, the final block and the Adler-32 sum go in the first
/// and last). The bytes are a function of the pixels alone, a few per cent
/// larger than one stream's. With `bands` (may be NULL) a band whose pixels
/// equal the same band of the image last written through it reuses its
/// compressed bytes, which are the bytes it would compress to again; bands
/// are compressed one at a time and written as they are (only a keeper
/// holding an image's pixels keeps their bytes). With `same` (may be NULL;
/// ignored unless `same_count` is the image's number of bands), the bands
/// `b` with `same[b]` nonzero are taken to equal the kept image's there
/// without comparing them: the caller knows they were drawn the same way.
int zt_png_write_rgba_banded(const char *path, const uint8_t *pixels, uint32_t width, uint32_t height,
                             int keep_alpha, zt_png_bands *bands, const uint8_t *same, uint32_t same_count,
                             char *message, size_t message_size);

/// The same bytes as `zt_png_write_rgba_banded`, in memory: `*data`
/// (`*size` bytes) is freed with `zt_free`.
int zt_png_encode_rgba_banded(const uint8_t *pixels, uint32_t width, uint32_t height, int keep_alpha,
                              zt_png_bands *bands, const uint8_t *same, uint32_t same_count, uint8_t **data,
                              size_t *size, char *message, size_t message_size);

// The byte loops of the banded encoder, declared here for their tests.

/// The Adler-32 of `length` bytes continuing from `adler` (1 for none
/// yet): zlib's `adler32_z`, or with `portable` 0 on a CPU with AVX2 the
/// same sums 32 bytes a step.
uint32_t zt_adler32(uint32_t adler, const uint8_t *bytes, size_t length, int portable);

/// Copies `count` RGBA pixels' red, green and blue to `rgb` (3 × `count`
/// bytes), with `portable` 0 on a CPU with AVX2 by byte shuffles, which
/// write up to 4 bytes past the last pixel: `rgb` needs 3 × `count` + 4
/// bytes of room.
void zt_pack_rgb(uint8_t *rgb, const uint8_t *rgba, size_t count, int portable);

/// Inflates one raw deflate stream (no zlib or gzip header: the data of a
/// zip entry), `input_size` bytes, into `output`, which has room for exactly
/// `output_size` bytes, the size the archive declares. ZT_OK only when the
/// stream ends having written exactly that many; a stream that would write
/// more stops at the first byte past the room (so a zip bomb costs no more
/// memory than its declared size), and one that is shorter, truncated or
/// invalid is ZT_ERROR_FORMAT with a message. Sizes of 4 GiB or more are
/// refused.
int zt_inflate_raw(const uint8_t *input, size_t input_size, uint8_t *output, size_t output_size, char *message,
                   size_t message_size);

/// The CRC-32 (zip's and PNG's, zlib's `crc32`) of `count` bytes.
uint32_t zt_crc32(const uint8_t *bytes, size_t count);

/// Frees memory returned by the shim.
void zt_free(void *pointer);

/// Asks the C allocator to keep freed memory in the process: the top of the
/// heap is never handed back to the system, and blocks up to 32 MiB come from
/// the heap rather than from fresh mappings. A renderer that frees and
/// reallocates the same working set every frame then stops faulting it back
/// in. Under an address-space limit (RLIMIT_AS) all threads share one
/// arena, so that per-thread arenas do not reserve the limit away. Call once,
/// before the work starts; a no-op off glibc.
void zt_process_keep_freed_memory(void);

#ifdef __cplusplus
}
#endif
#endif
