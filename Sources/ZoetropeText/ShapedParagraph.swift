// SPDX-License-Identifier: Apache-2.0
// One paragraph itemized by font, script and direction, and shaped by HarfBuzz: glyphs in ems, logical order.

import CZoetropeText

/// A paragraph (text without line breaks) shaped once, independent of size:
/// positions are in ems of each run's font, so layouts at any size and width
/// reuse it.
///
/// The text is split into runs of one font (the requested one, or
/// fontconfig's fallback for characters it lacks), one script and one
/// embedding level (see ``Bidi``); each run is shaped by HarfBuzz with the
/// whole paragraph as context. Runs are in logical order; a run's glyphs are
/// in visual order (right to left runs come out of HarfBuzz reversed).
package final class ShapedParagraph: Sendable {
  /// One glyph as HarfBuzz placed it.
  package struct Glyph: Sendable {
    /// The glyph id in its run's font.
    package var id: UInt32
    /// The index of the first character of the glyph's cluster.
    package var scalar: Int
    /// The pen advance, ems.
    package var advance: Double
    /// The glyph's offset from the pen, ems (y up).
    package var xOffset: Double, yOffset: Double
  }

  /// Consecutive characters of one font, script and level.
  package struct Run: Sendable {
    /// Index into ``fonts``.
    package var font: Int
    /// The embedding level: odd is right to left.
    package var level: UInt8
    /// The characters, as indices into ``scalars``.
    package var scalars: Range<Int>
    /// The glyphs, in visual order.
    package var glyphs: [Glyph]
  }

  /// The smallest pieces a line can be broken between: HarfBuzz's clusters
  /// (a character with its marks, a ligature's characters).
  package struct Unit: Sendable {
    /// The characters, as indices into ``scalars``.
    package var scalars: Range<Int>
    /// The total advance of its glyphs, ems.
    package var advance: Double
    /// Whether it is white space (hangs at the end of a line, stretches when justified).
    package var isSpace: Bool
    /// Whether a line may break after it.
    package var breakAfter: Bool
  }

  /// The paragraph's characters.
  package let scalars: [Unicode.Scalar]
  /// The fonts the runs use; the first is the requested one.
  package let fonts: [Font]
  /// The paragraph level: 1 when its first strong character is right to left.
  package let paragraphLevel: UInt8
  /// The runs, in logical order.
  package let runs: [Run]
  /// The break units, in logical order, covering every character.
  package let units: [Unit]

  /// Shapes `text` (one paragraph: no line breaks) with `font`, falling back
  /// through `library` for characters it lacks.
  package init(_ text: String, font: Font, library: FontLibrary = .shared) {
    var scalars: [Unicode.Scalar] = []
    var offsets: [Int] = []
    var utf8: [UInt8] = []
    for scalar in text.unicodeScalars {
      // Tabs draw as spaces; other control characters draw nothing.
      let value = scalar.value
      if value < 0x20 || (0x7F...0x9F).contains(value) {
        guard value == 0x09 else { continue }
      }
      let kept: Unicode.Scalar = value == 0x09 ? " " : scalar
      scalars.append(kept)
      offsets.append(utf8.count)
      utf8.append(contentsOf: UTF8.encode(kept)!)
    }
    offsets.append(utf8.count)
    self.scalars = scalars

    // Fonts and scripts per character.
    var fonts = [font]
    var fontOfScalar = [Int](repeating: 0, count: scalars.count)
    var scripts = [UInt32](repeating: 0, count: scalars.count)
    var classes = [Bidi.Class](repeating: .neutral, count: scalars.count)
    for (i, scalar) in scalars.enumerated() {
      let own = Script.of(scalar)
      scripts[i] = own
      classes[i] = Bidi.characterClass(scalar, script: own)
      let category = scalar.properties.generalCategory
      let followsPrevious = category == .nonspacingMark || category == .enclosingMark || category == .spacingMark
        || category == .format || scalar.properties.isVariationSelector
      if i > 0, followsPrevious {
        fontOfScalar[i] = fontOfScalar[i - 1]
      } else if font.glyph(for: scalar) == 0, !scalar.properties.isWhitespace,
        let fallback = library.fallback(for: scalar, after: font)
      {
        if let known = fonts.firstIndex(where: { $0 === fallback }) {
          fontOfScalar[i] = known
        } else {
          fonts.append(fallback)
          fontOfScalar[i] = fonts.count - 1
        }
      }
    }
    self.fonts = fonts
    // Common and inherited characters take the script before them (or the first one after, at the start).
    var resolvedScripts = scripts
    var last = scripts.first(where: Script.isSpecific) ?? 0
    for i in resolvedScripts.indices {
      if Script.isSpecific(resolvedScripts[i]) { last = resolvedScripts[i] } else { resolvedScripts[i] = last }
    }
    let (paragraphLevel, levels) = Bidi.levels(of: classes)
    self.paragraphLevel = paragraphLevel

    // Runs of one font, script and level, each shaped with the paragraph as context.
    var runs: [Run] = []
    var start = 0
    while start < scalars.count {
      var end = start + 1
      while end < scalars.count, fontOfScalar[end] == fontOfScalar[start], resolvedScripts[end] == resolvedScripts[start],
        levels[end] == levels[start]
      {
        end += 1
      }
      let runFont = fonts[fontOfScalar[start]]
      let glyphs = ShapedParagraph.shape(utf8, offsets: offsets, range: start..<end, font: runFont,
                                         rightToLeft: levels[start] % 2 == 1, script: resolvedScripts[start])
      runs.append(Run(font: fontOfScalar[start], level: levels[start], scalars: start..<end, glyphs: glyphs))
      start = end
    }
    self.runs = runs
    units = ShapedParagraph.units(of: runs, scalars: scalars, scripts: scripts)
  }

  /// HarfBuzz's glyphs for the characters `range` of the paragraph.
  private static func shape(_ utf8: [UInt8], offsets: [Int], range: Range<Int>, font: Font, rightToLeft: Bool,
                            script: UInt32) -> [Glyph] {
    var glyphs: UnsafeMutablePointer<zt_glyph_position>?
    var count = 0
    var message = [CChar](repeating: 0, count: 256)
    let itemOffset = offsets[range.lowerBound], itemLength = offsets[range.upperBound] - itemOffset
    let status = utf8.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { text in
        zt_face_shape(font.face, text.baseAddress, text.count, itemOffset, itemLength, rightToLeft ? 1 : 0, script,
                      nil, &glyphs, &count, &message, message.count)
      }
    }
    guard status == Int32(ZT_TEXT_OK.rawValue), let glyphs else { return [] }
    defer { zt_text_free(glyphs) }
    let em = 1 / font.unitsPerEm
    var result: [Glyph] = []
    result.reserveCapacity(count)
    for i in 0..<count {
      let g = glyphs[i]
      // Cluster values are byte offsets of the cluster's first character.
      let scalar = Swift.min(Swift.max(offsets.partitioningIndex { $0 >= Int(g.cluster) }, range.lowerBound),
                             range.upperBound - 1)
      result.append(Glyph(id: g.glyph, scalar: scalar, advance: Double(g.x_advance) * em,
                          xOffset: Double(g.x_offset) * em, yOffset: Double(g.y_offset) * em))
    }
    return result
  }

  /// The break units of `runs`: each run's clusters, with their advances and break opportunities.
  private static func units(of runs: [Run], scalars: [Unicode.Scalar], scripts: [UInt32]) -> [Unit] {
    var units: [Unit] = []
    for run in runs {
      var starts = Set(run.glyphs.map(\.scalar))
      starts.insert(run.scalars.lowerBound)
      let sorted = starts.sorted()
      var advances = [Int: Double]()
      for glyph in run.glyphs { advances[glyph.scalar, default: 0] += glyph.advance }
      for (k, first) in sorted.enumerated() {
        let end = k + 1 < sorted.count ? sorted[k + 1] : run.scalars.upperBound
        let isSpace = scalars[first..<end].allSatisfy { breakingSpaces.contains($0.value) }
        units.append(Unit(scalars: first..<end, advance: advances[first] ?? 0, isSpace: isSpace, breakAfter: false))
      }
    }
    // A line may break after the last of a run of spaces, and between two ideographs or kana.
    for k in units.indices.dropLast() {
      let next = units[k + 1]
      let afterSpace = units[k].isSpace && !next.isSpace
      let ideographs = Script.ideographic.contains(scripts[units[k].scalars.upperBound - 1])
        && Script.ideographic.contains(scripts[next.scalars.lowerBound])
      units[k].breakAfter = afterSpace || ideographs
    }
    return units
  }

  /// White space a line breaks after: the space, the ideographic space, the
  /// other typographic spaces but the non-breaking figure space, and the zero-width space.
  static let breakingSpaces: Set<UInt32> = Set([0x20, 0x1680, 0x205F, 0x3000, 0x200B]
    + Array(0x2000...0x200A).filter { $0 != 0x2007 })
}

extension Array where Element == Int {
  /// The first index whose element satisfies `predicate`, which must be false
  /// then true along the (sorted) array; `count` when none does.
  func partitioningIndex(where predicate: (Int) -> Bool) -> Int {
    var low = 0, high = count
    while low < high {
      let mid = (low + high) / 2
      if predicate(self[mid]) { high = mid } else { low = mid + 1 }
    }
    return low
  }
}
