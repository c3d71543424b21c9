// SPDX-License-Identifier: Apache-2.0
// A frame of premultiplied RGBA8 pixels.

import ZoetropeShaders
import ZoetropeGeometry

/// A frame being composited: `width × height` premultiplied RGBA8 pixels,
/// rows top to bottom.
package struct FrameBuffer: Sendable {
  /// Width in pixels.
  package let width: Int
  /// Height in pixels.
  package let height: Int
  /// `4 × width × height` bytes, premultiplied.
  package var pixels: [UInt8]

  /// The frame `list` draws, premultiplied.
  package init(_ list: DisplayList, threads: Int = 1) {
    width = list.width
    height = list.height
    let count = 4 * width * height
    // Zeroed first: playing reads pixels it then replaces (see `DisplayList.render`).
    pixels = [UInt8](repeating: 0, count: count)
    if count > 0 {
      pixels.withUnsafeMutableBufferPointer {
        _ = list.render(into: $0.baseAddress!, straightAlpha: false, threads: threads)
      }
    }
  }

  /// A colour times an opacity as premultiplied 8-bit components:
  /// `a = round(alpha × opacity × 255)`, `c = round(component × a)`
  /// (halves rounded up; NaN components count as 0).
  package static func premultiplied(_ color: Color, opacity: Double) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    func clamp(_ v: Double) -> Double { v.isNaN ? 0 : Swift.min(Swift.max(v, 0), 1) }
    let alpha = roundedByte(clamp(color.alpha) * clamp(opacity) * 255)
    let scale = Double(alpha)
    func channel(_ c: Double) -> UInt8 { roundedByte(clamp(c) * scale) }
    return (channel(color.red), channel(color.green), channel(color.blue), alpha)
  }

  /// `value` (0…255) rounded to the nearest integer, halves up: what
  /// `value.rounded()` gives there, without its call into the C library
  /// (a gradient's ramp rounds 4,096 values).
  @inline(__always)
  static func roundedByte(_ value: Double) -> UInt8 {
    // The whole part (truncation), then the fraction, which is exact.
    let whole = Int(value)
    return UInt8(truncatingIfNeeded: value - Double(whole) >= 0.5 ? whole &+ 1 : whole)
  }

  /// The frame as straight-alpha RGBA8, converted in place and taken out of
  /// the buffer (no copy); the buffer is left empty.
  package mutating func takeStraightAlphaRGBA() -> [UInt8] {
    var taken: [UInt8] = []
    swap(&taken, &pixels)
    let count = width * height
    taken.withUnsafeMutableBufferPointer { unpremultiply($0.baseAddress!, count: count) }
    return taken
  }
}
