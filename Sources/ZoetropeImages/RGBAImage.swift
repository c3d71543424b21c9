// SPDX-License-Identifier: Apache-2.0
// An 8-bit straight-alpha RGBA image, and PNG files in and out.

import CZoetropeImages
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

  /// The most pixels a PNG may have to be written (the C shim's
  /// `ZT_PNG_MAXIMUM_PIXELS`): 2²⁸, 16,384 × 16,384, what
  /// ``ImageDecodingLimits/comparison`` reads.
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

  /// Reads a PNG of any colour type and bit depth as straight-alpha RGBA8
  /// (16-bit samples scaled to 8 bits with rounding), through the one image
  /// reader (the one layer contents are read with) within `limits`: a
  /// regular file only, its size, sides and decoded bytes checked before
  /// anything is allocated for its pixels, which are decoded once, into the
  /// image.
  public init(contentsOfPNG path: String, limits: ImageDecodingLimits = .comparison) throws(MediaError) {
    let bytes: [UInt8]
    do {
      bytes = try ImageFile.contents(of: path, maximumSize: limits.maximumFileSize)
    } catch {
      throw MediaError(path: path, reason: error.reason)
    }
    try self.init(pngData: bytes, limits: limits, path: path)
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

  /// Decodes PNG bytes as ``init(contentsOfPNG:limits:)`` reads a file;
  /// errors name `(memory)`. Any bytes are safe to pass.
  public init(pngData bytes: [UInt8], limits: ImageDecodingLimits = .comparison) throws(MediaError) {
    try self.init(pngData: bytes, limits: limits, path: "(memory)")
  }

  /// Decodes PNG bytes into the image's own pixels; errors name `path`.
  init(pngData bytes: [UInt8], limits: ImageDecodingLimits, path: String) throws(MediaError) {
    let cLimits = ImageReader.cLimits(limits, use: .png)
    let (info, pixels) = try bytes.withUnsafeBufferPointer { (data) throws(MediaError) -> (zt_image_info, [UInt8]) in
      let info = try ImageReader.inspect(data, limits: cLimits, path: path)
      let count = 4 * Int(info.width) * Int(info.height)
      var failure: MediaError?
      let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
        do throws(MediaError) {
          try ImageReader.decode(data, limits: cLimits, info: info, into: buffer.baseAddress!, path: path)
          initialized = count
        } catch {
          failure = error
          initialized = 0
        }
      }
      if let failure { throw failure }
      return (info, pixels)
    }
    self.init(width: Int(info.width), height: Int(info.height), pixels: pixels)
  }
}
