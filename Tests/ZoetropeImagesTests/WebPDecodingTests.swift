// SPDX-License-Identifier: Apache-2.0
// Decoding still WebPs: lossless to the exact pixels of its source PNG (read by libpng), lossy to what Pillow
// decodes; animated, truncated and oversized WebPs refused with their reason.

import Foundation
import Testing
import ZoetropeImages
import ZoetropePixels
import _ZoetropeTestSupport

@Suite struct WebPDecodingTests {
  static let source = "Images/webp/source.png"

  @Test func aLosslessWebPDecodesToTheExactPixelsOfItsSource() throws {
    let path = Fixtures.url("Images/webp/lossless.webp").path
    let expected = try RGBAImage(contentsOfPNG: Fixtures.url(Self.source).path)
    let image = try Image(contentsOfFile: path)
    #expect(image == Image(expected, name: path))
  }

  @Test func aLossyWebPDecodesAsPillowDecodesItAndNearItsSource() throws {
    let path = Fixtures.url("Images/webp/lossy.webp").path
    let image = try Image(contentsOfFile: path)
    #expect(image.width == 48 && image.height == 32)
    let pillow = Image(try Self.pillow(path), name: path)
    #expect(ImageDecodingTests.largestDifference(image, pillow) <= 1)
    // Lossy, yet the picture: every premultiplied sample within 24 levels of the source's.
    let source = Image(try RGBAImage(contentsOfPNG: Fixtures.url(Self.source).path))
    #expect(ImageDecodingTests.largestDifference(image, source) <= 24)
    #expect(image.premultipliedPixel(x: 0, y: 0).3 == 0)
  }

  @Test func animatedDamagedAndOversizedWebPsAreRefusedWithTheirReason() throws {
    let animated = try Fixtures.bytes("Images/webp/animated.webp")
    #expect(ImageDecodingTests.failure(animated) == "an animated WebP image; only still WebP images are read")
    for name in ["lossless.webp", "lossy.webp"] {
      let bytes = try Fixtures.bytes("Images/webp/\(name)")
      for cut in [13, 30, bytes.count / 2, bytes.count - 1] {
        let reason = ImageDecodingTests.failure(Array(bytes.prefix(cut)))
        #expect(reason?.contains("WebP") == true, "\(name) cut at \(cut): \(reason ?? "decoded")")
      }
      #expect(ImageDecodingTests.failure(bytes, limits: ImageDecodingLimits(maximumPixelsPerSide: 40))
        == "the image claims 48 × 32 pixels; at most 40 × 40 are accepted")
      // The budget counts the result, and a lossless image's ARGB buffer inside libwebp.
      let room = name == "lossless.webp" ? 2 * 4 * 48 * 32 : 5 * 48 * 32
      #expect(ImageDecodingTests.failure(bytes, limits: ImageDecodingLimits(memoryBudget: room)) == nil)
      #expect(ImageDecodingTests.failure(bytes, limits: ImageDecodingLimits(memoryBudget: room - 1))?
        .contains("memory budget") == true)
    }
    // A PNG-only reader (comparisons, goldens) names the format.
    let lossless = try Fixtures.bytes("Images/webp/lossless.webp")
    #expect(throws: MediaError(path: "(memory)", reason: "a WebP image; only PNG is read here")) {
      try RGBAImage(pngData: lossless)
    }
  }

  /// Damaged WebPs (the fixtures with bytes flipped, random bytes behind the
  /// signature) are errors, never a crash or a read outside the bytes.
  @Test func damagedWebPBytesAreSafeToDecode() throws {
    var random = SeededRandom(state: 0x5EED_0F_BEEF)
    for name in ["lossless.webp", "lossy.webp", "animated.webp"] {
      let bytes = try Fixtures.bytes("Images/webp/\(name)")
      for _ in 0..<200 {
        var damaged = bytes
        for _ in 0..<(1 + Int(random.byte()) % 8) {
          damaged[12 + Int(random.byte()) * Int(random.byte()) % (damaged.count - 12)] = random.byte()
        }
        _ = ImageDecodingTests.failure(damaged)
      }
    }
    for round in 0..<200 {
      var bytes = Array("RIFF".utf8) + [UInt8(round), 0, 0, 0] + Array("WEBP".utf8)
      for _ in 0..<(round * 3) { bytes.append(random.byte()) }
      #expect(ImageDecodingTests.failure(bytes) != nil)
    }
  }

  /// The pixels Pillow (Debian's python3-pil, over libwebp) decodes from `path`.
  static func pillow(_ path: String) throws -> RGBAImage {
    let raw = TestFiles.url("zoetrope-webp-\(getpid())-\(UUID().uuidString).rgba").path
    defer { try? FileManager.default.removeItem(atPath: raw) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [Fixtures.packageRoot.appendingPathComponent("Tests/Scripts/animation-frames.py").path, path, raw]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "Pillow with WebP (Debian's python3-pil) is needed")
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
    try #require(bytes.count == 4 * 48 * 32)
    return RGBAImage(width: 48, height: 32, pixels: bytes)
  }
}
