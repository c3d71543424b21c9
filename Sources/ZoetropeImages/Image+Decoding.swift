// SPDX-License-Identifier: Apache-2.0
// Decoding PNG and JPEG files and bytes into Images, through the C shim.

import CZoetropeImages
import ZoetropePixels

extension Image {
  /// Reads a PNG or JPEG file (told apart by its bytes, not its name) as a
  /// layer's contents: every PNG colour type and bit depth, greyscale, YCbCr
  /// and RGB JPEGs with their EXIF orientation applied, samples taken as sRGB,
  /// premultiplied once here. The image is named `path`.
  ///
  /// Throws a ``MediaError`` naming `path` for a missing or unreadable file,
  /// anything but a regular file, a damaged or truncated image, another format
  /// (WebP, GIF, …), a CMYK JPEG, or an image beyond `limits` (checked from
  /// the header, before any pixel memory is allocated).
  ///
  ///     layer.contents = try Image(contentsOfFile: "Images/avatar.jpg")
  public init(contentsOfFile path: String, limits: ImageDecodingLimits = .standard) throws(MediaError) {
    let bytes: [UInt8]
    do {
      bytes = try ImageFile.contents(of: path, maximumSize: limits.maximumFileSize)
    } catch {
      throw MediaError(path: path, reason: error.reason)
    }
    try self.init(encodedData: bytes, name: path, limits: limits)
  }

  /// Decodes PNG or JPEG bytes, as ``init(contentsOfFile:limits:)`` decodes a
  /// file's; errors name `name` (or `(memory)`). Any bytes are safe to pass.
  public init(encodedData bytes: [UInt8], name: String? = nil,
              limits: ImageDecodingLimits = .standard) throws(MediaError) {
    let storage = try Image.decode(bytes, limits: limits, path: name ?? "(memory)")
    self.init(storage: storage, name: name)
  }

  /// Decodes `bytes` within `limits` into premultiplied storage.
  static func decode(_ bytes: [UInt8], limits: ImageDecodingLimits, path: String) throws(MediaError) -> ImageStorage {
    let side = UInt32(clamping: Swift.max(0, limits.maximumPixelsPerSide))
    var cLimits = zt_image_limits(max_width: side, max_height: side,
                                  max_bytes: UInt64(clamping: Swift.max(0, limits.memoryBudget)))
    var pointer: UnsafeMutablePointer<UInt8>?
    var width: UInt32 = 0, height: UInt32 = 0
    var message = [CChar](repeating: 0, count: 512)
    let status = bytes.withUnsafeBufferPointer { data in
      zt_image_decode(data.baseAddress, data.count, &cLimits, &pointer, &width, &height, &message, message.count)
    }
    guard status == 0, let pointer, width > 0, height > 0 else { throw MediaError(path: path, message: message) }
    defer { zt_image_free(pointer) }
    let count = Int(width) * Int(height)
    return ImageStorage(width: Int(width), height: Int(height)) { words in
      Image.premultiply(pointer, count: count, into: words.baseAddress!)
    }
  }
}

extension Image {
  /// An image of the straight-alpha pixels of `image`, named `name`.
  public init(_ image: RGBAImage, name: String? = nil) {
    self.init(width: image.width, height: image.height, straightRGBA: image.pixels, name: name)
  }
}
