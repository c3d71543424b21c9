// SPDX-License-Identifier: Apache-2.0
// 256-bit (AVX2) and 512-bit (AVX-512) twins of the Shaders blend and sampling kernels and of the rasterizer's
// coverage resolver, chosen at run time by CPU feature.
#ifndef CZOETROPE_KERNELS_H
#define CZOETROPE_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// 1 when this CPU runs the AVX2 kernels below (x86-64 with AVX2), else 0.
/// Never call an `_avx2` function when this is 0.
int zk_cpu_has_avx2(void);

/// 1 when the renderer should use the AVX2 kernels: the CPU has AVX2 and the
/// environment variable ZOETROPE_KERNELS is not "portable" (which forces the
/// portable Swift kernels, so that tests can cover both paths), else 0.
int zk_prefers_avx2(void);

/// 1 when this CPU runs the AVX-512 kernels below (AVX2, and AVX-512 F, BW
/// and VBMI), after filling their table (once per process, thread-safe),
/// else 0. Never call an `_avx512` function before this returned 1.
int zk_prepare_avx512(void);

/// 0 when the environment variable ZOETROPE_KERNELS is "portable" or
/// "avx2" (which keeps the renderer off the AVX-512 kernels, so that tests
/// and benchmarks can compare the paths), else 1. Says nothing of the CPU.
int zk_prefers_avx512(void);

/// ``zk_fill_solid_run_avx2`` sixteen pixels a step: each byte of the
/// destination looked up in a table of div255(d × (255 − s.a)) and the
/// source's byte added, the bytes of the AVX2 kernel exactly (a source that
/// is not premultiplied — a channel above alpha — takes the AVX2 kernel).
/// Nothing happens for count ≤ 0. Requires zk_prepare_avx512() == 1.
void zk_fill_solid_run_avx512(uint8_t *pixels, ptrdiff_t count, uint32_t source);

/// ``zk_fill_solid_avx2`` sixteen pixels a step, the last 1…15 under a
/// mask (nothing past the run is read or written): the same lane
/// arithmetic, so the same bytes (a colour that is not premultiplied — a
/// channel above alpha — takes the AVX2 kernel, whose one-pixel tail
/// carries between channels). Nothing happens for count ≤ 0. Requires
/// zk_prepare_avx512() == 1.
void zk_fill_solid_avx512(uint8_t *pixels, const uint8_t *coverage, ptrdiff_t count, uint32_t color);

/// One premultiplied `color` over `rows` rows of a rectangle that share
/// their coverage, `stride` bytes apart from `pixels` (the first row's left
/// side pixel): in each row, the left side pixel under coverage `left`, the
/// `count` pixels after it under `interior` (none when it is 0) and the
/// right side pixel after those under `right`. The bytes of
/// zk_fill_solid_avx512 on each side pixel and zk_fill_solid_run_avx512 (or
/// the plain store, when the weighted colour is opaque) on each interior;
/// the side pixels are gathered and scattered sixteen rows at a time.
/// Returns 0, touching nothing, for a colour that is not premultiplied, a
/// stride of 2³¹ / 16 bytes or more, rows ≤ 0 or count < 0; else 1.
/// Requires zk_prepare_avx512() == 1.
int zk_fill_rectangle_rows_avx512(uint8_t *pixels, ptrdiff_t stride, ptrdiff_t rows, ptrdiff_t count,
                                  uint8_t left, uint8_t interior, uint8_t right, uint32_t color);

/// zk_fill_rectangle_rows_avx512's rows, a row at a time with what they
/// share worked out once: the bytes of the one-pixel tail of
/// zk_fill_solid_avx2 on each side pixel and zk_fill_solid_run_avx2 (or
/// zk_fill_pixels_avx2, when the weighted colour is opaque) on each
/// interior. Returns 0, touching nothing, for a colour that is not
/// premultiplied, rows ≤ 0 or count < 0; else 1. Requires
/// zk_cpu_has_avx2() == 1.
int zk_fill_rectangle_rows_avx2(uint8_t *pixels, ptrdiff_t stride, ptrdiff_t rows, ptrdiff_t count,
                                uint8_t left, uint8_t interior, uint8_t right, uint32_t color);

/// Stores `word` (one RGBA8 pixel, R in the low byte) into `count` pixels:
/// an opaque run, whatever was there. Nothing happens for count ≤ 0.
/// Byte-identical to Shaders' fillSolidRun for an opaque colour.
void zk_fill_pixels_avx2(uint8_t *pixels, ptrdiff_t count, uint32_t word);

/// Stores `word` into `count` pixels as one string store (`rep stosl`),
/// which large fills on current x86-64 CPUs write without first reading
/// the lines; elsewhere a plain loop. Nothing happens for count ≤ 0.
/// Byte-identical to Shaders' fillPixels.
void zk_fill_pixels_string(uint8_t *pixels, ptrdiff_t count, uint32_t word);

/// Source-over of one premultiplied RGBA8 colour `source` (R in the low byte,
/// already weighted by its coverage) over `count` premultiplied RGBA8 pixels:
/// d = s + div255(d × (255 − s.a)) per channel. Nothing happens for
/// count ≤ 0. Byte-identical to Shaders' fillSolidRun for a translucent colour.
void zk_fill_solid_run_avx2(uint8_t *pixels, ptrdiff_t count, uint32_t source);

/// Source-over of one premultiplied colour (`color`, R in the low byte) under
/// a coverage byte per pixel: s = div255(color × c), d = s + div255(d × (255 − s.a)).
/// Nothing happens for count ≤ 0. Byte-identical to Shaders' fillSolid.
void zk_fill_solid_avx2(uint8_t *pixels, const uint8_t *coverage, ptrdiff_t count, uint32_t color);

/// Source-over of a row of premultiplied RGBA8 colours under a coverage byte
/// per pixel: s = div255(source × c), d = s + div255(d × (255 − s.a)).
/// Nothing happens for count ≤ 0. Byte-identical to Shaders' sourceOverRow.
void zk_source_over_row_avx2(uint8_t *pixels, const uint8_t *source, const uint8_t *coverage, ptrdiff_t count);

/// Bilinear samples of a `width` × `height` grid of premultiplied RGBA8
/// words (`pixels`, rows of `width` words) at the first ⌊count / 8⌋ × 8 of
/// `count` coordinate pairs (20.12 fixed point, pixel centres at integers),
/// eight per step, into `destination` (4 bytes a pixel); returns how many it
/// wrote, so the caller samples the rest. Reads are clamped to the grid (edge
/// pixels extend outwards). `width` and `height` must be ≥ 1 and
/// `width × height` below 2^31 (pixels are indexed with 32-bit lanes).
/// Nothing is written for count < 8. Byte-identical to Shaders' sampleBilinear.
ptrdiff_t zk_sample_bilinear_avx2(uint8_t *destination, const int32_t *coordinates, ptrdiff_t count,
                                  const uint32_t *pixels, int32_t width, int32_t height);

/// A straight walk through an image in 32.32 fixed point: step i is at
/// (u + i du, v + i dv) (wrapping 64-bit adds), clamped to [lowU, highU] ×
/// [lowV, highV] and rounded to 20.12 as (c + 2^19) >> 20 (arithmetic).
/// lowU and lowV must be −2^33 (two pixels before the image), the highs
/// above them and below 2^62.
typedef struct {
  int64_t u, du, v, dv;
  int64_t lowU, highU, lowV, highV;
} zk_walk;

/// zk_sample_bilinear_avx2 at the first ⌊count / 8⌋ × 8 steps of `walk`,
/// without storing the coordinates; returns how many pixels it wrote (the
/// caller walks on from there). Same conditions on the grid.
ptrdiff_t zk_sample_bilinear_walk_avx2(uint8_t *destination, ptrdiff_t count, const zk_walk *walk,
                                       const uint32_t *pixels, int32_t width, int32_t height);

/// Resolves `groups` × 4 accumulated area cells (the rasterizer's cells,
/// 2^17 units a pixel) into coverage bytes under the non-zero rule, and
/// zeroes them: each byte is the running sum of the cells so far, starting
/// at `sum`, as min(|sum|, 2^17) × 255 rounded ((a × 255 + 2^16) >> 17); a
/// sum that wrapped to INT32_MIN counts as full. Returns the running sum
/// after the last cell (sums wrap, never trap). Nothing happens for
/// groups ≤ 0. Byte-identical to ZoetropeRaster's resolveCells.
int32_t zk_resolve_cells_avx2(int32_t *cells, ptrdiff_t groups, int32_t sum, uint8_t *bytes);

/// ``zk_resolve_cells_avx2`` with the coverage blended at once, never
/// stored: the first `count` pixels at `pixels` (at most groups × 4; none
/// for count ≤ 0) take the premultiplied `color` under each cell's coverage
/// byte, as zk_fill_solid_avx2 blends it over those bytes — the same pixels,
/// cells (zeroed) and returned sum as the two calls in turn. For a
/// premultiplied colour only (no channel above its alpha), where the lanes
/// cannot carry. Requires zk_cpu_has_avx2() == 1.
int32_t zk_resolve_fill_solid_avx2(int32_t *cells, ptrdiff_t groups, int32_t sum, uint8_t *pixels, ptrdiff_t count,
                                   uint32_t color);

/// ``zk_resolve_cells_avx2`` sixteen cells a step, the last 4…12 under a
/// mask. Requires zk_prepare_avx512() == 1.
int32_t zk_resolve_cells_avx512(int32_t *cells, ptrdiff_t groups, int32_t sum, uint8_t *bytes);

/// ``zk_resolve_cells_avx512`` with the coverage blended at once, never
/// stored: the first `count` pixels at `pixels` (at most groups × 4; none
/// for count ≤ 0) take the premultiplied `color` under each cell's coverage
/// byte, as zk_fill_solid_avx512 blends it over those bytes — the same
/// pixels, cells (zeroed) and returned sum as the two calls in turn. For a
/// premultiplied colour only (no channel above its alpha): for any other
/// zk_fill_solid_avx512 takes the AVX2 kernel, whose bytes differ.
/// Requires zk_prepare_avx512() == 1.
int32_t zk_resolve_fill_solid_avx512(int32_t *cells, ptrdiff_t groups, int32_t sum, uint8_t *pixels, ptrdiff_t count,
                                     uint32_t color);

/// One band of a shape's rows: its accumulation cells (`stride` a row) and
/// touched-group words (`wordsPerRow` a row, a bit a group of four cells),
/// the shape `width` columns wide, and the pixel under its first column in
/// the band's first row (`rowBytes` a row).
typedef struct {
  int32_t *cells;
  uint64_t *touched;
  uint8_t *pixels;
  ptrdiff_t rows, stride, wordsPerRow, width, rowBytes;
} zk_band;

/// Every row of `band` filled with the premultiplied `color` under the
/// non-zero rule as it is resolved, in one call: each stretch of touched
/// groups (gaps of up to three groups joined) through
/// zk_resolve_fill_solid_avx2, each constant run between stretches and
/// after the last (coverage above 0) through zk_fill_solid_run_avx2 (or
/// zk_fill_pixels_avx2, where the weighted colour is opaque) — the pixels
/// of resolving each row into runs and blending them. Leaves the cells,
/// touched words and the two carry columns past `width` zero. Requires
/// zk_cpu_has_avx2() == 1.
void zk_fill_band_solid_avx2(const zk_band *band, uint32_t color);

/// zk_fill_band_solid_avx2 through zk_resolve_fill_solid_avx512 and
/// zk_fill_solid_run_avx512: the same pixels. Requires
/// zk_prepare_avx512() == 1.
void zk_fill_band_solid_avx512(const zk_band *band, uint32_t color);

#ifdef __cplusplus
}
#endif

#endif
