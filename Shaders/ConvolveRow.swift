// SPDX-License-Identifier: Apache-2.0
// convolveRow, addScaledRow, storeCoverageRow: the separable Gaussian blur of shadows, in 32-bit floats.

/// A one-dimensional convolution along a row: `out[n] = Σⱼ weights[j] ×
/// input[n + j]` for `n` in `0..<count`, `j` in `0..<taps` (the input holds
/// `count + taps − 1` values: the row with the kernel's reach on both sides).
///
/// Eight outputs per step: each tap is one multiply and one add on eight
/// lanes loaded from `input + n + j` (an unaligned load, no gather).
/// Every output sums its taps in order `j = 0, 1, …`, as the scalar twin
/// ``convolveRowScalar(_:input:weights:taps:count:)`` does, and no fused
/// multiply-add is formed, so the bytes are the same on every machine.
@inlinable
package func convolveRow(
  _ out: UnsafeMutablePointer<Float>, input: UnsafePointer<Float>, weights: UnsafePointer<Float>, taps: Int, count: Int
) {
  typealias V = SIMD8<Float>
  var n = 0
  while n + 8 <= count {
    var sum = V(repeating: 0)
    for j in 0..<taps {
      sum = sum + V(repeating: weights[j]) * UnsafeRawPointer(input + n + j).loadUnaligned(as: V.self)
    }
    UnsafeMutableRawPointer(out + n).storeBytes(of: sum, as: V.self)
    n += 8
  }
  if n < count { convolveRowScalar(out + n, input: input + n, weights: weights, taps: taps, count: count - n) }
}

/// The scalar reference of ``convolveRow(_:input:weights:taps:count:)``.
@inlinable
package func convolveRowScalar(
  _ out: UnsafeMutablePointer<Float>, input: UnsafePointer<Float>, weights: UnsafePointer<Float>, taps: Int, count: Int
) {
  for n in 0..<Swift.max(count, 0) {
    var sum: Float = 0
    for j in 0..<taps { sum = sum + weights[j] * input[n + j] }
    out[n] = sum
  }
}

/// `out[n] += scale × input[n]` for `n` in `0..<count`: one term of a
/// vertical convolution, a whole row at a time. Eight lanes per step;
/// byte-identical to ``addScaledRowScalar(_:input:scale:count:)``.
@inlinable
package func addScaledRow(_ out: UnsafeMutablePointer<Float>, input: UnsafePointer<Float>, scale: Float, count: Int) {
  typealias V = SIMD8<Float>
  let k = V(repeating: scale)
  var n = 0
  while n + 8 <= count {
    let sum = UnsafeRawPointer(out + n).loadUnaligned(as: V.self) + k * UnsafeRawPointer(input + n).loadUnaligned(as: V.self)
    UnsafeMutableRawPointer(out + n).storeBytes(of: sum, as: V.self)
    n += 8
  }
  if n < count { addScaledRowScalar(out + n, input: input + n, scale: scale, count: count - n) }
}

/// The scalar reference of ``addScaledRow(_:input:scale:count:)``.
@inlinable
package func addScaledRowScalar(_ out: UnsafeMutablePointer<Float>, input: UnsafePointer<Float>, scale: Float, count: Int) {
  for n in 0..<Swift.max(count, 0) { out[n] = out[n] + scale * input[n] }
}

/// Rounds `count` values in 0…255 to coverage bytes: clamped to 0…255
/// (NaN gives 0), then rounded to nearest, ties to even. Eight lanes per
/// step: adding 2²³ leaves the rounded integer in the low mantissa bits
/// (the trick of the coverage resolver), so there is no float-to-integer
/// conversion (which Swift's generic SIMD conversion does lane by lane:
/// it was half the time of a shadow). Byte-identical to
/// ``storeCoverageRowScalar(_:values:count:)``.
@inlinable
package func storeCoverageRow(_ bytes: UnsafeMutablePointer<UInt8>, values: UnsafePointer<Float>, count: Int) {
  typealias V = SIMD8<Float>
  var n = 0
  while n + 8 <= count {
    let v = UnsafeRawPointer(values + n).loadUnaligned(as: V.self)
    // A NaN lane fails `.>=` and is replaced by 0 before the clamp.
    let clean = v.replacing(with: 0, where: .!(v .>= V(repeating: 0)))
    let rounded = clean.replacing(with: 255, where: clean .> V(repeating: 255)) + V(repeating: 8_388_608)
    let words = unsafeBitCast(rounded, to: SIMD8<UInt32>.self)
    UnsafeMutableRawPointer(bytes + n).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: words), as: SIMD8<UInt8>.self)
    n += 8
  }
  if n < count { storeCoverageRowScalar(bytes + n, values: values + n, count: count - n) }
}

/// The scalar reference of ``storeCoverageRow(_:values:count:)``.
@inlinable
package func storeCoverageRowScalar(_ bytes: UnsafeMutablePointer<UInt8>, values: UnsafePointer<Float>, count: Int) {
  for n in 0..<Swift.max(count, 0) {
    let v = values[n]
    let clean: Float = v >= 0 ? v : 0
    bytes[n] = UInt8(truncatingIfNeeded: (Swift.min(clean, 255) + 8_388_608).bitPattern)
  }
}
