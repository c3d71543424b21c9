// SPDX-License-Identifier: Apache-2.0
// blendRow: a row of premultiplied source pixels blended onto the destination with a W3C blend mode.

/// The blend modes of W3C Compositing and Blending Level 1, §10 (the
/// `compositingFilter` names of Core Image map one to one).
@usableFromInline package enum BlendFormula: UInt8, CaseIterable, Sendable {
  case multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight, difference
  case exclusion, hue, saturation, color, luminosity
}

/// Blends `count` premultiplied RGBA8 source pixels, each first scaled by
/// `alpha` (`div255(s × alpha)`, a group's opacity), onto `count`
/// premultiplied destination pixels with `mode`, by the W3C formula
///
///     αo = αs + αb − αs·αb                       (as 8-bit source-over)
///     co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs)
///
/// where `c` are premultiplied and `C` unpremultiplied colours, in 32-bit
/// floats, rounded to nearest and clamped to `0…αo`.
///
/// Four pixels per step, channels de-interleaved into `SIMD4<Float>` lanes:
/// every mode is branch-free, all its cases computed and selected per lane
/// (`colorDodge`'s `Cb / (1 − Cs)` may divide by zero in a lane whose result
/// is replaced), so the loop has no per-pixel branch. The mode is chosen
/// once per row. Byte-identical to ``blendRowScalar(_:source:alpha:count:mode:)``,
/// which follows the W3C text with `if`s: both do the same IEEE operations
/// in the same order, and no fused multiply-add is formed.
@inlinable
package func blendRow(
  _ pixels: UnsafeMutablePointer<UInt8>, source: UnsafePointer<UInt8>, alpha: UInt8, count: Int, mode: BlendFormula
) {
  typealias V = SIMD4<Float>
  let one = V(repeating: 1), half = V(repeating: 0.5), zero = V(repeating: 0)
  @inline(__always) func screen(_ b: V, _ s: V) -> V { b + s - b * s }
  @inline(__always) func hardLight(_ b: V, _ s: V) -> V {
    let twice = s + s
    return (b * twice).replacing(with: screen(b, twice - one), where: s .> half)
  }
  switch mode {
  case .multiply: blendSeparableRow(pixels, source, alpha, count) { b, s in b * s }
  case .screen: blendSeparableRow(pixels, source, alpha, count) { b, s in screen(b, s) }
  case .overlay: blendSeparableRow(pixels, source, alpha, count) { b, s in hardLight(s, b) }
  case .darken: blendSeparableRow(pixels, source, alpha, count) { b, s in pointwiseMin(b, s) }
  case .lighten: blendSeparableRow(pixels, source, alpha, count) { b, s in pointwiseMax(b, s) }
  case .colorDodge:
    blendSeparableRow(pixels, source, alpha, count) { b, s in
      pointwiseMin(one, b / (one - s)).replacing(with: one, where: s .>= one).replacing(with: zero, where: b .== zero)
    }
  case .colorBurn:
    blendSeparableRow(pixels, source, alpha, count) { b, s in
      (one - pointwiseMin(one, (one - b) / s)).replacing(with: zero, where: s .== zero)
        .replacing(with: one, where: b .>= one)
    }
  case .softLight:
    blendSeparableRow(pixels, source, alpha, count) { b, s in
      let d = (((V(repeating: 16) * b - V(repeating: 12)) * b + V(repeating: 4)) * b)
        .replacing(with: b.squareRoot(), where: b .> V(repeating: 0.25))
      let twice = s + s
      let dark = b - (one - twice) * b * (one - b)
      let light = b + (twice - one) * (d - b)
      return dark.replacing(with: light, where: s .> half)
    }
  case .hardLight: blendSeparableRow(pixels, source, alpha, count) { b, s in hardLight(b, s) }
  case .difference: blendSeparableRow(pixels, source, alpha, count) { b, s in (b - s).replacing(with: s - b, where: s .> b) }
  case .exclusion: blendSeparableRow(pixels, source, alpha, count) { b, s in b + s - V(repeating: 2) * b * s }
  case .hue:
    blendNonSeparableRow(pixels, source, alpha, count) { b, s in
      let sat = BlendLanes.saturation(b)
      return BlendLanes.setLuminosity(BlendLanes.setSaturation(s, sat), BlendLanes.luminosity(b))
    }
  case .saturation:
    blendNonSeparableRow(pixels, source, alpha, count) { b, s in
      let sat = BlendLanes.saturation(s)
      return BlendLanes.setLuminosity(BlendLanes.setSaturation(b, sat), BlendLanes.luminosity(b))
    }
  case .color:
    blendNonSeparableRow(pixels, source, alpha, count) { b, s in BlendLanes.setLuminosity(s, BlendLanes.luminosity(b)) }
  case .luminosity:
    blendNonSeparableRow(pixels, source, alpha, count) { b, s in BlendLanes.setLuminosity(b, BlendLanes.luminosity(s)) }
  }
}

/// Four pixels' colours, one lane per pixel.
@usableFromInline package typealias RGBLanes = (r: SIMD4<Float>, g: SIMD4<Float>, b: SIMD4<Float>)

/// The non-separable helpers of W3C Compositing §10.2 over four pixels at once.
@usableFromInline package enum BlendLanes {
  @usableFromInline typealias V = SIMD4<Float>

  /// `Lum(C) = 0.3 R + 0.59 G + 0.11 B`.
  @inlinable @inline(__always)
  static func luminosity(_ c: RGBLanes) -> V {
    V(repeating: 0.3) * c.r + V(repeating: 0.59) * c.g + V(repeating: 0.11) * c.b
  }

  /// `Sat(C) = max − min`.
  @inlinable @inline(__always)
  static func saturation(_ c: RGBLanes) -> V {
    pointwiseMax(pointwiseMax(c.r, c.g), c.b) - pointwiseMin(pointwiseMin(c.r, c.g), c.b)
  }

  /// `SetSat(C, s)`, without sorting: each channel becomes
  /// `(C − min) × s / (max − min)`, which sends the maximum to `s`, the
  /// minimum to 0 and the middle one to W3C's value; 0 when max = min.
  @inlinable @inline(__always)
  static func setSaturation(_ c: RGBLanes, _ s: V) -> RGBLanes {
    let high = pointwiseMax(pointwiseMax(c.r, c.g), c.b), low = pointwiseMin(pointwiseMin(c.r, c.g), c.b)
    let range = high - low
    let flat = range .<= V(repeating: 0)
    @inline(__always) func channel(_ x: V) -> V { ((x - low) * s / range).replacing(with: 0, where: flat) }
    return (channel(c.r), channel(c.g), channel(c.b))
  }

  /// `SetLum(C, l)`: `C + (l − Lum(C))`, then `ClipColor`.
  @inlinable @inline(__always)
  static func setLuminosity(_ c: RGBLanes, _ l: V) -> RGBLanes {
    let d = l - luminosity(c)
    let moved = (c.r + d, c.g + d, c.b + d)
    let lum = luminosity(moved)
    let low = pointwiseMin(pointwiseMin(moved.0, moved.1), moved.2)
    let high = pointwiseMax(pointwiseMax(moved.0, moved.1), moved.2)
    let below = low .< V(repeating: 0), above = high .> V(repeating: 1)
    @inline(__always) func clip(_ x: V) -> V {
      let lifted = x.replacing(with: lum + (x - lum) * lum / (lum - low), where: below)
      return lifted.replacing(with: lum + (lifted - lum) * (V(repeating: 1) - lum) / (high - lum), where: above)
    }
    return (clip(moved.0), clip(moved.1), clip(moved.2))
  }
}

/// The separable modes: `mix(Cb, Cs)` per colour channel, four pixels at a time.
@inlinable @inline(__always)
package func blendSeparableRow(
  _ pixels: UnsafeMutablePointer<UInt8>, _ source: UnsafePointer<UInt8>, _ alpha: UInt8, _ count: Int,
  _ mix: (SIMD4<Float>, SIMD4<Float>) -> SIMD4<Float>
) {
  blendNonSeparableRow(pixels, source, alpha, count) { b, s in (mix(b.r, s.r), mix(b.g, s.g), mix(b.b, s.b)) }
}

/// Any mode given as `mix(Cb, Cs)` of whole unpremultiplied colours, four
/// pixels at a time; the last one to three pixels are copied into a block
/// padded with transparent pixels and blended by the same lanes (the same
/// operations, so the same bytes as the body and the scalar twin).
@inlinable @inline(__always)
package func blendNonSeparableRow(
  _ pixels: UnsafeMutablePointer<UInt8>, _ source: UnsafePointer<UInt8>, _ alpha: UInt8, _ count: Int,
  _ mix: (RGBLanes, RGBLanes) -> RGBLanes
) {
  typealias Words = SIMD4<UInt32>
  var x = 0
  while x + 4 <= count {
    let d = UnsafeRawPointer(pixels + 4 * x).loadUnaligned(as: Words.self)
    let s = UnsafeRawPointer(source + 4 * x).loadUnaligned(as: Words.self)
    UnsafeMutableRawPointer(pixels + 4 * x).storeBytes(of: blendBlock(d, s, alpha, mix), as: Words.self)
    x += 4
  }
  guard x < count else { return }
  var d = Words(repeating: 0), s = Words(repeating: 0)
  withUnsafeMutableBytes(of: &d) { $0.copyMemory(from: UnsafeRawBufferPointer(start: pixels + 4 * x, count: 4 * (count - x))) }
  withUnsafeMutableBytes(of: &s) { $0.copyMemory(from: UnsafeRawBufferPointer(start: source + 4 * x, count: 4 * (count - x))) }
  var out = blendBlock(d, s, alpha, mix)
  withUnsafeBytes(of: &out) { UnsafeMutableRawPointer(pixels + 4 * x).copyMemory(from: $0.baseAddress!, byteCount: 4 * (count - x)) }
}

/// Four pixels (little-endian RGBA words) of ``blendRow(_:source:alpha:count:mode:)``.
@inlinable @inline(__always)
package func blendBlock(
  _ d: SIMD4<UInt32>, _ raw: SIMD4<UInt32>, _ alpha: UInt8, _ mix: (RGBLanes, RGBLanes) -> RGBLanes
) -> SIMD4<UInt32> {
  typealias V = SIMD4<Float>
  typealias Words = SIMD4<UInt32>
  let inverse255 = V(repeating: 1.0 / 255.0)
  let k = Words(repeating: UInt32(alpha)), low = Words(repeating: 0xFF)
  // The source scaled by the group's opacity, exactly as source-over scales it.
  @inline(__always) func scaled(_ shift: UInt32) -> Words { div255(((raw &>> Words(repeating: shift)) & low) &* k) }
  let (sr, sg, sb, sa) = (scaled(0), scaled(8), scaled(16), scaled(24))
  let (dr, dg, db, da) = (d & low, (d &>> 8) & low, (d &>> 16) & low, d &>> 24)
  let alphaS = V(sa) * inverse255, alphaB = V(da) * inverse255
  // Unpremultiplied colours; 0 where alpha is 0 (the division's NaN is replaced).
  @inline(__always) func straight(_ c: Words, _ a: Words) -> V { (V(c) / V(a)).replacing(with: 0, where: a .== 0) }
  let mixed = mix((straight(dr, da), straight(dg, da), straight(db, da)),
                  (straight(sr, sa), straight(sg, sa), straight(sb, sa)))
  let alphaOut = sa &+ div255(da &* (Words(repeating: 255) &- sa))
  let both = alphaS * alphaB
  let keepS = V(repeating: 1) - alphaB, keepB = V(repeating: 1) - alphaS
  @inline(__always) func channel(_ s: Words, _ b: Words, _ m: V) -> Words {
    let value = (V(s) * inverse255 * keepS + V(b) * inverse255 * keepB) + both * m
    let rounded = pointwiseMax(value * V(repeating: 255) + V(repeating: 0.5), V(repeating: 0))
    return pointwiseMin(Words(rounded), alphaOut)
  }
  return channel(sr, dr, mixed.0) | channel(sg, dg, mixed.1) &<< 8 | channel(sb, db, mixed.2) &<< 16 | alphaOut &<< 24
}
