// SPDX-License-Identifier: Apache-2.0
// ZoetropeTesting takes a CALayer as it takes a Layer, and a tree that cannot be drawn fails the test
// with the layer, key and type; the snippets' contact sheets are goldens.

import Foundation
import SnapshotTesting
import Testing
import Zoetrope
import ZoetropeQuartzCore
import ZoetropeTesting
import _ZoetropeTestSupport

@Suite struct SnapshotStrategyTests {
  /// The snippets' references live in Fixtures/, beside the other goldens.
  static let goldens = Fixtures.url("Golden/quartzcore").path

  func temporaryFolder() throws -> String {
    let url = TestFiles.url("zoetrope-qc-snap-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
  }

  @Test func aCALayerSnapshotsAsItsFrameRenders() throws {
    let references = try temporaryFolder()
    let ring = makeRing()
    let recorded = verifySnapshot(of: ring, as: .frame(at: 0.6), named: "ring", record: .all,
                                  snapshotDirectory: references, testName: "strategy")
    #expect(recorded != nil)
    let reference = try RGBAImage(contentsOfPNG: references + "/strategy.ring.png")
    #expect(reference == (try ZoetropeRender.image(of: ring, at: 0.6)))
    #expect(verifySnapshot(of: makeRing(), as: .frame(at: 0.6), named: "ring", record: .never,
                           snapshotDirectory: references, testName: "strategy") == nil)
    // Another instant is another picture.
    #expect(verifySnapshot(of: makeRing(), as: .frame(at: 0.3), named: "ring", record: .never,
                           snapshotDirectory: references, testName: "strategy") != nil)
  }

  @Test func aTreeThatCannotBeDrawnFailsTheTestNamingLayerKeyAndType() throws {
    let references = try temporaryFolder()
    let ring = makeRing()
    ring.name = "ring"
    let wrong = CABasicAnimation(keyPath: "strokeEnd")
    wrong.toValue = CGPoint(x: 1, y: 1)
    ring.add(wrong, forKey: "wrong")
    withKnownIssue {
      _ = verifySnapshot(of: ring, as: .frame(at: 0.5), named: "broken", record: .all,
                         snapshotDirectory: references, testName: "strategy")
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("CAShapeLayer \"ring\"") && text.contains("animation \"wrong\"")
        && text.contains("toValue is a CGPoint") && text.contains("strokeEnd")
    }
  }

  static let sheets: [(name: String, times: [Double], columns: Int, make: @Sendable () -> CALayer)] = [
    ("ring", [0, 0.3, 0.6, 0.9], 2, makeRing),
    ("stroke-loader", [0, 0.5, 1, 1.25], 2, makeStrokeLoader),
    ("pulse", [0, 0.5, 1, 1.4], 2, makePulse),
    ("replicator-spinner", [0.5, 1.25, 1.5, 1.75], 2, makeReplicatorSpinner),
    ("shake", [0.05, 0.15, 0.3, 0.7], 1, makeShake),
    ("card-flip", [0, 0.3, 0.6, 0.9], 1, makeCardFlip),
    ("gradient-shimmer", [0.3, 0.75, 1.2], 1, makeShimmer),
    ("text-counter", [0, 0.3, 0.6, 1.1, 2.4], 5, makeTextCounter),
    ("typing-indicator", [0.1, 0.3, 0.5, 0.7], 2, makeTypingIndicator),
    ("checkmark", [0.05, 0.2, 0.45, 1], 2, { makeCheckmark() }),
    ("marching-ants", [0, 0.125, 0.25, 0.375], 2, makeMarchingAnts),
    ("orbit", [0, 0.5, 1, 1.5], 2, makeOrbit),
  ]

  @Test(arguments: sheets.indices)
  func snippetMatchesItsContactSheet(_ index: Int) throws {
    let sheet = Self.sheets[index]
    let failure = verifySnapshot(of: sheet.make(), as: .frames(at: sheet.times, columns: sheet.columns),
                                 named: sheet.name, snapshotDirectory: Self.goldens, testName: "frames")
    #expect(failure == nil, "\(failure ?? "")")
  }
}
