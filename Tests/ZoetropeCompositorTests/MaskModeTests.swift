// SPDX-License-Identifier: Apache-2.0
// maskMode: inverted and luminance masks, against computed pixels and against the alpha mask.

import Testing
import Zoetrope

@Suite struct MaskModeTests {
  func render(_ layers: [Layer], background: Color = .white) -> RGBAImage {
    let canvas = Canvas(width: 64, height: 64, background: background)
    let root = Scene.makeRoot(for: canvas)
    for layer in layers { root.addSublayer(layer) }
    return Renderer(Scene(canvas: canvas, root: root)).frame(atTime: 0)
  }

  func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
    Array(image.pixels[(4 * (y * image.width + x))..<(4 * (y * image.width + x) + 4)])
  }

  func layer(_ frame: Rect, _ color: Color) -> Layer {
    let layer = Layer()
    layer.frame = frame
    layer.backgroundColor = color
    return layer
  }

  /// A red square masked by a white left half, in `mode`.
  func maskedSquare(_ mode: MaskMode, maskColor: Color = .white, hiddenMask: Bool = false) -> Layer {
    let square = layer(Rect(x: 16, y: 16, width: 32, height: 32), Color(red: 1, green: 0, blue: 0))
    let mask = layer(Rect(x: 0, y: 0, width: 16, height: 32), maskColor)
    mask.isHidden = hiddenMask
    square.mask = mask
    square.maskMode = mode
    return square
  }

  @Test func alphaInvertedKeepsWhatTheMaskLeavesClear() {
    let image = render([maskedSquare(.alphaInverted)])
    #expect(pixel(image, 20, 30) == [255, 255, 255, 255])  // under the mask: background
    #expect(pixel(image, 40, 30) == [255, 0, 0, 255])       // beside it: the square
    #expect(pixel(image, 56, 30) == [255, 255, 255, 255])   // outside the square
  }

  @Test func alphaModeIsCoreAnimationsMask() {
    let image = render([maskedSquare(.alpha)])
    #expect(pixel(image, 20, 30) == [255, 0, 0, 255])
    #expect(pixel(image, 40, 30) == [255, 255, 255, 255])
  }

  @Test func anInvertedHiddenMaskLetsTheWholeLayerThrough() {
    let image = render([maskedSquare(.alphaInverted, hiddenMask: true)])
    #expect(pixel(image, 20, 30) == [255, 0, 0, 255])
    #expect(pixel(image, 40, 30) == [255, 0, 0, 255])
    let hidden = render([maskedSquare(.alpha, hiddenMask: true)])
    #expect(pixel(hidden, 20, 30) == [255, 255, 255, 255])
  }

  @Test func luminanceTakesTheMasksBrightness() {
    // An opaque mid-grey mask (128) lets half the red through over white.
    let image = render([maskedSquare(.luminance, maskColor: Color(white: 128.0 / 255))])
    let p = pixel(image, 20, 30)
    #expect(p[0] == 255 && p[3] == 255)
    #expect(abs(Int(p[1]) - 127) <= 1 && p[1] == p[2])
    // Black lets nothing through, as a clear mask does; the inverse lets everything.
    #expect(pixel(render([maskedSquare(.luminance, maskColor: .black)]), 20, 30) == [255, 255, 255, 255])
    #expect(pixel(render([maskedSquare(.luminanceInverted, maskColor: .black)]), 20, 30) == [255, 0, 0, 255])
    #expect(pixel(render([maskedSquare(.luminanceInverted, maskColor: .white)]), 20, 30) == [255, 255, 255, 255])
  }

  @Test func invertedMasksTooDeepForAGroupStillInvert() {
    // Seventeen nested translucent groups leave no room for the mask's group: it becomes a clip.
    var outer = maskedSquare(.alphaInverted)
    for _ in 0..<17 {
      let group = Layer()
      group.frame = Rect(x: 0, y: 0, width: 64, height: 64)
      group.opacity = 0.999
      group.addSublayer(outer)
      group.addSublayer(layer(Rect(x: 0, y: 0, width: 1, height: 1), .black))
      outer = group
    }
    let image = render([outer])
    #expect(pixel(image, 20, 30)[1] > 250)  // under the mask: (almost) white
    #expect(pixel(image, 40, 30)[1] < 5)    // beside it: (almost) red
  }
}
