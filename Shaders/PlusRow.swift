// SPDX-License-Identifier: Apache-2.0
// plusRow: additive compositing (plus-lighter) of a row of per-pixel premultiplied colours under coverage.

/// Adds `count` premultiplied RGBA8 source pixels to `count` destination
/// pixels, each source first scaled by its coverage byte, every channel
/// (alpha too) clamped at 255 — Porter–Duff *plus*, the W3C's
/// `plus-lighter`, Core Animation's additive compositing (an emitter's
/// `kCAEmitterLayerAdditive`):
///
///     s = div255(source × c)
///     d = min(d + s, 255)
///
/// The sum of two valid premultiplied pixels is one (each colour channel
/// stays at most its alpha), and it is associative and commutative: the
/// order particles add in changes no byte. Four pixels a step, each channel
/// in a 16-bit lane (a sum is at most 510 before the clamp); the clamp is
/// a lane-wise `min`, branch-free where the branchy form would be
/// `d + s > 255 ? 255 : d + s` per byte. Byte-identical to
/// ``plusRowScalar(_:source:coverage:count:)``.
@inlinable
package func plusRow(
  _ pixels: UnsafeMutablePointer<UInt8>, source: UnsafePointer<UInt8>, coverage: UnsafePointer<UInt8>, count: Int
) {
  typealias Bytes = SIMD16<UInt8>
  typealias Lanes = SIMD16<UInt16>
  let ceiling = Lanes(repeating: 255)
  var x = 0
  while x + 4 <= count {
    let s = Lanes(truncatingIfNeeded: UnsafeRawPointer(source + 4 * x).loadUnaligned(as: Bytes.self))
    let d = Lanes(truncatingIfNeeded: UnsafeRawPointer(pixels + 4 * x).loadUnaligned(as: Bytes.self))
    let c0 = UInt16(coverage[x]), c1 = UInt16(coverage[x + 1]), c2 = UInt16(coverage[x + 2]), c3 = UInt16(coverage[x + 3])
    let c = Lanes(c0, c0, c0, c0, c1, c1, c1, c1, c2, c2, c2, c2, c3, c3, c3, c3)
    let sum = pointwiseMin(d &+ div255(s &* c), ceiling)
    UnsafeMutableRawPointer(pixels + 4 * x).storeBytes(of: Bytes(truncatingIfNeeded: sum), as: Bytes.self)
    x += 4
  }
  if x < count {
    plusRowScalar(pixels + 4 * x, source: source + 4 * x, coverage: coverage + x, count: count - x)
  }
}

/// The scalar reference of ``plusRow(_:source:coverage:count:)``.
@inlinable
package func plusRowScalar(
  _ pixels: UnsafeMutablePointer<UInt8>, source: UnsafePointer<UInt8>, coverage: UnsafePointer<UInt8>, count: Int
) {
  for x in 0..<count {
    let c = UInt32(coverage[x])
    for channel in 0..<4 {
      let sum = UInt32(pixels[4 * x + channel]) + div255(UInt32(source[4 * x + channel]) * c)
      pixels[4 * x + channel] = UInt8(Swift.min(sum, 255))
    }
  }
}
