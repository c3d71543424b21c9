// SPDX-License-Identifier: Apache-2.0
// `zoetrope concat` refuses parts that do not make one clip, and `render --chunk` refuses bad chunks: nothing is written.

import Foundation
import Testing
import ZoetropeVideo
import _ZoetropeTestSupport

@Suite struct ConcatRefusalTests {
  static let scene = "Fixtures/Scenes/chunks/slide.json"

  /// A folder with chunks 0/3, 1/3, 2/3 of the test scene as `<ext>` parts.
  func partsFolder(_ ext: String = "mp4", extra: [String] = []) throws -> (URL, [String]) {
    let folder = TestFiles.url("zoetrope-refusal-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let parts = (0..<3).map { folder.appendingPathComponent("p\($0).\(ext)").path }
    let results = try ConcurrentCLI.run((0..<3).map {
      ["render", Self.scene, "--chunk", "\($0)/3", "-o", parts[$0], "--progress", "none", "--preset", "ultrafast"] + extra
    })
    for result in results { #expect(result.status == 0, "\(result.error)") }
    return (folder, parts)
  }

  /// Runs concat into `folder/out.<ext>`, expects exit 1 with `expected` in
  /// the message, and nothing new in the folder.
  func expectRefusal(_ parts: [String], in folder: URL, ext: String = "mp4", saying expected: [String],
                     sourceLocation: SourceLocation = #_sourceLocation) throws {
    let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    let result = try CLI.run(["concat"] + parts + ["-o", folder.appendingPathComponent("out.\(ext)").path])
    #expect(result.status == 1, "\(result.standardError)", sourceLocation: sourceLocation)
    for text in expected {
      #expect(result.standardError.contains(text), "\(result.standardError) lacks \(text)", sourceLocation: sourceLocation)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before,
            "concat left files behind", sourceLocation: sourceLocation)
  }

  @Test func gapsOverlapsAndRepeatsAreRefusedNamingThePart() throws {
    let (folder, p) = try partsFolder()
    try expectRefusal([p[0], p[2]], in: folder, saying: [p[2], "frames 10..<20 are missing between \(p[0])"])
    try expectRefusal([p[1], p[2]], in: folder, saying: [p[1], "frames 0..<10 are missing before"])
    try expectRefusal([p[0], p[1]], in: folder, saying: [p[1], "frames 20..<30 are missing after", "30 frames"])
    try expectRefusal([p[0], p[1], p[1], p[2]], in: folder, saying: [p[1], "is given twice"])
    let copy = folder.appendingPathComponent("copy.mp4").path
    try FileManager.default.copyItem(atPath: p[1], toPath: copy)
    try expectRefusal([p[0], p[1], copy, p[2]], in: folder, saying: ["holds the same frames as", "10..<20"])
    let half = folder.appendingPathComponent("half.mp4").path
    let made = try CLI.run(["render", Self.scene, "--chunk", "0/2", "-o", half, "--progress", "none", "--preset", "ultrafast"])
    #expect(made.status == 0, "\(made.standardError)")
    try expectRefusal([half, p[1], p[2]], in: folder, saying: [p[1], "holds frames 10..<20, which overlap", "0..<15"])
  }

  @Test func theOutputIsNeverAPartOrSomethingOtherThanAFile() throws {
    let (folder, p) = try partsFolder()
    let before = FileManager.default.contents(atPath: p[0])
    let onPart = try CLI.run(["concat"] + p + ["-o", p[0]])
    #expect(onPart.status == 1 && onPart.standardError.contains("is one of the parts"), "\(onPart.standardError)")
    #expect(FileManager.default.contents(atPath: p[0]) == before)
    let directory = folder.appendingPathComponent("dir.mp4")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    let onFolder = try CLI.run(["concat"] + p + ["-o", directory.path])
    #expect(onFolder.status == 1 && onFolder.standardError.contains("is a folder"), "\(onFolder.standardError)")
    let scene = folder.appendingPathComponent("scene.json")
    try FileManager.default.copyItem(atPath: Self.scene, toPath: scene.path)
    let sceneBytes = try Data(contentsOf: scene)
    let onScene = try CLI.run(["palette", scene.path, "-o", scene.path])
    #expect(onScene.status == 1 && onScene.standardError.contains("is the input \(scene.path) itself"), "\(onScene.standardError)")
    #expect(try Data(contentsOf: scene) == sceneBytes)
  }

  @Test func partsOfOtherScenesOrSettingsAreRefused() throws {
    let (folder, p) = try partsFolder()
    func part(_ name: String, _ arguments: [String], scene: String = Self.scene) throws -> String {
      let path = folder.appendingPathComponent(name).path
      let result = try CLI.run(["render", scene, "--chunk", "1/3", "-o", path, "--progress", "none"] + arguments)
      #expect(result.status == 0, "\(result.standardError)")
      return path
    }
    let crf = try part("crf.mp4", ["--preset", "ultrafast", "--crf", "30"])
    try expectRefusal([p[0], crf, p[2]], in: folder, saying: [crf, "encoded with other settings", "crf=30"])
    let scaled = try part("scaled.mp4", ["--preset", "ultrafast", "--scale", "2"])
    try expectRefusal([p[0], scaled, p[2]], in: folder, saying: [scaled, "rendered with other settings", "scale=2"])
    let rate = try part("rate.mp4", ["--preset", "ultrafast", "--fps", "25"])
    try expectRefusal([p[0], rate, p[2]], in: folder, saying: [rate, "25 fps"])
    let text = try String(contentsOfFile: Self.scene, encoding: .utf8).replacingOccurrences(of: "#336699", with: "#996633")
    let otherScene = folder.appendingPathComponent("other.json")
    try Data(text.utf8).write(to: otherScene)
    let other = try part("other.mp4", ["--preset", "ultrafast"], scene: otherScene.path)
    try expectRefusal([p[0], other, p[2]], in: folder, saying: [other, "different scene"])
    let plain = folder.appendingPathComponent("plain.mp4").path
    #expect(try CLI.run(["render", Self.scene, "-o", plain, "--progress", "none", "--preset", "ultrafast"]).status == 0)
    try expectRefusal([plain], in: folder, saying: [plain, "is not a part of a chunked render"])
    try expectRefusal(p, in: folder, ext: "webm", saying: [p[0], "is MP4", "asks for WebM"])
    let png = try CLI.run(["concat"] + p + ["-o", folder.appendingPathComponent("frames/%04d.png").path])
    #expect(png.status == 64 && png.standardError.contains("PNG sequences need no joining"), "\(png.standardError)")
  }

  @Test func mismatchedStreamParametersAreRefused() throws {
    guard VideoWriter.supports(.hevc) else { return }
    let (folder, p) = try partsFolder()
    let hevc = folder.appendingPathComponent("hevc.mp4").path
    let result = try CLI.run(["render", Self.scene, "--chunk", "1/3", "-o", hevc, "--progress", "none", "--preset",
                              "ultrafast", "--codec", "hevc"])
    #expect(result.status == 0, "\(result.standardError)")
    try expectRefusal([p[0], hevc, p[2]], in: folder, saying: [hevc, "hevc", "h264"])
  }

  @Test(arguments: ["mp4", "webm", "mov", "apng", "gif"])
  func aTruncatedPartIsRefused(ext: String) throws {
    var extra: [String] = []
    if ext == "gif" {
      let palette = TestFiles.url("zoetrope-palette-\(UUID().uuidString).json").path
      #expect(try CLI.run(["palette", Self.scene, "-o", palette]).status == 0)
      extra = ["--palette", palette]
    }
    let (folder, p) = try partsFolder(ext, extra: extra)
    let data = try #require(FileManager.default.contents(atPath: p[1]))
    let cut = folder.appendingPathComponent("cut.\(ext)").path
    try data.prefix(data.count * 2 / 3).write(to: URL(fileURLWithPath: cut))
    try expectRefusal([p[0], cut, p[2]], in: folder, ext: ext, saying: [cut, "truncated or damaged"])
  }

  @Test func badChunksAreUsageErrorsAndWriteNothing() throws {
    let folder = TestFiles.url("zoetrope-refusal-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let out = folder.appendingPathComponent("part.mp4").path
    for chunk in ["5/4", "4/4", "1/0", "-1/4", "--chunk=-1/4", "1/99999999999999999999", "99999999999999999999/4",
                  "a/4", "1/2/3", "1", "", "+1/4", " 1/4", "1/4 "] {
      let arguments = chunk.hasPrefix("--") ? [chunk] : ["--chunk", chunk]
      let result = try CLI.run(["render", Self.scene, "-o", out, "--progress", "none"] + arguments)
      #expect(result.status == 64, "--chunk \(chunk): \(result.status) \(result.standardError)")
      #expect(!result.standardError.isEmpty)
    }
    let fourFour = try CLI.run(["render", Self.scene, "-o", out, "--chunk", "4/4"])
    #expect(fourFour.standardError.contains("numbered from 0, so I must be 0...3"), "\(fourFour.standardError)")
    for (arguments, status, text) in [
      (["--chunk", "0/31"], Int32(1), "the clip has 30 frames, too few for 31 chunks"),
      (["--chunk", "0/2", "--frames", "0..<5"], 64, "--chunk or --frames, not both"),
      (["--palette", "palette.json"], 64, "--palette is for GIF output"),
    ] {
      let result = try CLI.run(["render", Self.scene, "-o", out, "--progress", "none"] + arguments)
      #expect(result.status == status && result.standardError.contains(text), "\(arguments): \(result.standardError)")
    }
    let gif = try CLI.run(["render", Self.scene, "-o", folder.appendingPathComponent("part.gif").path, "--chunk", "0/2"])
    #expect(gif.status == 1 && gif.standardError.contains("GIF chunks must share one palette"), "\(gif.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func badPaletteFilesAreRefusedNamingTheProblem() throws {
    let folder = TestFiles.url("zoetrope-refusal-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let frames = #""frames": {"sampled": 1, "clip": 1, "every": 1}"#
    for (text, expected) in [
      (##"{"zoetrope-palette": 2, "colors": ["#000000"], "exact": true, "transparency": false, \##(frames)}"##, "version 2"),
      (##"{"zoetrope-palette": 1, "colors": [], "exact": true, "transparency": false, \##(frames)}"##, "1…255 colours"),
      (##"{"zoetrope-palette": 1, "colors": ["#00000g"], "exact": true, "transparency": false, \##(frames)}"##, "colors[0]"),
      (##"{"zoetrope-palette": 1, "colors": ["#000000"], "transparency": false, \##(frames)}"##, "exact is missing"),
      ("[1, 2", "not a palette file"),
    ] {
      let palette = folder.appendingPathComponent("palette.json")
      try Data(text.utf8).write(to: palette)
      let out = folder.appendingPathComponent("part.gif").path
      let result = try CLI.run(["render", Self.scene, "-o", out, "--chunk", "0/2", "--palette", palette.path,
                                "--progress", "none"])
      #expect(result.status == 1 && result.standardError.contains(expected), "\(text): \(result.standardError)")
      #expect(!FileManager.default.fileExists(atPath: out))
    }
  }
}
