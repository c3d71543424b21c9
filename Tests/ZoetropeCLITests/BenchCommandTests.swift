// SPDX-License-Identifier: Apache-2.0
// `zoetrope bench`: one frame's times and a whole clip's frames per second, with and without reuse.

import Foundation
import Testing
import _ZoetropeTestSupport

@Suite struct BenchCommandTests {
  /// The one JSON object `bench --json` prints.
  static func object(_ result: CLI.Result) throws -> [String: Any] {
    let line = result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    return try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
  }

  @Test func aClipIsRenderedWholeWithAndWithoutReuse() throws {
    let scratch = try Scratch(scene: #"""
      {"zoetrope": 1, "canvas": {"width": 32, "height": 24, "fps": 10, "duration": 0.7},
       "layers": [{"frame": [2, 2, 8, 6], "backgroundColor": "red", "cornerRadius": 2},
                  {"frame": [12, 2, 8, 6], "backgroundColor": "blue",
                   "animations": [{"type": "basic", "keyPath": "position.y", "byValue": 10, "duration": 0.7}]}]}
      """#)
    for (flags, reuse) in [([String](), true), (["--no-reuse"], false)] {
      let result = try CLI.run(["bench", scratch.scene.path, "--clip", "--rounds", "2", "--json"] + flags)
      #expect(result.status == 0, "\(result.standardError)")
      let json = try Self.object(result)
      #expect(json["frames"] as? Int == 7)
      #expect(json["reuse"] as? Bool == reuse)
      #expect(json["rounds"] as? Int == 2)
      #expect(json["width"] as? Int == 32 && json["height"] as? Int == 24)
      let fps = try #require(json["fps"] as? Double), low = try #require(json["minFPS"] as? Double)
      let high = try #require(json["maxFPS"] as? Double)
      #expect(fps > 0 && low <= fps && fps <= high, "\(json)")
      #expect((json["cpuFPS"] as? Double ?? 0) > 0)
    }
    let table = try CLI.run(["bench", scratch.scene.path, "--clip", "--rounds", "1", "--threads", "2"])
    #expect(table.status == 0, "\(table.standardError)")
    #expect(table.standardOutput.contains("7 frames reusing unchanged layers"), "\(table.standardOutput)")
    #expect(table.standardOutput.contains("(2 threads)"), "\(table.standardOutput)")
  }

  @Test func oneFrameReportsItsThreadCPUTime() throws {
    let scratch = try Scratch()
    let result = try CLI.run(["bench", scratch.scene.path, "--frames", "3", "--json"])
    #expect(result.status == 0, "\(result.standardError)")
    let json = try Self.object(result)
    #expect((json["cpuMedianMs"] as? Double).map { $0 >= 0 } == true, "\(json)")
    #expect((json["cpuP10Ms"] as? Double).map { $0 >= 0 } == true, "\(json)")
  }

  @Test func clipOptionsAreCheckedAsUsage() throws {
    let scratch = try Scratch()
    let scene = scratch.scene.path
    for (arguments, message) in [
      (["bench", scene, "--no-reuse"], "--no-reuse goes with --clip"),
      (["bench", scene, "--clip", "--rounds", "0"], "--rounds must be 1…1000"),
      (["bench", scene, "--clip", "--rounds", "9223372036854775807"], "--rounds must be 1…1000"),
      (["bench", scene, "--clip", "--threads", "0"], "--threads must be 1…256"),
    ] {
      let result = try CLI.run(arguments)
      #expect(result.status == 64, "\(arguments): \(result.standardError)")
      #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
    }
  }

  @Test func aMissingSceneIsNamed() throws {
    let result = try CLI.run(["bench", "/nonexistent/scene.json", "--clip"])
    #expect(result.status == 1)
    #expect(result.standardError.contains("scene.json"), "\(result.standardError)")
  }
}
