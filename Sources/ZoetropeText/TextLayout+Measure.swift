// SPDX-License-Identifier: Apache-2.0
// What a laid-out line measures: its baseline, its typographic box and its ink box, in the layer's coordinates.

import ZoetropeGeometry

extension TextLayout {
  /// One laid-out line's measurements, layer coordinates (points, y down):
  ///
  ///         typographic box            ink box
  ///     ┌─────────────────────┐ ← baseline − ascent
  ///     │ ┌──┐      ┌┐ ┌──┐   │ ← top of the tallest glyph
  ///     │ │P │ull to││ │e…│  │
  ///     ├─┴──┴──────┴┴─┴──┴───┤ ← baseline
  ///     │        ┌┘           │ ← bottom of a descender
  ///     └─────────────────────┘ ← baseline + descent
  ///     ↑ pen start            ↑ pen end
  ///
  /// Core Text calls the two boxes the typographic and the image bounds
  /// (`CTLineGetTypographicBounds`, `CTLineGetImageBounds`).
  package struct LineMetrics: Hashable, Sendable {
    /// The baseline, layer y.
    package var baseline: Double
    /// From the pen's start to its end (hanging spaces left out), and from
    /// the requested font's ascent above the baseline to its descent below.
    package var typographicBounds: Rect
    /// The box of the glyphs' outlines as drawn; `nil` for a line that
    /// draws nothing (spaces only).
    package var inkBounds: Rect?
  }

  /// The measurements of every line, first to last.
  package var lineMetrics: [LineMetrics] {
    placedLines.indices.map { k in
      let line = placedLines[k], baseline = baselines[k]
      var ink: Rect?
      for glyph in glyphs[line.glyphs] {
        let box = fonts[glyph.font].outline(of: glyph.id).inkBounds
        guard box.size.width > 0 || box.size.height > 0 else { continue }
        // Font units (y up) to the layer (y down): scale, flip, move to the glyph's origin.
        let s = scales[glyph.font]
        let placed = Rect(x: glyph.origin.x + box.minX * s, y: glyph.origin.y - box.maxY * s,
                          width: box.size.width * s, height: box.size.height * s)
        ink = ink.map { TextLayout.union($0, placed) } ?? placed
      }
      return LineMetrics(baseline: baseline,
                         typographicBounds: Rect(x: line.start, y: baseline - ascent, width: line.end - line.start,
                                                 height: ascent + descent),
                         inkBounds: ink)
    }
  }

  /// The smallest rectangle holding both.
  private static func union(_ a: Rect, _ b: Rect) -> Rect {
    let minX = Swift.min(a.minX, b.minX), minY = Swift.min(a.minY, b.minY)
    return Rect(x: minX, y: minY, width: Swift.max(a.maxX, b.maxX) - minX, height: Swift.max(a.maxY, b.maxY) - minY)
  }
}
