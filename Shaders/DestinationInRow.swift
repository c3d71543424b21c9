// SPDX-License-Identifier: Apache-2.0
// destinationInRow: a row of premultiplied pixels multiplied by a mask's alpha (a layer's mask).

/// Multiplies `count` premultiplied RGBA8 pixels by the alpha of `count`
/// mask pixels (RGBA8, alpha in the fourth byte; the mask's colour is
/// ignored), channel by channel: `d = div255(d × m.a)` — Porter–Duff
/// destination-in, what `CALayer.mask` does to the layer's composited result.
///
/// Four pixels per step, two channels per 32-bit word in 16-bit lanes, as
/// ``fillSolid(_:coverage:count:context:)``; byte-identical to
/// ``destinationInRowScalar(_:mask:count:)``. A mask alpha of 255 leaves a
/// pixel unchanged and 0 clears it, through the arithmetic (no branch).
@inlinable
package func destinationInRow(_ pixels: UnsafeMutablePointer<UInt8>, mask: UnsafePointer<UInt8>, count: Int) {
  typealias Words = SIMD4<UInt32>
  typealias Halves = SIMD8<UInt16>
  let low = Words(repeating: 0x00FF_00FF)
  var x = 0
  while x + 4 <= count {
    let d = UnsafeRawPointer(pixels + 4 * x).loadUnaligned(as: Words.self)
    let a = UnsafeRawPointer(mask + 4 * x).loadUnaligned(as: Words.self) &>> 24
    let alpha = unsafeBitCast(a | (a &<< 16), to: Halves.self)
    let rb = unsafeBitCast(div255(unsafeBitCast(d & low, to: Halves.self) &* alpha), to: Words.self)
    let ga = unsafeBitCast(div255(unsafeBitCast((d &>> 8) & low, to: Halves.self) &* alpha), to: Words.self)
    UnsafeMutableRawPointer(pixels + 4 * x).storeBytes(of: rb | (ga &<< 8), as: Words.self)
    x += 4
  }
  if x < count { destinationInRowScalar(pixels + 4 * x, mask: mask + 4 * x, count: count - x) }
}

/// The scalar reference of ``destinationInRow(_:mask:count:)``.
@inlinable
package func destinationInRowScalar(_ pixels: UnsafeMutablePointer<UInt8>, mask: UnsafePointer<UInt8>, count: Int) {
  for x in 0..<Swift.max(count, 0) {
    let a = UInt32(mask[4 * x + 3])
    for channel in 0..<4 {
      pixels[4 * x + channel] = UInt8(truncatingIfNeeded: div255(UInt32(pixels[4 * x + channel]) * a))
    }
  }
}

/// Multiplies `count` premultiplied RGBA8 pixels by `count` coverage bytes,
/// channel by channel: `d = div255(d × c)` — destination-in with a mask
/// given as coverage (a mask layer that is one shape). Four pixels per step
/// in 16-bit lanes, as ``destinationInRow(_:mask:count:)``; byte-identical
/// to ``scaleRowByCoverageScalar(_:coverage:count:)``.
@inlinable
package func scaleRowByCoverage(_ pixels: UnsafeMutablePointer<UInt8>, coverage: UnsafePointer<UInt8>, count: Int) {
  typealias Words = SIMD4<UInt32>
  typealias Halves = SIMD8<UInt16>
  let low = Words(repeating: 0x00FF_00FF)
  var x = 0
  while x + 4 <= count {
    let d = UnsafeRawPointer(pixels + 4 * x).loadUnaligned(as: Words.self)
    let a = Words(UInt32(coverage[x]), UInt32(coverage[x + 1]), UInt32(coverage[x + 2]), UInt32(coverage[x + 3]))
    let alpha = unsafeBitCast(a | (a &<< 16), to: Halves.self)
    let rb = unsafeBitCast(div255(unsafeBitCast(d & low, to: Halves.self) &* alpha), to: Words.self)
    let ga = unsafeBitCast(div255(unsafeBitCast((d &>> 8) & low, to: Halves.self) &* alpha), to: Words.self)
    UnsafeMutableRawPointer(pixels + 4 * x).storeBytes(of: rb | (ga &<< 8), as: Words.self)
    x += 4
  }
  if x < count { scaleRowByCoverageScalar(pixels + 4 * x, coverage: coverage + x, count: count - x) }
}

/// The scalar reference of ``scaleRowByCoverage(_:coverage:count:)``.
@inlinable
package func scaleRowByCoverageScalar(_ pixels: UnsafeMutablePointer<UInt8>, coverage: UnsafePointer<UInt8>,
                                      count: Int) {
  for x in 0..<Swift.max(count, 0) {
    let a = UInt32(coverage[x])
    for channel in 0..<4 {
      pixels[4 * x + channel] = UInt8(truncatingIfNeeded: div255(UInt32(pixels[4 * x + channel]) * a))
    }
  }
}
