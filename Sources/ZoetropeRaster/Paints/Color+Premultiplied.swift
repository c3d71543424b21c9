// SPDX-License-Identifier: Apache-2.0
// A colour times an opacity as premultiplied bytes: what every paint and the background start from.

import ZoetropeGeometry

extension Color {
  /// This colour times `opacity` as premultiplied 8-bit components:
  /// `a = round(alpha × opacity × 255)`, `c = round(component × a)`
  /// (halves rounded up; NaN components and opacities count as 0, values
  /// outside 0…1 are clamped).
  package func premultipliedRGBA8(opacity: Double) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    func clamp(_ v: Double) -> Double { v.isNaN ? 0 : Swift.min(Swift.max(v, 0), 1) }
    let alpha = roundedByte(clamp(self.alpha) * clamp(opacity) * 255)
    let scale = Double(alpha)
    func channel(_ c: Double) -> UInt8 { roundedByte(clamp(c) * scale) }
    return (channel(red), channel(green), channel(blue), alpha)
  }
}

/// `value` (0…255) rounded to the nearest integer, halves up: what
/// `value.rounded()` gives there, without its call into the C library
/// (a gradient's ramp rounds 4,096 values).
@inline(__always)
func roundedByte(_ value: Double) -> UInt8 {
  // The whole part (truncation), then the fraction, which is exact.
  let whole = Int(value)
  return UInt8(truncatingIfNeeded: value - Double(whole) >= 0.5 ? whole &+ 1 : whole)
}
