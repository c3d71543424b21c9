// SPDX-License-Identifier: Apache-2.0
// Frames compared exactly with reviewed PNGs in Fixtures/Golden.

import Testing
import Zoetrope
import _ZoetropeTestSupport

@Suite struct GoldenTests {
  @Test(arguments: [
    ("compositor/features.json", 0.0, "compositor/features@t0.000"),
    ("compositor/gradients.json", 0.0, "compositor/gradients@t0.000"),
    ("compositor/masks.json", 0.0, "compositor/masks@t0.000"),
    ("demo/pull-to-refresh.json", 0.75, "demo/pull-to-refresh@t0.750"),
    ("demo/pull-to-refresh.json", 1.6, "demo/pull-to-refresh@t1.600"),
  ])
  func frameMatchesGolden(_ scene: String, _ time: Double, _ golden: String) throws {
    let renderer = Renderer(try Fixtures.scene("Scenes/" + scene))
    if let failure = Golden.compare(renderer.frame(atTime: time), name: golden) {
      Issue.record(Comment(rawValue: failure))
    }
  }

  @Test func renderingTwiceGivesTheSameBytes() throws {
    let renderer = Renderer(try Fixtures.scene("Scenes/compositor/features.json"))
    #expect(renderer.frame(atTime: 0, scale: 2) == renderer.frame(atTime: 0, scale: 2))
  }
}
