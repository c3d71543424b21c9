// SPDX-License-Identifier: Apache-2.0
// CATransformLayer: sublayers drawn back to front by depth, not in listed order; the layer itself draws nothing.

import Testing
import Zoetrope

@Suite struct TransformLayerTests {
  let red = Color(red: 1, green: 0, blue: 0, alpha: 1)
  let blue = Color(red: 0, green: 0, blue: 1, alpha: 1)

  /// A 64 × 64 white canvas holding `layer`, rendered at time 0.
  func render(_ layer: Layer) -> RGBAImage {
    let canvas = Canvas(width: 64, height: 64)
    let root = Scene.makeRoot(for: canvas)
    root.addSublayer(layer)
    return Renderer(Scene(canvas: canvas, root: root)).frame(atTime: 0)
  }

  func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
    Array(image.pixels[(4 * (y * image.width + x))..<(4 * (y * image.width + x) + 4)])
  }

  func card(_ frame: Rect, _ color: Color, z: Double) -> Layer {
    let layer = Layer()
    layer.frame = frame
    layer.backgroundColor = color
    layer.transform = .translation(x: 0, y: 0, z: z)
    return layer
  }

  /// Two overlapping cards: red listed first but nearer the viewer (z = +10),
  /// blue listed second at z = 0. They overlap over x 24…40.
  func cards(in container: Layer) -> Layer {
    container.frame = Rect(x: 0, y: 0, width: 64, height: 64)
    container.addSublayer(card(Rect(x: 8, y: 16, width: 32, height: 32), red, z: 10))
    container.addSublayer(card(Rect(x: 24, y: 16, width: 32, height: 32), blue, z: 0))
    return container
  }

  @Test func theNearerSublayerIsDrawnOverTheOneListedAfterIt() {
    let sorted = render(cards(in: TransformLayer()))
    #expect(pixel(sorted, 32, 32) == [255, 0, 0, 255], "red is nearer: on top where they overlap")
    #expect(pixel(sorted, 16, 32) == [255, 0, 0, 255])
    #expect(pixel(sorted, 48, 32) == [0, 0, 255, 255])
    // A plain layer flattens: its sublayers draw in listed order whatever their z.
    let flat = render(cards(in: Layer()))
    #expect(pixel(flat, 32, 32) == [0, 0, 255, 255], "a plain layer draws blue, listed last, on top")
  }

  @Test func depthUnderTheAncestorsPerspectiveDecidesTheOrder() {
    // Under the stage's perspective (m34 = −1/200) the red card, pushed back
    // 20 points, shrinks towards the centre (w = 1.1); the blue one, brought
    // forward 15, grows (w = 0.925).
    let stage = Layer()
    stage.frame = Rect(x: 0, y: 0, width: 64, height: 64)
    stage.sublayerTransform.m34 = -1.0 / 200
    let cube = TransformLayer()
    cube.frame = stage.bounds
    let back = card(Rect(x: 8, y: 12, width: 40, height: 40), red, z: -20)
    let front = card(Rect(x: 16, y: 12, width: 40, height: 40), blue, z: 15)
    cube.addSublayer(front)
    cube.addSublayer(back)   // listed last, but behind
    stage.addSublayer(cube)
    let image = render(stage)
    #expect(pixel(image, 36, 32) == [0, 0, 255, 255], "the nearer card on top")
    // The far card is smaller under perspective: its left edge at x = 8 moves right, towards the centre.
    #expect(pixel(image, 9, 32) == [255, 255, 255, 255])
    #expect(pixel(image, 13, 32) == [255, 0, 0, 255])
  }

  @Test func zPositionMovesASublayerAlongZ() {
    let layers = TransformLayer()
    layers.frame = Rect(x: 0, y: 0, width: 64, height: 64)
    let first = card(Rect(x: 8, y: 16, width: 32, height: 32), red, z: 0)
    first.zPosition = 5
    let second = card(Rect(x: 24, y: 16, width: 32, height: 32), blue, z: -3)
    second.zPosition = 7   // listed after and with a larger zPosition, but z 7 − 3 = 4 < 5
    layers.addSublayer(first)
    layers.addSublayer(second)
    #expect(pixel(render(layers), 32, 32) == [255, 0, 0, 255])
  }

  @Test func nestedTransformLayersShareOneDepthOrder() {
    let outer = TransformLayer()
    outer.frame = Rect(x: 0, y: 0, width: 64, height: 64)
    let inner = TransformLayer()
    inner.frame = outer.bounds
    inner.addSublayer(card(Rect(x: 8, y: 16, width: 32, height: 32), red, z: 10))
    outer.addSublayer(inner)
    outer.addSublayer(card(Rect(x: 24, y: 16, width: 32, height: 32), blue, z: 0))
    #expect(pixel(render(outer), 32, 32) == [255, 0, 0, 255], "the inner red card is nearer than the outer blue one")
  }

  @Test func itsOwnBackgroundBorderAndShadowAreNotDrawn() {
    let layers = TransformLayer()
    layers.frame = Rect(x: 4, y: 4, width: 56, height: 56)
    layers.backgroundColor = red
    layers.borderWidth = 4
    layers.borderColor = blue
    layers.shadowOpacity = 1
    layers.masksToBounds = true
    let child = card(Rect(x: -4, y: 20, width: 20, height: 20), blue, z: 0)
    layers.addSublayer(child)
    let image = render(layers)
    #expect(pixel(image, 30, 10) == [255, 255, 255, 255], "no background")
    #expect(pixel(image, 5, 30) == [0, 0, 255, 255], "no border; the sublayer shows")
    #expect(pixel(image, 1, 30) == [0, 0, 255, 255], "masksToBounds ignored: the sublayer is not clipped")
  }

  @Test func opacityAppliesToEachSublayerNotToAGroup() {
    let layers = cards(in: TransformLayer())
    layers.opacity = 0.5
    let image = render(layers)
    // Each card at half opacity on its own: blue over white, then red over that.
    let overlap = pixel(image, 32, 32)
    let blueOverWhite = [127.5, 127.5, 255.0]
    let expected = [255 * 0.5 + blueOverWhite[0] * 0.5, blueOverWhite[1] * 0.5, blueOverWhite[2] * 0.5]
    for c in 0..<3 { #expect(abs(Double(overlap[c]) - expected[c]) <= 1.5, "\(overlap) vs \(expected)") }
    // As one group, the overlap would be red at half over white: (255, 128, 128).
    #expect(overlap[2] > 100)
  }

  @Test(arguments: ["transformLayer", "CATransformLayer"])
  func aSceneFileDrawsTheSameAsTheSwiftAPI(_ type: String) throws {
    let json = """
      {"canvas": {"width": 64, "height": 64}, "layers": [{"type": "\(type)", "frame": [0, 0, 64, 64],
        "backgroundColor": "green", "sublayers": [
          {"frame": [8, 16, 32, 32], "backgroundColor": "#FF0000", "transform": [{"translate": [0, 0, 10]}]},
          {"frame": [24, 16, 32, 32], "backgroundColor": "#0000FF"}]}]}
      """
    let scene = try SceneDecoder.decode(Array(json.utf8), fileName: "scene.json")
    let layers = cards(in: TransformLayer())
    layers.backgroundColor = Color(red: 0, green: 0.5, blue: 0, alpha: 1)
    #expect(Renderer(scene).frame(atTime: 0) == render(layers))
  }
}
