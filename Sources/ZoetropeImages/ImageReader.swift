// SPDX-License-Identifier: Apache-2.0
// The one image reader's Swift side: the header checked first, then the pixels decoded where they will stay.

import CZoetropeImages

/// Reads PNG, JPEG and WebP bytes through the C shim's one decoder: the header
/// is checked against the limits of a use before any pixel memory is
/// taken (``inspect(_:limits:use:path:)``), then the pixels are decoded
/// straight into the memory they end in (``decode(_:limits:info:into:path:)``),
/// so a decode holds the result once, never a second copy.
enum ImageReader {
  /// What a use reads: which formats, and whether a JPEG too large for the
  /// budget is decoded at a smaller scale instead of refused.
  struct Use {
    let formats: UInt32
    let scalesJPEG: Bool

    /// A layer's contents: PNG, JPEG and WebP, a JPEG scaled down where
    /// the budget has no room for its full size.
    static let contents = Use(formats: UInt32(ZT_IMAGE_PNG.rawValue | ZT_IMAGE_JPEG.rawValue | ZT_IMAGE_WEBP.rawValue),
                              scalesJPEG: true)
    /// `compare` and golden tests: PNG only, at full size.
    static let png = Use(formats: UInt32(ZT_IMAGE_PNG.rawValue), scalesJPEG: false)
  }

  /// The C limits of `limits` for `use`.
  static func cLimits(_ limits: ImageDecodingLimits, use: Use) -> zt_image_limits {
    let side = UInt32(clamping: Swift.max(0, limits.maximumPixelsPerSide))
    return zt_image_limits(max_width: side, max_height: side,
                           max_bytes: UInt64(clamping: Swift.max(0, limits.memoryBudget)), formats: use.formats,
                           scales_jpeg: use.scalesJPEG ? 1 : 0)
  }

  /// The header of `data`, checked: what decoding it will give and hold.
  /// Throws a ``MediaError`` about `path` for anything refused.
  static func inspect(_ data: UnsafeBufferPointer<UInt8>, limits: zt_image_limits, path: String) throws(MediaError)
    -> zt_image_info
  {
    var limits = limits
    var info = zt_image_info()
    var message = [CChar](repeating: 0, count: 512)
    let status = zt_image_inspect(data.baseAddress, data.count, &limits, &info, &message, message.count)
    guard status == Int32(ZT_IMAGE_OK.rawValue), info.width > 0, info.height > 0 else {
      throw MediaError(path: path, message: message)
    }
    return info
  }

  /// Decodes `data`, inspected as `info`, into `pixels` (4 × `info.width` ×
  /// `info.height` bytes): straight-alpha RGBA8, upright.
  static func decode(_ data: UnsafeBufferPointer<UInt8>, limits: zt_image_limits, info: zt_image_info,
                     into pixels: UnsafeMutablePointer<UInt8>, path: String) throws(MediaError) {
    var limits = limits, info = info
    var message = [CChar](repeating: 0, count: 512)
    let status = zt_image_decode_into(data.baseAddress, data.count, &limits, &info, pixels, &message, message.count)
    guard status == Int32(ZT_IMAGE_OK.rawValue) else { throw MediaError(path: path, message: message) }
  }
}
