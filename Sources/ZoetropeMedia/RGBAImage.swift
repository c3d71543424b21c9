// SPDX-License-Identifier: Apache-2.0
// An 8-bit straight-alpha RGBA image, and PNG files in and out.

import CZoetropeMedia

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An image of straight-alpha RGBA8 pixels, rows top to bottom.
///
/// The size and the pixel count always agree: they are checked when the
/// image is made and cannot change afterwards, so code that hands the bytes
/// to C can trust `4 × width × height`.
public struct RGBAImage: Hashable, Sendable {
  /// Width in pixels, ≥ 0.
  public let width: Int
  /// Height in pixels, ≥ 0.
  public let height: Int
  /// `4 × width × height` bytes: red, green, blue, alpha.
  public private(set) var pixels: [UInt8]

  /// An image from its pixels. `width` and `height` must not be negative and
  /// `pixels.count` must be `4 × width × height`; anything else is a
  /// programming error and traps.
  public init(width: Int, height: Int, pixels: [UInt8]) {
    let (area, areaOverflow) = width.multipliedReportingOverflow(by: height)
    let (bytes, bytesOverflow) = area.multipliedReportingOverflow(by: 4)
    precondition(width >= 0 && height >= 0 && !areaOverflow && !bytesOverflow && pixels.count == bytes,
                 "RGBAImage: pixel count does not match the size")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The most pixels a PNG may have to be read or written (the C shim's
  /// `ZT_PNG_MAXIMUM_PIXELS`, checked from the header before any memory is
  /// taken): 2²⁸, 16,384 × 16,384.
  package static let maximumPixels = Int(ZT_PNG_MAXIMUM_PIXELS)

  /// Lets `body` write the pixels in place (their number cannot change).
  package mutating func withUnsafeMutablePixels<Result>(
    _ body: (UnsafeMutableBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    try pixels.withUnsafeMutableBufferPointer { try body($0) }
  }
}

extension RGBAImage {
  /// PNG compression: `fast` (zlib level 1, no row filter: the default; on
  /// flat vector art deflate finds the 4-byte pixel repeats by itself, and
  /// skipping the filter saves a third of the time; a PNG sequence
  /// compresses its frames' rows in bands, see ``PNGSequenceSink``),
  /// `smallest` (level 9,
  /// encoded both without row filters and with libpng's per-row choice, the
  /// smaller kept: filters win on gradients and photos, and lose on flat art),
  /// or zlib `level` 0…9 (clamped) with the Sub filter and always four
  /// channels, the classic PNG encoder. `fast` and `smallest` store an opaque
  /// image as RGB (read back, the same pixels).
  public enum PNGCompression: Sendable, Hashable {
    case fast, smallest
    case level(Int)
    /// The encodings to try, as zlib level and `zt_png_filters`; the smallest file wins.
    package var candidates: [(level: Int32, filters: Int32)] {
      switch self {
      case .fast: [(1, Int32(ZT_PNG_FILTER_NONE.rawValue))]
      case .smallest: [(9, Int32(ZT_PNG_FILTER_NONE.rawValue)), (9, Int32(ZT_PNG_FILTER_ALL.rawValue))]
      case .level(let level):
        [(Int32(Swift.min(Swift.max(level, 0), 9)), Int32(ZT_PNG_FILTER_SUB.rawValue | ZT_PNG_KEEP_ALPHA.rawValue))]
      }
    }
  }

  /// Reads a PNG of any colour type and bit depth as straight-alpha RGBA8.
  public init(contentsOfPNG path: String) throws(MediaError) {
    var pointer: UnsafeMutablePointer<UInt8>?
    var w: UInt32 = 0, h: UInt32 = 0
    var message = [CChar](repeating: 0, count: 512)
    let status = zt_png_read_rgba(path, &pointer, &w, &h, &message, message.count)
    guard status == 0, let pointer else { throw MediaError(path: path, message: message) }
    defer { zt_free(pointer) }
    self.init(width: Int(w), height: Int(h), pixels: Array(UnsafeBufferPointer(start: pointer, count: Int(w) * Int(h) * 4)))
  }
}

extension RGBAImage {
  /// Peak signal-to-noise ratio against `other` over every RGBA byte, in dB:
  /// `10 log10(255² / MSE)`; `.infinity` when the images are identical,
  /// `nil` when their sizes differ.
  public func psnr(to other: RGBAImage) -> Double? {
    guard width == other.width, height == other.height, !pixels.isEmpty else { return nil }
    var sum: UInt64 = 0
    for i in pixels.indices {
      let d = Int(pixels[i]) - Int(other.pixels[i])
      sum += UInt64(d * d)
    }
    guard sum > 0 else { return .infinity }
    let mse = Double(sum) / Double(pixels.count)
    return 10 * log10(255 * 255 / mse)
  }
}

extension RGBAImage {
  /// The PNG file's bytes, in memory (the same bytes ``writePNG(to:compression:)`` writes).
  public func pngData(compression: PNGCompression = .fast) throws(MediaError) -> [UInt8] {
    var smallest: [UInt8]? = nil
    for candidate in compression.candidates {
      var data: UnsafeMutablePointer<UInt8>?
      var size = 0
      var buffer = [CChar](repeating: 0, count: 512)
      let status = pixels.withUnsafeBufferPointer { pixels in
        zt_png_encode_rgba(pixels.baseAddress, UInt32(width), UInt32(height), candidate.level, candidate.filters,
                           &data, &size, &buffer, buffer.count)
      }
      guard status == 0, let data else { throw MediaError(path: "(memory)", message: buffer) }
      defer { zt_free(data) }
      // Ties keep the earlier candidate, so the choice depends on the pixels alone.
      if size < smallest?.count ?? Int.max { smallest = Array(UnsafeBufferPointer(start: data, count: size)) }
    }
    return smallest ?? []
  }

  /// Decodes PNG bytes of any colour type and bit depth as straight-alpha RGBA8.
  public init(pngData bytes: [UInt8]) throws(MediaError) {
    var pointer: UnsafeMutablePointer<UInt8>?
    var w: UInt32 = 0, h: UInt32 = 0
    var buffer = [CChar](repeating: 0, count: 512)
    let status = bytes.withUnsafeBufferPointer {
      zt_png_decode_rgba($0.baseAddress, $0.count, &pointer, &w, &h, &buffer, buffer.count)
    }
    guard status == 0, let pointer else { throw MediaError(path: "(memory)", message: buffer) }
    defer { zt_free(pointer) }
    self.init(width: Int(w), height: Int(h), pixels: Array(UnsafeBufferPointer(start: pointer, count: Int(w) * Int(h) * 4)))
  }
}
