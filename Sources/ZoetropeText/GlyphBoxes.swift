// SPDX-License-Identifier: Apache-2.0
// Where a layout's glyphs put ink, in nested groups, so that a drawing skips a group that misses the canvas whole.

import ZoetropeGeometry

/// The ink boxes of a ``TextLayout``'s glyphs in layer coordinates (points,
/// y down), grouped: a box for each run of ``fanOut`` glyphs, a box for each
/// run of ``fanOut`` of those, and so on up to at most ``fanOut`` boxes.
///
///     top level         [■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■]           ≤ 16 boxes
///     …                 [■■■■■■■■■■■■■■■■]  [■■■■■■■■■■■■■■■]
///     level 0           [■■■■][■■■■][■■■■][■■■■]   …                 16 glyphs a box
///     glyphs             WWWW  WWWW  WWWW  WWWW
///
/// A drawing asks for the glyphs whose groups it may see
/// (``forEachVisibleRun(_:_:)``): a group whose box it does not see is
/// skipped without looking at its glyphs, so a text of N glyphs wholly off
/// the canvas costs at most 16 box tests, and a line crossing it about
/// 16 × log₁₆ N besides the glyphs that show. (A replicator draws a text once
/// per copy: 100,000 copies of 10,000 glyphs took 32 s looking at each
/// glyph's box.)
package struct GlyphBoxes: Sendable {
  /// An axis-aligned box; empty (`minX > maxX`) for glyphs without ink.
  package struct Box: Sendable, Equatable {
    package var minX = Double.infinity, minY = Double.infinity
    package var maxX = -Double.infinity, maxY = -Double.infinity

    /// Whether the box holds no ink (every glyph in it is blank, or there is none).
    package var isEmpty: Bool { !(minX <= maxX) }

    mutating func include(_ other: Box) {
      guard !other.isEmpty else { return }
      minX = Swift.min(minX, other.minX); minY = Swift.min(minY, other.minY)
      maxX = Swift.max(maxX, other.maxX); maxY = Swift.max(maxY, other.maxY)
    }
  }

  /// Glyphs (and boxes) per box of the level above.
  static let fanOut = 16

  /// `levels[0][i]` bounds glyphs `16i ..< 16i + 16`; `levels[k][i]` bounds
  /// boxes `16i ..< 16i + 16` of level `k − 1`. The last level has at most 16
  /// boxes; there are no levels for a layout without glyphs.
  private var levels: [[Box]] = []
  /// The number of glyphs.
  private var glyphCount = 0

  /// No glyphs.
  init() {}

  /// The boxes of `layout`'s glyphs (its fonts' outlines are loaded).
  init(_ layout: TextLayout) {
    glyphCount = layout.glyphs.count
    guard glyphCount > 0 else { return }
    var level: [Box] = []
    level.reserveCapacity((glyphCount + GlyphBoxes.fanOut - 1) / GlyphBoxes.fanOut)
    for start in stride(from: 0, to: glyphCount, by: GlyphBoxes.fanOut) {
      var box = Box()
      for glyph in layout.glyphs[start..<Swift.min(start + GlyphBoxes.fanOut, glyphCount)] {
        box.include(layout.inkBox(of: glyph))
      }
      level.append(box)
    }
    levels.append(level)
    while level.count > GlyphBoxes.fanOut {
      var above: [Box] = []
      above.reserveCapacity((level.count + GlyphBoxes.fanOut - 1) / GlyphBoxes.fanOut)
      for start in stride(from: 0, to: level.count, by: GlyphBoxes.fanOut) {
        var box = Box()
        for inner in level[start..<Swift.min(start + GlyphBoxes.fanOut, level.count)] { box.include(inner) }
        above.append(box)
      }
      levels.append(above)
      level = above
    }
  }

  /// The box of every glyph together; empty without ink.
  package var bounds: Box {
    var box = Box()
    for top in levels.last ?? [] { box.include(top) }
    return box
  }

  /// Calls `body` with each run of at most 16 glyph indices (in order) whose
  /// group box `isVisible` accepts — an empty box never is — until `body`
  /// returns false. Returns false when `body` stopped it.
  @discardableResult
  package func forEachVisibleRun(_ isVisible: (Box) -> Bool, _ body: (Range<Int>) -> Bool) -> Bool {
    guard let top = levels.last else { return true }
    return visit(level: levels.count - 1, boxes: top.indices, isVisible, body)
  }

  private func visit(level: Int, boxes: Range<Int>, _ isVisible: (Box) -> Bool, _ body: (Range<Int>) -> Bool)
    -> Bool
  {
    for index in boxes {
      let box = levels[level][index]
      guard !box.isEmpty, isVisible(box) else { continue }
      let first = index * GlyphBoxes.fanOut
      if level == 0 {
        guard body(first..<Swift.min(first + GlyphBoxes.fanOut, glyphCount)) else { return false }
      } else {
        let inner = first..<Swift.min(first + GlyphBoxes.fanOut, levels[level - 1].count)
        guard visit(level: level - 1, boxes: inner, isVisible, body) else { return false }
      }
    }
    return true
  }
}

extension TextLayout {
  /// Where `glyph`'s outline lies, in layer coordinates; empty for a glyph
  /// without ink (a space).
  package func inkBox(of glyph: Glyph) -> GlyphBoxes.Box {
    let outline = fonts[glyph.font].outline(of: glyph.id).bounds
    guard outline.size.width > 0 || outline.size.height > 0 else { return GlyphBoxes.Box() }
    let s = scales[glyph.font]
    // Glyph space is y up: the layer's y runs the other way.
    let xs = (glyph.origin.x + s * outline.minX, glyph.origin.x + s * outline.maxX)
    let ys = (glyph.origin.y - s * outline.maxY, glyph.origin.y - s * outline.minY)
    return GlyphBoxes.Box(minX: Swift.min(xs.0, xs.1), minY: Swift.min(ys.0, ys.1), maxX: Swift.max(xs.0, xs.1),
                          maxY: Swift.max(ys.0, ys.1))
  }
}
