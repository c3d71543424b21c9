// SPDX-License-Identifier: Apache-2.0
// fillSolid: source-over of one premultiplied colour under a coverage mask.

/// The paint of ``fillSolid(_:coverage:count:context:)``: one premultiplied RGBA8 colour.
public struct FillSolidContext: Sendable {
  /// Premultiplied red, green, blue, alpha, 0…255 (each colour ≤ alpha).
  public var color: SIMD4<UInt32>

  /// A context for a premultiplied colour.
  @inlinable public init(premultipliedRed r: UInt8, green g: UInt8, blue b: UInt8, alpha a: UInt8) {
    color = SIMD4(UInt32(r), UInt32(g), UInt32(b), UInt32(a))
  }
}

/// Blends `context.color` over `count` premultiplied RGBA8 pixels at `pixels`,
/// each weighted by its coverage byte (0 = untouched, 255 = full):
///
///     s = div255(color × c)            (per channel)
///     d = s + div255(d × (255 − s.a))
///
/// Eight pixels per step as `SIMD32<UInt32>`; the tail runs the scalar twin, so
/// output is byte-identical to ``fillSolidScalar(_:coverage:count:context:)``.
/// Branch-free per pixel: a zero coverage byte leaves the pixel unchanged
/// through the arithmetic itself (`s = 0`, `d × 255 / 255 = d`) rather than a test.
@inlinable
public func fillSolid(
  _ pixels: UnsafeMutablePointer<UInt8>, coverage: UnsafePointer<UInt8>, count: Int, context: FillSolidContext
) {
  typealias Lanes = SIMD32<UInt32>
  let color = context.color
  var colorLanes = Lanes(repeating: 0)
  for i in 0..<32 { colorLanes[i] = color[i & 3] }
  let full = Lanes(repeating: 255)
  var x = 0
  while x + 8 <= count {
    var c = Lanes(repeating: 0)
    var d = Lanes(repeating: 0)
    for i in 0..<32 {
      c[i] = UInt32(coverage[x + (i >> 2)])
      d[i] = UInt32(pixels[4 * x + i])
    }
    let s = div255(colorLanes &* c)
    var sourceAlpha = Lanes(repeating: 0)
    for i in 0..<32 { sourceAlpha[i] = s[(i & ~3) | 3] }
    let result = s &+ div255(d &* (full &- sourceAlpha))
    for i in 0..<32 { pixels[4 * x + i] = UInt8(truncatingIfNeeded: result[i]) }
    x += 8
  }
  if x < count {
    fillSolidScalar(pixels + 4 * x, coverage: coverage + x, count: count - x, context: context)
  }
}

/// The scalar reference of ``fillSolid(_:coverage:count:context:)``, kept as its oracle.
@inlinable
public func fillSolidScalar(
  _ pixels: UnsafeMutablePointer<UInt8>, coverage: UnsafePointer<UInt8>, count: Int, context: FillSolidContext
) {
  let color = context.color
  for x in 0..<count {
    let c = UInt32(coverage[x])
    let sa = div255(color[3] * c)
    for channel in 0..<4 {
      let s = div255(color[channel] * c)
      let d = UInt32(pixels[4 * x + channel])
      pixels[4 * x + channel] = UInt8(truncatingIfNeeded: s + div255(d * (255 - sa)))
    }
  }
}
