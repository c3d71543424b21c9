// SPDX-License-Identifier: Apache-2.0
// The AVX2 bilinear sampling kernels: eight pixels per step, the portable kernel's results bit for bit.

#include "CZoetropeKernels.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

#define ZK_AVX2 __attribute__((target("avx2")))

// The same results as Shaders' sampleBilinear, pixel by pixel, from
// operations chosen to be cheap in 256-bit lanes. The portable kernel
// computes per channel, in Float,
//
//   top = c00 + (c10 − c00) wx,  bottom = c01 + (c11 − c01) wx   (wx = fx / 4096)
//   v   = top + (bottom − top) wy,  rounded to nearest, ties to even.
//
// `top` and `bottom` are exact there (multiples of 1/4096 below 256), so
// 4096 top is the integer T = c00 (4096 − fx) + c10 fx, which one
// multiply-add of 16-bit pairs (vpmaddwd) gives for a channel; likewise B.
// Everything after is the portable kernel's Float operations on values
// scaled by 4096: B − T is exact, and scaling by a power of two commutes
// with rounding (no overflow or subnormal here), so
// (T + (B − T) wy) / 4096 is bit for bit the portable `v`. The conversion
// back rounds to nearest, ties to even (the default mode), as the portable
// kernel's 1.5 × 2^23 trick does; `min` against the alpha is its select.
// AVX2 alone enables no FMA, so nothing is fused.
//
// The lanes hold pixels rather than channels: a 128-bit lane is one pixel's
// four channels, so each of the four vectors below is pixels k and k + 4.

// One pixel per 128-bit lane (pixels k and k + 4 of `weights`' eight) with
// its 32-bit word broadcast to the lane's four channels.
#define ZK_LANE_BROADCAST(k) ((k) * 0x55)

// The four channels of pixels k, k + 4 from their (left, right) byte pairs
// widened to 16 bits (`top`, `bottom`), as rounded bytes in 32-bit lanes.
ZK_AVX2 static inline __m256i zk_bilinear_pixels(__m256i top, __m256i bottom, __m256i horizontal, __m256 wy) {
  const __m256 fraction = _mm256_set1_ps(1.0f / 4096.0f);
  __m256i t = _mm256_madd_epi16(top, horizontal), b = _mm256_madd_epi16(bottom, horizontal);
  __m256 scaled = _mm256_add_ps(_mm256_cvtepi32_ps(t), _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_sub_epi32(b, t)), wy));
  __m256 v = _mm256_mul_ps(scaled, fraction);
  // Colour at most the alpha (channel 3 of each pixel): `min` returns its second operand on ties, the same value.
  return _mm256_cvtps_epi32(_mm256_min_ps(v, _mm256_permute_ps(v, 0xFF)));
}

// Clamps each lane of `v` into 0 … last.
ZK_AVX2 static inline __m256i zk_clamp(__m256i v, __m256i last) {
  return _mm256_min_epi32(_mm256_max_epi32(v, _mm256_setzero_si256()), last);
}

// The image and the constants every step uses.
typedef struct {
  const int *base;
  __m256i lastX, lastY, stride, one, fractionMask, sign;
  __m256 fraction;
  int32_t width;
} zk_grid;

// The two words at each of four offsets of `base` (a pixel and its right
// neighbour), one pair per 64-bit lane: a and b in the low 128 bits, c and d
// in the high. Four plain loads: on the CPUs at hand they are cheaper than a
// gather of four.
ZK_AVX2 static inline __m256 zk_pairs4(const int *base, uint32_t a, uint32_t b, uint32_t c, uint32_t d) {
  __m128d low = _mm_loadh_pd(_mm_castsi128_pd(_mm_loadl_epi64((const __m128i *)(base + a))), (const double *)(base + b));
  __m128d high = _mm_loadh_pd(_mm_castsi128_pd(_mm_loadl_epi64((const __m128i *)(base + c))), (const double *)(base + d));
  return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_castpd_ps(low)), _mm_castpd_ps(high), 1);
}

ZK_AVX2 static inline zk_grid zk_make_grid(const uint32_t *pixels, int32_t width, int32_t height) {
  zk_grid g;
  g.base = (const int *)pixels;
  g.lastX = _mm256_set1_epi32(width - 1);
  g.lastY = _mm256_set1_epi32(height - 1);
  g.stride = _mm256_set1_epi32(width);
  g.one = _mm256_set1_epi32(1);
  g.fractionMask = _mm256_set1_epi32(4095);
  g.sign = _mm256_set1_epi32((int)0x80000000u);
  g.fraction = _mm256_set1_ps(1.0f / 4096.0f);
  g.width = width;
  return g;
}

// Eight bilinear samples at the 20.12 coordinates (xs, ys), as RGBA8 words.
ZK_AVX2 static inline __m256i zk_bilinear8(const zk_grid *g, __m256i xs, __m256i ys) {
  __m256i x0 = _mm256_srai_epi32(xs, 12), y0 = _mm256_srai_epi32(ys, 12);
  __m256i t00, t10, t01, t11;
  // Unsigned x0 < lastX tests 0 ≤ x0 < lastX: both columns and rows inside.
  __m256i insideX = _mm256_cmpgt_epi32(_mm256_xor_si256(g->lastX, g->sign), _mm256_xor_si256(x0, g->sign));
  __m256i insideY = _mm256_cmpgt_epi32(_mm256_xor_si256(g->lastY, g->sign), _mm256_xor_si256(y0, g->sign));
  if (_mm256_movemask_epi8(_mm256_and_si256(insideX, insideY)) == -1) {
    // Nearly every pixel: each row's two neighbours are one 8-byte load, so
    // sixteen loads fetch the 32 words, and shuffles sort them into neighbours.
    __m256i top = _mm256_add_epi32(_mm256_mullo_epi32(y0, g->stride), x0);
    // The indices (all ≥ 0 here) two at a time from 64-bit lanes: fewer
    // instructions than eight 32-bit extracts.
    __m128i lowHalf = _mm256_castsi256_si128(top), highHalf = _mm256_extracti128_si256(top, 1);
    uint64_t q0 = (uint64_t)_mm_cvtsi128_si64(lowHalf), q1 = (uint64_t)_mm_extract_epi64(lowHalf, 1);
    uint64_t q2 = (uint64_t)_mm_cvtsi128_si64(highHalf), q3 = (uint64_t)_mm_extract_epi64(highHalf, 1);
    const uint32_t at[8] = {(uint32_t)q0, (uint32_t)(q0 >> 32), (uint32_t)q1, (uint32_t)(q1 >> 32),
                            (uint32_t)q2, (uint32_t)(q2 >> 32), (uint32_t)q3, (uint32_t)(q3 >> 32)};
    const int *b = g->base, *c = g->base + g->width;
    // Pixels 0 1 4 5 in one vector and 2 3 6 7 in the other, so that one
    // in-lane shuffle of the two lines the left (even) and the right (odd)
    // words up in pixel order: 0 1 2 3 | 4 5 6 7.
    __m256 topA = zk_pairs4(b, at[0], at[1], at[4], at[5]), topB = zk_pairs4(b, at[2], at[3], at[6], at[7]);
    __m256 bottomA = zk_pairs4(c, at[0], at[1], at[4], at[5]), bottomB = zk_pairs4(c, at[2], at[3], at[6], at[7]);
    t00 = _mm256_castps_si256(_mm256_shuffle_ps(topA, topB, 0x88));
    t10 = _mm256_castps_si256(_mm256_shuffle_ps(topA, topB, 0xDD));
    t01 = _mm256_castps_si256(_mm256_shuffle_ps(bottomA, bottomB, 0x88));
    t11 = _mm256_castps_si256(_mm256_shuffle_ps(bottomA, bottomB, 0xDD));
  } else {
    // Both columns and both rows clamped into the image: the edges extend outwards.
    __m256i xa = zk_clamp(x0, g->lastX), xb = zk_clamp(_mm256_add_epi32(x0, g->one), g->lastX);
    __m256i rowA = _mm256_mullo_epi32(zk_clamp(y0, g->lastY), g->stride);
    __m256i rowB = _mm256_mullo_epi32(zk_clamp(_mm256_add_epi32(y0, g->one), g->lastY), g->stride);
    t00 = _mm256_i32gather_epi32(g->base, _mm256_add_epi32(rowA, xa), 4);
    t10 = _mm256_i32gather_epi32(g->base, _mm256_add_epi32(rowA, xb), 4);
    t01 = _mm256_i32gather_epi32(g->base, _mm256_add_epi32(rowB, xa), 4);
    t11 = _mm256_i32gather_epi32(g->base, _mm256_add_epi32(rowB, xb), 4);
  }
  // Per pixel, the horizontal weights (4096 − fx, fx) as a 16-bit pair, and wy.
  __m256i fx = _mm256_and_si256(xs, g->fractionMask);
  __m256i horizontal = _mm256_or_si256(_mm256_sub_epi32(_mm256_set1_epi32(4096), fx), _mm256_slli_epi32(fx, 16));
  __m256 wy = _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_and_si256(ys, g->fractionMask)), g->fraction);
  // Left and right neighbours' bytes interleaved channel by channel, then
  // widened to 16 bits: pixels 0 | 4, 1 | 5, 2 | 6 and 3 | 7.
  const __m256i zero = _mm256_setzero_si256();
  __m256i topLow = _mm256_unpacklo_epi8(t00, t10), topHigh = _mm256_unpackhi_epi8(t00, t10);
  __m256i bottomLow = _mm256_unpacklo_epi8(t01, t11), bottomHigh = _mm256_unpackhi_epi8(t01, t11);
  // Pixels k | k + 4 from their widened neighbours, with their weights broadcast.
#define ZK_PIXELS(k, widen, top, bottom)                                                               \
  zk_bilinear_pixels(widen(top, zero), widen(bottom, zero), _mm256_shuffle_epi32(horizontal, ZK_LANE_BROADCAST(k)), \
                     _mm256_permute_ps(wy, ZK_LANE_BROADCAST(k)))
  __m256i p0 = ZK_PIXELS(0, _mm256_unpacklo_epi8, topLow, bottomLow);
  __m256i p1 = ZK_PIXELS(1, _mm256_unpackhi_epi8, topLow, bottomLow);
  __m256i p2 = ZK_PIXELS(2, _mm256_unpacklo_epi8, topHigh, bottomHigh);
  __m256i p3 = ZK_PIXELS(3, _mm256_unpackhi_epi8, topHigh, bottomHigh);
#undef ZK_PIXELS
  // 0 1 | 4 5 and 2 3 | 6 7 as 16-bit channels, then 0 1 2 3 | 4 5 6 7 as bytes (all in 0 … 255).
  return _mm256_packus_epi16(_mm256_packs_epi32(p0, p1), _mm256_packs_epi32(p2, p3));
}

ZK_AVX2 ptrdiff_t zk_sample_bilinear_avx2(uint8_t *destination, const int32_t *coordinates, ptrdiff_t count,
                                          const uint32_t *pixels, int32_t width, int32_t height) {
  const zk_grid grid = zk_make_grid(pixels, width, height);
  // Pairs (x, y) interleaved: gather the even words into the low half and the
  // odd ones into the high half of each 128-bit lane, then put the halves together.
  const __m256i evensFirst = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
  ptrdiff_t i = 0;
  for (; i + 8 <= count; i += 8) {
    __m256i first = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(coordinates + 2 * i)), evensFirst);
    __m256i second = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(coordinates + 2 * i + 8)),
                                                 evensFirst);
    __m256i xs = _mm256_permute2x128_si256(first, second, 0x20);
    __m256i ys = _mm256_permute2x128_si256(first, second, 0x31);
    _mm256_storeu_si256((__m256i *)(destination + 4 * i), zk_bilinear8(&grid, xs, ys));
  }
  return i;
}

// Four steps of one axis of a walk: clamped to [low, high] (signed), rounded
// to 20.12 — (c + 2^19) >> 20, arithmetic — and cut to 32 bits, in the low
// words of the lanes. AVX2 has no arithmetic 64-bit shift: c + 2^33 is never
// negative (low = −2^33), and since 2^33 is a multiple of 2^20 the logical
// shift of c + 2^19 + 2^33 is the arithmetic one plus 2^13, taken off after.
// Without `clamps` the caller has shown that every step is inside [low, high].
ZK_AVX2 static inline __m256i zk_walk_axis4(__m256i c, __m256i low, __m256i high, int clamps) {
  if (clamps) {
    __m256i below = _mm256_cmpgt_epi64(high, c);  // c < high
    __m256i upper = _mm256_blendv_epi8(high, c, below);
    __m256i above = _mm256_cmpgt_epi64(c, low);   // c > low
    c = _mm256_blendv_epi8(low, upper, above);
  }
  return _mm256_srli_epi64(_mm256_add_epi64(c, _mm256_set1_epi64x((1LL << 19) + (1LL << 33))), 20);
}

// Eight 20.12 values, in pixel order, from the 64-bit steps of pixels
// 0 1 4 5 (`a`) and 2 3 6 7 (`b`): one in-lane shuffle of their low words.
ZK_AVX2 static inline __m256i zk_walk_axis8(__m256i a, __m256i b, __m256i low, __m256i high, int clamps) {
  __m256 lowWords = _mm256_shuffle_ps(_mm256_castsi256_ps(zk_walk_axis4(a, low, high, clamps)),
                                      _mm256_castsi256_ps(zk_walk_axis4(b, low, high, clamps)), 0x88);
  return _mm256_sub_epi32(_mm256_castps_si256(lowWords), _mm256_set1_epi32(1 << 13));
}

// The walk loop, compiled twice: with the clamps, and without them for walks
// that stay inside their bounds (most rows of a layer inside the canvas).
ZK_AVX2 static inline __attribute__((always_inline)) ptrdiff_t
zk_walk_loop(uint8_t *destination, ptrdiff_t count, const zk_walk *walk, const zk_grid *grid, int clamps) {
  // Unsigned arithmetic wraps as the Swift walk's &+ does.
  const uint64_t u = (uint64_t)walk->u, v = (uint64_t)walk->v, du = (uint64_t)walk->du, dv = (uint64_t)walk->dv;
  // Steps 0 1 4 5 and 2 3 6 7 of each group of eight (see zk_walk_axis8).
  __m256i uA = _mm256_setr_epi64x((long long)u, (long long)(u + du), (long long)(u + 4 * du), (long long)(u + 5 * du));
  __m256i uB = _mm256_setr_epi64x((long long)(u + 2 * du), (long long)(u + 3 * du), (long long)(u + 6 * du),
                                  (long long)(u + 7 * du));
  __m256i vA = _mm256_setr_epi64x((long long)v, (long long)(v + dv), (long long)(v + 4 * dv), (long long)(v + 5 * dv));
  __m256i vB = _mm256_setr_epi64x((long long)(v + 2 * dv), (long long)(v + 3 * dv), (long long)(v + 6 * dv),
                                  (long long)(v + 7 * dv));
  const __m256i stepU8 = _mm256_set1_epi64x((long long)(8 * du)), stepV8 = _mm256_set1_epi64x((long long)(8 * dv));
  const __m256i lowU = _mm256_set1_epi64x(walk->lowU), highU = _mm256_set1_epi64x(walk->highU);
  const __m256i lowV = _mm256_set1_epi64x(walk->lowV), highV = _mm256_set1_epi64x(walk->highV);
  ptrdiff_t i = 0;
  for (; i + 8 <= count; i += 8) {
    __m256i xs = zk_walk_axis8(uA, uB, lowU, highU, clamps), ys = zk_walk_axis8(vA, vB, lowV, highV, clamps);
    _mm256_storeu_si256((__m256i *)(destination + 4 * i), zk_bilinear8(grid, xs, ys));
    uA = _mm256_add_epi64(uA, stepU8);
    uB = _mm256_add_epi64(uB, stepU8);
    vA = _mm256_add_epi64(vA, stepV8);
    vB = _mm256_add_epi64(vB, stepV8);
  }
  return i;
}

// Whether steps 0 … last of `start` + i `step` all lie in [low, high]:
// a straight line does when both ends do (in 128-bit arithmetic, so no
// step wrapped either).
static inline int zk_walk_inside(int64_t start, int64_t step, ptrdiff_t last, int64_t low, int64_t high) {
  __int128 end = (__int128)start + (__int128)step * (__int128)last;
  return start >= low && start <= high && end >= low && end <= high;
}

ZK_AVX2 ptrdiff_t zk_sample_bilinear_walk_avx2(uint8_t *destination, ptrdiff_t count, const zk_walk *walk,
                                               const uint32_t *pixels, int32_t width, int32_t height) {
  if (count < 8) return 0;
  const zk_grid grid = zk_make_grid(pixels, width, height);
  // Only the steps the loop computes (whole groups of eight) need to be inside.
  ptrdiff_t last = (count & ~(ptrdiff_t)7) - 1;
  if (zk_walk_inside(walk->u, walk->du, last, walk->lowU, walk->highU) &&
      zk_walk_inside(walk->v, walk->dv, last, walk->lowV, walk->highV)) {
    return zk_walk_loop(destination, count, walk, &grid, 0);
  }
  return zk_walk_loop(destination, count, walk, &grid, 1);
}

#else

// Not x86-64: the portable Swift kernel samples everything.
ptrdiff_t zk_sample_bilinear_avx2(uint8_t *destination, const int32_t *coordinates, ptrdiff_t count,
                                  const uint32_t *pixels, int32_t width, int32_t height) {
  (void)destination; (void)coordinates; (void)count; (void)pixels; (void)width; (void)height;
  return 0;
}
ptrdiff_t zk_sample_bilinear_walk_avx2(uint8_t *destination, ptrdiff_t count, const zk_walk *walk,
                                       const uint32_t *pixels, int32_t width, int32_t height) {
  (void)destination; (void)count; (void)walk; (void)pixels; (void)width; (void)height;
  return 0;
}

#endif
