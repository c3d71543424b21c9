// SPDX-License-Identifier: Apache-2.0
// End-to-end: run the built `zoetrope` on fixture scenes; exit codes, output, error text.

import Foundation
import Testing
import ZoetropeImages
import ZoetropeMedia
import _ZoetropeTestSupport

extension Thread {
  /// Reads `handle` to its end on a thread of its own; `wait()` returns the bytes.
  static func detachedReader(_ handle: FileHandle) -> PipeReader {
    let reader = PipeReader()
    let thread = Thread {
      reader.finish(handle.readDataToEndOfFile())
    }
    thread.start()
    return reader
  }
}

/// The bytes a reader thread collects, handed over once it is done.
final class PipeReader: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var data = Data()

  func finish(_ bytes: Data) {
    data = bytes
    done.signal()
  }

  func wait() -> Data {
    done.wait()
    return data
  }
}

/// Runs the built `zoetrope` executable.
struct CLI {
  /// The executable beside the test bundle in the build folder.
  static let executable: URL = {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folder = bundle.deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("zoetrope").path),
      folder.path != "/"
    {
      folder.deleteLastPathComponent()
    }
    return folder.appendingPathComponent("zoetrope")
  }()

  struct Result {
    var status: Int32
    var standardOutput: String
    var standardError: String
  }

  static func run(_ arguments: [String]) throws -> Result {
    try run(executable, arguments)
  }

  /// ``run(_:)`` for any program (to check the helper itself).
  static func run(_ program: URL, _ arguments: [String]) throws -> Result {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    process.currentDirectoryURL = Fixtures.packageRoot
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Both pipes are drained at once: a child that fills one (a long
    // `--progress json` on standard error) while the test waits on the other
    // would never finish.
    let errorReader = Thread.detachedReader(err.fileHandleForReading)
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = errorReader.wait()
    process.waitUntilExit()
    return Result(status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
                  standardError: String(decoding: errData, as: UTF8.self))
  }

  /// A temporary scene file holding `json`.
  static func temporaryScene(_ json: String, name: String = "scene.json") throws -> URL {
    let folder = TestFiles.url("zoetrope-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try Data(json.utf8).write(to: url)
    return url
  }
}

@Suite(.serialized) struct CLITests {
  @Test func validateSummarisesTheDemoScene() throws {
    let result = try CLI.run(["validate", "Fixtures/Scenes/demo/pull-to-refresh.json"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.hasPrefix("Fixtures/Scenes/demo/pull-to-refresh.json: OK — 320×180 pt at 30 fps"))
    #expect(result.standardOutput.split(separator: "\n").count == 1)
  }

  @Test func validateListsEveryErrorAndExitsOne() throws {
    let url = try CLI.temporaryScene(#"""
      {"canvas": {"width": 10, "height": 10}, "layers": [{"opacity": 2}, {"animations": [
        {"type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 0.7, 0.4]}]}]}
      """#)
    let result = try CLI.run(["validate", url.path])
    #expect(result.status == 1)
    let lines = result.standardError.split(separator: "\n").map(String.init)
    #expect(lines == [
      "\(url.path): layers[0].opacity: must be in 0…1 (got 2)",
      "\(url.path): layers[1].animations[0].keyTimes: must be non-decreasing numbers in 0…1 (got [0, 0.7, 0.4])",
    ])
    #expect(result.standardOutput.isEmpty)
  }

  @Test func inspectPrintsOneJSONObjectPerTime() throws {
    let result = try CLI.run(["inspect", "Fixtures/Scenes/demo/pull-to-refresh.json", "--time", "0.75",
                              "--time", "2", "--layer", "word"])
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n")
    #expect(lines.count == 2)
    let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
    #expect(first?["time"] as? Double == 0.75)
    let layers = try #require(first?["layers"] as? [[String: Any]])
    #expect(layers.count == 1)
    #expect(layers[0]["name"] as? String == "word")
    #expect(layers[0]["path"] as? String == "layers[0].sublayers[0]")
    let properties = try #require(layers[0]["properties"] as? [String: Any])
    for key in ["position", "bounds", "anchorPoint", "zPosition", "opacity", "hidden", "backgroundColor",
                "cornerRadius", "borderWidth", "borderColor", "transform", "sublayerTransform", "path", "fillColor",
                "strokeColor", "lineWidth", "miterLimit", "lineDashPhase", "strokeStart", "strokeEnd"] {
      #expect(properties[key] != nil, "missing \(key)")
    }
    #expect((properties["transform"] as? [Double])?.count == 16)
    let strokeEnd = try #require(properties["strokeEnd"] as? Double)
    #expect(strokeEnd > 0 && strokeEnd < 1)
  }

  @Test func inspectReportsLocalTimeAtFullPrecision() throws {
    let url = try CLI.temporaryScene(#"""
      {"canvas": {"width": 10, "height": 10}, "layers": [{"name": "mid", "beginTime": 2, "speed": 3,
       "timeOffset": 0.25, "sublayers": [{"name": "leaf", "beginTime": 1, "speed": 2, "timeOffset": 0.5}]}]}
      """#)
    let result = try CLI.run(["inspect", url.path, "--time", "10", "--layer", "leaf"])
    let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
    let layer = try #require((object?["layers"] as? [[String: Any]])?.first)
    #expect(layer["localTime"] as? Double == 47)
  }

  @Test func inspectOfUnknownLayerFails() throws {
    let result = try CLI.run(["inspect", "Fixtures/Scenes/demo/pull-to-refresh.json", "--time", "0",
                              "--layer", "nope"])
    #expect(result.status == 1)
    #expect(result.standardError.contains("no layer named \"nope\""))
  }

  @Test func missingTimeIsAUsageError() throws {
    let result = try CLI.run(["inspect", "Fixtures/Scenes/demo/pull-to-refresh.json"])
    #expect(result.status == 64)
  }

  @Test func unreadableSceneFails() throws {
    let result = try CLI.run(["validate", "does-not-exist.json"])
    #expect(result.status == 1)
    #expect(result.standardError.hasPrefix("does-not-exist.json: cannot read the file"))
  }

  /// A scene of 5,000 layers, each with an animation whose key times do not
  /// fit its values (a warning each).
  static func warnedScene() throws -> URL {
    let animation = #"{"type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 1]}"#
    let layers = (0..<5000).map { #"{"name": "l\#($0)", "animations": [\#(animation)]}"# }.joined(separator: ", ")
    return try CLI.temporaryScene(#"{"canvas": {"width": 10, "height": 10}, "layers": ["# + layers + "]}")
  }

  @Test func aFloodOfWarningsPrintsTheFirstHundredAndCountsTheRest() throws {
    let scene = try Self.warnedScene()
    let result = try CLI.run(["validate", scene.path])
    #expect(result.status == 0)
    let lines = result.standardError.split(separator: "\n")
    #expect(lines.filter { $0.contains("keyTimes") }.count == 100)
    #expect(lines.last == "\(scene.path): warning: … and 4900 more warnings")
  }

  /// Megabytes on one stream while the other is open: a helper that
  /// drained the pipes one after the other would hang on one of these (the
  /// child blocks on a full pipe while the helper waits for the end of the
  /// other). No command of ours floods standard error any more (problems
  /// and warnings stop at a hundred), so a shell does.
  @Test(.timeLimit(.minutes(2))) func aFloodOnEitherStreamIsReadWithoutDeadlock() throws {
    let output = try CLI.run(["inspect", try Self.warnedScene().path, "--time", "0"])
    #expect(output.status == 0)
    #expect(output.standardOutput.utf8.count > 1_000_000)
    #expect(output.standardOutput.contains(#""name": "l4999""#))
    #expect(output.standardError.split(separator: "\n").count == 101)
    let errors = try CLI.run(URL(fileURLWithPath: "/bin/sh"),
                             ["-c", "head -c 1000000 /dev/zero | tr '\\0' x >&2; echo done"])
    #expect(errors.status == 0)
    #expect(errors.standardOutput == "done\n")
    #expect(errors.standardError.utf8.count == 1_000_000)
  }

  /// `validate` prints the decoder's warnings and its own advice as one
  /// list, stopped at a hundred.
  @Test func validateCountsWarningsAndAdviceTogether() throws {
    let animation = #"{"type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 1], "# 
      + #""fillMode": "forwards", "duration": 2}"#
    let layers = (0..<150).map { #"{"name": "l\#($0)", "animations": [\#(animation)]}"# }.joined(separator: ", ")
    let scene = try CLI.temporaryScene(#"{"canvas": {"width": 10, "height": 10}, "layers": ["# + layers + "]}")
    let result = try CLI.run(["validate", scene.path])
    #expect(result.status == 0)
    let lines = result.standardError.split(separator: "\n")
    #expect(lines.count == 101)
    #expect(lines.last == "\(scene.path): warning: … and 200 more warnings")
  }

  @Test func aFloodOfErrorsPrintsTheFirstHundredAndCountsTheRest() throws {
    let layers = (0..<5000).map { #"{"name": "l\#($0)", "oppacity": 1}"# }.joined(separator: ", ")
    let scene = try CLI.temporaryScene(#"{"canvas": {"width": 10, "height": 10}, "layers": ["# + layers + "]}")
    let result = try CLI.run(["validate", scene.path])
    #expect(result.status == 1)
    let lines = result.standardError.split(separator: "\n")
    #expect(lines.filter { $0.contains("oppacity") }.count == 100)
    #expect(lines.last == "\(scene.path): … and 4900 more problems")
  }

  @Test func helpListsTheCommands() throws {
    let result = try CLI.run(["--help"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("validate"))
    #expect(result.standardOutput.contains("inspect"))
  }

  @Test func hundredThousandLayerSceneValidates() throws {
    var layers: [String] = []
    for i in 0..<100_000 {
      layers.append(##"{"name":"l\##(i)","frame":[0,0,10,10],"backgroundColor":"#FFB900","animations":[{"type":"basic","keyPath":"position.x","byValue":20}]}"##)
    }
    let url = try CLI.temporaryScene(#"{"canvas":{"width":64,"height":64},"layers":["# + layers.joined(separator: ",") + "]}")
    let result = try CLI.run(["validate", url.path])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("100000 layers"))
  }

  @Test func deeplyNestedSceneValidates() throws {
    let depth = 50_000
    let json = #"{"canvas":{"width":10,"height":10},"layers":["#
      + String(repeating: #"{"sublayers":["#, count: depth) + String(repeating: "]}", count: depth) + "]}"
    let url = try CLI.temporaryScene(json)
    let result = try CLI.run(["validate", url.path])
    #expect(result.status == 0, "\(result.standardError)")
  }
}

@Suite struct StillCommandTests {
  @Test func stillWritesTheSameFrameAsTheRenderer() throws {
    let folder = TestFiles.url("zoetrope-still-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let out = folder.appendingPathComponent("frame.png").path
    let result = try CLI.run(["still", "Fixtures/Scenes/demo/pull-to-refresh.json", "--time", "1.6", "-o", out])
    #expect(result.status == 0, "\(result.standardError)")
    // The pixels of the reviewed golden (the golden's bytes came from an older compression setting).
    let written = try RGBAImage(contentsOfPNG: out)
    let golden = try RGBAImage(contentsOfPNG: Fixtures.url("Golden/demo/pull-to-refresh@t1.600.png").path)
    let same = written == golden
    #expect(same, "the written frame differs from the golden")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["frame.png"])
  }

  @Test func stillWritesTheSmallestPNGWithTheSamePixels() throws {
    let folder = TestFiles.url("zoetrope-png-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var sizes: [String: Int] = [:], images: [String: RGBAImage] = [:]
    for compression in ["fast", "smallest", "6"] {
      let out = folder.appendingPathComponent("\(compression).png").path
      let result = try CLI.run(["still", "Fixtures/Scenes/compositor/features.json", "-o", out,
                                "--png-compression", compression])
      #expect(result.status == 0, "\(result.standardError)")
      sizes[compression] = try FileManager.default.attributesOfItem(atPath: out)[.size] as? Int
      images[compression] = try RGBAImage(contentsOfPNG: out)
    }
    #expect(images["fast"] == images["smallest"] && images["fast"] == images["6"])
    #expect(sizes["smallest"]! < sizes["fast"]!, "\(sizes)")
    let bad = try CLI.run(["still", "Fixtures/Scenes/compositor/features.json", "-o", folder.path + "/x.png",
                           "--png-compression", "tiny"])
    #expect(bad.status == 64 && bad.standardError.contains("png-compression"), "\(bad.standardError)")
    let video = try CLI.run(["render", "Fixtures/Scenes/compositor/features.json", "-o", folder.path + "/x.mp4",
                             "--png-compression", "smallest"])
    #expect(video.status == 64 && video.standardError.contains("PNG sequences"), "\(video.standardError)")
  }

  @Test func stillToAnUnwritablePlaceFailsCleanly() throws {
    let result = try CLI.run(["still", "Fixtures/Scenes/demo/pull-to-refresh.json", "-o", "/nonexistent/dir/x.png"])
    #expect(result.status == 1)
    #expect(result.standardError.contains("/nonexistent/dir/x.png"))
  }
}
