// SPDX-License-Identifier: Apache-2.0
// `zoetrope render` end to end: formats, progress lines, bad scenes and interruptions leave nothing.

import Foundation
import Testing
import _ZoetropeTestSupport

#if canImport(Glibc)
import Glibc
#endif

@Suite struct RenderCommandTests {
  func temporaryFolder() throws -> URL {
    let url = TestFiles.url("zoetrope-render-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func rendersEveryFormatFromItsExtension() throws {
    let folder = try temporaryFolder()
    for name in ["clip.mp4", "clip.gif", "clip.apng", "clip.webm", "clip.mov", "frames/%04d.png", "dir/"] {
      let result = try CLI.run(["render", "Fixtures/Scenes/demo/pull-to-refresh.json", "-o", folder.path + "/" + name,
                                "--frames", "10..<16", "--preset", "ultrafast", "--progress", "none"])
      #expect(result.status == 0, "\(name): \(result.standardError)")
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names == ["clip.apng", "clip.gif", "clip.mov", "clip.mp4", "clip.webm", "dir", "frames"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/frames").sorted()
      == (10..<16).map { String(format: "%04d.png", $0) })
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/dir").count == 6)
  }

  @Test func progressAsJSONLinesEndsAtTheLastFrame() throws {
    let folder = try temporaryFolder()
    let result = try CLI.run(["render", "Fixtures/Scenes/demo/pull-to-refresh.json", "-o", folder.path + "/a.gif",
                              "--frames", "0...9", "--progress", "json"])
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardError.split(separator: "\n")
    let last = try #require(lines.last.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
    #expect(last["frame"] as? Int == 10 && last["frames"] as? Int == 10)
    #expect(last["pass"] as? Int == 2 && last["passes"] as? Int == 2)
    #expect(last["fraction"] as? Double == 1)
  }

  @Test func aBadSceneWritesNothingAndNamesTheJSONPath() throws {
    let folder = try temporaryFolder()
    let scene = try CLI.temporaryScene(#"{"canvas": {"width": 10, "height": 10}, "layers": [{"opacity": "high"}]}"#)
    let out = folder.path + "/clip.mp4"
    let result = try CLI.run(["render", scene.path, "-o", out, "--progress", "none"])
    #expect(result.status == 1)
    #expect(result.standardError.contains("layers[0].opacity"), "\(result.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func unknownFormatsAndBadOptionsAreRefused() throws {
    for arguments in [["-o", "x.avi"], ["-o", "x.png"], ["-o", "x.webm", "--codec", "h264"], ["-o", "x.mp4", "--fps", "0"],
                      ["-o", "x.mp4", "--frames", "9..<3"]] {
      let result = try CLI.run(["render", "Fixtures/Scenes/demo/pull-to-refresh.json"] + arguments)
      #expect(result.status != 0, "\(arguments)")
      #expect(!result.standardError.isEmpty)
    }
  }

  @Test func anInterruptedRenderLeavesNothingAndKeepsAnExistingFile() throws {
    let folder = try temporaryFolder()
    // A long clip so the signal arrives mid-render.
    let scene = try CLI.temporaryScene(#"""
      {"zoetrope": 1, "canvas": {"width": 640, "height": 360, "fps": 30, "duration": 600},
       "layers": [{"frame": [0, 0, 100, 100], "backgroundColor": "#336699",
                   "animations": [{"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 600, "duration": 2, "repeatCount": 1e9}]}]}
      """#)
    let out = folder.appendingPathComponent("clip.mp4")
    try Data("precious".utf8).write(to: out)
    let process = Process()
    process.executableURL = CLI.executable
    process.arguments = ["render", scene.path, "-o", out.path, "--progress", "none", "--preset", "ultrafast"]
    let err = Pipe()
    process.standardError = err
    try process.run()
    // Wait until the command catches SIGINT and its temporary file exists, then interrupt.
    #expect(CLI.waitUntilCatching(SIGINT, pid: process.processIdentifier), "render never caught SIGINT")
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      if names.contains(where: { $0.hasSuffix(".part") }) { break }
      usleep(20_000)
    }
    kill(process.processIdentifier, SIGINT)
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 130, "\(message)")
    #expect(message.contains("interrupted"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["clip.mp4"])
    #expect(try Data(contentsOf: out) == Data("precious".utf8))
  }

  /// `palette` cannot poll for signals while its threads count colours: its
  /// handler, installed before the counting starts, removes the temporary
  /// file itself, says so and ends the process (a plain signal handler, no
  /// dispatch source). The signal is sent once the handler is in place, not
  /// after a fixed wait.
  @Test func anInterruptedPaletteLeavesNothing() throws {
    let folder = try temporaryFolder()
    let scene = try CLI.temporaryScene(#"""
      {"zoetrope": 1, "canvas": {"width": 320, "height": 180, "fps": 30, "duration": 600},
       "layers": [{"frame": [0, 0, 100, 100], "backgroundColor": "#336699",
                   "animations": [{"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 600, "duration": 2, "repeatCount": 1e9}]}]}
      """#)
    let out = folder.appendingPathComponent("palette.json")
    let process = Process()
    process.executableURL = CLI.executable
    process.arguments = ["palette", scene.path, "-o", out.path]
    let err = Pipe()
    process.standardError = err
    try process.run()
    #expect(CLI.waitUntilCatching(SIGTERM, pid: process.processIdentifier), "palette never caught SIGTERM")
    kill(process.processIdentifier, SIGTERM)
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 143, "\(message)")
    #expect(message.contains("palette.json: interrupted; nothing was written"), "\(message)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }
}
