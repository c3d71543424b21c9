// SPDX-License-Identifier: Apache-2.0
// blendRowScalar: the scalar reference of blendRow, one pixel and one channel at a time.

/// The scalar reference of ``blendRow(_:source:alpha:count:mode:)``, kept as
/// its oracle: the W3C formulas written out with `if`s, pixel by pixel, in
/// the same 32-bit float operations as the vector kernel (which is why
/// `SetSat` is written as `(C − min) × s / (max − min)` for every channel,
/// as the lanes compute it, rather than assigning `s` to the maximum).
@inlinable
package func blendRowScalar(
  _ pixels: UnsafeMutablePointer<UInt8>, source: UnsafePointer<UInt8>, alpha: UInt8, count: Int, mode: BlendFormula
) {
  let inverse255: Float = 1.0 / 255.0
  for x in 0..<Swift.max(count, 0) {
    let d = pixels + 4 * x, raw = source + 4 * x
    let k = UInt32(alpha)
    let s = (div255(UInt32(raw[0]) * k), div255(UInt32(raw[1]) * k), div255(UInt32(raw[2]) * k),
             div255(UInt32(raw[3]) * k))
    let b = (UInt32(d[0]), UInt32(d[1]), UInt32(d[2]), UInt32(d[3]))
    let alphaS = Float(s.3) * inverse255, alphaB = Float(b.3) * inverse255
    func straight(_ c: UInt32, _ a: UInt32) -> Float { a == 0 ? 0 : Float(c) / Float(a) }
    let cb = (straight(b.0, b.3), straight(b.1, b.3), straight(b.2, b.3))
    let cs = (straight(s.0, s.3), straight(s.1, s.3), straight(s.2, s.3))
    let mixed = BlendScalar.mix(mode, backdrop: cb, source: cs)
    let alphaOut = s.3 + div255(b.3 * (255 - s.3))
    let both = alphaS * alphaB
    let keepS: Float = 1 - alphaB, keepB: Float = 1 - alphaS
    func channel(_ sc: UInt32, _ bc: UInt32, _ m: Float) -> UInt8 {
      let value = (Float(sc) * inverse255 * keepS + Float(bc) * inverse255 * keepB) + both * m
      let rounded = Swift.max(value * 255 + 0.5, 0)
      return UInt8(Swift.min(UInt32(rounded), alphaOut))
    }
    d[0] = channel(s.0, b.0, mixed.0)
    d[1] = channel(s.1, b.1, mixed.1)
    d[2] = channel(s.2, b.2, mixed.2)
    d[3] = UInt8(alphaOut)
  }
}

/// The blend functions `B(Cb, Cs)` of W3C Compositing §10, on one pixel.
@usableFromInline package enum BlendScalar {
  @usableFromInline typealias RGB = (Float, Float, Float)

  /// `B(Cb, Cs)` for `mode`, channel by channel for the separable modes.
  @inlinable
  static func mix(_ mode: BlendFormula, backdrop b: RGB, source s: RGB) -> RGB {
    switch mode {
    case .hue: return setLuminosity(setSaturation(s, saturation(b)), luminosity(b))
    case .saturation: return setLuminosity(setSaturation(b, saturation(s)), luminosity(b))
    case .color: return setLuminosity(s, luminosity(b))
    case .luminosity: return setLuminosity(b, luminosity(s))
    default: return (separable(mode, b.0, s.0), separable(mode, b.1, s.1), separable(mode, b.2, s.2))
    }
  }

  @inlinable
  static func screen(_ b: Float, _ s: Float) -> Float { b + s - b * s }

  @inlinable
  static func hardLight(_ b: Float, _ s: Float) -> Float {
    let twice = s + s
    return s <= 0.5 ? b * twice : screen(b, twice - 1)
  }

  /// One channel of a separable mode.
  @inlinable
  static func separable(_ mode: BlendFormula, _ b: Float, _ s: Float) -> Float {
    switch mode {
    case .multiply: return b * s
    case .screen: return screen(b, s)
    case .overlay: return hardLight(s, b)
    case .darken: return Swift.min(b, s)
    case .lighten: return Swift.max(b, s)
    case .colorDodge:
      if b == 0 { return 0 }
      if s >= 1 { return 1 }
      return Swift.min(1, b / (1 - s))
    case .colorBurn:
      if b >= 1 { return 1 }
      if s == 0 { return 0 }
      return 1 - Swift.min(1, (1 - b) / s)
    case .softLight:
      let twice = s + s
      if s <= 0.5 { return b - (1 - twice) * b * (1 - b) }
      let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
      return b + (twice - 1) * (d - b)
    case .hardLight: return hardLight(b, s)
    case .difference: return s > b ? s - b : b - s
    case .exclusion: return b + s - 2 * b * s
    case .hue, .saturation, .color, .luminosity: return b
    }
  }

  @inlinable
  static func luminosity(_ c: RGB) -> Float { 0.3 * c.0 + 0.59 * c.1 + 0.11 * c.2 }

  @inlinable
  static func saturation(_ c: RGB) -> Float {
    Swift.max(Swift.max(c.0, c.1), c.2) - Swift.min(Swift.min(c.0, c.1), c.2)
  }

  @inlinable
  static func setSaturation(_ c: RGB, _ s: Float) -> RGB {
    let high = Swift.max(Swift.max(c.0, c.1), c.2), low = Swift.min(Swift.min(c.0, c.1), c.2)
    let range = high - low
    guard range > 0 else { return (0, 0, 0) }
    return ((c.0 - low) * s / range, (c.1 - low) * s / range, (c.2 - low) * s / range)
  }

  @inlinable
  static func setLuminosity(_ c: RGB, _ l: Float) -> RGB {
    let d = l - luminosity(c)
    let moved = (c.0 + d, c.1 + d, c.2 + d)
    let lum = luminosity(moved)
    let low = Swift.min(Swift.min(moved.0, moved.1), moved.2)
    let high = Swift.max(Swift.max(moved.0, moved.1), moved.2)
    func clip(_ x: Float) -> Float {
      var y = x
      if low < 0 { y = lum + (y - lum) * lum / (lum - low) }
      if high > 1 { y = lum + (y - lum) * (1 - lum) / (high - lum) }
      return y
    }
    return (clip(moved.0), clip(moved.1), clip(moved.2))
  }
}
