// SPDX-License-Identifier: Apache-2.0
// The grouped ink boxes of a layout: a text off the canvas is judged by a few boxes, and no visible glyph is lost.

import Testing
import ZoetropeGeometry
@testable import ZoetropeText

@Suite struct GlyphBoxesTests {
  let font: Font

  init() throws { font = try Font.named("DejaVu Sans") }

  func layout(_ string: String, size: Double = 12, width: Double = 300) -> TextLayout {
    TextLayout(TextLayout.Request(string: string, font: font, fontSize: size,
                                  bounds: Rect(x: 0, y: 0, width: width, height: 1000), isWrapped: true))
  }

  /// Issue 34 H1: a replicator drew 100,000 copies of 10,000 glyphs off the
  /// canvas by looking at every glyph's box (32 s for an empty frame). Now a
  /// text missing the canvas costs at most 16 box tests.
  @Test func aTextOffTheCanvasIsJudgedByAFewBoxes() {
    let l = layout(String(repeating: "W", count: 10_000), size: 1, width: .infinity)
    #expect(l.glyphs.count == 10_000)
    var tests = 0, runs = 0
    l.glyphBoxes.forEachVisibleRun({ _ in
      tests += 1
      return false
    }) { _ in
      runs += 1
      return true
    }
    #expect(tests <= 16)
    #expect(runs == 0)
  }

  /// The runs cover, in order, every glyph whose own ink box meets the
  /// window asked about (culling never loses a glyph that shows), and every
  /// glyph when the whole plane is asked about.
  @Test(arguments: [
    (0.0, 0.0, 300.0, 1000.0), (40.0, 10.0, 5.0, 5.0), (-50.0, -50.0, 40.0, 40.0), (150.0, 30.0, 60.0, 2.0),
  ])
  func runsHoldEveryGlyphThatMeetsTheWindow(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
    let words = ["zoetrope", "Wj", "lorem", "ipsum", "ÅÉÎ", "gyp", "—", "ffi", "  ", "\n"]
    var text = ""
    var state: UInt64 = 7
    for _ in 0..<400 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      text += words[Int(state >> 60) % words.count] + " "
    }
    let l = layout(text)
    #expect(l.glyphs.count > 1000)
    func meets(_ box: GlyphBoxes.Box) -> Bool {
      !box.isEmpty && box.maxX >= x && box.minX <= x + width && box.maxY >= y && box.minY <= y + height
    }
    var listed: [Int] = []
    l.glyphBoxes.forEachVisibleRun(meets) { run in
      listed += Array(run)
      return true
    }
    #expect(listed == listed.sorted() && Set(listed).count == listed.count)
    let listedSet = Set(listed)
    for (index, glyph) in l.glyphs.enumerated() where meets(l.inkBox(of: glyph)) {
      #expect(listedSet.contains(index), "glyph \(index) meets the window but is not listed")
    }
  }

  /// A run the body refuses stops the walk there.
  @Test func theBodyStopsTheWalk() {
    let l = layout(String(repeating: "abc ", count: 200))
    var runs = 0
    let finished = l.glyphBoxes.forEachVisibleRun({ _ in true }) { _ in
      runs += 1
      return runs < 3
    }
    #expect(!finished)
    #expect(runs == 3)
  }
}
