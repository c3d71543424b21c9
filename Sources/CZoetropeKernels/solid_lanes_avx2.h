// SPDX-License-Identifier: Apache-2.0
// Source-over of one colour in 256-bit lanes (two channels of a pixel in 16-bit lanes): shared by the AVX2
// blends and the AVX2 resolve that blends as it resolves. Internal to CZoetropeKernels (not in include/).

#ifndef ZK_SOLID_LANES_AVX2_H
#define ZK_SOLID_LANES_AVX2_H

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

#define ZK_LANES256 __attribute__((target("avx2")))

// One pixel's two channel pairs in the 16-bit lanes of a word divided by 255, rounded: the lane
// arithmetic below for a single pixel (sides, tails, and a run's weighted colour).
static inline uint32_t zk_div255_lanes(uint32_t x) {
  uint32_t y = x + 0x00800080u;
  return ((y + ((y >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
}

// A premultiplied colour word under one coverage byte `k`: div255(c × k) per channel (the colour
// itself at 255). In sixteen-bit lanes a product of two bytes fits and nothing carries between them.
static inline uint32_t zk_weighted_source(uint32_t color, uint32_t k) {
  if (k == 255) return color;
  return zk_div255_lanes((color & 0x00FF00FFu) * k) | zk_div255_lanes(((color >> 8) & 0x00FF00FFu) * k) << 8;
}

// Every kernel works on two channels of a pixel at a time in 16-bit lanes:
// red/blue (`d & 0x00FF00FF`) and green/alpha (`d >> 8` of each 16-bit lane),
// where a product of two bytes fits. div255 is exact rounding to nearest,
// (y + (y >> 8)) >> 8 with y = x + 128, which equals the high half of
// y × 257 for every x ≤ 65025: one `vpmulhuw` instead of two shifts and an add.
ZK_LANES256 static inline __m256i zk_div255(__m256i x) {
  return _mm256_mulhi_epu16(_mm256_add_epi16(x, _mm256_set1_epi16(128)), _mm256_set1_epi16(257));
}

// Eight pixels of source-over with per-lane weighted source halves.
ZK_LANES256 static inline __m256i zk_over8(__m256i d, __m256i sourceRB, __m256i sourceGA, __m256i inverse) {
  const __m256i low = _mm256_set1_epi32(0x00FF00FF);
  __m256i rb = _mm256_add_epi16(sourceRB, zk_div255(_mm256_mullo_epi16(_mm256_and_si256(d, low), inverse)));
  __m256i ga = _mm256_add_epi16(sourceGA, zk_div255(_mm256_mullo_epi16(_mm256_srli_epi16(d, 8), inverse)));
  return _mm256_or_si256(rb, _mm256_slli_epi16(ga, 8));
}

// The inverse alpha (255 − s.a) of weighted green/alpha lanes, in both halves of each word.
ZK_LANES256 static inline __m256i zk_inverse8(__m256i sourceGA) {
  __m256i alpha = _mm256_srli_epi32(sourceGA, 16);
  return _mm256_sub_epi16(_mm256_set1_epi16(255), _mm256_or_si256(alpha, _mm256_slli_epi32(alpha, 16)));
}

// Eight pixels under coverage values 0…255 (one a 32-bit lane) blended with one colour's red/blue and
// green/alpha lanes: zk_fill_solid_avx2's step and the AVX2 resolving blend's.
ZK_LANES256 static inline __m256i zk_solid8(__m256i d, __m256i cover, __m256i colorRB, __m256i colorGA) {
  __m256i k = _mm256_or_si256(cover, _mm256_slli_epi32(cover, 16));
  __m256i sourceRB = zk_div255(_mm256_mullo_epi16(colorRB, k));
  __m256i sourceGA = zk_div255(_mm256_mullo_epi16(colorGA, k));
  return zk_over8(d, sourceRB, sourceGA, zk_inverse8(sourceGA));
}

#endif

#endif
