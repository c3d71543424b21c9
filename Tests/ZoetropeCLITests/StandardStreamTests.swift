// SPDX-License-Identifier: Apache-2.0
// What reaches the terminal and standard output: escaped control characters, lost writes reported, SIGHUP as Ctrl-C.

import Foundation
import Testing
import _ZoetropeTestSupport

@Suite(.serialized) struct StandardStreamTests {
  static let scene = "Fixtures/Scenes/chunks/slide.json"

  /// Runs `zoetrope arguments` with standard output on `/dev/full`; the
  /// exit status and standard error.
  static func runIntoFullDisk(_ arguments: [String]) throws -> (status: Int32, error: String) {
    let process = Process()
    process.executableURL = CLI.executable
    process.arguments = arguments
    process.currentDirectoryURL = Fixtures.packageRoot
    process.standardOutput = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let err = Pipe()
    process.standardError = err
    try process.run()
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, message)
  }

  /// Issue 34 M5: `schema`, `plan`, `inspect`, `validate`, `compare` and
  /// `bench` ended with 0 when standard output was a full disk, leaving a
  /// truncated or empty file. They end with 1 and say so.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full"))
  func aFullStandardOutputIsAnError() throws {
    let png = "Fixtures/Golden/text/animated@t0.000.png"
    for arguments in [
      ["schema"], ["validate", Self.scene], ["inspect", Self.scene, "--time", "0"],
      ["plan", Self.scene, "--chunks", "2", "-o", "clip.mp4"], ["compare", png, png], ["bench", Self.scene, "--frames", "1"],
    ] {
      let (status, message) = try Self.runIntoFullDisk(arguments)
      #expect(status == 1, "\(arguments): \(message)")
      // The reason is the system's when the last flush failed, else the
      // fact: stdio keeps no reason for an earlier write.
      #expect(message.hasPrefix("standard output: ") && message.hasSuffix("; what was printed is incomplete\n"),
              "\(arguments): \(message)")
    }
  }

  /// Issue 34 L5: a scene value echoed in an error sent its terminal escape
  /// sequences (`"background": "\u001b]0;pwned\u0007"` retitled the
  /// terminal). Control characters are written as `\u001b`.
  @Test func controlCharactersInMessagesAreEscaped() throws {
    let scene = try CLI.temporaryScene(#"""
      {"zoetrope": 1, "canvas": {"width": 64, "height": 64, "background": "\u001b]0;pwned\u0007"}, "layers": []}
      """#)
    let result = try CLI.run(["validate", scene.path])
    #expect(result.status == 1)
    #expect(!result.standardError.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(result.standardError)")
    #expect(result.standardError.contains(#"\u001b]0;pwned\u0007"#), "\(result.standardError)")
    // A file name too, on standard output.
    let named = scene.deletingLastPathComponent().appendingPathComponent("\u{1B}[31mred.json")
    try FileManager.default.copyItem(atPath: Fixtures.packageRoot.appendingPathComponent(Self.scene).path,
                                     toPath: named.path)
    let valid = try CLI.run(["validate", named.path])
    #expect(valid.status == 0, "\(valid.standardError)")
    #expect(valid.standardOutput.contains(#"\u001b[31mred.json: OK"#), "\(valid.standardOutput)")
    #expect(!valid.standardOutput.unicodeScalars.contains("\u{1B}"))
    // And an option's value, echoed in a usage error.
    let usage = try CLI.run(["still", Self.scene, "-o", named.path + ".png", "--time", "\u{1B}[31m"])
    #expect(usage.status == 64)
    #expect(!usage.standardError.unicodeScalars.contains("\u{1B}"), "\(usage.standardError)")
    #expect(usage.standardError.contains(#"\u001b[31m"#), "\(usage.standardError)")
  }

  /// Issue 34 L6: SIGHUP (a closed terminal or ssh session) ended a render
  /// where it stood, leaving its hidden `.NAME.PID.part` file. It stops the
  /// render as Ctrl-C does: nothing left, exit 128 + 1.
  @Test func aHangupStopsARenderAndLeavesNothing() throws {
    let scene = try CLI.temporaryScene(#"""
      {"zoetrope": 1, "canvas": {"width": 320, "height": 180, "fps": 30, "duration": 600},
       "layers": [{"frame": [0, 0, 100, 100], "backgroundColor": "#336699",
                   "animations": [{"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 200, "duration": 2,
                                   "repeatCount": 1e9}]}]}
      """#)
    let folder = scene.deletingLastPathComponent()
    let process = Process()
    process.executableURL = CLI.executable
    process.arguments = ["render", scene.path, "-o", folder.appendingPathComponent("clip.mp4").path, "--progress", "none",
                         "--preset", "ultrafast"]
    let err = Pipe()
    process.standardError = err
    try process.run()
    // Ready when the temporary file exists.
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline,
      try !FileManager.default.contentsOfDirectory(atPath: folder.path).contains(where: { $0.hasSuffix(".part") })
    {
      usleep(20_000)
    }
    kill(process.processIdentifier, SIGHUP)
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == 129, "\(message)")
    #expect(message.contains("interrupted"), "\(message)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["scene.json"])
  }
}
