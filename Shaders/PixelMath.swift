// SPDX-License-Identifier: Apache-2.0
// Exact 8-bit arithmetic shared by the scalar and SIMD kernels.

/// `x / 255` rounded to nearest, exact for every `x` in 0…65025 (255 × 255):
/// `(x + 128 + ((x + 128) >> 8)) >> 8`. Branch-free, the same in every lane.
@inlinable @inline(__always)
package func div255(_ x: UInt32) -> UInt32 {
  let y = x &+ 128
  return (y &+ (y >> 8)) >> 8
}

/// The SIMD form of ``div255(_:)``, lane by lane, for 16- or 32-bit lanes
/// (in 16 bits every intermediate fits: 65025 + 128 + 254 < 65536).
@inlinable @inline(__always)
package func div255<V: SIMD>(_ x: V) -> V where V.Scalar: FixedWidthInteger & UnsignedInteger {
  let y = x &+ V(repeating: 128)
  return (y &+ (y &>> V(repeating: 8))) &>> V(repeating: 8)
}
