// SPDX-License-Identifier: Apache-2.0
// Accumulated area cells to coverage bytes (the non-zero rule), eight cells a step (AVX2) or sixteen (AVX-512);
// and one colour blended under the coverage as it is resolved, at either width.

#include "CZoetropeKernels.h"
#include "solid_lanes_avx2.h"
#include "solid_lanes_avx512.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

#define ZK_AVX2 __attribute__((target("avx2")))
#define ZK_AVX512 __attribute__((target("avx512f,avx512bw,avx512vbmi")))

// Full coverage in area units (2 × 256 × 256).
#define ZK_FULL_AREA 131072

// The coverage of running sums, as the portable resolver rounds it: |sum|
// (a wrapped INT32_MIN stays negative, so it is taken unsigned and counts
// as full), at most the full area, then (a × 255 + 2^16) >> 17.
ZK_AVX2 static inline __m256i zk_coverage8(__m256i sums) {
  __m256i magnitude = _mm256_min_epu32(_mm256_abs_epi32(sums), _mm256_set1_epi32(ZK_FULL_AREA));
  __m256i scaled = _mm256_sub_epi32(_mm256_slli_epi32(magnitude, 8), magnitude);
  return _mm256_srli_epi32(_mm256_add_epi32(scaled, _mm256_set1_epi32(65536)), 17);
}

ZK_AVX2 static inline __m128i zk_coverage4(__m128i sums) {
  __m128i magnitude = _mm_min_epu32(_mm_abs_epi32(sums), _mm_set1_epi32(ZK_FULL_AREA));
  __m128i scaled = _mm_sub_epi32(_mm_slli_epi32(magnitude, 8), magnitude);
  return _mm_srli_epi32(_mm_add_epi32(scaled, _mm_set1_epi32(65536)), 17);
}

// One step of the AVX2 resolve: the running sums of eight cells (two groups), the cells zeroed, `carry`
// moved on to the last sum (in every lane).
ZK_AVX2 static inline __m256i zk_sums8(int32_t *cells, __m256i *carry) {
  __m256i v = _mm256_loadu_si256((const __m256i *)cells);
  _mm256_storeu_si256((__m256i *)cells, _mm256_setzero_si256());
  // Prefix sums within each half, then the low half's total into the high half.
  v = _mm256_add_epi32(v, _mm256_slli_si256(v, 4));
  v = _mm256_add_epi32(v, _mm256_slli_si256(v, 8));
  __m256i lowTotal = _mm256_shuffle_epi32(v, 0xFF);
  v = _mm256_add_epi32(v, _mm256_permute2x128_si256(lowTotal, lowTotal, 0x08));
  v = _mm256_add_epi32(v, *carry);
  *carry = _mm256_permutevar8x32_epi32(v, _mm256_set1_epi32(7));
  return v;
}

// The last group of the AVX2 resolve: four cells' running sums, as zk_sums8.
ZK_AVX2 static inline __m128i zk_sums4(int32_t *cells, __m256i *carry) {
  __m128i v = _mm_loadu_si128((const __m128i *)cells);
  _mm_storeu_si128((__m128i *)cells, _mm_setzero_si128());
  v = _mm_add_epi32(v, _mm_slli_si128(v, 4));
  v = _mm_add_epi32(v, _mm_slli_si128(v, 8));
  v = _mm_add_epi32(v, _mm256_castsi256_si128(*carry));
  *carry = _mm256_set1_epi32(_mm_extract_epi32(v, 3));
  return v;
}

ZK_AVX2 int32_t zk_resolve_cells_avx2(int32_t *cells, ptrdiff_t groups, int32_t sum, uint8_t *bytes) {
  // Byte 0 of each 32-bit lane to the lane's first four bytes.
  const __m256i gather = _mm256_setr_epi8(0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                          0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
  __m256i carry = _mm256_set1_epi32(sum);
  ptrdiff_t group = 0;
  for (; group + 2 <= groups; group += 2) {
    __m256i packed = _mm256_shuffle_epi8(zk_coverage8(zk_sums8(cells + 4 * group, &carry)), gather);
    __m128i eight = _mm_unpacklo_epi32(_mm256_castsi256_si128(packed), _mm256_extracti128_si256(packed, 1));
    _mm_storel_epi64((__m128i *)(bytes + 4 * group), eight);
  }
  if (group < groups) {
    __m128i four = _mm_shuffle_epi8(zk_coverage4(zk_sums4(cells + 4 * group, &carry)), _mm256_castsi256_si128(gather));
    _mm_storeu_si32(bytes + 4 * group, four);
  }
  return _mm_cvtsi128_si32(_mm256_castsi256_si128(carry));
}

// zk_resolve_fill_solid_avx2, inlined into zk_fill_band_solid_avx2 (where its colour lanes are
// worked out once a band, hoisted out of the band's loops).
ZK_AVX2 static inline int32_t zk_stretch_solid_avx2(int32_t *cells, ptrdiff_t groups, int32_t sum, uint8_t *pixels,
                                                    ptrdiff_t count, uint32_t color) {
  const __m256i colorRB = _mm256_set1_epi32((int)(color & 0x00FF00FFu));
  const __m256i colorGA = _mm256_set1_epi32((int)((color >> 8) & 0x00FF00FFu));
  const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  __m256i carry = _mm256_set1_epi32(sum);
  ptrdiff_t group = 0, total = groups > 0 ? 4 * groups : 0;
  if (count > total) count = total;
  for (; group < groups; group += 2) {
    // Two groups a step; the last one alone, its upper four lanes zero (and never blended).
    ptrdiff_t cell = 4 * group;
    __m256i v = group + 2 <= groups
                    ? zk_sums8(cells + cell, &carry)
                    : _mm256_inserti128_si256(_mm256_setzero_si256(), zk_sums4(cells + cell, &carry), 0);
    if (cell >= count) continue;
    uint8_t *step = pixels + 4 * cell;
    if (cell + 8 <= count) {
      __m256i d = _mm256_loadu_si256((const __m256i *)step);
      _mm256_storeu_si256((__m256i *)step, zk_solid8(d, zk_coverage8(v), colorRB, colorGA));
    } else {
      __m256i mask = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(count - cell)), lanes);
      __m256i d = _mm256_maskload_epi32((const int *)step, mask);
      _mm256_maskstore_epi32((int *)step, mask, zk_solid8(d, zk_coverage8(v), colorRB, colorGA));
    }
  }
  return _mm_cvtsi128_si32(_mm256_castsi256_si128(carry));
}

ZK_AVX2 int32_t zk_resolve_fill_solid_avx2(int32_t *cells, ptrdiff_t groups, int32_t sum, uint8_t *pixels,
                                           ptrdiff_t count, uint32_t color) {
  return zk_stretch_solid_avx2(cells, groups, sum, pixels, count, color);
}

ZK_AVX512 static inline __m512i zk_coverage16(__m512i sums) {
  __m512i magnitude = _mm512_min_epu32(_mm512_abs_epi32(sums), _mm512_set1_epi32(ZK_FULL_AREA));
  __m512i scaled = _mm512_sub_epi32(_mm512_slli_epi32(magnitude, 8), magnitude);
  return _mm512_srli_epi32(_mm512_add_epi32(scaled, _mm512_set1_epi32(65536)), 17);
}

// Sixteen running sums: each lane plus every lane below it (lanes shifted
// up by 1, 2, 4 and 8, zeros coming in), plus the carry.
ZK_AVX512 static inline __m512i zk_prefix16(__m512i v, __m512i carry) {
  const __m512i zero = _mm512_setzero_si512();
  v = _mm512_add_epi32(v, _mm512_alignr_epi32(v, zero, 15));
  v = _mm512_add_epi32(v, _mm512_alignr_epi32(v, zero, 14));
  v = _mm512_add_epi32(v, _mm512_alignr_epi32(v, zero, 12));
  v = _mm512_add_epi32(v, _mm512_alignr_epi32(v, zero, 8));
  return _mm512_add_epi32(v, carry);
}

// One step of the AVX-512 resolve: the running sums of sixteen cells (those under `mask`; the lanes past
// them load as zeros, so lane 15's sum is the last cell's), the cells zeroed, `carry` moved on to the last
// sum. A whole step (mask 0xFFFF, a constant where it is inlined) loads and stores plainly.
ZK_AVX512 static inline __m512i zk_sums16(int32_t *cells, __mmask16 mask, __m512i *carry) {
  __m512i v;
  if (mask == 0xFFFF) {
    v = _mm512_loadu_si512(cells);
    _mm512_storeu_si512(cells, _mm512_setzero_si512());
  } else {
    v = _mm512_maskz_loadu_epi32(mask, cells);
    _mm512_mask_storeu_epi32(cells, mask, _mm512_setzero_si512());
  }
  v = zk_prefix16(v, *carry);
  *carry = _mm512_permutexvar_epi32(_mm512_set1_epi32(15), v);
  return v;
}

ZK_AVX512 int32_t zk_resolve_cells_avx512(int32_t *cells, ptrdiff_t groups, int32_t sum, uint8_t *bytes) {
  __m512i carry = _mm512_set1_epi32(sum);
  ptrdiff_t cell = 0, count = groups > 0 ? 4 * groups : 0;
  for (; cell + 16 <= count; cell += 16) {
    __m512i v = zk_sums16(cells + cell, 0xFFFF, &carry);
    _mm_storeu_si128((__m128i *)(bytes + cell), _mm512_cvtepi32_epi8(zk_coverage16(v)));
  }
  if (cell < count) {
    // The last 4, 8 or 12 cells under a mask.
    __mmask16 mask = (__mmask16)((1u << (count - cell)) - 1);
    _mm512_mask_cvtepi32_storeu_epi8(bytes + cell, mask, zk_coverage16(zk_sums16(cells + cell, mask, &carry)));
  }
  return _mm_cvtsi128_si32(_mm512_castsi512_si128(carry));
}

// The first `n` (1…15) of sixteen pixels blended under `cover` by zk_solid16, the rest untouched.
ZK_AVX512 static inline void zk_solid16_first(uint8_t *pixels, ptrdiff_t n, __m512i cover, __m512i colorRB,
                                              __m512i colorGA) {
  __mmask16 mask = (__mmask16)((1u << n) - 1);
  __m512i d = _mm512_maskz_loadu_epi32(mask, pixels);
  _mm512_mask_storeu_epi32(pixels, mask, zk_solid16(d, cover, colorRB, colorGA));
}

// zk_resolve_fill_solid_avx512, inlined into zk_fill_band_solid_avx512 (its colour lanes worked out
// once a band there).
ZK_AVX512 static inline int32_t zk_stretch_solid_avx512(int32_t *cells, ptrdiff_t groups, int32_t sum,
                                                        uint8_t *pixels, ptrdiff_t count, uint32_t color) {
  const __m512i colorRB = _mm512_set1_epi32((int)(color & 0x00FF00FFu));
  const __m512i colorGA = _mm512_set1_epi32((int)((color >> 8) & 0x00FF00FFu));
  __m512i carry = _mm512_set1_epi32(sum);
  ptrdiff_t cell = 0, total = groups > 0 ? 4 * groups : 0;
  if (count > total) count = total;
  for (; cell + 16 <= total; cell += 16) {
    __m512i v = zk_sums16(cells + cell, 0xFFFF, &carry);
    // The coverage stays in its lanes (0…255 in each 32-bit one): never stored as bytes and loaded back.
    uint8_t *step = pixels + 4 * cell;
    if (cell + 16 <= count) {
      _mm512_storeu_si512(step, zk_solid16(_mm512_loadu_si512(step), zk_coverage16(v), colorRB, colorGA));
    } else if (cell < count) {
      zk_solid16_first(step, count - cell, zk_coverage16(v), colorRB, colorGA);
    }
  }
  if (cell < total) {
    // The last 4, 8 or 12 cells under a mask, as zk_resolve_cells_avx512 takes them.
    __m512i v = zk_sums16(cells + cell, (__mmask16)((1u << (total - cell)) - 1), &carry);
    if (cell < count) zk_solid16_first(pixels + 4 * cell, count - cell, zk_coverage16(v), colorRB, colorGA);
  }
  return _mm_cvtsi128_si32(_mm512_castsi512_si128(carry));
}

ZK_AVX512 int32_t zk_resolve_fill_solid_avx512(int32_t *cells, ptrdiff_t groups, int32_t sum, uint8_t *pixels,
                                               ptrdiff_t count, uint32_t color) {
  return zk_stretch_solid_avx512(cells, groups, sum, pixels, count, color);
}

// A word's touched groups with every gap of up to three clear groups between two set ones set: such a
// gap blends with its stretches (at coverage 0, or at the constant coverage a run would give it).
static inline uint64_t zk_bridged(uint64_t word) {
  uint64_t below1 = word << 1, below2 = below1 | word << 2, below3 = below2 | word << 3;
  uint64_t above1 = word >> 1, above2 = above1 | word >> 2, above3 = above2 | word >> 3;
  return word | (below1 & above3) | (below2 & above2) | (below3 & above1);
}

// The coverage byte of a running sum under the non-zero rule (as zk_coverage8 rounds it).
static inline uint32_t zk_coverage_byte(int32_t sum) {
  uint32_t magnitude = sum < 0 ? 0u - (uint32_t)sum : (uint32_t)sum;
  if (magnitude > ZK_FULL_AREA) magnitude = ZK_FULL_AREA;
  return ((magnitude << 8) - magnitude + 65536) >> 17;
}

// `count` pixels under one coverage byte `value` (1…255) of `color`: a plain store where the weighted
// colour is opaque, else the translucent run (sixteen pixels a step where `wide`).
static inline __attribute__((always_inline)) void zk_band_run(uint8_t *pixels, ptrdiff_t count, uint32_t color,
                                                              uint32_t value, int wide) {
  const uint32_t source = zk_weighted_source(color, value);
  if (source >> 24 == 255) {
    zk_fill_pixels_avx2(pixels, count, source);
  } else if (wide) {
    zk_fill_solid_run_avx512(pixels, count, source);
  } else {
    zk_fill_solid_run_avx2(pixels, count, source);
  }
}

// The rows of a band, each stretch of touched groups (gaps of up to three groups bridged) blended as it
// is resolved and each constant run between stretches, and after the last, blended as a run; the
// cells, touched words and carry columns left zero. `wide` chooses the AVX-512 stretch and runs.
static inline __attribute__((always_inline)) void zk_fill_band(const zk_band *band, uint32_t color, int wide) {
  const ptrdiff_t width = band->width, wordCount = band->wordsPerRow;
  for (ptrdiff_t r = 0; r < band->rows; r++) {
    int32_t *const line = band->cells + r * band->stride;
    uint64_t *const words = band->touched + r * wordCount;
    uint8_t *const row = band->pixels + r * band->rowBytes;
    int32_t sum = 0;
    // Pixels from `constantStart` on have the coverage of `sum` (0 before the first stretch).
    ptrdiff_t constantStart = 0;
    for (ptrdiff_t w = 0; w < wordCount; w++) {
      if (words[w] == 0) continue;
      uint64_t bits = zk_bridged(words[w]);
      words[w] = 0;
      while (bits != 0) {
        const ptrdiff_t firstGroup = (w << 6) + __builtin_ctzll(bits);
        ptrdiff_t endGroup;
        // Adding its lowest bit carries through the lowest stretch of ones: the sum's lowest set bit
        // is where it ends, and the sum's bits anded with the word's leave the stretches above it.
        const uint64_t carried = bits + (bits & (0 - bits));
        if (carried != 0) {
          bits &= carried;
          endGroup = (w << 6) + __builtin_ctzll(carried);
        } else {
          // The stretch reached the top of the word: it goes on while the next word starts with a one.
          bits = 0;
          endGroup = (w + 1) << 6;
          while (w + 1 < wordCount && (words[w + 1] & 1) != 0) {
            const uint64_t next = zk_bridged(words[w + 1]);
            words[w + 1] = 0;
            w++;
            const uint64_t through = next + 1;
            if (through != 0) {
              bits = next & through;
              endGroup = (w << 6) + __builtin_ctzll(through);
              break;
            }
            endGroup = (w + 1) << 6;
          }
        }
        const ptrdiff_t start = firstGroup << 2;
        // (Groups past the shape's columns hold only its carry columns, cleared below.)
        if (start >= width) continue;
        if (start > constantStart && sum != 0) {
          const uint32_t value = zk_coverage_byte(sum);
          if (value > 0) zk_band_run(row + 4 * constantStart, start - constantStart, color, value, wide);
        }
        const ptrdiff_t end = (endGroup << 2) < width ? endGroup << 2 : width;
        if (wide) {
          sum = zk_stretch_solid_avx512(line + start, endGroup - firstGroup, sum, row + 4 * start, end - start, color);
        } else {
          sum = zk_stretch_solid_avx2(line + start, endGroup - firstGroup, sum, row + 4 * start, end - start, color);
        }
        constantStart = end;
      }
    }
    // (The sum is 0 past a shape's last edge but where its list cuts it.)
    if (sum != 0 && width > constantStart) {
      const uint32_t value = zk_coverage_byte(sum);
      if (value > 0) zk_band_run(row + 4 * constantStart, width - constantStart, color, value, wide);
    }
    // The carry columns, if no group resolved them.
    line[width] = 0;
    line[width + 1] = 0;
  }
}

ZK_AVX2 void zk_fill_band_solid_avx2(const zk_band *band, uint32_t color) { zk_fill_band(band, color, 0); }

ZK_AVX512 void zk_fill_band_solid_avx512(const zk_band *band, uint32_t color) { zk_fill_band(band, color, 1); }

#else

int32_t zk_resolve_cells_avx2(int32_t *cells, ptrdiff_t groups, int32_t sum, uint8_t *bytes) {
  (void)cells; (void)groups; (void)bytes;
  return sum;
}
int32_t zk_resolve_cells_avx512(int32_t *cells, ptrdiff_t groups, int32_t sum, uint8_t *bytes) {
  (void)cells; (void)groups; (void)bytes;
  return sum;
}
int32_t zk_resolve_fill_solid_avx2(int32_t *cells, ptrdiff_t groups, int32_t sum, uint8_t *pixels, ptrdiff_t count,
                                   uint32_t color) {
  (void)cells; (void)groups; (void)pixels; (void)count; (void)color;
  return sum;
}
int32_t zk_resolve_fill_solid_avx512(int32_t *cells, ptrdiff_t groups, int32_t sum, uint8_t *pixels, ptrdiff_t count,
                                     uint32_t color) {
  (void)cells; (void)groups; (void)pixels; (void)count; (void)color;
  return sum;
}

void zk_fill_band_solid_avx2(const zk_band *band, uint32_t color) {
  (void)band; (void)color;
}
void zk_fill_band_solid_avx512(const zk_band *band, uint32_t color) {
  (void)band; (void)color;
}

#endif
