// SPDX-License-Identifier: Apache-2.0
// Laying out a request: paragraphs, wrapping, truncation, alignment and visual order.

import ZoetropeGeometry
import ZoetropeLayers

extension TextLayout {
  /// One line: units of a shaped paragraph.
  struct Line {
    var paragraph: ShapedParagraph
    var units: Range<Int>
    /// Whether the line ends its paragraph (a justified line does not stretch then).
    var endsParagraph: Bool
  }

  /// Lays out `request` (see ``TextLayout`` for the rules), shaping
  /// paragraphs through `shaping`.
  package init(_ request: Request, shaping: ShapingCache = .shared) {
    let size = request.fontSize.isNaN ? 0 : Swift.min(request.fontSize, TextLayout.maximumFontSize)
    guard size > 0 else { return }
    let font = request.font
    let em = size / font.unitsPerEm
    let ascent = font.ascender * em, descent = -font.descender * em
    let lineHeight = (font.ascender - font.descender + font.lineGap) * em
    let width = request.bounds.size.width
    let limited = width.isFinite && width > 0
    let widthInEms = limited ? width / size : .infinity

    var lines: [Line] = []
    for text in TextLayout.paragraphs(of: TextLayout.withinBudget(request.string)) {
      let paragraph = shaping.paragraph(text, font: font)
      if request.isWrapped && limited {
        lines += TextLayout.wrap(paragraph, widthInEms: widthInEms)
      } else {
        lines.append(Line(paragraph: paragraph, units: paragraph.units.indices, endsParagraph: true))
      }
    }
    if request.truncation != .none && limited {
      func truncate(_ line: Line) -> Line {
        TextLayout.truncated(line, mode: request.truncation, widthInEms: widthInEms, font: font, shaping: shaping)
      }
      if request.isWrapped {
        let room = (request.bounds.size.height - ascent - descent) / lineHeight
        let fitting = room.isFinite ? Swift.max(1, Int(Swift.min(Swift.max(room, -1), 1e9).rounded(.down)) + 1) : Int.max
        if lines.count > fitting {
          let last = lines[fitting - 1]
          let rest = Line(paragraph: last.paragraph, units: last.units.lowerBound..<last.paragraph.units.count,
                          endsParagraph: true)
          lines = Array(lines.prefix(fitting - 1)) + [truncate(rest)]
        }
      } else {
        lines = lines.map { TextLayout.contentWidth($0) > widthInEms ? truncate($0) : $0 }
      }
    }
    self.ascent = ascent
    self.descent = descent
    for (k, line) in lines.enumerated() {
      let baseline = request.bounds.origin.y + ascent + Double(k) * lineHeight
      let first = glyphs.count
      let pen = place(line, baseline: baseline, size: size, request: request, limited: limited)
      baselines.append(baseline)
      placedLines.append(PlacedLine(glyphs: first..<glyphs.count, start: pen?.start ?? request.bounds.origin.x,
                                    end: pen?.end ?? request.bounds.origin.x))
    }
    lineCount = lines.count
  }

  /// `string` cut to at most ``maximumUTF8Count`` bytes, at a character boundary.
  static func withinBudget(_ string: String) -> String {
    guard string.utf8.count > maximumUTF8Count else { return string }
    var bytes = 0
    var kept = String.UnicodeScalarView()
    for scalar in string.unicodeScalars {
      bytes += UTF8.width(scalar)
      if bytes > maximumUTF8Count { break }
      kept.append(scalar)
    }
    return String(kept)
  }

  /// The paragraphs of `string`: split at LF, CR, CR LF, NEL, VT, FF, U+2028
  /// and U+2029; none for an empty string.
  static func paragraphs(of string: String) -> [String] {
    guard !string.isEmpty else { return [] }
    var result: [String] = []
    var current = String.UnicodeScalarView()
    var afterCarriageReturn = false
    for scalar in string.unicodeScalars {
      if scalar == "\n" && afterCarriageReturn {
        afterCarriageReturn = false
        continue
      }
      afterCarriageReturn = scalar == "\r"
      if TextLayout.lineBreaks.contains(scalar.value) {
        result.append(String(current))
        current = String.UnicodeScalarView()
      } else {
        current.append(scalar)
      }
    }
    result.append(String(current))
    return result
  }

  /// The characters that end a paragraph.
  static let lineBreaks: Set<UInt32> = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]

  /// The width of a line's units without the spaces hanging at its end, ems.
  static func contentWidth(_ line: Line) -> Double {
    let units = line.paragraph.units
    var end = line.units.upperBound
    while end > line.units.lowerBound, units[end - 1].isSpace { end -= 1 }
    return units[line.units.lowerBound..<end].reduce(0) { $0 + $1.advance }
  }

  /// A paragraph broken greedily into lines no wider than `widthInEms` (but
  /// for hanging spaces, and a single unit wider than the line).
  static func wrap(_ paragraph: ShapedParagraph, widthInEms: Double) -> [Line] {
    let units = paragraph.units
    guard !units.isEmpty else { return [Line(paragraph: paragraph, units: 0..<0, endsParagraph: true)] }
    var lines: [Line] = []
    var start = 0
    while start < units.count {
      var running = 0.0
      var lastBreak: Int?
      var end = start
      while end < units.count {
        running += units[end].advance
        // Spaces hang past the edge; anything else must fit (a line keeps at least one unit).
        if !units[end].isSpace, running > widthInEms, end > start { break }
        if units[end].breakAfter { lastBreak = end }
        end += 1
      }
      if end == units.count {
        lines.append(Line(paragraph: paragraph, units: start..<end, endsParagraph: true))
        break
      }
      let next = lastBreak.map { $0 + 1 } ?? end
      lines.append(Line(paragraph: paragraph, units: start..<next, endsParagraph: false))
      start = next
    }
    return lines
  }

  /// `line` shortened to fit `widthInEms` with a "…" where characters were
  /// dropped (at the start, in the middle or at the end), re-shaped as a
  /// paragraph of its own; the line itself when it fits.
  static func truncated(_ line: Line, mode: TextLayerTruncationMode, widthInEms: Double, font: Font,
                        shaping: ShapingCache) -> Line {
    let paragraph = line.paragraph, units = paragraph.units
    var range = line.units
    while range.upperBound > range.lowerBound, units[range.upperBound - 1].isSpace { range = range.dropLast() }
    if contentWidth(line) <= widthInEms || mode == .none { return line }
    let ellipsis = shaping.paragraph("\u{2026}", font: font)
    let room = widthInEms - ellipsis.units.reduce(0) { $0 + $1.advance }
    // Units kept at the start (prefix) and at the end (suffix).
    var prefixEnd = range.lowerBound, suffixStart = range.upperBound
    var prefixWidth = 0.0, suffixWidth = 0.0
    while prefixEnd < suffixStart {
      let takeFront: Bool
      switch mode {
      case .end: takeFront = true
      case .start: takeFront = false
      default: takeFront = prefixWidth <= suffixWidth
      }
      let unit = takeFront ? units[prefixEnd] : units[suffixStart - 1]
      guard prefixWidth + suffixWidth + unit.advance <= room else { break }
      if takeFront {
        prefixWidth += unit.advance
        prefixEnd += 1
      } else {
        suffixWidth += unit.advance
        suffixStart -= 1
      }
    }
    // Re-shape, dropping more should kerning across the cut make it wider.
    for _ in 0..<64 {
      while prefixEnd > range.lowerBound, units[prefixEnd - 1].isSpace { prefixEnd -= 1 }
      while suffixStart < range.upperBound, units[suffixStart].isSpace { suffixStart += 1 }
      var text = String.UnicodeScalarView()
      if prefixEnd > range.lowerBound {
        text.append(contentsOf: paragraph.scalars[units[range.lowerBound].scalars.lowerBound..<units[prefixEnd - 1].scalars.upperBound])
      }
      text.append("\u{2026}")
      if suffixStart < range.upperBound {
        text.append(contentsOf: paragraph.scalars[units[suffixStart].scalars.lowerBound..<units[range.upperBound - 1].scalars.upperBound])
      }
      let shaped = shaping.paragraph(String(text), font: font)
      let result = Line(paragraph: shaped, units: shaped.units.indices, endsParagraph: true)
      let prefixCount = prefixEnd - range.lowerBound, suffixCount = range.upperBound - suffixStart
      if contentWidth(result) <= widthInEms || prefixCount + suffixCount == 0 { return result }
      if prefixCount >= suffixCount { prefixEnd -= 1 } else { suffixStart += 1 }
    }
    let shaped = ellipsis
    return Line(paragraph: shaped, units: shaped.units.indices, endsParagraph: true)
  }

  /// The glyphs of `run` that draw `characters`: a contiguous range, since
  /// HarfBuzz's clusters are monotone (ascending in a left-to-right run,
  /// descending in a right-to-left one), found by binary search.
  static func glyphs(of run: ShapedParagraph.Run, in characters: Range<Int>) -> Range<Int> {
    let glyphs = run.glyphs
    func first(_ predicate: (Int) -> Bool) -> Int {
      var low = 0, high = glyphs.count
      while low < high {
        let mid = (low + high) / 2
        if predicate(glyphs[mid].scalar) { high = mid } else { low = mid + 1 }
      }
      return low
    }
    if run.level % 2 == 0 {
      return first { $0 >= characters.lowerBound }..<first { $0 >= characters.upperBound }
    }
    let start = first { $0 < characters.upperBound }
    return start..<Swift.max(start, first { $0 < characters.lowerBound })
  }

  /// Appends the glyphs of `line` on `baseline`: runs in visual order, the
  /// line aligned in the bounds.
  /// Places the glyphs of `line` on `baseline`; returns where its pen
  /// started and ended (hanging spaces left out), `nil` for a line of spaces only.
  private mutating func place(_ line: Line, baseline: Double, size: Double, request: Request,
                              limited: Bool) -> (start: Double, end: Double)? {
    let paragraph = line.paragraph, units = paragraph.units
    var last = line.units.upperBound
    while last > line.units.lowerBound, units[last - 1].isSpace { last -= 1 }
    guard last > line.units.lowerBound else { return nil }
    let characters = units[line.units.lowerBound].scalars.lowerBound..<units[last - 1].scalars.upperBound
    let runs = paragraph.runs.indices.filter { paragraph.runs[$0].scalars.overlaps(characters) }
    let order = Bidi.visualOrder(levels: runs.map { paragraph.runs[$0].level }).map { runs[$0] }

    var lineWidth = 0.0, spaces = 0
    for unit in units[line.units.lowerBound..<last] {
      lineWidth += unit.advance * size
      if unit.isSpace { spaces += 1 }
    }
    let width = limited ? request.bounds.size.width : 0
    var alignment = request.alignment
    var extraPerSpace = 0.0
    if alignment == .justified {
      if request.isWrapped, limited, !line.endsParagraph, spaces > 0, width > lineWidth {
        extraPerSpace = (width - lineWidth) / Double(spaces)
      }
      alignment = .natural
    }
    if alignment == .natural { alignment = paragraph.paragraphLevel == 1 ? .right : .left }
    let offset: Double = switch alignment {
    case .right: extraPerSpace > 0 ? 0 : width - lineWidth
    case .center: (width - lineWidth) / 2
    default: 0
    }

    var fontIndex = [Int](repeating: -1, count: paragraph.fonts.count)
    let start = request.bounds.origin.x + offset
    var pen = start
    for r in order {
      let run = paragraph.runs[r]
      if fontIndex[run.font] < 0 {
        let font = paragraph.fonts[run.font]
        if let known = fonts.firstIndex(where: { $0 === font }) {
          fontIndex[run.font] = known
        } else {
          fonts.append(font)
          scales.append(size / font.unitsPerEm)
          fontIndex[run.font] = fonts.count - 1
        }
      }
      for glyph in run.glyphs[TextLayout.glyphs(of: run, in: characters)] {
        glyphs.append(Glyph(font: fontIndex[run.font], id: glyph.id,
                            origin: Point(x: pen + glyph.xOffset * size, y: baseline - glyph.yOffset * size)))
        pen += glyph.advance * size
        if extraPerSpace > 0, ShapedParagraph.breakingSpaces.contains(paragraph.scalars[glyph.scalar].value) {
          pen += extraPerSpace
        }
      }
    }
    return (start, pen)
  }
}
