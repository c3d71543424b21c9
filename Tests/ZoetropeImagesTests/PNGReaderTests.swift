// SPDX-License-Identifier: Apache-2.0
// One PNG reader: compare and golden tests read what layer contents read, with one 16-bit rule and a preset per use.

import Foundation
import Testing
import ZoetropeImages
import ZoetropePixels
import _ZoetropeTestSupport

@Suite struct PNGReaderTests {
  /// A PNG whose rows (filter byte 0, then the samples) are stored, not
  /// compressed: deflate's stored blocks, so that the test needs no encoder
  /// of ours.
  static func storedPNG(width: Int, height: Int, depth: UInt8, colorType: UInt8, rows: [[UInt8]]) -> [UInt8] {
    func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
      let body = Array(type.utf8) + data
      var crc: UInt32 = 0xFFFF_FFFF
      for byte in body {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
      }
      return be(UInt32(data.count)) + body + be(crc ^ 0xFFFF_FFFF)
    }
    let raw: [UInt8] = rows.flatMap { [UInt8(0)] + $0 }
    var zlib: [UInt8] = [0x78, 0x01]
    var start = 0
    repeat {
      let count = Swift.min(65_535, raw.count - start)
      let last: UInt8 = start + count == raw.count ? 1 : 0
      zlib += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8(~count >> 8 & 0xFF)]
      zlib += raw[start..<start + count]
      start += count
    } while start < raw.count
    var a: UInt32 = 1, b: UInt32 = 0
    for byte in raw {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    zlib += be(b << 16 | a)
    let header = be(UInt32(width)) + be(UInt32(height)) + [depth, colorType, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib)
      + chunk("IEND", [])
  }

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
    let bytes = Self.storedPNG(width: 256, height: 256, depth: 16, colorType: 0, rows: rows)
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
    let bytes = Self.storedPNG(width: 20_000, height: 1, depth: 8, colorType: 0, rows: [[UInt8](repeating: 7, count: 20_000)])
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
    let bytes = Array(Self.storedPNG(width: 64, height: 64, depth: 8, colorType: 0, rows: rows).prefix(600))
    #expect(throws: MediaError(path: "(memory)", reason: "the PNG data ends early (truncated file)")) {
      try RGBAImage(pngData: bytes)
    }
    #expect(throws: MediaError(path: "(memory)", reason: "the PNG data ends early (truncated file)")) {
      try Image(encodedData: bytes)
    }
  }
}
