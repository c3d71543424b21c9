// SPDX-License-Identifier: Apache-2.0
// Decoding every PNG colour type and bit depth, JPEGs with their EXIF orientation, and refusing what cannot be decoded.

import Foundation
import Testing
import ZoetropeImages
import ZoetropeMedia
import ZoetropePixels
import _ZoetropeTestSupport

@Suite struct ImageDecodingTests {
  @Test func pngBytesDecodeToPremultipliedPixels() throws {
    let source = RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 255, 0, 128])
    let image = try Image(encodedData: try source.pngData(), name: "two.png")
    #expect(image.width == 2 && image.height == 1)
    #expect(image.premultipliedPixel(x: 0, y: 0) == (255, 0, 0, 255))
    #expect(image.premultipliedPixel(x: 1, y: 0) == (0, 128, 0, 128))
  }

  /// Every variant the generator wrote, each beside the RGBA8 it must decode to
  /// (worked out by the generator's own formulas, not by libpng).
  static let pngVariants = ["grey1", "grey2", "grey4", "grey8", "grey16", "grey8-trns", "greyalpha8", "greyalpha16",
                            "rgb8", "rgb16", "rgba8", "rgba16", "rgb8-trns", "palette1", "palette2", "palette4",
                            "palette8", "rgba8-gamma"]

  @Test(arguments: pngVariants)
  func everyPNGColourTypeAndBitDepthDecodesToItsExpectedPixels(_ variant: String) throws {
    let expected = try RGBAImage(contentsOfPNG: Fixtures.url("Images/decode/expected/\(variant).png").path)
    for suffix in ["", "-interlaced"] {
      let path = Fixtures.url("Images/decode/\(variant)\(suffix).png").path
      let image = try Image(contentsOfFile: path)
      #expect(image == Image(expected, name: path), "\(variant)\(suffix)")
    }
  }

  @Test(arguments: 1...8)
  func jpegOrientationIsApplied(_ orientation: Int) throws {
    let upright = Image(try RGBAImage(contentsOfPNG: Fixtures.url("Images/jpeg/upright.png").path))
    let image = try Image(contentsOfFile: Fixtures.url("Images/jpeg/orientation-\(orientation).jpg").path)
    #expect(image.width == 32 && image.height == 16)
    // Flat 8 × 8-aligned blocks survive JPEG at quality 95 within a few levels.
    #expect(Self.largestDifference(image, upright) <= 6, "orientation \(orientation)")
  }

  @Test(arguments: ["grey.jpg", "progressive.jpg"])
  func greyAndProgressiveJPEGsDecode(_ name: String) throws {
    let image = try Image(contentsOfFile: Fixtures.url("Images/jpeg/\(name)").path)
    #expect(image.width == 32 && image.height == 16)
    let (r, g, b, a) = image.premultipliedPixel(x: 3, y: 3)
    #expect(a == 255)
    if name == "grey.jpg" { #expect(r == g && g == b) } else { #expect(r > 200 && g < 60 && b < 60) }
  }

  @Test func cmykJPEGIsRefusedWithAClearError() {
    let path = Fixtures.url("Images/jpeg/cmyk.jpg").path
    #expect(throws: MediaError(path: path, reason: "CMYK JPEG images are not supported; save the image as RGB")) {
      try Image(contentsOfFile: path)
    }
  }

  /// The largest difference of any premultiplied channel.
  static func largestDifference(_ a: Image, _ b: Image) -> Int {
    zip(a.premultipliedRGBA, b.premultipliedRGBA).map { abs(Int($0) - Int($1)) }.max() ?? 0
  }

  /// The reason a decode of `bytes` fails with, or `nil` when it succeeds.
  static func failure(_ bytes: [UInt8], limits: ImageDecodingLimits = .standard) -> String? {
    do {
      _ = try Image(encodedData: bytes, name: "x", limits: limits)
      return nil
    } catch {
      return error.reason
    }
  }

  @Test func truncatedFilesAreRefused() throws {
    for name in ["tile.png", "jpeg/orientation-1.jpg", "jpeg/progressive.jpg", "decode/rgba8-interlaced.png"] {
      let bytes = try Fixtures.bytes("Images/\(name)")
      for cut in [9, 30, bytes.count / 2, bytes.count - 13, bytes.count - 1] {
        let reason = Self.failure(Array(bytes.prefix(cut)))
        #expect(reason != nil, "\(name) cut to \(cut) bytes decoded")
      }
    }
  }

  @Test func corruptDataIsRefused() throws {
    var png = try Fixtures.bytes("Images/tile.png")
    png[png.count / 2] ^= 0x5A  // inside IDAT: its CRC no longer matches
    #expect(Self.failure(png)?.contains("damaged PNG data") == true)
    var jpeg = try Fixtures.bytes("Images/jpeg/orientation-1.jpg")
    for i in stride(from: jpeg.count - 200, to: jpeg.count - 20, by: 7) { jpeg[i] = 0xFF }
    #expect(Self.failure(jpeg)?.contains("damaged JPEG data") == true)
  }

  /// A PNG whose header claims `width × height` pixels, with a little real image data.
  static func claimedPNG(width: UInt32, height: UInt32) -> [UInt8] {
    func chunk(_ kind: String, _ data: [UInt8]) -> [UInt8] {
      let body = Array(kind.utf8) + data
      var crc: UInt32 = 0xFFFF_FFFF
      for byte in body {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
      }
      return withUnsafeBytes(of: UInt32(data.count).bigEndian, Array.init) + body
        + withUnsafeBytes(of: (~crc).bigEndian, Array.init)
    }
    let header = withUnsafeBytes(of: width.bigEndian, Array.init) + withUnsafeBytes(of: height.bigEndian, Array.init)
      + [8, 6, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
      + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
  }

  @Test func aDecompressionBombIsAnErrorNotAnAllocation() throws {
    // 4 MB of file claiming 100,000 × 100,000 pixels (40 GB decoded).
    var bomb = Self.claimedPNG(width: 100_000, height: 100_000)
    bomb += [UInt8](repeating: 0, count: 4_000_000)
    let reason = try #require(Self.failure(bomb))
    #expect(reason.contains("100000 × 100000"))
    // Under the side limit but over the budget: refused from the header as well.
    let wide = Self.claimedPNG(width: 16_000, height: 16_000)
    let small = ImageDecodingLimits(memoryBudget: 64 << 20)
    #expect(Self.failure(wide, limits: small)?.contains("memory budget") == true)
    // A JPEG header claiming 60,000 × 60,000 (SOF0 edited).
    var jpeg = try Fixtures.bytes("Images/jpeg/grey.jpg")
    let sof = try #require((0..<(jpeg.count - 9)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
    jpeg[sof + 5] = 0xEA; jpeg[sof + 6] = 0x60; jpeg[sof + 7] = 0xEA; jpeg[sof + 8] = 0x60
    #expect(Self.failure(jpeg)?.contains("60000 × 60000") == true)
  }

  @Test func otherFormatsAreNamedWhateverTheFileIsCalled() throws {
    let gif = Array("GIF89a".utf8) + [1, 0, 1, 0]
    let folder = TestFiles.url("zoetrope-gif-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("photo.png").path
    FileManager.default.createFile(atPath: path, contents: Data(gif))
    #expect(throws: MediaError(path: path, reason: "not a PNG, JPEG or WebP image (the bytes are a GIF image); only PNG, JPEG "
      + "and WebP are read")) {
      try Image(contentsOfFile: path)
    }
    #expect(Self.failure(Array("BM".utf8) + [1, 0, 1, 0])?.contains("a BMP image") == true)
    #expect(Self.failure([])?.contains("empty") == true)
    #expect(Self.failure(Array("hello, world".utf8))?.contains("unknown signature") == true)
  }

  @Test func onlyRegularFilesAreRead() {
    #expect(throws: MediaError(path: "/dev/zero", reason: "is a character device, not an image file")) {
      try Image(contentsOfFile: "/dev/zero")
    }
    #expect(throws: MediaError(path: "/tmp", reason: "is a folder, not an image file")) {
      try Image(contentsOfFile: "/tmp")
    }
    #expect(throws: MediaError(path: "/no/such/image.png", reason: "No such file or directory")) {
      try Image(contentsOfFile: "/no/such/image.png")
    }
  }

  @Test func anyBytesAreSafeToDecode() {
    // Random bytes behind both signatures: errors, never a crash.
    var random = SeededRandom(state: 0x9E37_79B9_7F4A_7C15)
    for round in 0..<300 {
      var bytes: [UInt8] = round % 2 == 0 ? [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] : [0xFF, 0xD8, 0xFF]
      for _ in 0..<(round * 3) {
        bytes.append(random.byte())
      }
      _ = Self.failure(bytes)
    }
  }
}
