// SPDX-License-Identifier: Apache-2.0
// Line layout: wrapping, alignment, truncation, budgets and clamps, caches under threads.

import Dispatch
import Synchronization
import Testing
import ZoetropeGeometry
import ZoetropeLayers
@testable import ZoetropeText
import _ZoetropeTestSupport

@Suite struct TextLayoutTests {
  let font: Font

  init() throws { font = try Font.named("DejaVu Sans") }

  func layout(_ string: String, size: Double = 12, width: Double = 100, height: Double = 1000,
              alignment: TextLayerAlignmentMode = .natural, truncation: TextLayerTruncationMode = .none,
              wrapped: Bool = true) -> TextLayout {
    TextLayout(TextLayout.Request(string: string, font: font, fontSize: size,
                                  bounds: Rect(x: 0, y: 0, width: width, height: height), alignment: alignment,
                                  truncation: truncation, isWrapped: wrapped))
  }

  /// The right edge of each line's last glyph (its origin plus its advance).
  func lineEnds(_ l: TextLayout, size: Double) -> [Double] {
    l.baselines.map { baseline in
      let line = l.glyphs.filter { $0.origin.y == baseline }
      guard let last = line.last else { return 0 }
      return last.origin.x + font.outline(of: last.id).bounds.maxX * l.scales[last.font]
    }
  }

  @Test func firstBaselineIsTheAscentAndLinesAreALineHeightApart() {
    let l = layout("one\ntwo\n\nfour", size: 20, wrapped: false)
    let em = 20 / font.unitsPerEm
    #expect(l.lineCount == 4)
    #expect(l.baselines[0] == font.ascender * em)
    let lineHeight = (font.ascender - font.descender + font.lineGap) * em
    for k in 1..<4 { #expect(abs(l.baselines[k] - l.baselines[k - 1] - lineHeight) < 1e-9) }
  }

  /// Seeded random words: no wrapped line's ink passes the width, unless it is a single word too wide for it.
  @Test func wrappedLinesFitTheWidth() {
    var random = SeededRandom(state: 42)
    func next() -> Int { Int(random.next() >> 33) }
    for _ in 0..<20 {
      let words = (0..<(5 + next() % 20)).map { _ in String(repeating: "ab", count: 1 + next() % 5) }
      let width = 40 + Double(next() % 120)
      let l = layout(words.joined(separator: " "), width: width)
      #expect(l.lineCount >= 1)
      for (k, end) in lineEnds(l, size: 12).enumerated() {
        let glyphsOnLine = l.glyphs.filter { $0.origin.y == l.baselines[k] }.count
        #expect(end <= width + 1e-9 || glyphsOnLine <= 10, "line \(k) ends at \(end) > \(width)")
      }
    }
  }

  @Test func aWordWiderThanTheLineBreaksBetweenCharacters() {
    let l = layout("Supercalifragilistic", width: 40)
    #expect(l.lineCount > 2)
    #expect(l.glyphs.count == 20)
  }

  @Test func alignmentModesPlaceTheLine() {
    let left = layout("Hi", width: 100, alignment: .left).glyphs[0].origin.x
    let right = layout("Hi", width: 100, alignment: .right).glyphs[0].origin.x
    let center = layout("Hi", width: 100, alignment: .center).glyphs[0].origin.x
    #expect(left == 0)
    #expect(abs(center - right / 2) < 1e-9)
    #expect(right > 80)
    #expect(layout("Hi", alignment: .natural).glyphs[0].origin.x == 0)
  }

  /// A justified line but the last of its paragraph ends at the right edge.
  @Test func justifiedLinesFillTheWidth() {
    let l = layout("aaa bbb ccc ddd eee fff ggg hhh", width: 90, alignment: .justified)
    #expect(l.lineCount >= 2)
    let firstLine = l.glyphs.filter { $0.origin.y == l.baselines[0] }
    let letters = ShapedParagraph("abcdefgh", font: font).runs[0].glyphs
    let advance = letters.first { $0.id == firstLine.last!.id }!.advance * 12
    #expect(abs(firstLine.last!.origin.x + advance - 90) < 1e-9)
    let lastLine = l.glyphs.filter { $0.origin.y == l.baselines.last! }
    #expect(lastLine.first!.origin.x == 0)
  }

  @Test(arguments: [TextLayerTruncationMode.start, .middle, .end])
  func truncatedLinesFitAndShowAnEllipsis(_ mode: TextLayerTruncationMode) {
    let l = layout("A line that is much too long for the bounds", width: 80, truncation: mode, wrapped: false)
    let ellipsis = font.glyph(for: "\u{2026}")
    #expect(l.glyphs.contains { $0.id == ellipsis })
    #expect(lineEnds(l, size: 12)[0] <= 80)
    let whole = layout("Short", width: 80, truncation: mode, wrapped: false)
    #expect(!whole.glyphs.contains { $0.id == ellipsis })
  }

  @Test func wrappedTruncationKeepsTheLinesThatFit() {
    let text = String(repeating: "word ", count: 60)
    let l = layout(text, width: 100, height: 30, truncation: .end)
    #expect(l.lineCount == 2)
    #expect(l.glyphs.last!.id == font.glyph(for: "\u{2026}"))
    #expect(layout(text, width: 100, height: 30).lineCount > 2)
  }

  @Test func emptyZeroNegativeAndNaNDrawNothing() {
    #expect(layout("").glyphs.isEmpty)
    #expect(layout("abc", size: 0).glyphs.isEmpty)
    #expect(layout("abc", size: -5).glyphs.isEmpty)
    #expect(layout("abc", size: .nan).glyphs.isEmpty)
    #expect(layout("abc", size: .infinity).scales == [TextLayout.maximumFontSize / font.unitsPerEm])
    #expect(layout("abc", size: 1e9).scales == [TextLayout.maximumFontSize / font.unitsPerEm])
    #expect(layout("abc", width: .nan).lineCount == 1)
  }

  /// A megabyte of text is laid out up to the budget: bounded glyphs, no crash.
  @Test func aMegabyteStringIsLaidOutUpToTheBudget() {
    let huge = String(repeating: "abcdefgh ", count: 1_048_576 / 9 + 1)
    let l = layout(huge, width: 1000)
    #expect(l.glyphs.count <= TextLayout.maximumUTF8Count)
    #expect(l.glyphs.count > TextLayout.maximumUTF8Count / 2)
    #expect(throws: FontError.self) { try Path(text: huge, font: font, size: 12) }
  }

  @Test func pathStartsAtZeroWithTheFirstBaselineAtTheAscent() throws {
    let path = try Path(text: "H", font: font, size: 50)
    let box = path.boundingBox
    let outline = font.outline(of: font.glyph(for: "H")).bounds
    let em = 50 / font.unitsPerEm
    #expect(abs(box.minX - outline.minX * em) < 1e-9)
    #expect(abs(box.maxY - (font.ascender - outline.minY) * em) < 1e-9)
    #expect(try Path(text: "", font: font, size: 50).isEmpty)
    #expect(throws: FontError.self) { try Path(text: "a", font: font, size: -1) }
    #expect(throws: FontError.self) { try Path(text: "a", font: font, size: .nan) }
    #expect(throws: FontError.self) { try Path(text: "a", font: "No Such Family Anywhere", size: 10) }
  }

  /// Layouts made on many threads at once, through the shared caches, equal serial ones.
  @Test func layoutsOnManyThreadsMatchSerialOnes() {
    let strings = (0..<32).map { "Label \($0) with some words, שלום and 中文 \($0 * 7)" }
    let cache = ShapingCache()
    let serial = strings.map { TextLayout(TextLayout.Request(string: $0, font: font, fontSize: 14,
                                                             bounds: Rect(x: 0, y: 0, width: 120, height: 100),
                                                             isWrapped: true), shaping: ShapingCache()) }
    let results = Mutex([TextLayout?](repeating: nil, count: strings.count))
    DispatchQueue.concurrentPerform(iterations: strings.count * 4) { i in
      let k = i % strings.count
      let l = cache.layout(TextLayout.Request(string: strings[k], font: font, fontSize: 14,
                                              bounds: Rect(x: 0, y: 0, width: 120, height: 100), isWrapped: true))
      results.withLock { $0[k] = l }
    }
    let parallel = results.withLock { $0.map { $0! } }
    for (a, b) in zip(serial, parallel) {
      #expect(a.glyphs.map(\.id) == b.glyphs.map(\.id))
      #expect(a.glyphs.map(\.origin) == b.glyphs.map(\.origin))
    }
  }
}
