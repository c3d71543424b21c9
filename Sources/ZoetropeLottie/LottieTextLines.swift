// SPDX-License-Identifier: Apache-2.0
// A text document's lines as lottie-web lays them out: paragraphs, wrapped inside paragraph text's box, and placed.

import ZoetropeGeometry

/// The lines of a text document and where each starts, as lottie-web lays
/// them out (`TextProperty.completeTextData`, `applyTextPropertiesToMatrix`).
///
/// Paragraphs end at a carriage return, a line feed or ETX (U+0003). In
/// paragraph text (a box, `sz`) a paragraph is wrapped: characters are added
/// while the line's width (each character's width plus the tracking) plus
/// the next character's stays within the box; the first character that
/// does not fit, unless it is a space, ends the line at the line's last
/// space (the space is dropped) or, with no space on the line, before
/// itself. Spaces never break a line and hang past the box. A character
/// wider than the box alone takes a line of its own and overflows (lottie-web
/// loops forever there). Each paragraph is wrapped on its own (lottie-web
/// may break a line of the previous paragraph again, at its last space,
/// when a line has no space: its last-space index survives the paragraph's
/// end).
struct LottieTextLines {
  /// One line: its characters and its width — each character's width plus
  /// the tracking, the last character's tracking and trailing spaces
  /// counted, as ThorVG and lottie-ios measure a line to justify it
  /// (lottie-web leaves out both: see docs/lottie.md).
  struct Line: Equatable {
    var characters: [Character]
    var width: Double
  }

  var lines: [Line] = []

  /// `text` in lines, wrapped to `boxWidth` when there is one; `width`
  /// gives a character's width in points (0 for one without a glyph),
  /// `tracking` is in points. A box width that is not a positive finite
  /// number wraps nothing.
  init(_ text: String, boxWidth: Double?, tracking: Double, width: (Character) -> Double) {
    let paragraphs = text.split(omittingEmptySubsequences: false) { $0 == "\r" || $0 == "\n" || $0 == "\u{3}" }
    let limit = boxWidth.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    var widths: [Character: Double] = [:]
    func measure(_ c: Character) -> Double {
      if let known = widths[c] { return known }
      let w = width(c)
      let finite = w.isFinite ? w : 0
      widths[c] = finite
      return finite
    }
    for paragraph in paragraphs {
      let characters = Array(paragraph)
      guard let limit else {
        lines.append(Line(characters: characters, width: Self.width(of: characters[...], tracking: tracking,
                                                                     measure: measure)))
        continue
      }
      var start = 0, i = 0, lineWidth = 0.0, lastSpace: Int? = nil
      while i < characters.count {
        let c = characters[i], w = measure(c)
        if c == " " { lastSpace = i }
        if lineWidth + w > limit && c != " " && i > start {
          let end = lastSpace ?? i
          lines.append(Line(characters: Array(characters[start..<end]),
                            width: Self.width(of: characters[start..<end], tracking: tracking, measure: measure)))
          start = lastSpace.map { $0 + 1 } ?? i
          i = start
          lineWidth = 0
          lastSpace = nil
          continue
        }
        lineWidth += w + tracking
        i += 1
      }
      lines.append(Line(characters: Array(characters[start...]),
                        width: Self.width(of: characters[start...], tracking: tracking, measure: measure)))
    }
  }

  private static func width(of characters: ArraySlice<Character>, tracking: Double,
                            measure: (Character) -> Double) -> Double {
    characters.reduce(0) { $0 + measure($1) + tracking }
  }

  /// Where line `row`'s pen starts: x from the justification (`j`: 1 right,
  /// 2 centre, anything else left) about x = 0, or within the box from its
  /// left edge; the baseline `lh` a line down from y = 0, or from the box's
  /// top plus `ascent`; both less the baseline shift (`ls`).
  static func origin(of line: Line, row: Int, in document: LottieTextDocument, ascent: Double) -> Point {
    var y = Double(row) * document.lineHeight - document.baselineShift
    let x: Double
    if let size = document.boxSize {
      let free = size.width - line.width
      x = (document.boxPosition?.x ?? 0)
        + (document.justification == 1 ? free : document.justification == 2 ? free / 2 : 0)
      if let box = document.boxPosition { y += box.y + ascent }
    } else {
      x = document.justification == 1 ? -line.width : document.justification == 2 ? -line.width / 2 : 0
    }
    return Point(x: x, y: y)
  }
}
