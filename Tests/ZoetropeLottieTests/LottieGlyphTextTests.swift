// SPDX-License-Identifier: Apache-2.0
// Glyph text (the file's `chars`): characters placed as lottie-web places them.

import Testing
import Zoetrope

@Suite struct LottieGlyphTextTests {
  /// Glyph text "I I." whose file has a glyph for "I" only (a bar 10 wide,
  /// advancing 20 at size 100): the space and the full stop take no room,
  /// as lottie-web places them, so the second bar starts where a second
  /// "I" of "II" would.
  @Test func aCharacterWithoutAGlyphTakesNoRoom() throws {
    let json = #"""
      {"fr":10,"ip":0,"op":3,"w":100,"h":40,"fonts":{"list":[{"fName":"F","fFamily":"F","fStyle":"Regular","ascent":75}]},
       "chars":[{"ch":"I","size":100,"style":"Regular","w":20,"fFamily":"F","data":{"shapes":[{"ty":"gr","it":[
         {"ty":"sh","ks":{"k":{"c":true,"v":[[0,0],[10,0],[10,-70],[0,-70]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}]}]}}],
       "layers":[{"ty":5,"nm":"text","ind":1,"ip":0,"op":3,"st":0,"ks":{"p":{"a":0,"k":[5,30,0]}},
         "t":{"d":{"k":[{"t":0,"s":{"t":"I I.","f":"F","s":40,"fc":[0,0,0],"j":0,"lh":48,"tr":0}}]},"a":[]}}]}
      """#
    let scene = try Scene(lottieData: Array(json.utf8), fileName: "anim.json")
    let frame = Renderer(scene).frame(atTime: 0)
    func inked(_ x: Int) -> Bool { frame.pixels[4 * (20 * frame.width + x) + 3] > 128 }
    // The bars: 5…9 and 13…17 (size 40: 4 wide, advancing 8).
    #expect(inked(6) && inked(15), "both bars drawn")
    #expect(!inked(11) && !inked(20), "nothing between or after them")
  }
}
