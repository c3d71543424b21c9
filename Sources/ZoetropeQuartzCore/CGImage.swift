// SPDX-License-Identifier: Apache-2.0
// CGImage from PNG or JPEG bytes, for `CALayer.contents`, decoded by Zoetrope's image decoder.

import Foundation
import Zoetrope

/// Bytes a `CGImage` is made from (`CGDataProvider`): in memory, or read
/// from a file when made.
public final class CGDataProvider: Sendable {
  let bytes: [UInt8]
  let name: String?

  /// A provider of `data`.
  public init(data: Data) {
    bytes = [UInt8](data)
    name = nil
  }

  /// A provider of the file at `url`; `nil` when it cannot be read.
  public init?(url: URL) {
    guard let data = try? Data(contentsOf: url) else { return nil }
    bytes = [UInt8](data)
    name = url.path
  }

  /// A provider of the file at `filename`; `nil` when it cannot be read.
  public convenience init?(filename: String) { self.init(url: URL(fileURLWithPath: filename)) }
}

/// How colours outside the destination's gamut are mapped (stored only: images here are sRGB).
public enum CGColorRenderingIntent: Int32, Sendable {
  case defaultIntent, absoluteColorimetric, relativeColorimetric, perceptual, saturation
}

/// A decoded bitmap, as Core Graphics' `CGImage`: what `CALayer.contents`
/// and flipbook keyframe values hold. Made from PNG or JPEG bytes (8 or 16
/// bits, grey or colour, with or without alpha), within Zoetrope's image
/// limits; `nil` for anything it cannot decode.
///
///     let provider = CGDataProvider(data: try Data(contentsOf: url))
///     avatar.contents = CGImage(pngDataProviderSource: provider, decode: nil,
///                               shouldInterpolate: true, intent: .defaultIntent)
public final class CGImage: Hashable, Sendable {
  /// The pixels, as a layer draws them.
  let zoetrope: Image

  init(_ image: Image) { zoetrope = image }

  private convenience init?(_ source: CGDataProvider) {
    guard let image = try? Image(encodedData: source.bytes, name: source.name) else { return nil }
    self.init(image)
  }

  /// The PNG image `source` holds; `nil` when it is not a PNG Zoetrope decodes.
  public convenience init?(pngDataProviderSource source: CGDataProvider, decode: UnsafePointer<CGFloat>?,
                           shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
    guard source.bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
    self.init(source)
  }

  /// The JPEG image `source` holds; `nil` when it is not a JPEG Zoetrope decodes.
  public convenience init?(jpegDataProviderSource source: CGDataProvider, decode: UnsafePointer<CGFloat>?,
                           shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
    guard source.bytes.starts(with: [0xFF, 0xD8]) else { return nil }
    self.init(source)
  }

  /// Width in pixels.
  public var width: Int { zoetrope.width }
  /// Height in pixels.
  public var height: Int { zoetrope.height }

  /// The same pixels.
  public static func == (a: CGImage, b: CGImage) -> Bool { a.zoetrope == b.zoetrope }
  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) { hasher.combine(zoetrope) }
}
