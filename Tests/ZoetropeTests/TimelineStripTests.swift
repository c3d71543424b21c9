// SPDX-License-Identifier: Apache-2.0
// Timeline strips of what transitions and emitters change: the state shown past each change, a cell's key path.

import Testing
import Zoetrope
import _ZoetropeTestSupport

@Suite struct TimelineStripTests {
  /// A plain strip 100 columns wide; a number's line is drawn 2 rows thick,
  /// its largest value at rows 2–3 and its smallest at rows 9–10 of 12.
  static func strip(_ scene: String, layer: String, key: String, to: Double) throws -> RGBAImage {
    try TimelineStrip(layer: layer, keyPath: key, from: 0, to: to, width: 100, height: 12, plain: true)
      .render(Fixtures.scene(scene))
  }

  static func column(_ strip: RGBAImage, _ x: Int) -> [UInt8] { Array(strip.pixels[(4 * x)..<(4 * x + 4)]) }

  /// The card is orange, pushed to green at 0.3 s (0.5 s long), faded to
  /// blue at 1.1 s: column x shows (x + 0.5) / 50 s.
  @Test func aLayersColourFollowsItsTransitionsStates() throws {
    let strip = try Self.strip("Scenes/transitions/push-then-fade.json", layer: "card", key: "backgroundColor", to: 2)
    for x in [0, 10, 14] { #expect(Self.column(strip, x) == [0xFF, 0x95, 0x00, 255], "column \(x), before the push") }
    for x in [15, 30, 54] { #expect(Self.column(strip, x) == [0x34, 0xC7, 0x59, 255], "column \(x), pushed") }
    for x in [55, 80, 99] { #expect(Self.column(strip, x) == [0x00, 0x7A, 0xFF, 255], "column \(x), faded") }
  }

  /// The sparkler's layer birthRate falls 1 → 0 from 1.4 s over 0.3 s; its
  /// spark cell's rate stays 70: a line at the top, then one flat line.
  @Test func anEmittersRateAndItsCellsRateAreDrawn() throws {
    let layerRate = try Self.strip("Scenes/showcase/sparkler.json", layer: "sparkler", key: "birthRate", to: 2.5)
    func inked(_ strip: RGBAImage, _ x: Int) -> [Int] { (0..<12).filter { strip.pixels[4 * (($0 * 100) + x)] < 128 } }
    #expect(inked(layerRate, 10) == [2, 3], "1 at the top before 1.4 s")
    #expect(inked(layerRate, 90) == [9, 10], "0 at the bottom after 1.7 s")
    let cellRate = try Self.strip("Scenes/showcase/sparkler.json", layer: "sparkler",
                                  key: "emitterCells.spark.birthRate", to: 2.5)
    #expect(Set((0..<100).map { inked(cellRate, $0) }) == [[2, 3]], "one flat line")
    let glint = try Self.strip("Scenes/showcase/sparkler.json", layer: "sparkler",
                               key: "emitterCells.spark.emitterCells.glint.color", to: 2.5)
    #expect(Self.column(glint, 50) == [255, 255, 255, 255], "a cell's colour: white by default")
  }
}
