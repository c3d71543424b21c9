// SPDX-License-Identifier: Apache-2.0
// A frame of premultiplied RGBA8 pixels.

import Shaders
import ZoetropeGeometry

/// A frame being composited: `width × height` premultiplied RGBA8 pixels,
/// rows top to bottom.
public struct FrameBuffer: Sendable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `4 × width × height` bytes, premultiplied.
  public var pixels: [UInt8]

  /// A frame filled with `background` (straight alpha, rounded to 8 bits and premultiplied).
  public init(width: Int, height: Int, background: Color) {
    self.width = width
    self.height = height
    let p = FrameBuffer.premultiplied(background, opacity: 1)
    var row = [UInt8](repeating: 0, count: 4 * Swift.max(width, 0))
    for x in 0..<Swift.max(width, 0) {
      row[4 * x] = p.r; row[4 * x + 1] = p.g; row[4 * x + 2] = p.b; row[4 * x + 3] = p.a
    }
    pixels = Array([[UInt8]](repeating: row, count: Swift.max(height, 0)).joined())
  }

  /// A colour times an opacity as premultiplied 8-bit components:
  /// `a = round(alpha × opacity × 255)`, `c = round(component × a)`.
  public static func premultiplied(_ color: Color, opacity: Double) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    func clamp(_ v: Double) -> Double { v.isNaN ? 0 : Swift.min(Swift.max(v, 0), 1) }
    let alpha = (clamp(color.alpha) * clamp(opacity) * 255).rounded()
    func channel(_ c: Double) -> UInt8 { UInt8((clamp(c) * alpha).rounded()) }
    return (channel(color.red), channel(color.green), channel(color.blue), UInt8(alpha))
  }

  /// Blends a solid colour under a coverage mask (source-over).
  public mutating func fill(_ mask: CoverageMask, color: Color, opacity: Double) {
    let p = FrameBuffer.premultiplied(color, opacity: opacity)
    guard p.a > 0 else { return }
    let context = FillSolidContext(premultipliedRed: p.r, green: p.g, blue: p.b, alpha: p.a)
    let width = self.width
    pixels.withUnsafeMutableBufferPointer { pixels in
      mask.coverage.withUnsafeBufferPointer { coverage in
        for row in 0..<mask.height {
          let y = mask.y + row
          guard y >= 0, y < height else { continue }
          fillSolid(pixels.baseAddress! + 4 * (y * width + mask.x), coverage: coverage.baseAddress! + row * mask.width,
                    count: mask.width, context: context)
        }
      }
    }
  }

  /// The frame as straight-alpha RGBA8 (what PNG and video sinks take).
  public func straightAlphaRGBA() -> [UInt8] {
    var copy = pixels
    copy.withUnsafeMutableBufferPointer { unpremultiply($0.baseAddress!, count: width * height) }
    return copy
  }
}
