// SPDX-License-Identifier: Apache-2.0
// 256-bit (AVX2) twins of the Shaders blend kernels, chosen at run time by CPU feature.
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

/// Stores `word` (one RGBA8 pixel, R in the low byte) into `count` pixels:
/// an opaque run, whatever was there. Nothing happens for count ≤ 0.
/// Byte-identical to Shaders' fillSolidRun for an opaque colour.
void zk_fill_pixels_avx2(uint8_t *pixels, ptrdiff_t count, uint32_t word);

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

#ifdef __cplusplus
}
#endif

#endif
