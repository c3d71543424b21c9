// SPDX-License-Identifier: Apache-2.0
// No command writes over a file the scene reads: its images, its fonts, the scene itself, by any name.

import Foundation
import Testing
import _ZoetropeTestSupport

#if canImport(Glibc)
import Glibc
#endif

@Suite(.serialized) struct ReferencedOutputTests {
  /// A scene whose layer shows `img.png` and whose text is set in `font.ttf`
  /// (a copy of an installed font), both beside it.
  static func scratch() throws -> Scratch {
    let scratch = try Scratch(scene: #"{"zoetrope": 1, "canvas": {"width": 16, "height": 12, "fps": 10, "duration": 0.2}, "layers": [{"frame": [0, 0, 8, 8], "contents": "img.png"}, {"type": "text", "string": "hi", "font": "font.ttf", "fontSize": 8}]}"#)
    try FileManager.default.copyItem(atPath: Fixtures.url("Images/tile.png").path, toPath: scratch.path("img.png"))
    let font = try CLI.run(["validate", try Scratch(scene: #"{"canvas": {"width": 4, "height": 4}, "layers": [{"type": "text", "string": "x", "font": "DejaVu Sans"}]}"#).scene.path])
    let file = try #require(font.standardOutput.split(separator: "→ ").last?.split(separator: " (").first)
    try FileManager.default.copyItem(atPath: String(file), toPath: scratch.path("font.ttf"))
    try FileManager.default.linkItem(atPath: scratch.path("img.png"), toPath: scratch.path("hard-link.png"))
    return scratch
  }

  /// Issue 34 M2: `still scene.json -o img.png` where the scene's `contents`
  /// is `img.png` replaced the image (exit 0), and `-o font.ttf` the font.
  /// Every command that writes refuses, whatever the spelling (a hard link,
  /// `./`), and leaves the files as they were.
  @Test func anOutputOntoAFileTheSceneReadsIsRefused() throws {
    let scratch = try Self.scratch()
    let scene = scratch.scene.path
    let before = try ["img.png", "font.ttf"].map { try Data(contentsOf: URL(fileURLWithPath: scratch.path($0))) }
    for target in ["img.png", "font.ttf", "hard-link.png", "./img.png"] {
      let output = target.hasPrefix("./") ? scratch.folder.path + "/./" + target.dropFirst(2) : scratch.path(target)
      let commands: [[String]] = [
        ["still", scene, "-o", output],
        ["sheet", scene, "--times", "0,0.1", "-o", output],
        ["timeline", scene, "--layer", "x", "--key", "opacity", "-o", output],
        ["palette", scene, "-o", output],
      ]
      for arguments in commands {
        let result = try CLI.run(arguments)
        #expect(result.status == 1, "\(arguments): \(result.standardError)")
        #expect(result.standardError.contains("is the input"), "\(arguments): \(result.standardError)")
        #expect(result.standardError.contains("itself; writing there would destroy it"), "\(arguments): \(result.standardError)")
      }
    }
    // render: a GIF that is the image by another name (a hard link), and a
    // PNG pattern whose frame 0 is the image (by another hard link).
    try FileManager.default.linkItem(atPath: scratch.path("img.png"), toPath: scratch.path("img.gif"))
    try FileManager.default.linkItem(atPath: scratch.path("img.png"), toPath: scratch.path("0.png"))
    for output in [scratch.path("img.gif"), scratch.folder.path + "/%d.png"] {
      let result = try CLI.run(["render", scene, "-o", output])
      #expect(result.status == 1, "\(output): \(result.standardError)")
      #expect(result.standardError.contains("is the input") || result.standardError.contains("is one of the inputs"),
              "\(output): \(result.standardError)")
    }
    let after = try ["img.png", "font.ttf"].map { try Data(contentsOf: URL(fileURLWithPath: scratch.path($0))) }
    #expect(before == after)
    #expect(try scratch.contents() == ["0.png", "font.ttf", "hard-link.png", "img.gif", "img.png", "scene.json"])
  }

  /// Issue 34 M2: with `--watch` and an output pattern matching the scene's
  /// own image, each render replaced the image, which counted as a change:
  /// it rendered for ever. The render is refused, nothing changes, and the
  /// watch waits quietly until Ctrl-C (exit 1: the last render failed).
  @Test(.timeLimit(.minutes(2))) func aWatchedPatternOverTheSceneImageIsRefusedOnce() throws {
    let scratch = try Scratch(scene: #"{"zoetrope": 1, "canvas": {"width": 16, "height": 12, "fps": 10, "duration": 0.1}, "layers": [{"frame": [0, 0, 8, 8], "contents": "0000.png"}]}"#)
    try FileManager.default.copyItem(atPath: Fixtures.url("Images/tile.png").path, toPath: scratch.path("0000.png"))
    let before = try Data(contentsOf: URL(fileURLWithPath: scratch.path("0000.png")))
    let log = scratch.folder.appendingPathComponent("stderr.txt")
    FileManager.default.createFile(atPath: log.path, contents: nil)
    let process = Process()
    process.executableURL = CLI.executable
    process.arguments = ["render", scratch.scene.path, "-o", scratch.folder.path + "/", "--watch", "--progress", "none"]
    process.standardError = try FileHandle(forWritingTo: log)
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    func text() -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
    let deadline = Date().addingTimeInterval(60)
    while !text().contains("not rendered; watching"), Date() < deadline { usleep(20_000) }
    #expect(text().contains("0000.png: is one of the inputs"), "\(text())")
    // Quiet: a second of polling finds no change to render again for.
    sleep(1)
    #expect(!text().contains("changed; rendering again"), "\(text())")
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("0000.png"))) == before)
  }
}
