// SPDX-License-Identifier: Apache-2.0
// The byte loops of the PNG bands, Adler-32 and RGBA-to-RGB packing: portable,
// and with AVX2 where the CPU has it (the same bytes, tested so).

#include "CZoetropeMedia.h"

#include <string.h>

#include <zlib.h>

/// Adler-32's modulus, the largest prime below 2^16.
#define ZT_ADLER_BASE 65521u

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

#define ZT_AVX2 __attribute__((target("avx2")))

// For bytes b_0 … b_{N−1} after sums (a, b), Adler-32 ends at
//
//   a' = a + Σ b_j,   b' = b + N a + Σ (N − j) b_j          (mod 65521).
//
// In blocks of 32 bytes (block k holds b_{32k+i}, i < 32, of B blocks),
// N − j = 32 (B − 1 − k) + (32 − i), so
//
//   Σ (N − j) b_j = 32 Σ_k (B − 1 − k) S_k + Σ_k Σ_i (32 − i) b_{32k+i},
//
// where S_k is block k's byte sum. The first term is 32 × the sum, over
// blocks, of the byte sums of the blocks before each (`before` below); the
// second is one multiply-add per block with the weights 32 … 1 (`weighted`).
// A run of at most 173 blocks (5,536 bytes, below zlib's 5,552) keeps every
// 32-bit lane from overflowing; the sums are reduced after each run.
ZT_AVX2 static uint32_t adler32_avx2(uint32_t adler, const uint8_t *bytes, size_t length) {
  uint64_t a = adler & 0xFFFF, b = adler >> 16;
  const __m256i weights = _mm256_setr_epi8(32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15,
                                           14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
  const __m256i ones = _mm256_set1_epi16(1), zero = _mm256_setzero_si256();
  while (length >= 32) {
    size_t blocks = length / 32 < 173 ? length / 32 : 173;
    length -= blocks * 32;
    __m256i sums = zero, before = zero, weighted = zero;
    for (size_t k = 0; k < blocks; k++, bytes += 32) {
      __m256i data = _mm256_loadu_si256((const __m256i *)bytes);
      before = _mm256_add_epi32(before, sums);
      sums = _mm256_add_epi32(sums, _mm256_sad_epu8(data, zero));
      weighted = _mm256_add_epi32(weighted, _mm256_madd_epi16(_mm256_maddubs_epi16(data, weights), ones));
    }
    uint32_t lanes[3][8];
    _mm256_storeu_si256((__m256i *)lanes[0], sums);
    _mm256_storeu_si256((__m256i *)lanes[1], before);
    _mm256_storeu_si256((__m256i *)lanes[2], weighted);
    uint64_t sum = 0, prefix = 0, weight = 0;
    for (int i = 0; i < 8; i++) {
      sum += lanes[0][i];
      prefix += lanes[1][i];
      weight += lanes[2][i];
    }
    b = (b + blocks * 32 * a + 32 * prefix + weight) % ZT_ADLER_BASE;
    a = (a + sum) % ZT_ADLER_BASE;
  }
  for (size_t i = 0; i < length; i++) {
    a += bytes[i];
    b += a;
  }
  return (uint32_t)((b % ZT_ADLER_BASE) << 16 | (a % ZT_ADLER_BASE));
}

// Four pixels (16 bytes) to 12 bytes by one byte shuffle; the store writes
// 16 bytes, so the destination needs 4 bytes of room past the last pixel.
ZT_AVX2 static void pack_rgb_avx2(uint8_t *rgb, const uint8_t *rgba, size_t count) {
  const __m128i order = _mm_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
  size_t x = 0;
  for (; x + 4 <= count; x += 4, rgba += 16, rgb += 12)
    _mm_storeu_si128((__m128i *)rgb, _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)rgba), order));
  for (; x < count; x++, rgba += 4, rgb += 3) {
    rgb[0] = rgba[0];
    rgb[1] = rgba[1];
    rgb[2] = rgba[2];
  }
}

static int has_avx2(void) {
  static int known = -1;  // every thread that finds it unknown stores the same answer
  int answer = __atomic_load_n(&known, __ATOMIC_RELAXED);
  if (answer < 0) {
    __builtin_cpu_init();
    answer = __builtin_cpu_supports("avx2") ? 1 : 0;
    __atomic_store_n(&known, answer, __ATOMIC_RELAXED);
  }
  return answer;
}
#else
static int has_avx2(void) { return 0; }
static void pack_rgb_avx2(uint8_t *rgb, const uint8_t *rgba, size_t count) {
  (void)rgb;
  (void)rgba;
  (void)count;
}
static uint32_t adler32_avx2(uint32_t adler, const uint8_t *bytes, size_t length) {
  (void)bytes;
  (void)length;
  return adler;
}
#endif

uint32_t zt_adler32(uint32_t adler, const uint8_t *bytes, size_t length, int portable) {
  if (!portable && has_avx2()) return adler32_avx2(adler, bytes, length);
  return (uint32_t)adler32_z(adler, bytes, length);
}

/// Four pixels become three 32-bit words a step (on little-endian CPUs;
/// elsewhere a byte at a time).
static void pack_rgb_portable(uint8_t *rgb, const uint8_t *rgba, size_t count) {
  size_t x = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  for (; x + 4 <= count; x += 4, rgba += 16, rgb += 12) {
    uint32_t p[4], q[3];
    memcpy(p, rgba, 16);
    // Little-endian words: R | G << 8 | B << 16 | A << 24.
    q[0] = (p[0] & 0xFFFFFF) | p[1] << 24;
    q[1] = (p[1] >> 8 & 0xFFFF) | p[2] << 16;
    q[2] = (p[2] >> 16 & 0xFF) | p[3] << 8;
    memcpy(rgb, q, 12);
  }
#endif
  for (; x < count; x++, rgba += 4, rgb += 3) {
    rgb[0] = rgba[0];
    rgb[1] = rgba[1];
    rgb[2] = rgba[2];
  }
}

void zt_pack_rgb(uint8_t *rgb, const uint8_t *rgba, size_t count, int portable) {
  if (!portable && has_avx2()) {
    pack_rgb_avx2(rgb, rgba, count);
  } else {
    pack_rgb_portable(rgb, rgba, count);
  }
}
