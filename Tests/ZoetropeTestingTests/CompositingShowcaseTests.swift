// SPDX-License-Identifier: Apache-2.0
// The compositing showcase: a button with a soft drop shadow, the replicator spinner, a masked card, an equaliser.

import SnapshotTesting
import Testing
import Zoetrope
import ZoetropeTesting
import _ZoetropeTestSupport

@Suite struct CompositingShowcaseTests {
  @Test(arguments: ["button-shadow", "masked-card"])
  func stillMatchesItsGolden(_ name: String) throws {
    let scene = try Fixtures.scene("Scenes/showcase/\(name).json")
    let failure = verifySnapshot(of: scene, as: .frame(at: 0), named: name, snapshotDirectory: ShowcaseTests.goldens,
                                 testName: "frame")
    #expect(failure == nil, "\(failure ?? "")")
  }

  /// Six frames of each loop, as a contact sheet.
  @Test(arguments: [("spinner", 1.0), ("equalizer", 0.7)])
  func loopMatchesItsContactSheet(_ name: String, _ period: Double) throws {
    let scene = try Fixtures.scene("Scenes/showcase/\(name).json")
    let times = (0..<6).map { Double($0) * period / 6 }
    let failure = verifySnapshot(of: scene, as: .frames(at: times, columns: 6), named: name,
                                 snapshotDirectory: ShowcaseTests.goldens, testName: "frames")
    #expect(failure == nil, "\(failure ?? "")")
  }
}
