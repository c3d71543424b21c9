// SPDX-License-Identifier: Apache-2.0
// Where a layer's border goes and what its own masksToBounds clips.

import Testing
import Zoetrope

@Suite struct LayerOrderAndClipTests {
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

  /// A rotated, rounded card whose edges all fall between pixels.
  func card(masksToBounds: Bool) -> Layer {
    let card = Layer()
    card.frame = Rect(x: 12.3, y: 14.6, width: 36.5, height: 30.2)
    card.cornerRadius = 7.5
    card.transform = .rotation(angle: 0.26, x: 0, y: 0, z: 1)
    card.backgroundColor = Color(red: 0.9, green: 0.3, blue: 0.1, alpha: 1)
    card.borderWidth = 2.5
    card.borderColor = Color(red: 0.1, green: 0.2, blue: 0.7, alpha: 0.8)
    card.masksToBounds = masksToBounds
    return card
  }

  @Test func masksToBoundsLeavesTheLayersOwnEdgesAlone() {
    // The background and border already lie inside the rounded bounds: clipping
    // them by those bounds again would square the coverage of every edge pixel.
    let plain = render(card(masksToBounds: false)), masked = render(card(masksToBounds: true))
    #expect(plain == masked)
    // The edges are anti-aliased, so the comparison means something: many
    // pixels are none of the three solid colours (canvas, card, border).
    var counts: [[UInt8]: Int] = [:]
    for i in stride(from: 0, to: plain.pixels.count, by: 4) { counts[Array(plain.pixels[i..<(i + 4)]), default: 0] += 1 }
    let solid = counts.values.sorted(by: >).prefix(3).reduce(0, +)
    #expect(plain.pixels.count / 4 - solid > 50)
  }

  @Test func masksToBoundsClipsTheLayersShape() {
    let shape = ShapeLayer()
    shape.frame = Rect(x: 16, y: 16, width: 32, height: 32)
    shape.path = .rect(Rect(x: -16, y: 8, width: 64, height: 16))
    shape.fillColor = .black
    shape.masksToBounds = true
    let image = render(shape)
    #expect(pixel(image, 8, 28) == [255, 255, 255, 255], "outside the bounds: clipped")
    #expect(pixel(image, 20, 28) == [0, 0, 0, 255], "inside the bounds: drawn")
  }

  @Test(arguments: [1.0, 0.5])
  func borderIsDrawnOverTheSublayers(_ opacity: Double) {
    let card = Layer()
    card.opacity = opacity
    card.frame = Rect(x: 8, y: 8, width: 48, height: 48)
    card.borderWidth = 4
    card.borderColor = Color(red: 0, green: 0, blue: 1, alpha: 1)
    let child = Layer()
    child.frame = Rect(x: -4, y: -4, width: 56, height: 56)
    child.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
    card.addSublayer(child)
    let image = render(card)
    // Translucent, the card and its sublayer are one isolated group: the
    // border still covers the sublayer inside it, and the group is blended once.
    let over = { (c: UInt8) -> UInt8 in UInt8((Double(c) * opacity + 255 * (1 - opacity)).rounded()) }
    let blue = [over(0), over(0), 255, 255], red = [255, over(0), over(0), 255]
    #expect(pixel(image, 10, 30).enumerated().allSatisfy { abs(Int($1) - Int(blue[$0])) <= 1 }, "the border, over the sublayer")
    #expect(pixel(image, 30, 30).enumerated().allSatisfy { abs(Int($1) - Int(red[$0])) <= 1 }, "the sublayer inside the border")
    #expect(pixel(image, 6, 30).enumerated().allSatisfy { abs(Int($1) - Int(red[$0])) <= 1 }, "the sublayer outside the bounds")
  }
}
