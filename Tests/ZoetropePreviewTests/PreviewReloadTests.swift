// SPDX-License-Identifier: Apache-2.0
// Live reload: a save is seen and announced, a broken save is reported with its JSON path, a fix recovers.

import Foundation
import Testing
import Zoetrope
import ZoetropePreview
import _ZoetropeTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A one-layer scene in a folder of its own, whose colour a test changes.
struct EditableScene {
  let folder: URL
  let file: URL

  init() throws {
    folder = TestFiles.url("preview-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    file = folder.appendingPathComponent("scene.json")
  }

  /// Saves an 8 × 8 scene with a square of `colour`; `atomically` by rename, as many editors do.
  func write(colour: String, atomically: Bool = false) throws {
    let json = #"{"zoetrope": 1, "canvas": {"width": 8, "height": 8, "fps": 10, "duration": 1}, "layers": [{"name": "square", "frame": [0, 0, 8, 8], "backgroundColor": "\#(colour)"}]}"#
    try Data(json.utf8).write(to: file, options: atomically ? .atomic : [])
  }

  /// Saves a scene whose `layers[0].opacity` is not a number.
  func writeBroken() throws {
    let json = #"{"zoetrope": 1, "canvas": {"width": 8, "height": 8}, "layers": [{"name": "square", "opacity": "half"}]}"#
    try Data(json.utf8).write(to: file)
  }
}

@Suite("Preview reload", .serialized)
struct PreviewReloadTests {
  /// The first pixel of the frame at t = 0.
  func firstPixel(_ preview: RunningPreview) async throws -> [UInt8] {
    let reply = try await preview.get("/frame.png?t=0")
    let path = TestFiles.url("frame-\(UUID().uuidString).png").path
    try Data(reply.body).write(to: URL(fileURLWithPath: path))
    return Array(try RGBAImage(contentsOfPNG: path).pixels[0..<4])
  }

  @Test("A save is reloaded: a new version, its frame, and a `scene` event on /events")
  func reloadAfterChange() async throws {
    let scene = try EditableScene()
    try scene.write(colour: "#FF0000")
    let preview = try RunningPreview(scene: scene.file.path)
    defer { Task { await preview.stop() } }
    #expect(try await firstPixel(preview) == [255, 0, 0, 255])
    let events = try TestSocket(port: preview.port)
    defer { events.close() }
    try events.send(Array("GET /events HTTP/1.1\r\nHost: \(preview.host)\r\n\r\n".utf8))
    let greeting = try await events.read(until: "\"version\": 1}")
    #expect(greeting.contains("text/event-stream"))
    #expect(greeting.contains("event: scene"))
    try await Task.sleep(nanoseconds: 50_000_000)  // a file system whose times tick coarsely still sees the save as new
    try scene.write(colour: "#0000FF", atomically: true)
    #expect(try await preview.waitForStatus { $0.hasPrefix("{\"version\": 2,") })
    _ = try await events.read(until: "\"version\": 2}")
    #expect(try await firstPixel(preview) == [0, 0, 255, 255])
  }

  @Test("A broken save is reported with its file and JSON path, the last good frame stays, a fix recovers")
  func errorThenRecovery() async throws {
    let scene = try EditableScene()
    try scene.write(colour: "#00FF00")
    let preview = try RunningPreview(scene: scene.file.path)
    defer { Task { await preview.stop() } }
    let events = try TestSocket(port: preview.port)
    defer { events.close() }
    try events.send(Array("GET /events HTTP/1.1\r\nHost: \(preview.host)\r\n\r\n".utf8))
    _ = try await events.read(until: "\"version\": 1}")
    try await Task.sleep(nanoseconds: 50_000_000)
    try scene.writeBroken()
    #expect(try await preview.waitForStatus { $0.contains("layers[0].opacity") })
    let problem = try await events.read(until: "layers[0].opacity")
    #expect(problem.contains("event: problem"))
    #expect(problem.contains(scene.file.path))
    // The last good version is still served.
    #expect(try await firstPixel(preview) == [0, 255, 0, 255])
    try await Task.sleep(nanoseconds: 50_000_000)
    try scene.write(colour: "#FFFFFF")
    #expect(try await preview.waitForStatus { $0 == "{\"version\": 2, \"problem\": null}" })
    #expect(try await firstPixel(preview) == [255, 255, 255, 255])
  }

  @Test("A scene broken from the start: the server runs, says why, and serves once it is fixed")
  func brokenFromTheStart() async throws {
    let scene = try EditableScene()
    try scene.writeBroken()
    let preview = try RunningPreview(scene: scene.file.path)
    defer { Task { await preview.stop() } }
    #expect(try await preview.get("/frame.png?t=0").status == 409)
    #expect(try await preview.get("/status.json").text.contains("layers[0].opacity"))
    try await Task.sleep(nanoseconds: 50_000_000)
    try scene.write(colour: "#000000")
    #expect(try await preview.waitForStatus { $0.hasPrefix("{\"version\": 1, \"problem\": null") })
    #expect(try await firstPixel(preview) == [0, 0, 0, 255])
  }
}

@Suite("Preview golden frames", .serialized)
struct PreviewGoldenTests {
  /// `GET path` decoded as a PNG.
  func image(_ preview: RunningPreview, _ path: String) async throws -> RGBAImage {
    let reply = try await preview.get(path)
    #expect(reply.status == 200, "\(path): \(reply.text)")
    let file = TestFiles.url("golden-\(UUID().uuidString).png").path
    try Data(reply.body).write(to: URL(fileURLWithPath: file))
    return try RGBAImage(contentsOfPNG: file)
  }

  @Test("--golden: frames equal to the expected ones are marked equal, a change marks them all, with expected and difference images")
  func goldenFramesCompared() async throws {
    let scene = try EditableScene()
    try scene.write(colour: "#FF0000")
    let expected = scene.folder.appendingPathComponent("expected").path + "/"
    #expect(try await BuiltTool.run(["render", scene.file.path, "-o", expected, "--progress", "none"]).status == 0)
    let service = try PreviewService(scene: scene.file.path, host: "127.0.0.1", port: 0, golden: expected)
    let preview = RunningPreview(service: service)
    defer { Task { await preview.stop() } }
    #expect(try await preview.waitForGolden { $0.contains("\"compared\": 10,") && $0.contains("\"differing\": []") })
    #expect(try await image(preview, "/golden/expected.png?t=0.3").pixels[0..<4] == [255, 0, 0, 255])
    let equalDifference = try await image(preview, "/golden/diff.png?t=0.3")
    try await Task.sleep(nanoseconds: 50_000_000)
    try scene.write(colour: "#0000FF")
    #expect(try await preview.waitForGolden { $0.hasPrefix("{\"version\": 2,") && $0.contains("\"differing\": [0,1,2,3,4,5,6,7,8,9]") })
    let difference = try await image(preview, "/golden/diff.png?t=0.3")
    #expect(difference.pixels != equalDifference.pixels)
    // The difference is the image `compare --diff` draws for the same two frames.
    let actual = TestFiles.url("actual-\(UUID().uuidString).png").path
    try Data(try await preview.get("/frame.png?t=0.3").body).write(to: URL(fileURLWithPath: actual))
    let diff = TestFiles.url("diff-\(UUID().uuidString).png").path
    #expect(try await BuiltTool.run(["compare", expected + "0003.png", actual, "--diff", diff]).status == 1)
    #expect(difference.pixels == (try RGBAImage(contentsOfPNG: diff)).pixels)
    #expect(try await preview.get("/golden/expected.png?t=0.35").status == 404)
    #expect(try await preview.get("/golden/expected.png?t=5").status == 404)
  }

  @Test("--golden must be a folder holding PNG frames")
  func goldenFolderChecked() throws {
    let scene = try EditableScene()
    try scene.write(colour: "#FF0000")
    #expect(throws: PreviewServerError.self) { try PreviewService(scene: scene.file.path, host: "127.0.0.1", port: 0, golden: scene.folder.path) }
    #expect(throws: PreviewServerError.self) { try PreviewService(scene: scene.file.path, host: "127.0.0.1", port: 0, golden: scene.file.path) }
  }
}
