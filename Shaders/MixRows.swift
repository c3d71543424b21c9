// SPDX-License-Identifier: Apache-2.0
// mixRows: per-pixel weighted average of two rows of premultiplied pixels (trilinear's blend between levels).

/// Blends `count` premultiplied RGBA8 pixels of `other` into `pixels`, pixel
/// `i` by `weights[i]` / 256 (0…255; 0 keeps `pixels` as they are):
///
///     p = (p × (256 − w) + o × w + 128) >> 8
///
/// A weighted average of premultiplied colours stays premultiplied. Four
/// pixels per step in 16-bit lanes (products ≤ 255 × 256, sums below 2¹⁶);
/// byte-identical to ``mixRowsScalar(_:other:weights:count:)``.
@inlinable
package func mixRows(
  _ pixels: UnsafeMutablePointer<UInt8>, other: UnsafePointer<UInt8>, weights: UnsafePointer<UInt8>, count: Int
) {
  typealias Wide = SIMD16<UInt16>
  let full = Wide(repeating: 256), half = Wide(repeating: 128)
  var i = 0
  while i &+ 4 <= count {
    let a = Wide(truncatingIfNeeded: UnsafeRawPointer(pixels + 4 &* i).loadUnaligned(as: SIMD16<UInt8>.self))
    let b = Wide(truncatingIfNeeded: UnsafeRawPointer(other + 4 &* i).loadUnaligned(as: SIMD16<UInt8>.self))
    let w0 = UInt16(weights[i]), w1 = UInt16(weights[i &+ 1]), w2 = UInt16(weights[i &+ 2]), w3 = UInt16(weights[i &+ 3])
    let w = Wide(w0, w0, w0, w0, w1, w1, w1, w1, w2, w2, w2, w2, w3, w3, w3, w3)
    let mixed = (a &* (full &- w) &+ b &* w &+ half) &>> 8
    UnsafeMutableRawPointer(pixels + 4 &* i).storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: mixed),
                                                        as: SIMD16<UInt8>.self)
    i &+= 4
  }
  if i < count {
    mixRowsScalar(pixels + 4 &* i, other: other + 4 &* i, weights: weights + i, count: count &- i)
  }
}

/// The scalar reference of ``mixRows(_:other:weights:count:)``.
@inlinable
package func mixRowsScalar(
  _ pixels: UnsafeMutablePointer<UInt8>, other: UnsafePointer<UInt8>, weights: UnsafePointer<UInt8>, count: Int
) {
  for i in 0..<count {
    let w = UInt32(weights[i])
    for channel in 0..<4 {
      let a = UInt32(pixels[4 * i + channel]), b = UInt32(other[4 * i + channel])
      pixels[4 * i + channel] = UInt8((a * (256 - w) + b * w + 128) >> 8)
    }
  }
}
