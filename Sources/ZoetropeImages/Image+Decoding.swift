// SPDX-License-Identifier: Apache-2.0
// Decoding PNG, JPEG and WebP files and bytes into Images, through the one image reader.

import ZoetropePixels

extension Image {
  /// Reads a PNG, JPEG or WebP file (told apart by its bytes, not its name)
  /// as a layer's contents: every PNG colour type and bit depth, greyscale,
  /// YCbCr and RGB JPEGs with their EXIF orientation applied, still lossy and
  /// lossless WebPs, samples taken as sRGB, premultiplied once here. The image is named `path`.
  ///
  /// A JPEG whose decode would not fit `limits.memoryBudget` at full size
  /// (its pixels, and a progressive JPEG's coefficients) is decoded at the
  /// largest of 7/8 … 1/8 of its size that fits; it keeps its ``width`` and
  /// ``height`` and draws where it would at full size, from fewer pixels.
  ///
  /// Throws a ``MediaError`` naming `path` for a missing or unreadable file,
  /// anything but a regular file, a damaged or truncated image, another format
  /// (GIF, AVIF, …), a CMYK JPEG, an animated WebP, or an image beyond `limits` (checked from
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

  /// Decodes PNG, JPEG or WebP bytes, as ``init(contentsOfFile:limits:)`` decodes a
  /// file's; errors name `name` (or `(memory)`). Any bytes are safe to pass.
  public init(encodedData bytes: [UInt8], name: String? = nil,
              limits: ImageDecodingLimits = .standard) throws(MediaError) {
    self = try Image.decode(bytes, limits: limits, path: name ?? "(memory)", name: name)
  }

  /// Decodes `bytes` within `limits` into an image named `name`: the
  /// pixels decoded into the image's own storage and premultiplied there,
  /// so the decode holds them once.
  static func decode(_ bytes: [UInt8], limits: ImageDecodingLimits, path: String, name: String?) throws(MediaError)
    -> Image
  {
    let cLimits = ImageReader.cLimits(limits, use: .contents)
    return try bytes.withUnsafeBufferPointer { (data) throws(MediaError) -> Image in
      let info = try ImageReader.inspect(data, limits: cLimits, path: path)
      var failure: MediaError?
      let storage = ImageStorage(width: Int(info.width), height: Int(info.height)) { words in
        let bytes = UnsafeMutableRawPointer(words.baseAddress!).assumingMemoryBound(to: UInt8.self)
        do throws(MediaError) {
          try ImageReader.decode(data, limits: cLimits, info: info, into: bytes, path: path)
          Image.premultiplyInPlace(words.baseAddress!, count: words.count)
        } catch {
          failure = error
        }
      }
      if let failure { throw failure }
      return Image(storage: storage, name: name, width: Int(info.full_width), height: Int(info.full_height))
    }
  }
}

extension Image {
  /// An image of the straight-alpha pixels of `image`, named `name`.
  public init(_ image: RGBAImage, name: String? = nil) {
    self.init(width: image.width, height: image.height, straightRGBA: image.pixels, name: name)
  }
}
