// SPDX-License-Identifier: Apache-2.0
// One colour under sixteen coverage values, in 512-bit lanes: shared by the AVX-512 solid fill and the
// resolve that blends as it resolves. Internal to CZoetropeKernels (not in include/).

#ifndef ZK_SOLID_LANES_AVX512_H
#define ZK_SOLID_LANES_AVX512_H

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

#define ZK_LANES512 __attribute__((target("avx512f,avx512bw,avx512vbmi")))

// div255 of sixteen-bit lanes as one high-half multiply, as the AVX2 kernels take it.
ZK_LANES512 static inline __m512i zk_div255_16(__m512i x) {
  return _mm512_mulhi_epu16(_mm512_add_epi16(x, _mm512_set1_epi16(128)), _mm512_set1_epi16(257));
}

// Sixteen pixels of one colour under their coverage bytes (`cover`, one
// per 32-bit lane): the AVX2 kernel's lane arithmetic (red/blue and
// green/alpha in sixteen-bit lanes), twice as wide.
ZK_LANES512 static inline __m512i zk_solid16(__m512i d, __m512i cover, __m512i colorRB, __m512i colorGA) {
  // The coverage bytes, each in both halves of its pixel's word.
  __m512i k = _mm512_or_si512(cover, _mm512_slli_epi32(cover, 16));
  __m512i sourceRB = zk_div255_16(_mm512_mullo_epi16(colorRB, k));
  __m512i sourceGA = zk_div255_16(_mm512_mullo_epi16(colorGA, k));
  __m512i alpha = _mm512_srli_epi32(sourceGA, 16);
  __m512i inverse = _mm512_sub_epi16(_mm512_set1_epi16(255), _mm512_or_si512(alpha, _mm512_slli_epi32(alpha, 16)));
  const __m512i low = _mm512_set1_epi32(0x00FF00FF);
  __m512i rb = _mm512_add_epi16(sourceRB, zk_div255_16(_mm512_mullo_epi16(_mm512_and_si512(d, low), inverse)));
  __m512i ga = _mm512_add_epi16(sourceGA, zk_div255_16(_mm512_mullo_epi16(_mm512_srli_epi16(d, 8), inverse)));
  return _mm512_or_si512(rb, _mm512_slli_epi16(ga, 8));
}
#endif

#endif
