// SPDX-License-Identifier: Apache-2.0
// Text laid out as CATextLayer lays it out: glyphs placed in lines in a layer's coordinates.

import ZoetropeGeometry
import ZoetropeLayers

/// Glyphs placed as `CATextLayer` places them, in the layer's coordinates
/// (points, y down):
///
///     bounds.origin ┌──────────────────────────┐ ┬
///                   │  ascent                  │ │ first baseline = ascent below the top
///        baseline 1 │─Pull·to·refresh──────────│ ┴
///                   │  descent + line gap      │   the next baseline is one line height lower
///        baseline 2 │─and·a·second·line────────│
///                   └──────────────────────────┘
///
/// - Lines: the string's line breaks (LF, CR, CRLF, U+2028, U+2029, NEL, VT,
///   FF) always break; with ``Request/isWrapped`` a line also breaks where the
///   next word would pass the bounds width — after a run of spaces, or between
///   two ideographs or kana — and a word wider than the bounds breaks between
///   characters. Spaces at the end of a line hang: they are not drawn and do
///   not count for alignment.
/// - Vertical: the first baseline sits the font's ascent below the top of the
///   bounds, each next one a line height (ascent + descent + line gap of the
///   requested font) lower. No vertical alignment; nothing is clipped (lines
///   past the bottom are drawn too) but by truncation.
/// - Horizontal: ``TextLayerAlignmentMode`` within the bounds width; `natural` is left for
///   a paragraph whose first strong character is left to right, right
///   otherwise; `justified` stretches the spaces of wrapped lines but a
///   paragraph's last line.
/// - Truncation: an unwrapped line wider than the bounds loses characters at
///   its start, middle or end to a "…"; wrapped text keeps the lines that fit
///   the bounds height (at least one), and the last of them takes the rest of
///   its paragraph, truncated.
/// - Wrapping and truncation need a positive, finite bounds width; otherwise
///   lines are neither wrapped nor truncated.
///
/// Sizes: a `fontSize` that is NaN, zero or negative lays out nothing; above
/// ``maximumFontSize`` it is clamped. Strings are laid out up to
/// ``maximumUTF8Count`` bytes of UTF-8; the rest is dropped.
public struct TextLayout: Sendable {
  /// What to lay out.
  package struct Request: Hashable, Sendable {
    package var string: String
    package var font: Font
    package var fontSize: Double
    /// The layer's bounds: lines start at its origin and wrap at its width.
    package var bounds: Rect
    package var alignment: TextLayerAlignmentMode
    package var truncation: TextLayerTruncationMode
    package var isWrapped: Bool

    package init(string: String, font: Font, fontSize: Double, bounds: Rect, alignment: TextLayerAlignmentMode = .natural,
                 truncation: TextLayerTruncationMode = .none, isWrapped: Bool = false) {
      self.string = string
      self.font = font
      self.fontSize = fontSize
      self.bounds = bounds
      self.alignment = alignment
      self.truncation = truncation
      self.isWrapped = isWrapped
    }
  }

  /// One placed glyph.
  package struct Glyph: Sendable {
    /// Index into ``fonts``.
    package var font: Int
    /// The glyph id.
    package var id: UInt32
    /// Where the glyph's origin (on the baseline) lands, layer coordinates.
    package var origin: Point
  }

  /// The longest string laid out, in bytes of UTF-8 (256 KiB); the rest is dropped.
  public static let maximumUTF8Count = 262_144
  /// The largest font size, points; larger ones are clamped to it.
  public static let maximumFontSize = 100_000.0

  /// The fonts the glyphs use.
  package var fonts: [Font] = []
  /// Points per font unit for each font (the size over its units per em).
  package var scales: [Double] = []
  /// The glyphs, line by line, each line left to right.
  package var glyphs: [Glyph] = []
  /// The number of lines.
  package var lineCount = 0
  /// The baseline of each line, layer y.
  package var baselines: [Double] = []
  /// Each line's glyphs and the pen's travel along it.
  package var placedLines: [PlacedLine] = []
  /// The requested font's ascent and descent at the laid-out size, points
  /// (the descent positive, below the baseline).
  package var ascent = 0.0, descent = 0.0

  /// Where one line's glyphs are, and where its pen started and stopped
  /// (layer x; spaces that hang at the end left out). A line of spaces only
  /// has no glyphs and starts and stops at the bounds' left edge.
  package struct PlacedLine: Sendable {
    package var glyphs: Range<Int>
    package var start: Double
    package var end: Double
  }

  /// The outline of every glyph, in layer coordinates, as one path: the
  /// glyphs in line order, left to right, each glyph's contours as its font
  /// draws them.
  package var path: Path {
    var path = Path()
    for glyph in glyphs {
      let s = scales[glyph.font]
      let place = AffineTransform(a: s, b: 0, c: 0, d: -s, tx: glyph.origin.x, ty: glyph.origin.y)
      path.addPath(fonts[glyph.font].outline(of: glyph.id).path.applying(place))
    }
    return path
  }
}
