// SPDX-License-Identifier: Apache-2.0
// PNG files: round trips, deterministic bytes, failures that leave nothing behind.

import Foundation
import Testing
import ZoetropeImages
import ZoetropeMedia
import _ZoetropeTestSupport

@Suite struct PNGTests {
  func temporaryFolder() throws -> URL {
    let url = TestFiles.url("zoetrope-png-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  var image: RGBAImage {
    var pixels: [UInt8] = []
    for y in 0..<7 { for x in 0..<5 { pixels += [UInt8(x * 50), UInt8(y * 30), 7, UInt8(255 - x * y)] } }
    return RGBAImage(width: 5, height: 7, pixels: pixels)
  }

  @Test func writtenPNGReadsBackExactly() throws {
    let path = try temporaryFolder().appendingPathComponent("a.png").path
    try image.writePNG(to: path)
    #expect(try RGBAImage(contentsOfPNG: path) == image)
    try image.writePNG(to: path, compression: .smallest)
    #expect(try RGBAImage(contentsOfPNG: path) == image)
  }

  @Test func sameImageGivesTheSameBytes() throws {
    let folder = try temporaryFolder()
    let a = folder.appendingPathComponent("a.png").path, b = folder.appendingPathComponent("b.png").path
    try image.writePNG(to: a)
    try image.writePNG(to: b)
    #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: b)))
  }

  @Test func unwritablePathFailsAndLeavesNothing() throws {
    let folder = try temporaryFolder()
    let path = folder.appendingPathComponent("missing/out.png").path
    #expect(throws: MediaError.self) { try image.writePNG(to: path) }
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func readingANonPNGFails() throws {
    let path = try temporaryFolder().appendingPathComponent("x.png").path
    try Data("not a png".utf8).write(to: URL(fileURLWithPath: path))
    do {
      _ = try RGBAImage(contentsOfPNG: path)
      Issue.record("read a non-PNG")
    } catch {
      #expect(error.reason == "not a PNG image (unknown signature); only PNG is read")
    }
  }

  @Test func opaqueImagesAreStoredAsRGBAndReadBackTheSame() throws {
    var pixels: [UInt8] = []
    for y in 0..<9 { for x in 0..<7 { pixels += [UInt8(x * 30), UInt8(y * 20), 99, 255] } }
    let opaque = RGBAImage(width: 7, height: 9, pixels: pixels)
    // IHDR's colour type is byte 25 of the file: 2 = RGB, 6 = RGBA.
    for compression: RGBAImage.PNGCompression in [.fast, .smallest] {
      let bytes = try opaque.pngData(compression: compression)
      #expect(bytes[25] == 2)
      #expect(try RGBAImage(pngData: bytes) == opaque)
    }
    #expect(try opaque.pngData(compression: .level(1))[25] == 6)
    #expect(try image.pngData()[25] == 6)
    #expect(try RGBAImage(pngData: image.pngData()) == image)
  }
}
