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
}
