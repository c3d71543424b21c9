// SPDX-License-Identifier: Apache-2.0
// One PNG reader: compare and golden tests read what layer contents read, with one 16-bit rule and a preset per use.

import Foundation
import Testing
import ZoetropeImages
import ZoetropePixels
import _ZoetropeTestSupport

@Suite struct PNGReaderTests {
  /// The readers of `compare` and of layer contents are one: every colour
  /// type and bit depth reads as the RGBA8 the fixture generator worked
  /// out, through both (`compare` kept only the high byte of 16-bit samples).
  @Test(arguments: ImageDecodingTests.pngVariants)
  func compareReadsEveryVariantAsLayerContentsDo(_ variant: String) throws {
    let expected = try RGBAImage(contentsOfPNG: Fixtures.url("Images/decode/expected/\(variant).png").path)
    for suffix in ["", "-interlaced"] {
      let path = Fixtures.url("Images/decode/\(variant)\(suffix).png").path
      #expect(try RGBAImage(contentsOfPNG: path) == expected, "\(variant)\(suffix)")
      #expect(try Image(contentsOfFile: path) == Image(expected, name: path), "\(variant)\(suffix)")
    }
  }

  /// The one 16-bit rule: every 16-bit value v becomes round(v × 255 / 65535),
  /// not v >> 8 (they differ for a quarter of the values), in both uses.
  @Test func sixteenBitSamplesAreScaledWithRounding() throws {
    let rows = (0..<256).map { y in (0..<256).flatMap { x in [UInt8(y), UInt8(x)] } }
    let bytes = PNGFiles.stored(width: 256, height: 256, depth: 16, colorType: 0, rows: rows)
    let compared = try RGBAImage(pngData: bytes)
    let contents = try Image(encodedData: bytes)
    var highByteDiffers = 0
    for v in 0..<65_536 {
      let expected = UInt8((Double(v) * 255 / 65_535).rounded())
      let pixel = compared.pixels[4 * v..<4 * v + 4]
      #expect(Array(pixel) == [expected, expected, expected, 255], "\(v)")
      #expect(contents.premultipliedPixel(x: v % 256, y: v / 256) == (expected, expected, expected, 255), "\(v)")
      if expected != UInt8(v >> 8) { highByteDiffers += 1 }
      if pixel.first != expected { break }
    }
    #expect(highByteDiffers > 16_000)
  }

  /// A preset per use: a PNG 20,000 pixels wide is within what `compare`
  /// reads (2²⁴ a side) and past what a layer's contents may be (16,384).
  @Test func eachUseHasItsOwnLimits() throws {
    let bytes = PNGFiles.stored(width: 20_000, height: 1, depth: 8, colorType: 0, rows: [[UInt8](repeating: 7, count: 20_000)])
    #expect(try RGBAImage(pngData: bytes).pixels[0..<4] == [7, 7, 7, 255])
    #expect(throws: MediaError(path: "(memory)",
                               reason: "the image claims 20000 × 1 pixels; at most 16384 × 16384 are accepted")) {
      try Image(encodedData: bytes)
    }
  }

  /// `compare` reads PNGs only, and says so of a JPEG.
  @Test func compareRefusesJPEGByItsBytes() {
    let path = Fixtures.url("Images/jpeg/grey.jpg").path
    #expect(throws: MediaError(path: path, reason: "a JPEG image; only PNG is read here")) {
      try RGBAImage(contentsOfPNG: path)
    }
  }

  /// A truncated PNG says so in both uses, in the same words.
  @Test func aTruncatedPNGSaysSoInBothUses() throws {
    let rows = (0..<64).map { y in (0..<64).map { x in UInt8((x * y) & 0xFF) } }
    let bytes = Array(PNGFiles.stored(width: 64, height: 64, depth: 8, colorType: 0, rows: rows).prefix(600))
    #expect(throws: MediaError(path: "(memory)", reason: "the PNG data ends early (truncated file)")) {
      try RGBAImage(pngData: bytes)
    }
    #expect(throws: MediaError(path: "(memory)", reason: "the PNG data ends early (truncated file)")) {
      try Image(encodedData: bytes)
    }
  }
}
