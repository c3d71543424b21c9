// SPDX-License-Identifier: Apache-2.0
// `zoetrope render --watch` end to end: re-renders on change, survives a bad save, ends on SIGINT.

import Foundation
import Testing
import ZoetropeImages
import ZoetropeMedia
import _ZoetropeTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A `zoetrope render --watch` process over a scene in a folder of its own,
/// with standard error going to a file the test can read while it runs.
final class WatchSession {
  let folder: URL
  let scene: URL
  let output: String
  let log: URL
  let process = Process()

  init(background: String) throws {
    folder = TestFiles.url("zoetrope-watch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    scene = folder.appendingPathComponent("scene.json")
    output = folder.path + "/frames/"
    log = folder.appendingPathComponent("stderr.txt")
    try write(background: background)
    FileManager.default.createFile(atPath: log.path, contents: nil)
    process.executableURL = CLI.executable
    process.arguments = ["render", scene.path, "-o", output, "--watch", "--progress", "none"]
    process.standardError = try FileHandle(forWritingTo: log)
    process.standardOutput = FileHandle.nullDevice
    try process.run()
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }

  /// Saves a one-frame 4×4 scene of this background colour; `atomically`
  /// writes a new file and renames it over the old one, as many editors do.
  func write(background: String, atomically: Bool = false) throws {
    let json = #"{"zoetrope": 1, "canvas": {"width": 4, "height": 4, "fps": 10, "duration": 0.1, "background": "\#(background)"}, "layers": []}"#
    try Data(json.utf8).write(to: scene, options: atomically ? .atomic : [])
  }

  /// Saves text that is not a valid scene.
  func writeBroken() throws {
    try Data(#"{"zoetrope": 1, "canvas": {"width": 4, "height": 4, "fps": "fast"}, "layers": []}"#.utf8).write(to: scene)
  }

  /// Standard error so far.
  var standardError: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

  /// The first pixel of the rendered frame, `nil` while there is none.
  var firstPixel: [UInt8]? {
    guard let image = try? RGBAImage(contentsOfPNG: output + "0000.png") else { return nil }
    return Array(image.pixels[0..<4])
  }

  /// Waits up to 20 s for `condition`; false when it never held.
  func wait(for condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
      if condition() { return true }
      usleep(20_000)
    }
    return false
  }

  /// Sends SIGINT and waits up to 20 s for the exit status (`nil` when it did not end).
  func interrupt() -> Int32? {
    kill(process.processIdentifier, SIGINT)
    guard wait(for: { !process.isRunning }) else { return nil }
    return process.terminationStatus
  }

  /// How many times standard error says the output was written.
  var renders: Int { standardError.components(separatedBy: ": written; watching").count - 1 }
}

@Suite struct WatchCommandTests {
  @Test func aSavedChangeIsRenderedAgainAndSIGINTEndsWithZero() throws {
    let session = try WatchSession(background: "#ff0000")
    #expect(session.wait { session.firstPixel == [255, 0, 0, 255] }, "\(session.standardError)")
    try session.write(background: "#0000ff")
    #expect(session.wait { session.firstPixel == [0, 0, 255, 255] }, "\(session.standardError)")
    // An editor's save-by-rename is a change too.
    try session.write(background: "#00ff00", atomically: true)
    #expect(session.wait { session.firstPixel == [0, 255, 0, 255] }, "\(session.standardError)")
    #expect(session.wait { session.renders == 3 })
    #expect(session.standardError.contains("scene.json: changed; rendering again"))
    #expect(session.interrupt() == 0, "\(session.standardError)")
    // Nothing but the output and the scene (no temporary files left behind).
    let names = try FileManager.default.contentsOfDirectory(atPath: session.folder.path).sorted()
    #expect(names == ["frames", "scene.json", "stderr.txt"])
  }

  @Test func aBrokenSavePrintsItsErrorsKeepsTheOutputAndKeepsWatching() throws {
    let session = try WatchSession(background: "#ff0000")
    #expect(session.wait { session.firstPixel == [255, 0, 0, 255] }, "\(session.standardError)")
    try session.writeBroken()
    #expect(session.wait { session.standardError.contains("not rendered; watching") }, "\(session.standardError)")
    #expect(session.standardError.contains("canvas.fps"))
    #expect(session.firstPixel == [255, 0, 0, 255])
    #expect(session.process.isRunning)
    try session.write(background: "#ffffff")
    #expect(session.wait { session.firstPixel == [255, 255, 255, 255] }, "\(session.standardError)")
    #expect(session.interrupt() == 0, "\(session.standardError)")
  }

  @Test func sigintAfterAFailedRenderEndsWithOne() throws {
    let session = try WatchSession(background: "#ff0000")
    #expect(session.wait { session.renders == 1 }, "\(session.standardError)")
    try session.writeBroken()
    #expect(session.wait { session.standardError.contains("not rendered; watching") }, "\(session.standardError)")
    #expect(session.interrupt() == 1, "\(session.standardError)")
  }

  @Test func aSceneThatFailsFromTheStartIsWatchedUntilItIsFixed() throws {
    let session = try WatchSession(background: "notacolour")
    #expect(session.wait { session.standardError.contains("not rendered; watching") }, "\(session.standardError)")
    #expect(session.firstPixel == nil)
    try session.write(background: "#000000")
    #expect(session.wait { session.firstPixel == [0, 0, 0, 255] }, "\(session.standardError)")
    #expect(session.interrupt() == 0, "\(session.standardError)")
  }
}
