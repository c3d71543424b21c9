// SPDX-License-Identifier: Apache-2.0
// `zoetrope compare` exit codes, figures and diff images; `zoetrope timeline` strips.

import Foundation
import Testing
import ZoetropeImages
import ZoetropeMedia
import _ZoetropeTestSupport

@Suite struct CompareCommandTests {
  func folder() throws -> String {
    let url = TestFiles.url("zoetrope-compare-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
  }

  /// A 20×10 opaque image, with `changed` pixels of the first row altered by `by`.
  func image(changed: Int = 0, by: UInt8 = 0) -> RGBAImage {
    var pixels = [UInt8](repeating: 200, count: 4 * 20 * 10)
    for i in 0..<200 { pixels[4 * i + 3] = 255 }
    for i in 0..<changed { pixels[4 * i] &+= by }
    return RGBAImage(width: 20, height: 10, pixels: pixels)
  }

  /// Issue 34: fully transparent pixels that differ only in their colour
  /// bytes look the same and are the same (PSNR was 6 dB for two images that
  /// look identical); a translucent pixel's colour counts as much as it shows.
  @Test func imagesAreComparedPremultiplied() throws {
    let dir = try folder()
    var clear = [UInt8](repeating: 0, count: 4 * 20 * 10), garbage = clear
    for i in 0..<200 { garbage[4 * i] = 255; garbage[4 * i + 1] = UInt8(i); garbage[4 * i + 2] = 9 }
    try RGBAImage(width: 20, height: 10, pixels: clear).writePNG(to: dir + "/clear.png")
    try RGBAImage(width: 20, height: 10, pixels: garbage).writePNG(to: dir + "/garbage.png")
    let same = try CLI.run(["compare", dir + "/clear.png", dir + "/garbage.png", "--json"])
    #expect(same.status == 0, "\(same.standardOutput)\(same.standardError)")
    #expect(same.standardOutput.contains("\"psnr\": null") && same.standardOutput.contains("\"differingPixels\": 0"))
    // Alpha 51 (a fifth): red 0 → 255 shows as 51 levels, not 255.
    for i in 0..<200 { clear[4 * i + 3] = 51; garbage[4 * i + 3] = 51 }
    for i in 0..<200 { garbage[4 * i + 1] = 0; garbage[4 * i + 2] = 0 }
    try RGBAImage(width: 20, height: 10, pixels: clear).writePNG(to: dir + "/faint.png")
    try RGBAImage(width: 20, height: 10, pixels: garbage).writePNG(to: dir + "/faint-red.png")
    let faint = try CLI.run(["compare", dir + "/faint.png", dir + "/faint-red.png", "--json"])
    #expect(faint.status == 1)
    #expect(faint.standardOutput.contains("\"maxChannelDifference\": 51"), "\(faint.standardOutput)")
    let a = RGBAImage(width: 20, height: 10, pixels: clear), b = RGBAImage(width: 20, height: 10, pixels: garbage)
    #expect(a.psnr(to: b) == b.difference(from: a)?.psnr)
  }

  @Test func equalImagesExitZero() throws {
    let dir = try folder()
    try image().writePNG(to: dir + "/a.png")
    try image().writePNG(to: dir + "/b.png", compression: .smallest)
    let result = try CLI.run(["compare", dir + "/a.png", dir + "/b.png"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("equal"))
  }

  @Test func differentImagesExitOneWithFiguresAndADiff() throws {
    let dir = try folder()
    try image().writePNG(to: dir + "/a.png")
    try image(changed: 5, by: 10).writePNG(to: dir + "/b.png")
    let result = try CLI.run(["compare", dir + "/a.png", dir + "/b.png", "--diff", dir + "/d.png", "--json"])
    #expect(result.status == 1)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    #expect(object["differingPixels"] as? Int == 5 && object["maxChannelDifference"] as? Int == 10)
    #expect(object["equal"] as? Bool == false)
    let diff = try RGBAImage(contentsOfPNG: dir + "/d.png")
    #expect(diff.width == 20 && Array(diff.pixels[0..<3]) == [255, 0, 0])
    // Within tolerance: a threshold over the change, or enough allowed pixels.
    #expect(try CLI.run(["compare", dir + "/a.png", dir + "/b.png", "--threshold", "10"]).status == 0)
    #expect(try CLI.run(["compare", dir + "/a.png", dir + "/b.png", "--max-diff-pixels", "5"]).status == 0)
    #expect(try CLI.run(["compare", dir + "/a.png", dir + "/b.png", "--max-diff-pixels", "4"]).status == 1)
  }

  @Test func errorsExitTwoAndSayWhy() throws {
    let dir = try folder()
    try image().writePNG(to: dir + "/a.png")
    try RGBAImage(width: 3, height: 3, pixels: [UInt8](repeating: 0, count: 36)).writePNG(to: dir + "/small.png")
    try Data("not a png".utf8).write(to: URL(fileURLWithPath: dir + "/bad.png"))
    let size = try CLI.run(["compare", dir + "/a.png", dir + "/small.png"])
    #expect(size.status == 2 && size.standardError.contains("sizes differ"))
    let missing = try CLI.run(["compare", dir + "/a.png", dir + "/none.png"])
    #expect(missing.status == 2 && missing.standardError.contains("none.png"))
    let unreadable = try CLI.run(["compare", dir + "/a.png", dir + "/bad.png"])
    #expect(unreadable.status == 2 && unreadable.standardError.contains("bad.png"))
  }

  @Test func foldersCompareFrameByFrame() throws {
    let dir = try folder()
    for side in ["x", "y"] { try FileManager.default.createDirectory(atPath: dir + "/" + side, withIntermediateDirectories: true) }
    for i in 0..<3 {
      try image().writePNG(to: dir + "/x/\(i).png")
      try image(changed: i == 2 ? 1 : 0, by: 3).writePNG(to: dir + "/y/\(i).png")
    }
    let result = try CLI.run(["compare", dir + "/x", dir + "/y", "--diff", dir + "/diffs"])
    #expect(result.status == 1)
    #expect(result.standardOutput.split(separator: "\n").count == 3)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/diffs").count == 3)
    try FileManager.default.removeItem(atPath: dir + "/y/2.png")
    #expect(try CLI.run(["compare", dir + "/x", dir + "/y"]).status == 2)
  }
}

@Suite struct TimelineCommandTests {
  @Test func plainStripIsExactlyTheSizeAskedWithThePresentationColours() throws {
    let out = TestFiles.url("strip-\(UUID().uuidString).png").path
    let result = try CLI.run(["timeline", "Fixtures/Scenes/showcase/timing-autoreverses.json", "--layer", "box",
                              "--key", "backgroundColor", "--from", "0", "--to", "4", "--width", "80", "--height", "5",
                              "--plain", "-o", out])
    #expect(result.status == 0, "\(result.standardError)")
    let strip = try RGBAImage(contentsOfPNG: out)
    #expect(strip.width == 80 && strip.height == 5)
    // Column 29 shows t = 1.475 s, near the turning point: close to #4AA5E3; column 79 (3.975 s) the white model.
    #expect(abs(Int(strip.pixels[4 * 29]) - 0x4A) <= 4 && abs(Int(strip.pixels[4 * 29 + 2]) - 0xE3) <= 4)
    #expect(Array(strip.pixels[(4 * 79)..<(4 * 80)]) == [255, 255, 255, 255])
  }

  @Test func framedStripHasAFrameAndTicks() throws {
    let out = TestFiles.url("strip-\(UUID().uuidString).png").path
    let result = try CLI.run(["timeline", "Fixtures/Scenes/showcase/timing-duration.json", "--layer", "box",
                              "--key", "opacity", "--width", "100", "--height", "20", "-o", out])
    #expect(result.status == 0, "\(result.standardError)")
    let strip = try RGBAImage(contentsOfPNG: out)
    #expect(strip.width == 102 && strip.height == 28)
  }

  @Test func unknownLayersAndUndrawableKeysAreErrors() throws {
    let out = TestFiles.url("strip-\(UUID().uuidString).png").path
    let noLayer = try CLI.run(["timeline", "Fixtures/Scenes/showcase/timing-duration.json", "--layer", "nope",
                               "--key", "opacity", "-o", out])
    #expect(noLayer.status == 1 && noLayer.standardError.contains("nope"))
    let point = try CLI.run(["timeline", "Fixtures/Scenes/showcase/timing-duration.json", "--layer", "box",
                             "--key", "position", "-o", out])
    #expect(point.status == 1 && point.standardError.contains("position.x"))
    #expect(!FileManager.default.fileExists(atPath: out))
  }
}
