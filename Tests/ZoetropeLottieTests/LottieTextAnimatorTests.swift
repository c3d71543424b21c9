// SPDX-License-Identifier: Apache-2.0
// Text animators: which characters a range selector takes, read back from the pixels of glyph text.

import Testing
import Zoetrope

@Suite struct LottieTextAnimatorTests {
  /// "aaaa" in glyph text at 20 pt: each "a" a 10 × 10 square on the
  /// baseline (y 10…20), advancing 12 points from x = 2, so character k
  /// covers x 2 + 12k … 12 + 12k; `tracking` in thousandths of an em.
  static func text(animators: String, tracking: Double = 0, frames: Int = 3) -> String {
    let square = #"{"ty":"gr","it":[{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,0],[50,0],[50,-50],[0,-50]],"#
      + #""i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}]}"#
    return #"{"v":"5.7.4","fr":10,"ip":0,"op":\#(frames),"w":64,"h":32,"#
      + #""fonts":{"list":[{"fName":"G","fFamily":"G","fStyle":"Regular","ascent":75}]},"#
      + #""chars":[{"ch":"a","size":100,"style":"Regular","w":60,"fFamily":"G","data":{"shapes":[\#(square)]}}],"#
      + #""layers":[{"ty":5,"ind":1,"ip":0,"op":\#(frames),"st":0,"ks":{"p":{"a":0,"k":[2,20,0]}},"#
      + #""t":{"d":{"k":[{"t":0,"s":{"t":"aaaa","f":"G","s":20,"fc":[0,0,0],"j":0,"tr":\#(tracking),"lh":24}}]},"#
      + #""m":{"g":1,"a":{"a":0,"k":[0,0]}},"p":{},"a":[\#(animators)]}}]}"#
  }

  /// An animator of opacity `opacity` over the range `s`…`e` (`r` 1 percent, 2 index), offset `o`.
  static func fade(s: String, e: String, o: Double = 0, r: Int, opacity: Double = 0, basis: Int = 1) -> String {
    #"{"nm":"A","s":{"t":0,"xe":{"a":0,"k":0},"ne":{"a":0,"k":0},"a":{"a":0,"k":100},"b":\#(basis),"rn":0,"sh":1,"#
      + #""s":\#(s),"e":\#(e),"o":{"a":0,"k":\#(o)},"r":\#(r)},"a":{"o":{"a":0,"k":\#(opacity)}}}"#
  }

  static func still(_ v: Double) -> String { #"{"a":0,"k":\#(v)}"# }

  /// The alpha at the middle of each character, and the scene's notices.
  static func alphas(_ json: String, at time: Double = 0) throws -> ([UInt8], [SceneIssue]) {
    let scene = try Scene(lottieData: Array(json.utf8), fileName: "anim.json")
    let image = Renderer(scene).frame(atTime: time)
    let alphas = (0..<4).map { k in image.pixels[(15 * image.width + 7 + 12 * k) * 4 + 3] }
    return (alphas, scene.unsupportedFeatures + scene.decodingWarnings)
  }

  @Test func anIndexRangeFadesTheCharactersFromItsStartToItsEnd() throws {
    let (alphas, notices) = try Self.alphas(Self.text(animators: Self.fade(s: Self.still(1), e: Self.still(3), r: 2)))
    #expect(alphas == [255, 0, 0, 255])
    #expect(notices.isEmpty, "\(notices)")
  }

  /// lottie-web swaps a start past the end: the range between them is taken.
  @Test func aStartPastTheEndTakesTheRangeBetweenThem() throws {
    let (alphas, _) = try Self.alphas(Self.text(animators: Self.fade(s: Self.still(3), e: Self.still(1), r: 2)))
    #expect(alphas == [255, 0, 0, 255])
  }

  @Test func aPercentRangeAndAnOffsetCountCharacters() throws {
    let (percent, _) = try Self.alphas(Self.text(animators: Self.fade(s: Self.still(25), e: Self.still(75), r: 1)))
    #expect(percent == [255, 0, 0, 255])
    let (offset, _) = try Self.alphas(Self.text(animators: Self.fade(s: Self.still(0), e: Self.still(1), o: 2, r: 2)))
    #expect(offset == [255, 255, 0, 255])
    let (half, _) = try Self.alphas(Self.text(animators: Self.fade(s: Self.still(0), e: Self.still(100), r: 1,
                                                                    opacity: 50)))
    #expect(half.allSatisfy { (127...128).contains($0) }, "\(half)")
  }

  /// An animated end types the text off character by character, evaluated at every frame.
  @Test func anAnimatedRangeIsEvaluatedAtEveryFrame() throws {
    let end = #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":2,"s":[4]}]}"#
    let json = Self.text(animators: Self.fade(s: Self.still(0), e: end, r: 2))
    #expect(try Self.alphas(json, at: 0).0 == [255, 255, 255, 255])
    #expect(try Self.alphas(json, at: 0.1).0 == [0, 0, 255, 255])
    #expect(try Self.alphas(json, at: 0.2).0 == [0, 0, 0, 0])
  }

  /// A position animator moves the selected characters; the document's
  /// tracking (0.5 em) spaces them.
  @Test func positionAndTrackingPlaceTheCharacters() throws {
    let raise = #"{"nm":"P","s":{"t":0,"a":{"a":0,"k":100},"b":1,"sh":1,"s":{"a":0,"k":0},"e":{"a":0,"k":1},"r":2},"#
      + #""a":{"p":{"a":0,"k":[0,-8]}}}"#
    let scene = try Scene(lottieData: Array(Self.text(animators: raise, tracking: 500).utf8), fileName: "anim.json")
    let image = Renderer(scene).frame(atTime: 0)
    func alpha(_ x: Int, _ y: Int) -> UInt8 { image.pixels[(y * image.width + x) * 4 + 3] }
    #expect(alpha(7, 4) == 255 && alpha(7, 15) == 0)  // the first character, 8 points up
    #expect(alpha(29, 15) == 255 && alpha(19, 15) == 0)  // the second at 2 + 12 + 10
  }

  /// What is not drawn is named at its path: a selector based on words.
  @Test func aSelectorByWordsIsNamed() throws {
    let (_, notices) = try Self.alphas(Self.text(animators: Self.fade(s: Self.still(0), e: Self.still(1), r: 2, basis: 3)))
    #expect(notices.map(\.path) == ["layers[0].t.a[0].s.b"], "\(notices)")
  }
}
