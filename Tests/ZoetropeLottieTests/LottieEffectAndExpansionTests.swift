// SPDX-License-Identifier: Apache-2.0
// The Fill effect and mask expansion, read back from the pixels they leave.

import Testing
import Zoetrope

@Suite struct LottieEffectAndExpansionTests {
  /// A 32 × 32 animation of one red solid (`size` a side, at `offset`) with `extra` members.
  static func solid(size: Int = 32, offset: Int = 0, _ extra: String) -> String {
    ##"{"v":"5.7.4","fr":10,"ip":0,"op":3,"w":32,"h":32,"layers":[{"ty":1,"ind":1,"sc":"#e01010","sw":\##(size),"sh":\##(size),"##
      + #""ip":0,"op":3,"st":0,"ks":{"p":{"a":0,"k":[\#(offset),\#(offset),0]}},\#(extra)}]}"#
  }

  /// A mask of the square 8…24 with expansion `x`.
  static func masked(x: Double, inverted: Bool = false) -> String {
    masked(expansion: #"{"a":0,"k":\#(x)}"#, inverted: inverted)
  }

  /// A mask of the square 8…24 with the expansion property `expansion`.
  static func masked(expansion: String, inverted: Bool = false) -> String {
    solid(#""hasMask":true,"masksProperties":[{"mode":"a","inv":\#(inverted),"o":{"a":0,"k":100},"x":\#(expansion),"#
      + #""pt":{"a":0,"k":{"c":true,"v":[[8,8],[24,8],[24,24],[8,24]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}]"#)
  }

  static func fill(opacity: Double) -> String {
    solid(size: 16, offset: 8, #""ef":[{"ty":21,"nm":"Fill","ef":[{"ty":10,"v":{"k":0}},{"ty":7,"v":{"k":0}},"#
      + #"{"ty":2,"v":{"k":[0,0,1,1]}},{"ty":7,"v":{"k":0}},{"ty":0,"v":{"k":0}},{"ty":0,"v":{"k":0}},"#
      + #"{"ty":0,"v":{"k":\#(opacity)}}]}]"#)
  }

  /// Frame 0 of `json`, and the scene's notices of what it does not draw.
  static func frame(_ json: String) throws -> (RGBAImage, [SceneIssue]) {
    let scene = try Scene(lottieData: Array(json.utf8), fileName: "anim.json")
    return (Renderer(scene).frame(atTime: 0), scene.unsupportedFeatures + scene.decodingWarnings)
  }

  static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
    Array(image.pixels[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 4])
  }

  static let red: [UInt8] = [0xE0, 0x10, 0x10, 255]

  @Test func aFillEffectPaintsTheLayerInItsColourWhereItCovers() throws {
    let (image, notices) = try LottieEffectAndExpansionTests.frame(LottieEffectAndExpansionTests.fill(opacity: 1))
    #expect(notices.isEmpty, "\(notices)")
    #expect(LottieEffectAndExpansionTests.pixel(image, 16, 16) == [0, 0, 255, 255])
    #expect(LottieEffectAndExpansionTests.pixel(image, 9, 23) == [0, 0, 255, 255])
    #expect(LottieEffectAndExpansionTests.pixel(image, 4, 16)[3] == 0)
    #expect(LottieEffectAndExpansionTests.pixel(image, 26, 26)[3] == 0)
  }

  /// lottie-web's Fill: the colour with the layer's alpha times the opacity
  /// (not a mix with the layer's own colours).
  @Test func aFillEffectsOpacityScalesTheLayersAlpha() throws {
    let (image, _) = try LottieEffectAndExpansionTests.frame(LottieEffectAndExpansionTests.fill(opacity: 0.5))
    let centre = LottieEffectAndExpansionTests.pixel(image, 16, 16)
    #expect(centre[0] == 0 && centre[1] == 0 && centre[2] == 255 && (127...128).contains(centre[3]), "\(centre)")
  }

  /// A Drop Shadow effect (colour, opacity of 255, direction, distance, softness).
  static func shadow(direction: Double, distance: Double = 4, softness: Double = 0) -> String {
    solid(size: 16, offset: 8, #""ef":[{"ty":25,"nm":"Drop Shadow","ef":[{"ty":2,"v":{"k":[0,0,1,1]}},"#
      + #"{"ty":0,"v":{"k":255}},{"ty":1,"v":{"k":\#(direction)}},{"ty":0,"v":{"k":\#(distance)}},"#
      + #"{"ty":0,"v":{"k":\#(softness)}},{"ty":7,"v":{"k":0}}]}]"#)
  }

  /// lottie-web's drop shadow: the layer's alpha in the shadow's colour,
  /// moved `distance` towards `direction` (degrees clockwise from up), under
  /// the layer.
  @Test func aDropShadowFallsTowardsItsDirection() throws {
    let (right, notices) = try LottieEffectAndExpansionTests.frame(LottieEffectAndExpansionTests.shadow(direction: 90))
    #expect(notices.isEmpty, "\(notices)")
    #expect(LottieEffectAndExpansionTests.pixel(right, 26, 16) == [0, 0, 255, 255])
    #expect(LottieEffectAndExpansionTests.pixel(right, 16, 16) == LottieEffectAndExpansionTests.red)
    #expect(LottieEffectAndExpansionTests.pixel(right, 5, 16)[3] == 0)
    #expect(LottieEffectAndExpansionTests.pixel(right, 16, 26)[3] == 0)
    let (down, _) = try LottieEffectAndExpansionTests.frame(LottieEffectAndExpansionTests.shadow(direction: 180))
    #expect(LottieEffectAndExpansionTests.pixel(down, 16, 26) == [0, 0, 255, 255])
    #expect(LottieEffectAndExpansionTests.pixel(down, 26, 16)[3] == 0)
    // Softness 8 blurs by a Gaussian of standard deviation 2: the shadow's edge is soft.
    let (soft, _) = try LottieEffectAndExpansionTests.frame(LottieEffectAndExpansionTests.shadow(direction: 90, softness: 8))
    let edge = LottieEffectAndExpansionTests.pixel(soft, 28, 16)[3]
    #expect(edge > 40 && edge < 215, "\(edge)")
  }

  @Test func aPositiveExpansionGrowsTheMask() throws {
    let (image, notices) = try LottieEffectAndExpansionTests.frame(LottieEffectAndExpansionTests.masked(x: 4))
    #expect(notices.isEmpty, "\(notices)")
    #expect(LottieEffectAndExpansionTests.pixel(image, 5, 16) == LottieEffectAndExpansionTests.red)
    #expect(LottieEffectAndExpansionTests.pixel(image, 26, 16) == LottieEffectAndExpansionTests.red)
    #expect(LottieEffectAndExpansionTests.pixel(image, 2, 16)[3] == 0)
    // Round corners: the corner pixel 3 px out diagonally is 4.2 px from the square's corner.
    #expect(LottieEffectAndExpansionTests.pixel(image, 4, 4)[3] < 128)
  }

  @Test func aNegativeExpansionShrinksTheMask() throws {
    let (image, _) = try LottieEffectAndExpansionTests.frame(LottieEffectAndExpansionTests.masked(x: -4))
    #expect(LottieEffectAndExpansionTests.pixel(image, 10, 16)[3] == 0)
    #expect(LottieEffectAndExpansionTests.pixel(image, 16, 21)[3] == 0)
    #expect(LottieEffectAndExpansionTests.pixel(image, 16, 16) == LottieEffectAndExpansionTests.red)
    #expect(LottieEffectAndExpansionTests.pixel(image, 13, 18) == LottieEffectAndExpansionTests.red)
  }

  /// An expansion from 4 at frame 0 to −4 at frame 2: grown, as it is, then shrunk.
  @Test func anAnimatedExpansionIsSetAtEveryFrame() throws {
    let json = LottieEffectAndExpansionTests.masked(expansion: #"{"a":1,"k":[{"t":0,"s":[4],"o":{"x":[0],"y":[0]},"#
      + #""i":{"x":[1],"y":[1]}},{"t":2,"s":[-4]}]}"#)
    let scene = try Scene(lottieData: Array(json.utf8), fileName: "anim.json")
    #expect(scene.unsupportedFeatures.isEmpty, "\(scene.unsupportedFeatures)")
    let renderer = Renderer(scene)
    let grown = renderer.frame(atTime: 0), plain = renderer.frame(atTime: 0.1), shrunk = renderer.frame(atTime: 0.2)
    typealias T = LottieEffectAndExpansionTests
    #expect(T.pixel(grown, 5, 16) == T.red && T.pixel(grown, 2, 16)[3] == 0)
    #expect(T.pixel(plain, 9, 16) == T.red && T.pixel(plain, 6, 16)[3] == 0)
    #expect(T.pixel(shrunk, 10, 16)[3] == 0 && T.pixel(shrunk, 16, 16) == T.red)
  }

  /// As lottie-web dilates an inverted mask: what it lets through grows, its hole shrinks.
  @Test func anInvertedMaskExpandsWhatItLetsThrough() throws {
    let (image, _) = try LottieEffectAndExpansionTests.frame(LottieEffectAndExpansionTests.masked(x: 4, inverted: true))
    #expect(LottieEffectAndExpansionTests.pixel(image, 2, 2) == LottieEffectAndExpansionTests.red)
    #expect(LottieEffectAndExpansionTests.pixel(image, 10, 16) == LottieEffectAndExpansionTests.red)
    #expect(LottieEffectAndExpansionTests.pixel(image, 16, 16)[3] == 0)
  }
}
