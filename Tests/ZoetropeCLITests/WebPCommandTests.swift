// SPDX-License-Identifier: Apache-2.0
// `render -o clip.webp`: frames as Pillow decodes them (through libwebp) equal the PNG frames; refusals that
// leave nothing behind.

import Foundation
import Testing
import ZoetropeImages
import ZoetropeMedia
import _ZoetropeTestSupport

@Suite struct WebPCommandTests {
  /// A clip with a clear background, soft alpha and motion.
  static let scene = """
    {"canvas": {"width": 96, "height": 64, "fps": 30, "duration": 1, "background": "clear"},
     "layers": [{"frame": [8, 12, 40, 40], "backgroundColor": "systemBlue", "cornerRadius": 12,
                 "shadowOpacity": 0.4, "shadowRadius": 4,
                 "animations": [{"type": "basic", "keyPath": "position.x", "fromValue": 28, "toValue": 68,
                                 "duration": 0.8, "timingFunction": "easeInEaseOut"}]},
                {"frame": [0, 0, 96, 10], "backgroundColor": [1, 0.5, 0, 0.5]}]}
    """

  /// The frames of `path` as Pillow composites them, and their durations in ms.
  static func pillow(_ path: String) throws -> (frames: [RGBAImage], durations: [Int], loop: Int?) {
    let raw = path + ".rgba"
    let script = Fixtures.packageRoot.appendingPathComponent("Tests/Scripts/animation-frames.py").path
    let result = try CLI.run(URL(fileURLWithPath: "/usr/bin/python3"), [script, path, raw])
    try #require(result.status == 0, "Pillow with WebP (Debian's python3-pil) is needed: \(result.standardError)")
    let info = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let width = try #require(info["width"] as? Int), height = try #require(info["height"] as? Int)
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
    let size = 4 * width * height
    let frames = stride(from: 0, to: bytes.count, by: size).map {
      RGBAImage(width: width, height: height, pixels: Array(bytes[$0..<$0 + size]))
    }
    return (frames, try #require(info["durations"] as? [Int]), info["loop"] as? Int)
  }

  /// `image` with every transparent pixel 0 0 0 0 (Pillow gives them so).
  static func normalized(_ image: RGBAImage) -> RGBAImage {
    var pixels = image.pixels
    for i in stride(from: 0, to: pixels.count, by: 4) where pixels[i + 3] == 0 {
      pixels[i] = 0; pixels[i + 1] = 0; pixels[i + 2] = 0
    }
    return RGBAImage(width: image.width, height: image.height, pixels: pixels)
  }

  @Test func aLosslessWebPShowsEveryPNGFrameAtItsMillisecond() throws {
    let scene = try CLI.temporaryScene(Self.scene)
    let folder = scene.deletingLastPathComponent()
    let webp = folder.appendingPathComponent("clip.webp").path
    let render = try CLI.run(["render", scene.path, "-o", webp, "--loop", "3"])
    #expect(render.status == 0, "\(render.standardError)")
    #expect(try CLI.run(["render", scene.path, "-o", folder.path + "/frames/"]).status == 0)
    let decoded = try Self.pillow(webp)
    #expect(decoded.loop == 3)
    #expect(decoded.durations.reduce(0, +) == 1000)
    var ends: [Int] = []
    for duration in decoded.durations { ends.append((ends.last ?? 0) + duration) }
    for index in 0..<30 {
      let start = Int((Double(index) * 1000 / 30).rounded())
      let shown = try #require(ends.firstIndex { $0 > start })
      let png = try RGBAImage(contentsOfPNG: folder.path + String(format: "/frames/%04d.png", index))
      #expect(Self.normalized(decoded.frames[shown]) == Self.normalized(png), "frame \(index)")
    }
  }

  @Test func lossyIsSmallerAndClose() throws {
    let scene = try CLI.temporaryScene(Self.scene)
    let folder = scene.deletingLastPathComponent().path
    #expect(try CLI.run(["render", scene.path, "-o", folder + "/lossless.webp"]).status == 0)
    let lossy = try CLI.run(["render", scene.path, "-o", folder + "/lossy.webp", "--lossy", "--quality", "60"])
    #expect(lossy.status == 0, "\(lossy.standardError)")
    func size(_ name: String) throws -> Int { try FileManager.default.attributesOfItem(atPath: folder + name)[.size] as! Int }
    #expect(try size("/lossy.webp") < size("/lossless.webp"))
  }

  static let refusals: [(arguments: [String], message: String)] = [
    (["--quality", "101"], "--quality must be 0...100"),
    (["--quality=-1"], "--quality must be 0...100"),
    (["--lossy", "--quality", "nan"], "--quality must be 0...100"),
    (["--chunk", "1/2"], "WebP chunks cannot be joined without re-encoding"),
  ]

  @Test(arguments: refusals.indices)
  func badWebPOptionsAreRefusedAndLeaveNothing(_ index: Int) throws {
    let (arguments, message) = Self.refusals[index]
    let scene = try CLI.temporaryScene(Self.scene)
    let out = scene.deletingLastPathComponent().appendingPathComponent("clip.webp").path
    let result = try CLI.run(["render", scene.path, "-o", out] + arguments)
    #expect(result.status != 0 && result.standardError.contains(message), "\(result.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: scene.deletingLastPathComponent().path) == ["scene.json"])
  }

  @Test func webPOptionsOnOtherFormatsAreRefused() throws {
    let scene = try CLI.temporaryScene(Self.scene)
    let out = scene.deletingLastPathComponent().appendingPathComponent("clip.gif").path
    let result = try CLI.run(["render", scene.path, "-o", out, "--lossy"])
    #expect(result.status != 0 && result.standardError.contains("--lossy and --quality are for WebP output"))
  }

  @Test func hugeCanvasesAndHundredThousandFrameClipsAreRefusedBeforeRendering() throws {
    let huge = try CLI.temporaryScene(#"{"canvas": {"width": 16384, "height": 16384}, "layers": [{"backgroundColor": "red"}]}"#)
    let out = huge.deletingLastPathComponent().appendingPathComponent("huge.webp").path
    let big = try CLI.run(["render", huge.path, "-o", out])
    #expect(big.status != 0 && big.standardError.contains("WebP frames are 1 to 16383 pixels a side"), "\(big.standardError)")
    #expect(!FileManager.default.fileExists(atPath: out))
    let long = try CLI.temporaryScene(#"""
      {"canvas": {"width": 8, "height": 8, "fps": 1000, "duration": 100},
       "layers": [{"backgroundColor": "red", "animations": [{"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 100}]}]}
      """#)
    let longOut = long.deletingLastPathComponent().appendingPathComponent("long.webp").path
    let many = try CLI.run(["render", long.path, "-o", longOut])
    #expect(many.status != 0 && many.standardError.contains("the clip has 100000 frames; an animated WebP may have at most 50000"),
            "\(many.standardError)")
    #expect(!FileManager.default.fileExists(atPath: longOut))
  }

  @Test func webPPartsAreNotJoined() throws {
    let scene = try CLI.temporaryScene(Self.scene)
    let folder = scene.deletingLastPathComponent().path
    #expect(try CLI.run(["render", scene.path, "-o", folder + "/a.webp"]).status == 0)
    let result = try CLI.run(["concat", folder + "/a.webp", folder + "/a.webp", "-o", folder + "/joined.webp"])
    #expect(result.status != 0 && result.standardError.contains("WebP parts cannot be joined without re-encoding"),
            "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: folder + "/joined.webp"))
  }
}

/// A real browser plays the WebP: headless Chromium, driven through the DevTools protocol by
/// Tests/Scripts/browser-plays.py, shows frames of the clip over its page with their alpha, one after another,
/// and reads the loop count as WebP means it (plays).
@Suite struct WebPBrowserTests {
  @Test func chromiumPlaysTheWebPWithItsAlpha() throws {
    let scene = try CLI.temporaryScene(WebPCommandTests.scene)
    let folder = scene.deletingLastPathComponent().path
    #expect(try CLI.run(["render", scene.path, "-o", folder + "/clip.webp", "--loop", "3"]).status == 0)
    #expect(try CLI.run(["render", scene.path, "-o", folder + "/frames/"]).status == 0)
    let script = Fixtures.packageRoot.appendingPathComponent("Tests/Scripts/browser-plays.py").path
    let result = try CLI.run(URL(fileURLWithPath: "/usr/bin/python3"), [script, folder + "/clip.webp", "150", "650"])
    try #require(result.status == 0, "headless Chromium (Debian's chromium; scripts/test installs it): \(result.standardError)")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    // Chrome's own decoder: the frames Pillow sees, and 3 plays as 2 repetitions.
    #expect(report["frameCount"] as? Int == (try WebPCommandTests.pillow(folder + "/clip.webp")).frames.count)
    #expect(report["repetitionCount"] as? Int == 2)
    // Each screenshot is one of the clip's frames over the magenta page (within 2 per channel), and the
    // later screenshot a later frame: the clip plays, its alpha blended by the browser.
    let shots = try #require(report["shots"] as? [[[Int]]])
    let frames = try (0..<30).map { try RGBAImage(contentsOfPNG: folder + String(format: "/frames/%04d.png", $0)) }
    func composite(_ frame: RGBAImage) -> [[Int]] {
      stride(from: 0, to: frame.pixels.count, by: 4).map { i in
        let alpha = Double(frame.pixels[i + 3]) / 255
        return [255, 0, 255].enumerated().map { c, page in
          Int((Double(frame.pixels[i + c]) * alpha + Double(page) * (1 - alpha)).rounded())
        }
      }
    }
    let composites = frames.map(composite)
    func matching(_ shot: [[Int]]) -> [Int] {
      composites.indices.filter { k in zip(shot, composites[k]).allSatisfy { a, b in zip(a, b).allSatisfy { abs($0 - $1) <= 2 } } }
    }
    let first = matching(shots[0]), second = matching(shots[1])
    #expect(!first.isEmpty && !second.isEmpty, "a screenshot matches no frame")
    #expect((second.max() ?? 0) > (first.min() ?? 0))
    #expect(shots[0] != shots[1])
  }
}
