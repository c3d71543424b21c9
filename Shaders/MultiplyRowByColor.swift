// SPDX-License-Identifier: Apache-2.0
// multiplyRowByColor: a row of premultiplied pixels multiplied channel by channel by one colour (a replicator's tint).

/// Multiplies `count` premultiplied RGBA8 pixels channel by channel by the
/// bytes of `color` (in memory order: red, green, blue, alpha, as
/// ``FillSolidContext``'s word): `d = div255(d × f)` — what a replicator
/// copy's `instanceColor` does to an image it draws. With the colour's own
/// premultiplied bytes as factors (each colour factor at most the alpha
/// factor), a premultiplied pixel stays premultiplied.
///
/// Four pixels per step, two channels per 32-bit word in 16-bit lanes, as
/// ``destinationInRow(_:mask:count:)``; byte-identical to
/// ``multiplyRowByColorScalar(_:color:count:)``. A factor of 255 leaves its
/// channel unchanged and 0 clears it, through the arithmetic (no branch).
@inlinable
package func multiplyRowByColor(_ pixels: UnsafeMutablePointer<UInt8>, color: UInt32, count: Int) {
  typealias Words = SIMD4<UInt32>
  typealias Halves = SIMD8<UInt16>
  let low = Words(repeating: 0x00FF_00FF)
  // Lanes of `d & low` hold (red, blue) per pixel, those of `(d >> 8) & low` (green, alpha).
  let redBlue = unsafeBitCast(Words(repeating: color & 0x00FF_00FF), to: Halves.self)
  let greenAlpha = unsafeBitCast(Words(repeating: (color >> 8) & 0x00FF_00FF), to: Halves.self)
  var x = 0
  while x + 4 <= count {
    let d = UnsafeRawPointer(pixels + 4 * x).loadUnaligned(as: Words.self)
    let rb = unsafeBitCast(div255(unsafeBitCast(d & low, to: Halves.self) &* redBlue), to: Words.self)
    let ga = unsafeBitCast(div255(unsafeBitCast((d &>> 8) & low, to: Halves.self) &* greenAlpha), to: Words.self)
    UnsafeMutableRawPointer(pixels + 4 * x).storeBytes(of: rb | (ga &<< 8), as: Words.self)
    x += 4
  }
  if x < count { multiplyRowByColorScalar(pixels + 4 * x, color: color, count: count - x) }
}

/// The scalar reference of ``multiplyRowByColor(_:color:count:)``.
@inlinable
package func multiplyRowByColorScalar(_ pixels: UnsafeMutablePointer<UInt8>, color: UInt32, count: Int) {
  for x in 0..<Swift.max(count, 0) {
    for channel in 0..<4 {
      let factor = (color >> UInt32(8 * channel)) & 0xFF
      pixels[4 * x + channel] = UInt8(truncatingIfNeeded: div255(UInt32(pixels[4 * x + channel]) * factor))
    }
  }
}
