// SPDX-License-Identifier: Apache-2.0
// Images in a clip's damage: an unchanged image keeps its pixels, and is played whole or not at all.

import Testing
import ZoetropeGeometry
import ZoetropePixels
@testable import ZoetropeRaster

@Suite struct ImageDamageTests {
  static let canvas = Rasterizer.Canvas(width: 96, height: 64)
  /// A 4 × 4 image of four colours, decoded once (one storage for every frame).
  static let photo = decoded()

  /// The photo's pixels in a storage of their own.
  static func decoded() -> Image {
    var bytes: [UInt8] = []
    for i in 0..<16 {
      let red = UInt8(i * 16), green = UInt8(255 - i * 12), blue = UInt8(i % 4 * 60)
      bytes += [red, green, blue, 255]
    }
    return Image(width: 4, height: 4, straightRGBA: bytes)
  }

  /// The photo over columns 40…72, rows 8…40, scaled by `scale` image
  /// pixels per device pixel, and a red disc at (`discX`, `discY`) (none at NaN).
  static func frame(discX: Double, discY: Double = 14, photo: Image = photo, scale: Double = 0.11) -> DisplayList {
    var list = DisplayList(width: canvas.width, height: canvas.height, background: Color(red: 1, green: 1, blue: 1))
    let paint = ImagePaint(image: photo, deviceToLayer: Homography(values: [1, 0, 0, 0, 1, 0, -40, -8, 1]),
                           x: ImagePaint.AxisMap(layer: [0, 32], image: [0, 32 * scale])!,
                           y: ImagePaint.AxisMap(layer: [0, 32], image: [0, 32 * scale])!,
                           minification: .linear, magnification: .linear, opacity: 1)
    if let shape = Rasterizer.shape(of: Path.rect(Rect(x: 40, y: 8, width: 32, height: 32)), fillRule: .nonZero,
                                    transform: .identity, canvas: canvas) {
      list.fill(shape, image: paint)
    }
    if !discX.isNaN, let disc = Rasterizer.shape(of: Path.ellipse(in: Rect(x: discX, y: discY, width: 10, height: 10)),
                                   fillRule: .nonZero, transform: .identity, canvas: canvas) {
      list.fill(disc, color: Color(red: 1, green: 0, blue: 0), opacity: 1)
    }
    return list
  }

  @Test func anUnchangedImageIsNotPlayedAgain() {
    #expect(Self.frame(discX: 4).damage(since: Self.frame(discX: 4), bandHeight: 16)
      == [.none, .none, .none, .none])
  }

  @Test func anImageDecodedAgainOrMappedOtherwiseIsPlayedWhole() {
    let copy = Self.decoded()
    // Equal pixels in another storage are not taken as the same (a comparison of every pixel is not made).
    #expect(Self.frame(discX: 4, photo: copy).damage(since: Self.frame(discX: 4), bandHeight: 16)
      == [.whole, .whole, .whole, .none])
    #expect(Self.frame(discX: 4, scale: 0.12).damage(since: Self.frame(discX: 4), bandHeight: 16)
      == [.whole, .whole, .whole, .none])
  }

  @Test func damageReachingAnUnchangedImagePlaysItsBandWhole() {
    // The disc moves within columns 0…20, clear of the photo: only its columns.
    #expect(Self.frame(discX: 8).damage(since: Self.frame(discX: 4), bandHeight: 16)
      == [.columns([4..<18]), .columns([4..<18]), .none, .none])
    // Into the photo's columns: an image's run cut at a column could sample a rounding apart, so the
    // bands where the damage reaches it are played whole; below its rows, the columns alone.
    #expect(Self.frame(discX: 36).damage(since: Self.frame(discX: 30), bandHeight: 16)
      == [.whole, .whole, .none, .none])
    // So too when a disc appears (the two drawings aligned band by band, not pair by pair).
    #expect(Self.frame(discX: 36).damage(since: Self.frame(discX: .nan), bandHeight: 16)
      == [.whole, .whole, .none, .none])
    #expect(Self.frame(discX: 4).damage(since: Self.frame(discX: .nan), bandHeight: 16)
      == [.columns([4..<14]), .columns([4..<14]), .none, .none])
    #expect(Self.frame(discX: 46, discY: 50).damage(since: Self.frame(discX: 40, discY: 50), bandHeight: 16)
      == [.none, .none, .none, .columns([40..<56])])
  }

  @Test func playingTheDamageOverTheEarlierFrameGivesTheFrame() {
    for (before, after) in [(Self.frame(discX: 30), Self.frame(discX: 36)), (Self.frame(discX: 4), Self.frame(discX: 9)),
                            (Self.frame(discX: 4), Self.frame(discX: 4, scale: 0.125))] {
      let (played, fresh) = after.playedOver(before)
      #expect(played == fresh)
    }
  }
}
