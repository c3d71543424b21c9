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
    let count = Swift.max(width, 0) * Swift.max(height, 0)
    // One 32-bit word per pixel, in memory order R, G, B, A.
    let word = UInt32(p.r) | UInt32(p.g) << 8 | UInt32(p.b) << 16 | UInt32(p.a) << 24
    let words = [UInt32](repeating: UInt32(littleEndian: word), count: count)
    pixels = words.withUnsafeBytes { [UInt8]($0) }
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

  /// Blends a solid colour under coverage runs (source-over): constant runs
  /// through `fillSolidRun`, edge pixels through `fillSolid`.
  public mutating func fill(_ runs: CoverageSpans, color: Color, opacity: Double) {
    let p = FrameBuffer.premultiplied(color, opacity: opacity)
    guard p.a > 0 else { return }
    let context = FillSolidContext(premultipliedRed: p.r, green: p.g, blue: p.b, alpha: p.a)
    let width = self.width, height = self.height
    pixels.withUnsafeMutableBufferPointer { pixels in
      runs.coverage.withUnsafeBufferPointer { coverage in
        for span in runs.spans {
          let y = Int(span.y), x = Int(span.x), count = Int(span.count)
          guard y >= 0, y < height, x >= 0, x + count <= width else { continue }
          let target = pixels.baseAddress! + 4 * (y * width + x)
          if span.offset < 0 {
            fillSolidRun(target, count: count, coverage: span.value, context: context)
          } else {
            fillSolid(target, coverage: coverage.baseAddress! + Int(span.offset), count: count, context: context)
          }
        }
      }
    }
  }

  /// Blends another frame of the same size over this one at `opacity`
  /// (an isolated group): `sourceOverRow` with every coverage byte `round(opacity × 255)`.
  public mutating func composite(_ layer: FrameBuffer, opacity: Double) {
    let alpha = UInt8((Swift.min(Swift.max(opacity.isNaN ? 0 : opacity, 0), 1) * 255).rounded())
    guard alpha > 0, layer.width == width, layer.height == height else { return }
    let coverage = [UInt8](repeating: alpha, count: width)
    let width = self.width
    pixels.withUnsafeMutableBufferPointer { pixels in
      layer.pixels.withUnsafeBufferPointer { source in
        for y in 0..<height {
          sourceOverRow(pixels.baseAddress! + 4 * y * width, source: source.baseAddress! + 4 * y * width,
                        coverage: coverage, count: width)
        }
      }
    }
  }

  /// The frame as straight-alpha RGBA8 (what PNG and video sinks take).
  public func straightAlphaRGBA() -> [UInt8] {
    var copy = self
    return copy.takeStraightAlphaRGBA()
  }

  /// The frame as straight-alpha RGBA8, converted in place and taken out of
  /// the buffer (no copy); the buffer is left empty.
  public mutating func takeStraightAlphaRGBA() -> [UInt8] {
    var taken: [UInt8] = []
    swap(&taken, &pixels)
    let count = width * height
    taken.withUnsafeMutableBufferPointer { unpremultiply($0.baseAddress!, count: count) }
    return taken
  }
}
