// SPDX-License-Identifier: Apache-2.0
// The HTTP API against the tools it stands for: frames as `still` writes them, lines as `inspect` prints them.

import Foundation
import Testing
import Zoetrope
import ZoetropePreview
import _ZoetropeTestSupport

@Suite("Preview API", .serialized)
struct PreviewAPITests {
  static let scene = "Fixtures/Scenes/demo/pull-to-refresh.json"

  @Test("GET /frame.png?t= is byte for byte the PNG `still --time` writes", arguments: ["0", "0.37", "1.25", "2.5", "-1", "100"])
  func frameEqualsStill(time: String) async throws {
    let preview = try RunningPreview(scene: Fixtures.packageRoot.appendingPathComponent(Self.scene).path)
    defer { Task { await preview.stop() } }
    let reply = try await preview.get("/frame.png?t=\(time)")
    #expect(reply.status == 200)
    #expect(reply.headers["content-type"] == "image/png")
    let output = TestFiles.url("still-\(UUID().uuidString).png").path
    let still = try await BuiltTool.run(["still", Self.scene, "--time=\(time)", "-o", output])
    #expect(still.status == 0)
    let expected = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
    #expect(reply.body == expected)
    // The second answer comes from the cache: the same bytes.
    #expect(try await preview.get("/frame.png?t=\(time)").body == expected)
  }

  @Test("GET /frame.png?t=&scale= is the PNG `still --time --scale` writes")
  func frameAtScaleEqualsStill() async throws {
    let preview = try RunningPreview(scene: Fixtures.packageRoot.appendingPathComponent(Self.scene).path)
    defer { Task { await preview.stop() } }
    let reply = try await preview.get("/frame.png?t=0.8&scale=2")
    let output = TestFiles.url("still-\(UUID().uuidString).png").path
    #expect(try await BuiltTool.run(["still", Self.scene, "--time", "0.8", "--scale", "2", "-o", output]).status == 0)
    #expect(reply.body == (try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))))
    let image = try RGBAImage(contentsOfPNG: output)
    #expect(image.width == 640)
  }

  @Test("GET /inspect.json?t= is the line `inspect --time` prints", arguments: ["0", "0.5", "1.75"])
  func inspectEqualsInspect(time: String) async throws {
    let preview = try RunningPreview(scene: Fixtures.packageRoot.appendingPathComponent(Self.scene).path)
    defer { Task { await preview.stop() } }
    let reply = try await preview.get("/inspect.json?t=\(time)")
    #expect(reply.status == 200)
    let inspect = try await BuiltTool.run(["inspect", Self.scene, "--time", time])
    #expect(inspect.status == 0)
    #expect(reply.body == inspect.output)
    let layer = try await preview.get("/inspect.json?t=\(time)&layer=spinner")
    #expect(layer.body == (try await BuiltTool.run(["inspect", Self.scene, "--time", time, "--layer", "spinner"]).output))
    #expect(try await preview.get("/inspect.json?t=0&layer=nobody").status == 404)
  }

  @Test("GET /scene.json lists the layers with their paths and one bar per animation")
  func sceneOutline() async throws {
    let preview = try RunningPreview(scene: Fixtures.packageRoot.appendingPathComponent(Self.scene).path)
    defer { Task { await preview.stop() } }
    let reply = try await preview.get("/scene.json")
    #expect(reply.status == 200)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
    let canvas = try #require(json["canvas"] as? [String: Any])
    #expect(canvas["frameCount"] as? Int == 75)
    let layers = try #require(json["layers"] as? [[String: Any]])
    let tree = try Fixtures.scene("Scenes/demo/pull-to-refresh.json").snapshot()
    #expect(layers.count == tree.count)
    let arrow = try #require(layers.first { $0["name"] as? String == "spinner" })
    #expect(arrow["path"] as? String == Inspection(tree).scenePath(of: tree.index(named: "spinner")!))
    let bars = try #require(arrow["animations"] as? [[String: Any]])
    #expect(bars.count == tree.nodes[tree.index(named: "spinner")!].animations.count)
  }

  @Test("GET /geometry.json gives each layer's corners on the frame, the root's the canvas")
  func geometry() async throws {
    let preview = try RunningPreview(scene: Fixtures.packageRoot.appendingPathComponent(Self.scene).path)
    defer { Task { await preview.stop() } }
    let reply = try await preview.get("/geometry.json?t=0.5")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
    let layers = try #require(json["layers"] as? [[String: Any]])
    let root = try #require(layers.first)
    #expect(root["corners"] as? [Double] == [0, 0, 320, 0, 320, 180, 0, 180])
    let header = try #require(layers.first { $0["index"] as? Int == 1 })
    #expect(header["corners"] as? [Double] == [0, 0, 320, 0, 320, 96, 0, 96])
  }
}

@Suite("Preview export", .serialized)
struct PreviewExportTests {
  static let scene = "Fixtures/Scenes/demo/write-word.json"

  /// `POST /export` with a JSON body.
  func post(_ preview: RunningPreview, _ path: String, json: String, type: String = "application/json") async throws -> HTTPReply {
    try await HTTPReply.exchange(port: preview.port, Array(("POST \(path) HTTP/1.1\r\nHost: \(preview.host)\r\n"
      + "Content-Type: \(type)\r\nContent-Length: \(json.utf8.count)\r\nConnection: close\r\n\r\n\(json)").utf8))
  }

  @Test("POST /export renders the clip as `render` does, its progress on /events, then GET /export/ID downloads it")
  func exportEqualsRender() async throws {
    let preview = try RunningPreview(scene: Fixtures.packageRoot.appendingPathComponent(Self.scene).path)
    defer { Task { await preview.stop() } }
    let events = try TestSocket(port: preview.port)
    defer { events.close() }
    try events.send(Array("GET /events HTTP/1.1\r\nHost: \(preview.host)\r\n\r\n".utf8))
    _ = try await events.read(until: "\"version\": 1}")
    let started = try await post(preview, "/export", json: #"{"format": "gif"}"#)
    #expect(started.status == 202)
    let id = try #require(try JSONSerialization.jsonObject(with: Data(started.body)) as? [String: Any])["id"] as? String
    let stream = try await events.read(until: "\"state\": \"done\"")
    #expect(stream.contains("\"state\": \"running\""))
    let download = try await preview.get("/export/\(id ?? "")")
    #expect(download.status == 200)
    #expect(download.headers["content-type"] == "image/gif")
    #expect(download.headers["content-disposition"] == "attachment; filename=\"write-word.gif\"")
    let output = TestFiles.url("render-\(UUID().uuidString).gif").path
    #expect(try await BuiltTool.run(["render", Self.scene, "-o", output, "--progress", "none"]).status == 0)
    #expect(download.body == (try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))))
  }

  @Test("An export is refused without JSON, with an unknown format, or while one runs; ids that are not the export's are 404")
  func exportRefusals() async throws {
    let preview = try RunningPreview(scene: Fixtures.packageRoot.appendingPathComponent(Self.scene).path)
    defer { Task { await preview.stop() } }
    #expect(try await post(preview, "/export", json: #"{"format": "gif"}"#, type: "text/plain").status == 415)
    #expect(try await post(preview, "/export", json: #"{"format": "exe"}"#).status == 400)
    #expect(try await post(preview, "/export", json: #"not json"#).status == 400)
    #expect(try await post(preview, "/export", json: #"{"format": "gif", "scale": 1e9}"#).status == 400)
    #expect(try await preview.get("/export/../../etc/passwd").status == 404)
    #expect(try await preview.get("/export/1").status == 404)
    #expect(try await preview.get("/export").status == 405)
    #expect(try await post(preview, "/export/cancel", json: "{}").status == 409)
  }
}
