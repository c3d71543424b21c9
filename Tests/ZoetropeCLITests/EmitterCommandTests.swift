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
}
