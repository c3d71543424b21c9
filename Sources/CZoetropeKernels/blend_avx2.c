// SPDX-License-Identifier: Apache-2.0
// The AVX2 blend kernels: eight pixels per 256-bit register, each function compiled for AVX2 alone.

#include "CZoetropeKernels.h"
#include "solid_lanes_avx2.h"

#include <stdlib.h>
#include <string.h>

int zk_prefers_avx2(void) {
  const char *choice = getenv("ZOETROPE_KERNELS");
  if (choice != NULL && strcmp(choice, "portable") == 0) return 0;
  return zk_cpu_has_avx2();
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

#define ZK_AVX2 __attribute__((target("avx2")))

int zk_cpu_has_avx2(void) {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") ? 1 : 0;
}

static inline uint32_t zk_load32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static inline void zk_store32(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }

// d = s + div255(d × inverse) for one pixel word, s already weighted.
static inline uint32_t zk_over_word(uint32_t d, uint32_t sourceRB, uint32_t sourceGA, uint32_t inverse) {
  uint32_t rb = sourceRB + zk_div255_lanes((d & 0x00FF00FFu) * inverse);
  uint32_t ga = sourceGA + zk_div255_lanes(((d >> 8) & 0x00FF00FFu) * inverse);
  return rb | (ga << 8);
}

// The same, four pixels in a 128-bit register (the tails of runs: a stroke's
// edge runs are mostly a few pixels past a multiple of eight).
ZK_AVX2 static inline __m128i zk_div255_4(__m128i x) {
  return _mm_mulhi_epu16(_mm_add_epi16(x, _mm_set1_epi16(128)), _mm_set1_epi16(257));
}

ZK_AVX2 static inline __m128i zk_over4(__m128i d, __m128i sourceRB, __m128i sourceGA, __m128i inverse) {
  const __m128i low = _mm_set1_epi32(0x00FF00FF);
  __m128i rb = _mm_add_epi16(sourceRB, zk_div255_4(_mm_mullo_epi16(_mm_and_si128(d, low), inverse)));
  __m128i ga = _mm_add_epi16(sourceGA, zk_div255_4(_mm_mullo_epi16(_mm_srli_epi16(d, 8), inverse)));
  return _mm_or_si128(rb, _mm_slli_epi16(ga, 8));
}

ZK_AVX2 static inline __m128i zk_cover4(const uint8_t *coverage) {
  __m128i k = _mm_cvtepu8_epi32(_mm_cvtsi32_si128((int)zk_load32(coverage)));
  return _mm_or_si128(k, _mm_slli_epi32(k, 16));
}

ZK_AVX2 static inline __m128i zk_inverse4(__m128i sourceGA) {
  __m128i alpha = _mm_srli_epi32(sourceGA, 16);
  return _mm_sub_epi16(_mm_set1_epi16(255), _mm_or_si128(alpha, _mm_slli_epi32(alpha, 16)));
}

// `count` pixels set to the word in every lane of `words`. Runs of eight
// or more end with their last eight stored as one register (those stored
// twice get the same word), four to seven as two fours: no pixel-by-pixel
// tail. Walked by pointer, sixty-four pixels a step: a store costs about
// one instruction of bookkeeping in eight.
ZK_AVX2 static inline void zk_store_run(uint8_t *pixels, ptrdiff_t count, __m256i words) {
  if (count >= 8) {
    uint8_t *p = pixels, *const end = pixels + 4 * count;
    for (; end - p >= 256; p += 256) {
      for (int i = 0; i < 256; i += 32) _mm256_storeu_si256((__m256i *)(p + i), words);
    }
    for (; end - p >= 32; p += 32) _mm256_storeu_si256((__m256i *)p, words);
    if (p < end) _mm256_storeu_si256((__m256i *)(end - 32), words);
  } else if (count >= 4) {
    _mm_storeu_si128((__m128i *)pixels, _mm256_castsi256_si128(words));
    _mm_storeu_si128((__m128i *)(pixels + 4 * (count - 4)), _mm256_castsi256_si128(words));
  } else if (count > 0) {
    const uint32_t word = (uint32_t)_mm256_cvtsi256_si32(words);
    zk_store32(pixels, word);
    if (count > 1) zk_store32(pixels + 4, word);
    if (count > 2) zk_store32(pixels + 8, word);
  }
}

ZK_AVX2 void zk_fill_pixels_avx2(uint8_t *pixels, ptrdiff_t count, uint32_t word) {
  zk_store_run(pixels, count, _mm256_set1_epi32((int)word));
}

// A translucent source word's lanes, worked out once for every run of it.
typedef struct {
  uint32_t wordRB, wordGA, inverse;
  __m256i sourceRB, sourceGA, inv;
} zk_run_source;

ZK_AVX2 static inline zk_run_source zk_run_source_of(uint32_t source) {
  zk_run_source r;
  r.inverse = 255 - (source >> 24);
  r.wordRB = source & 0x00FF00FFu;
  r.wordGA = (source >> 8) & 0x00FF00FFu;
  r.sourceRB = _mm256_set1_epi32((int)r.wordRB);
  r.sourceGA = _mm256_set1_epi32((int)r.wordGA);
  r.inv = _mm256_set1_epi16((short)r.inverse);
  return r;
}

ZK_AVX2 static inline void zk_run_over8(uint8_t *pixels, ptrdiff_t count, const zk_run_source *r) {
  const uint32_t wordRB = r->wordRB, wordGA = r->wordGA, inverse = r->inverse;
  const __m256i sourceRB = r->sourceRB, sourceGA = r->sourceGA, inv = r->inv;
  ptrdiff_t x = 0;
  // Sixteen pixels per step as two independent registers (their multiplies overlap).
  for (; x + 16 <= count; x += 16) {
    __m256i d0 = _mm256_loadu_si256((const __m256i *)(pixels + 4 * x));
    __m256i d1 = _mm256_loadu_si256((const __m256i *)(pixels + 4 * x + 32));
    _mm256_storeu_si256((__m256i *)(pixels + 4 * x), zk_over8(d0, sourceRB, sourceGA, inv));
    _mm256_storeu_si256((__m256i *)(pixels + 4 * x + 32), zk_over8(d1, sourceRB, sourceGA, inv));
  }
  for (; x + 8 <= count; x += 8) {
    __m256i d = _mm256_loadu_si256((const __m256i *)(pixels + 4 * x));
    _mm256_storeu_si256((__m256i *)(pixels + 4 * x), zk_over8(d, sourceRB, sourceGA, inv));
  }
  if (x + 4 <= count) {
    __m128i d = _mm_loadu_si128((const __m128i *)(pixels + 4 * x));
    __m128i rb4 = _mm256_castsi256_si128(sourceRB), ga4 = _mm256_castsi256_si128(sourceGA);
    _mm_storeu_si128((__m128i *)(pixels + 4 * x), zk_over4(d, rb4, ga4, _mm256_castsi256_si128(inv)));
    x += 4;
  }
  for (; x < count; x++) {
    zk_store32(pixels + 4 * x, zk_over_word(zk_load32(pixels + 4 * x), wordRB, wordGA, inverse));
  }
}

ZK_AVX2 void zk_fill_solid_run_avx2(uint8_t *pixels, ptrdiff_t count, uint32_t source) {
  const zk_run_source r = zk_run_source_of(source);
  zk_run_over8(pixels, count, &r);
}

// A rectangle's side pixel: `color` under one coverage, its lanes worked out once for every row.
typedef struct {
  uint32_t sourceRB, sourceGA, inverse;
} zk_side;

static inline zk_side zk_side_of(uint32_t colorRB, uint32_t colorGA, uint32_t k) {
  zk_side side = {zk_div255_lanes(colorRB * k), zk_div255_lanes(colorGA * k), 0};
  side.inverse = 255 - (side.sourceGA >> 16);
  return side;
}

static inline void zk_side_over(uint8_t *pixel, zk_side side) {
  zk_store32(pixel, zk_over_word(zk_load32(pixel), side.sourceRB, side.sourceGA, side.inverse));
}

ZK_AVX2 int zk_fill_rectangle_rows_avx2(uint8_t *pixels, ptrdiff_t stride, ptrdiff_t rows, ptrdiff_t count,
                                        uint8_t left, uint8_t interior, uint8_t right, uint32_t color) {
  const uint32_t alpha = color >> 24;
  if ((color & 0xFF) > alpha || ((color >> 8) & 0xFF) > alpha || ((color >> 16) & 0xFF) > alpha) return 0;
  if (rows <= 0 || count < 0) return 0;
  const uint32_t colorRB = color & 0x00FF00FFu, colorGA = (color >> 8) & 0x00FF00FFu;
  const zk_side first = zk_side_of(colorRB, colorGA, left), last = zk_side_of(colorRB, colorGA, right);
  // The weighted interior colour.
  const uint32_t source = zk_weighted_source(color, interior);
  const ptrdiff_t rightSide = 4 * (count + 1);
  uint8_t *line = pixels;
  // A loop for each kind of interior, so that none tests it row by row.
  if (interior == 0 || count == 0) {
    for (ptrdiff_t row = 0; row < rows; row++, line += stride) {
      zk_side_over(line, first);
      zk_side_over(line + rightSide, last);
    }
  } else if (source >> 24 == 255) {
    const __m256i words = _mm256_set1_epi32((int)source);
    for (ptrdiff_t row = 0; row < rows; row++, line += stride) {
      zk_side_over(line, first);
      zk_store_run(line + 4, count, words);
      zk_side_over(line + rightSide, last);
    }
  } else {
    const zk_run_source r = zk_run_source_of(source);
    for (ptrdiff_t row = 0; row < rows; row++, line += stride) {
      zk_side_over(line, first);
      zk_run_over8(line + 4, count, &r);
      zk_side_over(line + rightSide, last);
    }
  }
  return 1;
}

void zk_fill_pixels_string(uint8_t *pixels, ptrdiff_t count, uint32_t word) {
  if (count <= 0) return;
  size_t n = (size_t)count;
  __asm__ volatile("rep stosl" : "+D"(pixels), "+c"(n) : "a"(word) : "memory");
}

// Eight coverage bytes as 16-bit lane pairs: each pixel's word holds c | c << 16.
ZK_AVX2 static inline __m256i zk_cover8(const uint8_t *coverage) {
  __m256i k = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)coverage));
  return _mm256_or_si256(k, _mm256_slli_epi32(k, 16));
}

ZK_AVX2 void zk_fill_solid_avx2(uint8_t *pixels, const uint8_t *coverage, ptrdiff_t count, uint32_t color) {
  const uint32_t wordRB = color & 0x00FF00FFu, wordGA = (color >> 8) & 0x00FF00FFu;
  const __m256i colorRB = _mm256_set1_epi32((int)wordRB), colorGA = _mm256_set1_epi32((int)wordGA);
  ptrdiff_t x = 0;
  for (; x + 8 <= count; x += 8) {
    __m256i cover = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(coverage + x)));
    __m256i d = _mm256_loadu_si256((const __m256i *)(pixels + 4 * x));
    _mm256_storeu_si256((__m256i *)(pixels + 4 * x), zk_solid8(d, cover, colorRB, colorGA));
  }
  if (x + 4 <= count) {
    __m128i cover = zk_cover4(coverage + x);
    __m128i sourceRB = zk_div255_4(_mm_mullo_epi16(_mm256_castsi256_si128(colorRB), cover));
    __m128i sourceGA = zk_div255_4(_mm_mullo_epi16(_mm256_castsi256_si128(colorGA), cover));
    __m128i d = _mm_loadu_si128((const __m128i *)(pixels + 4 * x));
    _mm_storeu_si128((__m128i *)(pixels + 4 * x), zk_over4(d, sourceRB, sourceGA, zk_inverse4(sourceGA)));
    x += 4;
  }
  for (; x < count; x++) {
    uint32_t k = coverage[x];
    uint32_t sourceRB = zk_div255_lanes(wordRB * k), sourceGA = zk_div255_lanes(wordGA * k);
    zk_store32(pixels + 4 * x, zk_over_word(zk_load32(pixels + 4 * x), sourceRB, sourceGA, 255 - (sourceGA >> 16)));
  }
}

ZK_AVX2 void zk_source_over_row_avx2(uint8_t *pixels, const uint8_t *source, const uint8_t *coverage, ptrdiff_t count) {
  const __m256i low = _mm256_set1_epi32(0x00FF00FF);
  ptrdiff_t x = 0;
  const __m256i opaque = _mm256_set1_epi32((int)0xFF000000u);
  for (; x + 8 <= count; x += 8) {
    uint64_t eight;
    memcpy(&eight, coverage + x, 8);
    // Nothing covered leaves the pixels as they are (s = 0, div255(d × 255) = d).
    if (eight == 0) continue;
    __m256i s = _mm256_loadu_si256((const __m256i *)(source + 4 * x));
    // Opaque sources at full coverage replace what is below (d × 0 adds nothing):
    // a group's interior, or a mask's, is mostly that.
    if (eight == UINT64_MAX && _mm256_testc_si256(s, opaque)) {
      _mm256_storeu_si256((__m256i *)(pixels + 4 * x), s);
      continue;
    }
    __m256i cover = zk_cover8(coverage + x);
    __m256i sourceRB = zk_div255(_mm256_mullo_epi16(_mm256_and_si256(s, low), cover));
    __m256i sourceGA = zk_div255(_mm256_mullo_epi16(_mm256_srli_epi16(s, 8), cover));
    __m256i d = _mm256_loadu_si256((const __m256i *)(pixels + 4 * x));
    _mm256_storeu_si256((__m256i *)(pixels + 4 * x), zk_over8(d, sourceRB, sourceGA, zk_inverse8(sourceGA)));
  }
  if (x + 4 <= count) {
    const __m128i low4 = _mm_set1_epi32(0x00FF00FF);
    __m128i cover = zk_cover4(coverage + x);
    __m128i s = _mm_loadu_si128((const __m128i *)(source + 4 * x));
    __m128i sourceRB = zk_div255_4(_mm_mullo_epi16(_mm_and_si128(s, low4), cover));
    __m128i sourceGA = zk_div255_4(_mm_mullo_epi16(_mm_srli_epi16(s, 8), cover));
    __m128i d = _mm_loadu_si128((const __m128i *)(pixels + 4 * x));
    _mm_storeu_si128((__m128i *)(pixels + 4 * x), zk_over4(d, sourceRB, sourceGA, zk_inverse4(sourceGA)));
    x += 4;
  }
  for (; x < count; x++) {
    uint32_t k = coverage[x], s = zk_load32(source + 4 * x);
    uint32_t sourceRB = zk_div255_lanes((s & 0x00FF00FFu) * k), sourceGA = zk_div255_lanes(((s >> 8) & 0x00FF00FFu) * k);
    zk_store32(pixels + 4 * x, zk_over_word(zk_load32(pixels + 4 * x), sourceRB, sourceGA, 255 - (sourceGA >> 16)));
  }
}

#else

// Not x86-64: the portable Swift kernels are the only ones.
int zk_cpu_has_avx2(void) { return 0; }
void zk_fill_solid_run_avx2(uint8_t *pixels, ptrdiff_t count, uint32_t source) {
  (void)pixels; (void)count; (void)source;
}
void zk_fill_pixels_avx2(uint8_t *pixels, ptrdiff_t count, uint32_t word) {
  (void)pixels; (void)count; (void)word;
}
void zk_fill_pixels_string(uint8_t *pixels, ptrdiff_t count, uint32_t word) {
  // No string store here: a plain loop, the same bytes.
  for (ptrdiff_t x = 0; x < count; x++) memcpy(pixels + 4 * x, &word, 4);
}
void zk_fill_solid_avx2(uint8_t *pixels, const uint8_t *coverage, ptrdiff_t count, uint32_t color) {
  (void)pixels; (void)coverage; (void)count; (void)color;
}
int zk_fill_rectangle_rows_avx2(uint8_t *pixels, ptrdiff_t stride, ptrdiff_t rows, ptrdiff_t count, uint8_t left,
                                uint8_t interior, uint8_t right, uint32_t color) {
  (void)pixels; (void)stride; (void)rows; (void)count; (void)left; (void)interior; (void)right; (void)color;
  return 0;
}
void zk_source_over_row_avx2(uint8_t *pixels, const uint8_t *source, const uint8_t *coverage, ptrdiff_t count) {
  (void)pixels; (void)source; (void)coverage; (void)count;
}

#endif
