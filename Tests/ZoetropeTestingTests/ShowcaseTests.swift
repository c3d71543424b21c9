// SPDX-License-Identifier: Apache-2.0
// The showcase: every figure of "Controlling Animation Timing" as a golden timeline strip, the
// slider, hierarchical speed and the pull-to-refresh group, through ZoetropeTesting.

import Foundation
import SnapshotTesting
import Testing
import Zoetrope
import ZoetropeTesting
import _ZoetropeTestSupport

@Suite struct ShowcaseTests {
  /// The showcase references live in Fixtures/, beside the scenes, for the README to show.
  static let goldens = Fixtures.url("Golden/showcase").path

  static let timingFigures = [
    "timing-duration", "timing-beginTime", "timing-fillMode-backwards", "timing-autoreverses", "timing-repeatCount",
    "timing-repeatDuration", "timing-repeatCount-autoreverses", "timing-speed", "timing-timeOffset",
    "speed-group", "speed-layer",
  ]

  /// 117 pixels a second, as the article's figures; four seconds.
  @Test(arguments: timingFigures)
  func timelineStripMatchesItsGolden(_ name: String) throws {
    let scene = try Fixtures.scene("Scenes/showcase/\(name).json")
    let failure = verifySnapshot(of: scene, as: .timeline(layer: "box", keyPath: "backgroundColor", from: 0, to: 4,
                                                          width: 468, height: 24),
                                 named: name, snapshotDirectory: Self.goldens, testName: "timeline")
    #expect(failure == nil, "\(failure ?? "")")
  }

  @Test func sliderOfPausedLayersMatchesItsGolden() throws {
    let scene = try Fixtures.scene("Scenes/showcase/slider.json")
    let failure = verifySnapshot(of: scene, as: .frame(at: 0), named: "slider", snapshotDirectory: Self.goldens,
                                 testName: "frame")
    #expect(failure == nil, "\(failure ?? "")")
  }

  @Test func pullToRefreshGroupMatchesItsContactSheet() throws {
    let scene = try Fixtures.scene("Scenes/demo/pull-to-refresh.json")
    let failure = verifySnapshot(of: scene, as: .frames(at: [0.4, 0.8, 1.2, 1.6], columns: 2, scale: 0.375),
                                 named: "pull-to-refresh", snapshotDirectory: Self.goldens, testName: "frames")
    #expect(failure == nil, "\(failure ?? "")")
  }

  /// The figure of docs/emitters-and-transitions.md: an additive sparkler
  /// over time — starting, full, its birth rate going to 0 at 1.4 s, the
  /// last sparks fading.
  @Test func sparklerStripMatchesItsGolden() throws {
    let scene = try Fixtures.scene("Scenes/showcase/sparkler.json")
    let failure = verifySnapshot(of: scene, as: .frames(at: [0.1, 0.3, 0.6, 1.0, 1.6, 1.9, 2.3], columns: 7),
                                 named: "sparkler", snapshotDirectory: Self.goldens, testName: "frames")
    #expect(failure == nil, "\(failure ?? "")")
  }

  /// The figure of docs/emitters-and-transitions.md: fade, push, moveIn and
  /// reveal (from the right) at their midpoint.
  @Test func transitionsAtTheirMidpointMatchTheirGolden() throws {
    let scene = try Fixtures.scene("Scenes/showcase/transitions.json")
    let failure = verifySnapshot(of: scene, as: .frame(at: 0.8), named: "transitions", snapshotDirectory: Self.goldens,
                                 testName: "frame")
    #expect(failure == nil, "\(failure ?? "")")
  }
}
