// SPDX-License-Identifier: Apache-2.0
// Glyph positions against HarfBuzz's own output, kerning, ligatures, right-to-left runs and bidi order.

import CZoetropeText
import Testing
import ZoetropeGeometry
@testable import ZoetropeText

/// HarfBuzz's glyphs for a whole left-to-right Latin string, straight from the shaping API.
func harfBuzzGlyphs(_ text: String, font: Font) -> [zt_glyph_position] {
  let bytes = Array(text.utf8)
  var glyphs: UnsafeMutablePointer<zt_glyph_position>?
  var count = 0
  var message = [CChar](repeating: 0, count: 256)
  let status = bytes.withUnsafeBufferPointer { b in
    b.withMemoryRebound(to: CChar.self) { zt_face_shape(font.face, $0.baseAddress, $0.count, 0, $0.count, 0,
                                                        Script.tag("Latn"), nil, &glyphs, &count, &message, 256) }
  }
  guard status == 0, let glyphs else { return [] }
  defer { zt_text_free(glyphs) }
  return Array(UnsafeBufferPointer(start: glyphs, count: count))
}

@Suite struct ShapingTests {
  let dejaVu: Font

  init() throws { dejaVu = try Font.named("DejaVu Sans") }

  /// At a size of one point per font unit, every glyph's origin is HarfBuzz's pen position plus offset.
  @Test(arguments: ["AVTo WAVE", "Hello, world", "office fluffy"])
  func glyphPositionsEqualHarfBuzz(_ text: String) {
    let reference = harfBuzzGlyphs(text, font: dejaVu)
    let layout = TextLayout(TextLayout.Request(string: text, font: dejaVu, fontSize: dejaVu.unitsPerEm, bounds: .zero))
    #expect(layout.glyphs.map(\.id) == reference.map(\.glyph))
    var pen = 0
    for (glyph, expected) in zip(layout.glyphs, reference) {
      #expect(glyph.origin.x == Double(pen + Int(expected.x_offset)))
      #expect(glyph.origin.y == dejaVu.ascender - Double(expected.y_offset))
      pen += Int(expected.x_advance)
    }
  }

  /// "AV" and "To" are kerned: the pair's advance is less than the sum of the letters shaped alone.
  @Test(arguments: ["AV", "To"])
  func kernedPairIsNarrowerThanItsLetters(_ pair: String) {
    let together = harfBuzzGlyphs(pair, font: dejaVu).reduce(0) { $0 + Int($1.x_advance) }
    let apart = pair.map { harfBuzzGlyphs(String($0), font: dejaVu).reduce(0) { $0 + Int($1.x_advance) } }.reduce(0, +)
    #expect(together < apart)
    let layout = TextLayout(TextLayout.Request(string: pair, font: dejaVu, fontSize: dejaVu.unitsPerEm, bounds: .zero))
    #expect(layout.glyphs[1].origin.x == Double(harfBuzzGlyphs(pair, font: dejaVu)[0].x_advance))
    #expect(layout.glyphs[1].origin.x < Double(harfBuzzGlyphs(String(pair.first!), font: dejaVu)[0].x_advance))
  }

  @Test func fiIsOneLigatureGlyph() {
    let shaped = ShapedParagraph("fi", font: dejaVu)
    #expect(shaped.runs.flatMap(\.glyphs).count == 1)
    #expect(shaped.units.count == 1)
  }

  /// An Arabic line is one right-to-left run whose glyphs come out in visual
  /// order: the first character's glyph is the rightmost.
  @Test func arabicIsShapedRightToLeft() {
    let shaped = ShapedParagraph("مرحبا", font: dejaVu)
    #expect(shaped.paragraphLevel == 1)
    #expect(shaped.runs.count == 1 && shaped.runs[0].level == 1)
    let clusters = shaped.runs[0].glyphs.map(\.scalar)
    #expect(clusters == clusters.sorted(by: >))
    let layout = TextLayout(TextLayout.Request(string: "مرحبا", font: dejaVu, fontSize: 20,
                                               bounds: Rect(x: 0, y: 0, width: 200, height: 40)))
    // Natural alignment of a right-to-left paragraph is right: the line ends at the bounds' right edge.
    let last = layout.glyphs.last!
    let end = last.origin.x + shaped.runs[0].glyphs.last!.advance * 20
    #expect(abs(end - 200) < 1e-9)
  }

  /// Digits inside Hebrew stay left to right; the Hebrew words around them swap sides.
  @Test func numbersInsideRightToLeftTextKeepTheirOrder() {
    let shaped = ShapedParagraph("א 12 ב", font: dejaVu)
    #expect(shaped.runs.map(\.level) == [1, 2, 1])
    #expect(Bidi.visualOrder(levels: [1, 2, 1]) == [2, 1, 0])
    #expect(Bidi.visualOrder(levels: [0, 1, 1, 0]) == [0, 2, 1, 3])
    #expect(Bidi.visualOrder(levels: [0, 0]) == [0, 1])
  }

  @Test func charactersTheFontLacksComeFromAFallbackFont() {
    let shaped = ShapedParagraph("aשb", font: try! Font.named("Liberation Sans"))
    #expect(shaped.fonts.count == 1, "Liberation Sans has Hebrew")
    let devanagari = ShapedParagraph("a\u{0915}", font: try! Font.named("Liberation Sans"))
    if devanagari.fonts.count == 1 {
      // No installed font has Devanagari: the character draws the font's .notdef.
      #expect(devanagari.runs.flatMap(\.glyphs).contains { $0.id == 0 })
    } else {
      #expect(devanagari.fonts[1].glyph(for: "\u{0915}") != 0)
    }
  }

  @Test func controlCharactersDrawNothingAndTabsDrawSpaces() {
    let shaped = ShapedParagraph("a\u{0}\u{7}\tb", font: dejaVu)
    #expect(shaped.scalars == ["a", " ", "b"])
  }
}
