// SPDX-License-Identifier: Apache-2.0
// Comparing two images, premultiplied: exact by default, with opt-in tolerances and anti-aliasing detection.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How different two images may be and still count as the same.
public struct ImageTolerance: Sendable, Hashable {
  /// A pixel differs when any channel differs by more than this (0…255).
  public var perChannel: Int
  /// How many differing pixels are allowed, as a share of all pixels (0…1).
  public var differingFraction: Double
  /// Whether differing pixels that look like anti-aliasing (a pixel on an
  /// edge that moved by a fraction of a pixel) are forgiven.
  public var ignoresAntialiasing: Bool

  /// A tolerance.
  public init(perChannel: Int = 0, differingFraction: Double = 0, ignoresAntialiasing: Bool = false) {
    self.perChannel = perChannel
    self.differingFraction = differingFraction
    self.ignoresAntialiasing = ignoresAntialiasing
  }

  /// Byte-identical images only (the renderer is deterministic).
  public static let exact = ImageTolerance()
}

/// How two images of the same size differ, compared premultiplied: each
/// colour channel times its alpha (`round(c × a / 255)`, as a layer's
/// contents are premultiplied), so that pixels that look the same are the
/// same — a fully transparent pixel is transparent black whatever colour
/// its straight bytes carry — and a colour counts as much as it shows.
public struct ImageDifference: Sendable {
  /// The largest difference of any channel of any pixel (0…255), premultiplied.
  public var maximumChannelDifference: Int
  /// Pixels with a channel differing by more than the tolerance's `perChannel`.
  public var differingPixels: Int
  /// Of those, the ones that look like anti-aliasing.
  public var antialiasedPixels: Int
  /// All pixels.
  public var pixelCount: Int
  /// PSNR over premultiplied RGBA in dB (``RGBAImage/psnr(to:)``); `.infinity` for identical images.
  public var psnr: Double
  /// The differences drawn: the expected image faded to a quarter of its
  /// contrast, differing pixels red (anti-aliasing ones yellow).
  public var image: RGBAImage

  /// `differingPixels / pixelCount`.
  public var differingFraction: Double { pixelCount == 0 ? 0 : Double(differingPixels) / Double(pixelCount) }

  /// Whether the difference is within `tolerance`.
  public func isWithin(_ tolerance: ImageTolerance) -> Bool {
    let counted = tolerance.ignoresAntialiasing ? differingPixels - antialiasedPixels : differingPixels
    return Double(counted) <= tolerance.differingFraction * Double(pixelCount)
  }

  /// One JSON object: the figures above (no image).
  public var json: String {
    func number(_ v: Double) -> String { v.isFinite ? "\(v)" : "null" }
    return "{\"maxChannelDifference\": \(maximumChannelDifference), \"differingPixels\": \(differingPixels), "
      + "\"differingFraction\": \(number(differingFraction)), \"antialiasedPixels\": \(antialiasedPixels), "
      + "\"pixels\": \(pixelCount), \"psnr\": \(number(psnr))}"
  }
}

extension RGBAImage {
  /// How `self` (the actual image) differs from `expected`; `nil` when the
  /// sizes differ. A pixel differs when a channel of its premultiplied
  /// value differs by more than `perChannel` (two fully transparent pixels
  /// never differ).
  ///
  /// Anti-aliasing, after pixelmatch (Mapbox): a differing pixel counts as
  /// anti-aliased when, in either image, its 3×3 neighbourhood holds both a
  /// darker and a brighter neighbour, at most two neighbours equal to it, and
  /// its darkest or brightest neighbour sits in a flat area (three or more
  /// equal neighbours of its own) in both images — the mark of an edge that
  /// moved, not of content that changed.
  public func difference(from expected: RGBAImage, perChannel: Int = 0) -> ImageDifference? {
    guard width == expected.width, height == expected.height else { return nil }
    var maximum = 0, differing = 0, antialiased = 0
    var squares: UInt64 = 0
    var diff = [UInt8](repeating: 255, count: pixels.count)
    for i in 0..<(width * height) {
      var delta = 0
      let a = premultiplied(i), b = expected.premultiplied(i)
      for c in 0..<4 {
        let d = abs(Int(a[c]) - Int(b[c]))
        squares += UInt64(d * d)
        delta = Swift.max(delta, d)
      }
      maximum = Swift.max(maximum, delta)
      let x = i % width, y = i / width
      if delta > perChannel {
        differing += 1
        let isAntialiased = RGBAImage.looksAntialiased(x, y, in: self, other: expected)
          || RGBAImage.looksAntialiased(x, y, in: expected, other: self)
        if isAntialiased { antialiased += 1 }
        diff[4 * i] = 255
        diff[4 * i + 1] = isAntialiased ? 200 : 0
        diff[4 * i + 2] = 0
      } else {
        let l = UInt8(191 + Int(expected.luma(x, y)) / 4)
        diff[4 * i] = l; diff[4 * i + 1] = l; diff[4 * i + 2] = l
      }
    }
    return ImageDifference(maximumChannelDifference: maximum, differingPixels: differing,
                           antialiasedPixels: antialiased, pixelCount: width * height,
                           psnr: RGBAImage.psnr(sumOfSquares: squares, samples: pixels.count),
                           image: RGBAImage(width: width, height: height, pixels: diff))
  }

  /// Luma of a pixel composited over white, 0…255.
  func luma(_ x: Int, _ y: Int) -> Double {
    let o = 4 * (y * width + x)
    let a = Double(pixels[o + 3]) / 255
    func over(_ c: UInt8) -> Double { 255 + (Double(c) - 255) * a }
    return 0.299 * over(pixels[o]) + 0.587 * over(pixels[o + 1]) + 0.114 * over(pixels[o + 2])
  }

  /// Pixel `i` premultiplied: each colour `round(c × a / 255)`, then the alpha.
  @inline(__always)
  func premultiplied(_ i: Int) -> SIMD4<UInt8> {
    let a = UInt32(pixels[4 * i + 3])
    return SIMD4(UInt8((UInt32(pixels[4 * i]) * a + 127) / 255), UInt8((UInt32(pixels[4 * i + 1]) * a + 127) / 255),
                 UInt8((UInt32(pixels[4 * i + 2]) * a + 127) / 255), UInt8(a))
  }

  /// Pixel (x, y) premultiplied, as one word (pixels that look the same have the same word).
  private func word(_ x: Int, _ y: Int) -> UInt32 {
    let p = premultiplied(y * width + x)
    return UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16 | UInt32(p[3]) << 24
  }

  /// Peak signal-to-noise ratio against `other` over every channel of every
  /// pixel, premultiplied as ``difference(from:perChannel:)`` compares, in
  /// dB: `10 log10(255² / MSE)`; `.infinity` when the images are identical,
  /// `nil` when their sizes differ or they are empty.
  public func psnr(to other: RGBAImage) -> Double? {
    guard width == other.width, height == other.height, !pixels.isEmpty else { return nil }
    var squares: UInt64 = 0
    for i in 0..<(width * height) {
      let a = SIMD4<Int32>(truncatingIfNeeded: premultiplied(i)), b = SIMD4<Int32>(truncatingIfNeeded: other.premultiplied(i))
      let d = a &- b
      squares += UInt64((d &* d).wrappedSum())
    }
    return RGBAImage.psnr(sumOfSquares: squares, samples: pixels.count)
  }

  /// `10 log10(255² / MSE)` for a sum of squared differences over `samples`
  /// channel values; `.infinity` for a sum of zero.
  static func psnr(sumOfSquares squares: UInt64, samples: Int) -> Double {
    guard squares > 0 else { return .infinity }
    return 10 * log10(255 * 255 / (Double(squares) / Double(Swift.max(samples, 1))))
  }

  /// Whether pixel (x, y) of `image` sits on an anti-aliased edge (see ``difference(from:perChannel:)``).
  static func looksAntialiased(_ x: Int, _ y: Int, in image: RGBAImage, other: RGBAImage) -> Bool {
    let centre = image.luma(x, y), centreWord = image.word(x, y)
    var equal = 0
    var darkest = (0.0, -1, -1), brightest = (0.0, -1, -1)
    for ny in Swift.max(0, y - 1)...Swift.min(image.height - 1, y + 1) {
      for nx in Swift.max(0, x - 1)...Swift.min(image.width - 1, x + 1) where nx != x || ny != y {
        if image.word(nx, ny) == centreWord {
          equal += 1
          if equal > 2 { return false }
          continue
        }
        let delta = image.luma(nx, ny) - centre
        if delta < darkest.0 { darkest = (delta, nx, ny) }
        if delta > brightest.0 { brightest = (delta, nx, ny) }
      }
    }
    guard darkest.1 >= 0, brightest.1 >= 0 else { return false }
    func flat(_ x: Int, _ y: Int) -> Bool { hasManySiblings(x, y, image) && hasManySiblings(x, y, other) }
    return flat(darkest.1, darkest.2) || flat(brightest.1, brightest.2)
  }

  /// Whether three or more neighbours of (x, y) equal it.
  static func hasManySiblings(_ x: Int, _ y: Int, _ image: RGBAImage) -> Bool {
    let centre = image.word(x, y)
    var equal = x == 0 || y == 0 || x == image.width - 1 || y == image.height - 1 ? 1 : 0
    for ny in Swift.max(0, y - 1)...Swift.min(image.height - 1, y + 1) {
      for nx in Swift.max(0, x - 1)...Swift.min(image.width - 1, x + 1) where nx != x || ny != y {
        if image.word(nx, ny) == centre { equal += 1 }
        if equal > 2 { return true }
      }
    }
    return false
  }
}
