// SPDX-License-Identifier: Apache-2.0
// Layer contents compared exactly with reviewed PNGs: gravity, scale, sprites, nine-slice, filters, perspective, masks, flipbooks.

import Testing
import Zoetrope
import _ZoetropeTestSupport

@Suite struct ImageGoldenTests {
  /// Every golden frame of layer contents: scene, time, golden name.
  static let goldens: [(String, Double, String)] = [
    ("images/gravity-smaller.json", 0, "images/gravity-smaller@t0.000"),
    ("images/gravity-larger.json", 0, "images/gravity-larger@t0.000"),
    ("images/contents-scale.json", 0, "images/contents-scale@t0.000"),
    ("images/sprites.json", 0, "images/sprites@t0.000"),
    ("images/sprites.json", 0.3, "images/sprites@t0.300"),
    ("images/nine-slice.json", 0, "images/nine-slice@t0.000"),
    ("images/filters-magnify.json", 0, "images/filters-magnify@t0.000"),
    ("images/filters-minify.json", 0, "images/filters-minify@t0.000"),
    ("images/perspective.json", 0, "images/perspective@t0.000"),
    ("images/rounded-mask.json", 0, "images/rounded-mask@t0.000"),
    ("images/flipbook.json", 0, "images/flipbook@t0.000"),
    ("images/flipbook.json", 0.5, "images/flipbook@t0.500"),
  ]

  @Test(arguments: goldens)
  func frameMatchesGolden(_ scene: String, _ time: Double, _ golden: String) throws {
    let renderer = Renderer(try Fixtures.scene("Scenes/" + scene))
    if let failure = Golden.compare(renderer.frame(atTime: time), name: golden) {
      Issue.record(Comment(rawValue: failure))
    }
  }

  /// Image rows are sampled per run: bands of any height and any number of
  /// threads give the golden bytes.
  @Test(arguments: [1, 7, 64])
  func goldensAreTheSameAtEveryBandHeight(_ bandHeight: Int) throws {
    for (scene, time, golden) in Self.goldens {
      let renderer = Renderer(try Fixtures.scene("Scenes/" + scene))
      for threads in [1, 3] {
        var image = RGBAImage(width: 0, height: 0, pixels: [])
        renderer.render(atTime: time, threads: threads, bandHeight: bandHeight, into: &image)
        if let failure = Golden.compare(image, name: golden, recording: false) {
          Issue.record(Comment(rawValue: "band height \(bandHeight), \(threads) threads: \(failure)"))
        }
      }
    }
  }
}
