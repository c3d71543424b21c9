// SPDX-License-Identifier: Apache-2.0
// A decoded image: premultiplied RGBA8 pixels, what a layer's `contents` shows.

/// A decoded image, as a layer's `contents` holds it (`CGImage` in Core
/// Animation): premultiplied RGBA8 pixels in sRGB, rows top to bottom,
/// immutable and shared — copying an `Image` copies a reference, never the
/// pixels, so one decoded file serves every frame and thread of a render.
///
/// Images come from files through `Image(contentsOfFile:)` (PNG and JPEG, in
/// the umbrella module `Zoetrope`) or from pixels in memory:
///
///     let dot = Image(width: 1, height: 1, straightRGBA: [255, 0, 0, 128])
///     layer.contents = try Image(contentsOfFile: "icon.png")
///
/// Two images are equal when they have the same name, size and pixels.
public struct Image: Hashable, Sendable, CustomStringConvertible {
  /// The pixels (and, once asked for, the smaller mipmap levels).
  package let storage: ImageStorage
  /// Where the image came from: the path it was read from, as given, or the
  /// name it was made with; `nil` for unnamed images. `inspect` reports it
  /// as the layer's `contents`.
  public let name: String?
  /// The mipmap levels, made on first use by a trilinear filter.
  let mipmaps: MipmapCache

  /// Width in pixels, ≥ 1: the file's. (A JPEG too large for the memory
  /// budget may be decoded at a smaller scale: it keeps its size here, and
  /// is drawn where and as large as it would be at full size, from fewer
  /// pixels.)
  public let width: Int
  /// Height in pixels, ≥ 1: the file's.
  public let height: Int
  /// The memory the decoded pixels take: 4 bytes a pixel.
  public var byteCount: Int { 4 * storage.count }

  /// An image over existing storage, of its size.
  package init(storage: ImageStorage, name: String?) {
    self.init(storage: storage, name: name, width: storage.width, height: storage.height)
  }

  /// An image of `width × height` pixels whose decoded pixels, `storage`,
  /// may be fewer (a scaled decode).
  package init(storage: ImageStorage, name: String?, width: Int, height: Int) {
    self.storage = storage
    self.name = name
    self.width = width
    self.height = height
    mipmaps = MipmapCache()
  }

  /// An image from straight-alpha RGBA8 bytes (rows top to bottom, 4 bytes a
  /// pixel), premultiplied here: each colour becomes `round(c × a / 255)`.
  /// The size must be at least 1 × 1 and `straightRGBA.count` must be
  /// `4 × width × height`; anything else is a programming error and traps.
  public init(width: Int, height: Int, straightRGBA: [UInt8], name: String? = nil) {
    let (count, overflow) = width.multipliedReportingOverflow(by: height)
    precondition(width > 0 && height > 0 && !overflow && count <= Int.max / 4 && straightRGBA.count == 4 * count,
                 "Image: the byte count does not match the size")
    let storage = straightRGBA.withUnsafeBufferPointer { bytes in
      ImageStorage(width: width, height: height) { words in
        Image.premultiply(bytes.baseAddress!, count: count, into: words.baseAddress!)
      }
    }
    self.init(storage: storage, name: name)
  }

  /// An image from premultiplied RGBA8 bytes (each colour ≤ its alpha; larger
  /// ones are lowered to the alpha). Size rules as ``init(width:height:straightRGBA:name:)``.
  public init(width: Int, height: Int, premultipliedRGBA: [UInt8], name: String? = nil) {
    let (count, overflow) = width.multipliedReportingOverflow(by: height)
    precondition(width > 0 && height > 0 && !overflow && count <= Int.max / 4
                 && premultipliedRGBA.count == 4 * count, "Image: the byte count does not match the size")
    let storage = ImageStorage(width: width, height: height) { words in
      for i in 0..<count {
        let a = premultipliedRGBA[4 * i + 3]
        let r = Swift.min(premultipliedRGBA[4 * i], a), g = Swift.min(premultipliedRGBA[4 * i + 1], a)
        let b = Swift.min(premultipliedRGBA[4 * i + 2], a)
        words[i] = UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
      }
    }
    self.init(storage: storage, name: name)
  }

  /// Premultiplies, in place, `count` words that hold straight RGBA8 pixels
  /// as bytes (R first in memory, as a decoder writes them): the same
  /// values as ``premultiply(_:count:into:)``.
  package static func premultiplyInPlace(_ words: UnsafeMutablePointer<UInt32>, count: Int) {
    for i in 0..<count {
      let word = UInt32(littleEndian: words[i])
      let a = word >> 24
      let r = ((word & 255) * a + 127) / 255, g = ((word >> 8 & 255) * a + 127) / 255
      let b = ((word >> 16 & 255) * a + 127) / 255
      words[i] = r | g << 8 | b << 16 | a << 24
    }
  }

  /// Premultiplies `count` straight RGBA8 pixels into words: `round(c × a / 255)`.
  package static func premultiply(_ bytes: UnsafePointer<UInt8>, count: Int, into words: UnsafeMutablePointer<UInt32>) {
    for i in 0..<count {
      let a = UInt32(bytes[4 * i + 3])
      // (c × a + 127) / 255 is round(c × a / 255) for every c, a in 0…255.
      let r = (UInt32(bytes[4 * i]) * a + 127) / 255, g = (UInt32(bytes[4 * i + 1]) * a + 127) / 255
      let b = (UInt32(bytes[4 * i + 2]) * a + 127) / 255
      words[i] = r | g << 8 | b << 16 | a << 24
    }
  }

  /// The premultiplied pixel at column `x`, row `y` (both must be inside the
  /// image; of an image decoded at a smaller scale, the decoded pixel that
  /// covers it).
  public func premultipliedPixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
    precondition(x >= 0 && x < width && y >= 0 && y < height, "Image: pixel outside the image")
    let word = storage.pixels[y * storage.height / height * storage.width + x * storage.width / width]
    return (UInt8(truncatingIfNeeded: word), UInt8(truncatingIfNeeded: word >> 8),
            UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 24))
  }

  /// Every decoded pixel as premultiplied RGBA8 bytes, rows top to bottom
  /// (`byteCount` bytes: `width × height` pixels unless decoded smaller).
  public var premultipliedRGBA: [UInt8] {
    var bytes = [UInt8](repeating: 0, count: byteCount)
    for i in 0..<storage.count {
      let word = storage.pixels[i]
      for channel in 0..<4 { bytes[4 * i + channel] = UInt8(truncatingIfNeeded: word >> (8 * UInt32(channel))) }
    }
    return bytes
  }

  /// `name`, or `"width×height image"` for an unnamed one.
  public var description: String { name ?? "\(width)×\(height) image" }

  public static func == (a: Image, b: Image) -> Bool {
    if a.storage === b.storage { return a.name == b.name }
    guard a.name == b.name, a.width == b.width, a.height == b.height, a.storage.width == b.storage.width,
      a.storage.height == b.storage.height
    else { return false }
    for i in 0..<a.storage.count where a.storage.pixels[i] != b.storage.pixels[i] { return false }
    return true
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(width)
    hasher.combine(height)
  }
}
