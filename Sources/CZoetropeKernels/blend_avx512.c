// SPDX-License-Identifier: Apache-2.0
// The AVX-512 (BW + VBMI) blend kernels, sixteen pixels a step: one colour as a byte table lookup, one colour
// under a coverage byte per pixel, and a rectangle's rows alike with its side columns gathered.

#include "CZoetropeKernels.h"
#include "solid_lanes_avx512.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

#define ZK_AVX512 __attribute__((target("avx512f,avx512bw,avx512vbmi")))

// scaled[i][d] = div255(d × i), rounded to nearest: every product a
// source-over of one colour takes, as bytes (64 KiB, filled once).
static uint8_t zk_scaled[256][256] __attribute__((aligned(64)));

static int zk_cpu_has_avx512(void) {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vbmi");
}

static void zk_fill_scaled(void) {
  for (int i = 0; i < 256; i++) {
    for (int d = 0; d < 256; d++) {
      unsigned y = (unsigned)(d * i) + 128;
      zk_scaled[i][d] = (uint8_t)((y + (y >> 8)) >> 8);
    }
  }
}

int zk_prepare_avx512(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  if (!zk_cpu_has_avx2() || !zk_cpu_has_avx512()) return 0;
  pthread_once(&once, zk_fill_scaled);
  return 1;
}

int zk_prefers_avx512(void) {
  const char *choice = getenv("ZOETROPE_KERNELS");
  if (choice != NULL && (strcmp(choice, "portable") == 0 || strcmp(choice, "avx2") == 0)) return 0;
  return 1;
}

// Whether a colour word is premultiplied: no channel above its alpha. (Of
// any other, a channel's sum can pass 255, where bytes wrap and the
// sixteen-bit lanes of the AVX2 kernels carry: theirs is the answer.)
static inline int zk_is_premultiplied(uint32_t color) {
  const uint32_t alpha = color >> 24;
  return (color & 0xFF) <= alpha && ((color >> 8) & 0xFF) <= alpha && ((color >> 16) & 0xFF) <= alpha;
}

// A source word's row of the table, scaled[255 − source.a], in four
// registers, and the word in every lane: what zk_over16 takes.
typedef struct {
  __m512i t0, t1, t2, t3, source;
} zk_over_table;

ZK_AVX512 static inline zk_over_table zk_table(uint32_t source) {
  const uint8_t *row = zk_scaled[255 - (source >> 24)];
  zk_over_table t = {_mm512_load_si512(row), _mm512_load_si512(row + 64), _mm512_load_si512(row + 128),
                     _mm512_load_si512(row + 192), _mm512_set1_epi32((int)source)};
  return t;
}

// Sixteen pixels: each byte d becomes scaled[inverse][d] (two 128-entry
// lookups, chosen by the byte's top bit), plus the source's byte.
ZK_AVX512 static inline __m512i zk_over16(__m512i d, const zk_over_table *t) {
  __m512i low = _mm512_permutex2var_epi8(t->t0, d, t->t1);
  __m512i high = _mm512_permutex2var_epi8(t->t2, d, t->t3);
  return _mm512_add_epi8(_mm512_mask_blend_epi8(_mm512_movepi8_mask(d), low, high), t->source);
}

// A run of `count` pixels through zk_over16; nothing past the run is touched.
ZK_AVX512 static inline void zk_run_over(uint8_t *pixels, ptrdiff_t count, const zk_over_table *t) {
  ptrdiff_t x = 0;
  // Thirty-two pixels per step as two independent registers.
  for (; x + 32 <= count; x += 32) {
    __m512i d0 = _mm512_loadu_si512(pixels + 4 * x);
    __m512i d1 = _mm512_loadu_si512(pixels + 4 * x + 64);
    _mm512_storeu_si512(pixels + 4 * x, zk_over16(d0, t));
    _mm512_storeu_si512(pixels + 4 * x + 64, zk_over16(d1, t));
  }
  if (x + 16 <= count) {
    __m512i d = _mm512_loadu_si512(pixels + 4 * x);
    _mm512_storeu_si512(pixels + 4 * x, zk_over16(d, t));
    x += 16;
  }
  if (x < count) {
    // The last 1…15 pixels under a byte mask: nothing past the run is read or written.
    __mmask64 mask = (1ULL << (4 * (count - x))) - 1;
    __m512i d = _mm512_maskz_loadu_epi8(mask, pixels + 4 * x);
    _mm512_mask_storeu_epi8(pixels + 4 * x, mask, zk_over16(d, t));
  }
}

ZK_AVX512 void zk_fill_solid_run_avx512(uint8_t *pixels, ptrdiff_t count, uint32_t source) {
  if (!zk_is_premultiplied(source)) {
    zk_fill_solid_run_avx2(pixels, count, source);
    return;
  }
  if (count <= 0) return;
  const zk_over_table t = zk_table(source);
  zk_run_over(pixels, count, &t);
}

// div255(x × k) for one byte, rounded to nearest (the lanes' arithmetic).
static inline uint32_t zk_scale_byte(uint32_t x, uint32_t k) {
  uint32_t y = x * k + 128;
  return (y + (y >> 8)) >> 8;
}

// The premultiplied `color` under coverage `k`, channel by channel, as one word.
static inline uint32_t zk_weighted(uint32_t color, uint32_t k) {
  return zk_scale_byte(color & 0xFF, k) | zk_scale_byte((color >> 8) & 0xFF, k) << 8 |
         zk_scale_byte((color >> 16) & 0xFF, k) << 16 | zk_scale_byte(color >> 24, k) << 24;
}

// One pixel a row over `rows` rows `stride` bytes apart, each byte d becoming
// scaled[255 − source.a][d] plus the source's byte: sixteen rows a step,
// gathered and scattered, the last 1…15 under a mask.
ZK_AVX512 static void zk_column_over(uint8_t *pixels, ptrdiff_t stride, ptrdiff_t rows, uint32_t source) {
  const zk_over_table t = zk_table(source);
  const __m512i offsets = _mm512_mullo_epi32(_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                                             _mm512_set1_epi32((int)stride));
  ptrdiff_t r = 0;
  for (; r + 16 <= rows; r += 16) {
    uint8_t *base = pixels + r * stride;
    __m512i d = _mm512_i32gather_epi32(offsets, base, 1);
    _mm512_i32scatter_epi32(base, offsets, zk_over16(d, &t), 1);
  }
  if (r < rows) {
    uint8_t *base = pixels + r * stride;
    __mmask16 mask = (__mmask16)((1u << (rows - r)) - 1);
    __m512i d = _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), mask, offsets, base, 1);
    _mm512_mask_i32scatter_epi32(base, mask, offsets, zk_over16(d, &t), 1);
  }
}

ZK_AVX512 int zk_fill_rectangle_rows_avx512(uint8_t *pixels, ptrdiff_t stride, ptrdiff_t rows, ptrdiff_t count,
                                            uint8_t left, uint8_t interior, uint8_t right, uint32_t color) {
  if (!zk_is_premultiplied(color)) return 0;
  // Sixteen gathered rows must lie within 32-bit offsets of each other.
  if (rows <= 0 || count < 0 || stride <= 0 || stride > INT32_MAX / 16) return 0;
  zk_column_over(pixels, stride, rows, zk_weighted(color, left));
  zk_column_over(pixels + 4 * (count + 1), stride, rows, zk_weighted(color, right));
  if (interior == 0 || count == 0) return 1;
  const uint32_t source = interior == 255 ? color : zk_weighted(color, interior);
  if (source >> 24 == 255) {
    for (ptrdiff_t r = 0; r < rows; r++) zk_fill_pixels_avx2(pixels + r * stride + 4, count, source);
    return 1;
  }
  const zk_over_table t = zk_table(source);
  for (ptrdiff_t r = 0; r < rows; r++) zk_run_over(pixels + r * stride + 4, count, &t);
  return 1;
}

ZK_AVX512 void zk_fill_solid_avx512(uint8_t *pixels, const uint8_t *coverage, ptrdiff_t count, uint32_t color) {
  if (!zk_is_premultiplied(color)) {
    // Not premultiplied: a channel's sum can pass 255, where the AVX2
    // kernel's one-pixel tail carries into the next channel and these
    // sixteen-bit lanes do not. The AVX2 kernel's bytes are the answer.
    zk_fill_solid_avx2(pixels, coverage, count, color);
    return;
  }
  const __m512i colorRB = _mm512_set1_epi32((int)(color & 0x00FF00FFu));
  const __m512i colorGA = _mm512_set1_epi32((int)((color >> 8) & 0x00FF00FFu));
  ptrdiff_t x = 0;
  for (; x + 16 <= count; x += 16) {
    // A plain sixteen-byte load, not a masked one: bytes the resolve has
    // just stored reach it from the store buffer, where a masked load
    // waits for the stores to land.
    __m512i cover = _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(coverage + x)));
    __m512i d = _mm512_loadu_si512(pixels + 4 * x);
    _mm512_storeu_si512(pixels + 4 * x, zk_solid16(d, cover, colorRB, colorGA));
  }
  if (x < count) {
    // The last 1…15 pixels under a mask: nothing past the run is read or written.
    __mmask16 mask = (__mmask16)((1u << (count - x)) - 1);
    __m512i cover = _mm512_cvtepu8_epi32(_mm512_castsi512_si128(_mm512_maskz_loadu_epi8((__mmask64)mask, coverage + x)));
    __m512i d = _mm512_maskz_loadu_epi32(mask, pixels + 4 * x);
    _mm512_mask_storeu_epi32(pixels + 4 * x, mask, zk_solid16(d, cover, colorRB, colorGA));
  }
}

#else

int zk_prepare_avx512(void) { return 0; }
int zk_prefers_avx512(void) { return 0; }
int zk_fill_rectangle_rows_avx512(uint8_t *pixels, ptrdiff_t stride, ptrdiff_t rows, ptrdiff_t count, uint8_t left,
                                  uint8_t interior, uint8_t right, uint32_t color) {
  (void)pixels; (void)stride; (void)rows; (void)count; (void)left; (void)interior; (void)right; (void)color;
  return 0;
}
void zk_fill_solid_run_avx512(uint8_t *pixels, ptrdiff_t count, uint32_t source) {
  (void)pixels; (void)count; (void)source;
}
void zk_fill_solid_avx512(uint8_t *pixels, const uint8_t *coverage, ptrdiff_t count, uint32_t color) {
  (void)pixels; (void)coverage; (void)count; (void)color;
}

#endif
