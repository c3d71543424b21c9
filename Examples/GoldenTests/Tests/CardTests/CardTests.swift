// SPDX-License-Identifier: Apache-2.0
// Golden-image tests of an animation: a card slides in, then turns blue.

import Foundation
import Testing
import ZoetropeTesting

@Suite struct CardTests {
  let scene: Scene

  init() throws {
    let url = try #require(Bundle.module.url(forResource: "card", withExtension: "json"))
    scene = try SceneDecoder.decode(contentsOf: url.path)
  }

  @Test func cardHalfwayIn() {
    assertSnapshot(of: scene, as: .frame(at: 0.3))
  }

  @Test func cardSlidingInFrameByFrame() {
    assertSnapshot(of: scene, as: .frames(at: [0, 0.2, 0.4, 0.6, 0.8], columns: 5, scale: 0.5))
  }

  @Test func cardColourOverTime() {
    assertSnapshot(of: scene, as: .timeline(layer: "card", keyPath: "backgroundColor", from: 0, to: 1, width: 200))
  }
}
