// SPDX-License-Identifier: Apache-2.0
// sourceOverRow: source-over of a row of per-pixel premultiplied colours under coverage.

/// Blends `count` premultiplied RGBA8 source pixels (gradients, offscreen
/// layers) over `count` destination pixels, each source first scaled by its
/// coverage byte:
///
///     s = div255(source × c)
///     d = s + div255(d × (255 − s.a))
///
/// Four pixels per step, two channels per 32-bit word in 16-bit lanes, as
/// ``fillSolid(_:coverage:count:context:)``, and four opaque pixels at full
/// coverage as a plain store; byte-identical to
/// ``sourceOverRowScalar(_:source:coverage:count:)``.
@inlinable
package func sourceOverRow(
  _ pixels: UnsafeMutablePointer<UInt8>, source: UnsafePointer<UInt8>, coverage: UnsafePointer<UInt8>, count: Int
) {
  typealias Words = SIMD4<UInt32>
  typealias Halves = SIMD8<UInt16>
  let low = Words(repeating: 0x00FF_00FF)
  let full = Halves(repeating: 255)
  let opaque = Words(repeating: 0xFF00_0000)
  var x = 0
  while x + 4 <= count {
    let s = UnsafeRawPointer(source + 4 * x).loadUnaligned(as: Words.self)
    // Four opaque source pixels at full coverage replace what is below: one
    // store (the arithmetic would give the same bytes: s + div255(d × 0)).
    // A group's interior, or a mask's, is mostly that; the test is one per
    // four pixels and predictable.
    let fullCoverage = UnsafeRawPointer(coverage + x).loadUnaligned(as: UInt32.self) == 0xFFFF_FFFF
    if fullCoverage && (s & opaque) == opaque {
      UnsafeMutableRawPointer(pixels + 4 * x).storeBytes(of: s, as: Words.self)
      x += 4
      continue
    }
    let d = UnsafeRawPointer(pixels + 4 * x).loadUnaligned(as: Words.self)
    let k = Words(UInt32(coverage[x]), UInt32(coverage[x + 1]), UInt32(coverage[x + 2]), UInt32(coverage[x + 3]))
    let cover = unsafeBitCast(k | (k &<< 16), to: Halves.self)
    let sourceRB = div255(unsafeBitCast(s & low, to: Halves.self) &* cover)
    let sourceGA = div255(unsafeBitCast((s &>> 8) & low, to: Halves.self) &* cover)
    let alpha = unsafeBitCast(sourceGA, to: Words.self) &>> 16
    let inverse = full &- unsafeBitCast(alpha | (alpha &<< 16), to: Halves.self)
    let rb = unsafeBitCast(sourceRB &+ div255(unsafeBitCast(d & low, to: Halves.self) &* inverse), to: Words.self)
    let ga = unsafeBitCast(sourceGA &+ div255(unsafeBitCast((d &>> 8) & low, to: Halves.self) &* inverse),
                           to: Words.self)
    UnsafeMutableRawPointer(pixels + 4 * x).storeBytes(of: rb | (ga &<< 8), as: Words.self)
    x += 4
  }
  if x < count {
    sourceOverRowScalar(pixels + 4 * x, source: source + 4 * x, coverage: coverage + x, count: count - x)
  }
}

/// The scalar reference of ``sourceOverRow(_:source:coverage:count:)``.
@inlinable
package func sourceOverRowScalar(
  _ pixels: UnsafeMutablePointer<UInt8>, source: UnsafePointer<UInt8>, coverage: UnsafePointer<UInt8>, count: Int
) {
  for x in 0..<count {
    let c = UInt32(coverage[x])
    let sa = div255(UInt32(source[4 * x + 3]) * c)
    for channel in 0..<4 {
      let s = div255(UInt32(source[4 * x + channel]) * c)
      let d = UInt32(pixels[4 * x + channel])
      pixels[4 * x + channel] = UInt8(truncatingIfNeeded: s + div255(d * (255 - sa)))
    }
  }
}
