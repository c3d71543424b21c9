// SPDX-License-Identifier: Apache-2.0
// falseColorRow: premultiplied pixels recoloured along a ramp by their luminance (Core Image's CIFalseColor).

/// A false-colour filter in 8-bit terms: the ramp's ends (sRGB bytes, the
/// colour for black and for white) and how much of the ramp's colour
/// replaces the pixel's own (0…255).
package struct FalseColorContext: Hashable, Sendable {
  package var black: (UInt8, UInt8, UInt8)
  package var white: (UInt8, UInt8, UInt8)
  package var intensity: UInt8

  package init(black: (UInt8, UInt8, UInt8), white: (UInt8, UInt8, UInt8), intensity: UInt8) {
    (self.black, self.white, self.intensity) = (black, white, intensity)
  }

  package static func == (a: FalseColorContext, b: FalseColorContext) -> Bool {
    a.black == b.black && a.white == b.white && a.intensity == b.intensity
  }

  package func hash(into hasher: inout Hasher) {
    for byte in [black.0, black.1, black.2, white.0, white.1, white.2, intensity] { hasher.combine(byte) }
  }
}

/// Recolours `count` premultiplied RGBA8 pixels in place: each pixel's
/// colour, unpremultiplied (rounded, at most 255), has the luminance
/// `L = (54 R + 183 G + 19 B + 128) >> 8` (a luminance mask's); the ramp's
/// colour is `black + (white − black) × L / 255` and the new colour
/// `c + (ramp − c) × intensity / 255`, both rounded to nearest, premultiplied
/// again by the unchanged alpha. Transparent pixels stay transparent. Plain
/// scalar code, exact integer arithmetic: the same bytes everywhere.
package func falseColorRow(_ pixels: UnsafeMutablePointer<UInt8>, count: Int, filter: FalseColorContext) {
  let black = (Int32(filter.black.0), Int32(filter.black.1), Int32(filter.black.2))
  let white = (Int32(filter.white.0), Int32(filter.white.1), Int32(filter.white.2))
  let k = Int32(filter.intensity)
  // Rounds n / 255 to nearest for n in −65025…65025, half away from zero.
  func over255(_ n: Int32) -> Int32 { n >= 0 ? (n + 127) / 255 : -((-n + 127) / 255) }
  for x in 0..<Swift.max(count, 0) {
    let p = pixels + 4 * x
    let a = UInt32(p[3])
    guard a > 0 else { continue }
    func straight(_ v: UInt8) -> Int32 { Int32(Swift.min((UInt32(v) * 255 + a / 2) / a, 255)) }
    let r = straight(p[0]), g = straight(p[1]), b = straight(p[2])
    let l = (54 * r + 183 * g + 19 * b + 128) >> 8
    let ramp = (black.0 + over255((white.0 - black.0) * l), black.1 + over255((white.1 - black.1) * l),
                black.2 + over255((white.2 - black.2) * l))
    let mixed = (r + over255((ramp.0 - r) * k), g + over255((ramp.1 - g) * k), b + over255((ramp.2 - b) * k))
    p[0] = UInt8(truncatingIfNeeded: div255(UInt32(mixed.0) * a))
    p[1] = UInt8(truncatingIfNeeded: div255(UInt32(mixed.1) * a))
    p[2] = UInt8(truncatingIfNeeded: div255(UInt32(mixed.2) * a))
  }
}
