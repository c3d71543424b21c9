// SPDX-License-Identifier: Apache-2.0
// Emitters, transitions and transform layers through the built CLI: validate, inspect, frames alone and in chunks.

import Foundation
import Testing
import _ZoetropeTestSupport

@Suite(.serialized) struct EmitterCommandTests {
  /// `validate` died of SIGSEGV on this scene after an incremental build:
  /// the CLI reaches `LayerTree.Node` only through the umbrella's
  /// `@_exported import`, so SwiftPM did not recompile it when the node
  /// gained stored properties, and it read `animations` at the old offset
  /// (swiftlang/swift#89636; Package.swift's `umbrella` names the modules).
  @Test func validateSummarisesAnEmitterWhoseParticlesLiveForever() throws {
    let scene = "Fixtures/Scenes/emitters/immortal-particles.json"
    let result = try CLI.run(["validate", scene])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput == "\(scene): OK — 64×64 pt at 30 fps, 2 s (60 frames), 1 layer, 0 animations\n")
    #expect(result.standardError.isEmpty, "\(result.standardError)")
  }

  /// A transition is one animation, and the state after it is the same
  /// layer changed: the summary counts what the scene wrote, not the nodes
  /// the states are drawn from (each state keeps copies of its sublayers).
  @Test func validateCountsATransitionAsOneAnimationOnTheLayersItWrote() throws {
    let url = try CLI.temporaryScene(#"""
      {"canvas": {"width": 40, "height": 20}, "layers": [{"frame": [0, 0, 40, 20], "animations": [
        {"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1},
        {"type": "transition", "to": {"sublayers": [{"frame": [0, 0, 5, 5]}]}},
        {"type": "transition", "beginTime": 0.5, "to": {"backgroundColor": "red"}}],
        "sublayers": [{"frame": [5, 5, 5, 5]}]}]}
      """#)
    let result = try CLI.run(["validate", url.path])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.hasSuffix(", 3 layers, 3 animations\n"), "\(result.standardOutput)")
  }

  /// `inspect` gives an emitter's cells with their values at the instant
  /// (an animation of `emitterCells.spark.velocity` halfway: 50) and, for
  /// each cell in pre-order, how many of its particles are alive — those of
  /// `trail`, which has no image and draws nothing, too. At 2.57 s: sparks
  /// born 0.1 s apart from 1.6 s (ten younger than a second); each emits a
  /// trail at its ages 0.25, 0.5 and 0.75 s, alive for 0.5 s: thirteen, and
  /// two more of sparks already gone (born at 1.4 and 1.5 s: trails outlive
  /// their parents).
  @Test func inspectGivesAnEmittersCellsAndTheParticlesAliveInEach() throws {
    let url = try CLI.temporaryScene(#"""
      {"canvas": {"width": 64, "height": 64, "duration": 3}, "layers": [{"name": "sparks", "type": "emitter",
        "frame": [0, 0, 64, 64], "emitterPosition": [32, 32],
        "emitterCells": [{"name": "spark", "birthRate": 10, "lifetime": 1, "velocity": 10,
          "contents": "spark.png", "emitterCells": [{"name": "trail", "birthRate": 4, "lifetime": 0.5}]}],
        "animations": [{"type": "basic", "keyPath": "emitterCells.spark.velocity", "fromValue": 0, "toValue": 100,
          "duration": 2}]}]}
      """#)
    try FileManager.default.copyItem(at: Fixtures.url("Images/spark.png"),
                                     to: url.deletingLastPathComponent().appendingPathComponent("spark.png"))
    let result = try CLI.run(["inspect", url.path, "--time", "1", "--time", "2.57"])
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    func emitter(_ line: String) throws -> [String: Any] {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      return ((object?["layers"] as? [[String: Any]])?.first) ?? [:]
    }
    let atOne = try emitter(lines[0])
    let cells = (atOne["properties"] as? [String: Any])?["emitterCells"] as? [[String: Any]]
    #expect(cells?.first?["name"] as? String == "spark")
    #expect(cells?.first?["velocity"] as? Double == 50, "the animation halfway")
    #expect(((cells?.first?["emitterCells"] as? [[String: Any]])?.first)?["name"] as? String == "trail")
    let census = try emitter(lines[1])["particles"] as? [[String: Any]]
    #expect(census?.map { $0["cell"] as? String } == ["emitterCells[0]", "emitterCells[0].emitterCells[0]"])
    #expect(census?.map { $0["name"] as? String } == ["spark", "trail"])
    #expect(census?.map { $0["alive"] as? Int } == [10, 15])
  }
}
