// SPDX-License-Identifier: Apache-2.0
// Paragraph text (`sz`, `ps`): lines wrapped inside the box and placed in it, as lottie-web lays them out.

import Testing
@testable import ZoetropeLottie
import Zoetrope

@Suite struct LottieParagraphTextTests {
  /// Lines of `text` where every character but a space is 8 wide.
  static func lines(_ text: String, box: Double?, tracking: Double = 0) -> [String] {
    LottieTextLines(text, boxWidth: box, tracking: tracking) { $0 == " " ? 4 : 8 }.lines.map { String($0.characters) }
  }

  @Test func aLineBreaksAtItsLastSpaceWhenTheNextCharacterDoesNotFit() {
    // "ab cd": a b = 16, space 20, c would end at 28 > 24.
    #expect(LottieParagraphTextTests.lines("ab cd", box: 24) == ["ab", "cd"])
    #expect(LottieParagraphTextTests.lines("ab cd", box: 36) == ["ab cd"])
    // Two spaces: the break takes the last one, the other stays at the line's end.
    #expect(LottieParagraphTextTests.lines("ab  cd", box: 24) == ["ab ", "cd"])
  }

  @Test func aWordWiderThanTheBoxBreaksBeforeTheCharacterThatDoesNotFit() {
    #expect(LottieParagraphTextTests.lines("abcde", box: 20) == ["ab", "cd", "e"])
    // A character wider than the box takes a line of its own (lottie-web never ends there).
    #expect(LottieParagraphTextTests.lines("abc", box: 3) == ["a", "b", "c"])
  }

  @Test func spacesHangAndNeverBreak() {
    #expect(LottieParagraphTextTests.lines("ab      ", box: 16) == ["ab      "])
  }

  @Test func theTrackingCountsAfterEveryCharacter() {
    // With 2 of tracking "ab" ends at 20 (8 + 2 + 8 + 2); "c" would end at 28 > 26.
    #expect(LottieParagraphTextTests.lines("abc", box: 26, tracking: 2) == ["ab", "c"])
    #expect(LottieParagraphTextTests.lines("abc", box: 28, tracking: 2) == ["abc"])
  }

  @Test func eachParagraphIsWrappedOnItsOwn() {
    #expect(LottieParagraphTextTests.lines("a b\rcdef", box: 20) == ["a b", "cd", "ef"])
  }

  @Test func aBoxThatIsNotAPositiveNumberWrapsNothing() {
    for box in [0, -5, Double.nan, Double.infinity, nil] as [Double?] {
      #expect(LottieParagraphTextTests.lines("ab cd ef", box: box) == ["ab cd ef"])
    }
    #expect(LottieParagraphTextTests.lines("", box: 10) == [""])
  }

  @Test func aLineIsAsWideAsItsCharactersEachWithItsTracking() {
    let lines = LottieTextLines(" ab  ", boxWidth: nil, tracking: 1) { $0 == " " ? 4.0 : 8.0 }.lines
    // Three spaces and two letters, each with its tracking: 3 × 5 + 2 × 9.
    let expected: [Double] = [33]
    #expect(lines.map(\.width) == expected)
  }

  /// Glyph text "II II" (a bar 4 wide advancing 8 at size 40) in a box
  /// 20 wide whose top left is (10, 5): two lines of two bars, the first
  /// baseline the font's ascent (30) below the top, the second `lh` lower.
  static func boxed(justification: Int, box: Int = 20, text: String = "II II") -> String {
    #"""
    {"fr":10,"ip":0,"op":3,"w":64,"h":100,"fonts":{"list":[{"fName":"F","fFamily":"F","fStyle":"Regular","ascent":75}]},
     "chars":[{"ch":"I","size":100,"style":"Regular","w":20,"fFamily":"F","data":{"shapes":[{"ty":"gr","it":[
       {"ty":"sh","ks":{"k":{"c":true,"v":[[0,0],[10,0],[10,-70],[0,-70]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}]}]}}],
     "layers":[{"ty":5,"nm":"text","ind":1,"ip":0,"op":3,"st":0,"ks":{},
       "t":{"d":{"k":[{"t":0,"s":{"t":"\#(text)","f":"F","s":40,"fc":[0,0,0],"j":\#(justification),"lh":48,"tr":0,
                                 "sz":[\#(box),80],"ps":[10,5]}}]},"a":[]}}]}
    """#
  }

  static func inked(_ json: String) throws -> (Int, Int) -> Bool {
    let scene = try Scene(lottieData: Array(json.utf8), fileName: "anim.json")
    #expect(scene.decodingWarnings.isEmpty, "\(scene.decodingWarnings)")
    let frame = Renderer(scene).frame(atTime: 0)
    return { x, y in frame.pixels[4 * (y * frame.width + x) + 3] > 128 }
  }

  @Test func glyphTextIsWrappedAndPlacedInItsBox() throws {
    let inked = try LottieParagraphTextTests.inked(LottieParagraphTextTests.boxed(justification: 0))
    // Bars at x 10…14 and 18…22; the first line from y 7 to 35, the second from 55 to 83.
    let drawn: [(Int, Int)] = [(11, 20), (19, 20), (11, 70), (19, 70)]
    let clear: [(Int, Int)] = [(27, 20), (11, 45), (11, 4), (11, 90)]
    #expect(drawn.filter { !inked($0.0, $0.1) }.isEmpty, "both lines drawn")
    #expect(clear.filter { inked($0.0, $0.1) }.isEmpty, "nothing outside the two lines")
  }

  @Test func rightAndCentredLinesAreJustifiedInTheBox() throws {
    // Box 30 wide, lines 16 wide (the space dropped at the break): right from x 24, centred from x 17.
    let right = try LottieParagraphTextTests.inked(LottieParagraphTextTests.boxed(justification: 1, box: 30))
    let rightDrawn = right(25, 20) && right(33, 70)
    let rightClear = !right(21, 20) && !right(37, 70)
    #expect(rightDrawn && rightClear)
    let centre = try LottieParagraphTextTests.inked(LottieParagraphTextTests.boxed(justification: 2, box: 30))
    let centreDrawn = centre(18, 20) && centre(26, 70)
    let centreClear = !centre(15, 20) && !centre(30, 70)
    #expect(centreDrawn && centreClear)
  }

  @Test func aFontTextsLinesAreWrappedInItsBox() throws {
    func text(_ box: Double) -> String {
      #"{"fr":10,"ip":0,"op":3,"w":120,"h":80,"fonts":{"list":[{"fName":"F","fFamily":"DejaVu Sans","fStyle":"Book","#
        + #""ascent":75}]},"layers":[{"ty":5,"ind":1,"ip":0,"op":3,"st":0,"ks":{},"t":{"d":{"k":[{"t":0,"s":{"#
        + #""t":"HH HH","f":"F","s":16,"fc":[0,0,0],"j":0,"lh":30,"sz":[\#(box),60],"ps":[4,2]}}]},"a":[]}}]}"#
    }
    func rows(_ json: String) throws -> [Int] {
      let scene = try Scene(lottieData: Array(json.utf8), fileName: "anim.json")
      let frame = Renderer(scene).frame(atTime: 0)
      return (0..<frame.height).filter { y in
        (0..<frame.width).contains { frame.pixels[4 * (y * frame.width + $0) + 3] > 128 }
      }
    }
    // "HH HH" is about 60 wide at 16 points: one line in a box 100 wide, two in a box 40 wide.
    let wide = try rows(text(100)), narrow = try rows(text(40))
    let oneLine = (wide.last ?? 99) < 32 && !wide.isEmpty
    #expect(oneLine, "one line: \(wide)")
    let first = narrow.contains { $0 < 20 }, second = narrow.contains { $0 > 32 && $0 < 50 }
    #expect(first && second, "two lines: \(narrow)")
  }

  @Test func aBoxOfTooFewNumbersIsNamed() throws {
    let json = LottieParagraphTextTests.boxed(justification: 0).replacingOccurrences(of: #""sz":[20,80]"#,
                                                                                     with: #""sz":[20]"#)
    let scene = try Scene(lottieData: Array(json.utf8), fileName: "anim.json")
    #expect(scene.decodingWarnings.map(\.path) == ["layers[0].t.d.k[0].s.sz"], "\(scene.decodingWarnings)")
  }

  /// A huge text in a box within the text layer's budgets: no hang, no crash.
  @Test func aMillionCharactersInABoxAreLaidOut() {
    let text = String(repeating: "ab cd ", count: 170_000)
    let lines = LottieTextLines(text, boxWidth: 30, tracking: 0) { $0 == " " ? 4 : 8 }.lines
    #expect(lines.count == 340_000)
  }
}
