// SPDX-License-Identifier: Apache-2.0
// The Tint effect (ty 20): the layer's falseColor filter, read back from the pixels it leaves.

import Testing
import Zoetrope

@Suite struct LottieTintTests {
  /// One 16 × 16 solid of `color` with a Tint of black to blue and white to
  /// red, at `amount` (a percentage property).
  static func tinted(_ color: String, amount: String = #"{"a":0,"k":100}"#) -> String {
    ##"{"v":"5.7.4","fr":10,"ip":0,"op":3,"w":16,"h":16,"layers":[{"ty":1,"ind":1,"sc":"\##(color)","sw":16,"sh":16,"##
      + #""ip":0,"op":3,"st":0,"ks":{},"ef":[{"ty":20,"nm":"Tint","ef":["#
      + #"{"ty":2,"nm":"Map Black To","v":{"a":0,"k":[0,0,1,1]}},{"ty":2,"nm":"Map White To","v":{"a":0,"k":[1,0,0,1]}},"#
      + #"{"ty":0,"nm":"Amount to Tint","v":\#(amount)}]}]}]}"#
  }

  static func centre(_ json: String) throws -> ([UInt8], [SceneIssue]) {
    let scene = try Scene(lottieData: Array(json.utf8), fileName: "anim.json")
    let image = Renderer(scene).frame(atTime: 0)
    let i = 4 * (8 * image.width + 8)
    return (Array(image.pixels[i..<i + 4]), scene.unsupportedFeatures + scene.decodingWarnings)
  }

  @Test func whiteAndBlackAreMappedToTheEffectsColours() throws {
    let (white, notices) = try Self.centre(Self.tinted("#ffffff"))
    #expect(white == [255, 0, 0, 255])
    #expect(notices.isEmpty, "\(notices)")
    #expect(try Self.centre(Self.tinted("#000000")).0 == [0, 0, 255, 255])
  }

  @Test func theAmountMixesWithTheLayersOwnColour() throws {
    // Half of white towards red: 255 − 255 × 128 / 255.
    #expect(try Self.centre(Self.tinted("#ffffff", amount: #"{"a":0,"k":50}"#)).0 == [255, 127, 127, 255])
    #expect(try Self.centre(Self.tinted("#ffffff", amount: #"{"a":0,"k":0}"#)).0 == [255, 255, 255, 255])
  }

  @Test func anAnimatedTintTakesItsFirstValuesWithANotice() throws {
    let amount = #"{"a":1,"k":[{"t":0,"s":[100],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":2,"s":[0]}]}"#
    let (white, notices) = try Self.centre(Self.tinted("#ffffff", amount: amount))
    #expect(white == [255, 0, 0, 255])
    #expect(notices.map(\.path) == ["layers[0].ef[0]"], "\(notices)")
  }
}
