// SPDX-License-Identifier: Apache-2.0
// Text and images in the compositing model: tinted by replicator copies, counted as pieces under masks, as masks.

import Testing
import Zoetrope
@testable import ZoetropeCompositor

@Suite struct CompositingContentTests {
  /// A 64 × 64 canvas over `background` holding `layers`.
  func render(_ layers: [Layer], background: Color = .white) -> RGBAImage {
    let canvas = Canvas(width: 64, height: 64, background: background)
    let root = Scene.makeRoot(for: canvas)
    for layer in layers { root.addSublayer(layer) }
    return Renderer(Scene(canvas: canvas, root: root)).frame(atTime: 0)
  }

  func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
    Array(image.pixels[(4 * (y * image.width + x))..<(4 * (y * image.width + x) + 4)])
  }

  /// The largest difference of any byte of two frames of one size.
  func largestDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
    zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
  }

  /// An image of `width × height` pixels of one straight-alpha colour.
  func uniformImage(_ color: Color, width: Int = 8, height: Int = 8) -> Image {
    let a = (color.alpha * 255).rounded()
    let pixel = [color.red, color.green, color.blue].map { UInt8(($0 * a).rounded()) } + [UInt8(a)]
    return Image(width: width, height: height, premultipliedRGBA: Array([[UInt8]](repeating: pixel, count: width * height).joined()))
  }

  /// A replicator of two copies 32 points apart, the second multiplied by `tint`.
  func replicator(tint: Color, _ sublayer: Layer) -> ReplicatorLayer {
    let replicator = ReplicatorLayer()
    replicator.frame = Rect(x: 0, y: 0, width: 64, height: 64)
    replicator.instanceCount = 2
    replicator.instanceTransform = .translation(x: 32, y: 0, z: 0)
    replicator.instanceRedOffset = tint.red - 1
    replicator.instanceGreenOffset = tint.green - 1
    replicator.instanceBlueOffset = tint.blue - 1
    replicator.instanceAlphaOffset = tint.alpha - 1
    replicator.addSublayer(sublayer)
    return replicator
  }

  func label(_ color: Color, x: Double = 2) -> TextLayer {
    let text = TextLayer()
    text.frame = Rect(x: x, y: 8, width: 28, height: 40)
    text.string = "Ag"
    text.font = "DejaVu Sans"
    text.fontSize = 24
    text.foregroundColor = color
    return text
  }

  // MARK: Replicator colours

  @Test func anInstanceColorMultipliesAnImageAsItMultipliesABackground() {
    let color = Color(red: 0.8, green: 0.4, blue: 0.2, alpha: 1)
    let tint = Color(red: 0.5, green: 0.9, blue: 1, alpha: 0.6)
    let image = Layer()
    image.frame = Rect(x: 4, y: 4, width: 24, height: 24)
    image.contents = uniformImage(color)
    let background = Layer()
    background.frame = image.frame
    background.backgroundColor = color
    let imaged = render([replicator(tint: tint, image)], background: .black)
    let filled = render([replicator(tint: tint, background)], background: .black)
    // The image's pixels are multiplied by the tint's premultiplied bytes, the
    // background's colour before it is premultiplied: within a level.
    #expect(largestDifference(imaged, filled) <= 1)
    #expect(pixel(imaged, 16, 16) == pixel(render([image], background: .black), 16, 16), "copy 0 is untinted")
    let copy = pixel(imaged, 48, 16)
    #expect(abs(Int(copy[0]) - 61) <= 1 && abs(Int(copy[1]) - 55) <= 1 && abs(Int(copy[2]) - 31) <= 1, "\(copy)")
  }

  @Test func aTransparentInstanceColorHidesAnImage() {
    let image = Layer()
    image.frame = Rect(x: 4, y: 4, width: 24, height: 24)
    image.contents = uniformImage(.white)
    let frame = render([replicator(tint: Color(red: 1, green: 1, blue: 1, alpha: 0), image)], background: .black)
    #expect(pixel(frame, 48, 16) == [0, 0, 0, 255])
    #expect(pixel(frame, 16, 16) == [255, 255, 255, 255])
  }

  @Test func anInstanceColorMultipliesTextsForegroundColor() {
    let color = Color(red: 1, green: 0.75, blue: 0, alpha: 1)
    let tint = Color(red: 0.4, green: 0.8, blue: 1, alpha: 0.7)
    let tinted = render([replicator(tint: tint, label(color))])
    let expected = render([label(color), label(Color(red: 0.4, green: 0.6, blue: 0, alpha: 0.7), x: 34)])
    #expect(largestDifference(tinted, expected) == 0)
    #expect(largestDifference(tinted, render([label(color), label(color, x: 34)])) > 50)
  }

  // MARK: Masks

  @Test func aMaskWithATranslucentBackgroundAndAnImageCountsBoth() {
    // The mask's alpha is its background's and its image's, composited: where
    // the opaque image is, the host shows fully, elsewhere at a quarter.
    let host = Layer()
    host.frame = Rect(x: 0, y: 0, width: 64, height: 64)
    host.backgroundColor = .black
    let mask = Layer()
    mask.frame = host.bounds
    mask.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.25)
    mask.contentsGravity = .center
    mask.contents = uniformImage(.white, width: 16, height: 16)
    host.mask = mask
    let frame = render([host])
    #expect(pixel(frame, 32, 32) == [0, 0, 0, 255], "under the image")
    #expect(pixel(frame, 4, 4) == [191, 191, 191, 255], "under the background alone")
  }

  @Test func aTextMaskWithABackgroundCountsTheText() {
    let host = Layer()
    host.frame = Rect(x: 0, y: 0, width: 64, height: 64)
    host.backgroundColor = .black
    let mask = TextLayer()
    mask.frame = host.bounds
    mask.string = "█"
    mask.font = "DejaVu Sans"
    mask.fontSize = 48
    mask.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.25)
    host.mask = mask
    let frame = render([host])
    #expect(pixel(frame, 60, 60) == [191, 191, 191, 255], "under the background alone")
    #expect(pixel(frame, 14, 30) == [0, 0, 0, 255], "under the glyph")
  }

  /// A one-shape mask is applied without a second buffer (as a clip over a
  /// single piece, or multiplying the group as it is blended); a mask with a
  /// sublayer takes the general path. Both must give the same bytes for
  /// hosts whose pieces include text and images.
  @Test(arguments: ["image", "background and image", "text", "background and text", "image and text"])
  func aSolidMaskGivesWhatTheGeneralMaskGives(_ pieces: String) {
    func host() -> Layer {
      let layer: Layer = pieces.contains("text") ? label(Color(red: 0.1, green: 0.2, blue: 0.6, alpha: 1)) : Layer()
      layer.frame = Rect(x: 6, y: 4, width: 52, height: 56)
      if pieces.contains("background") { layer.backgroundColor = Color(red: 1, green: 0.7, blue: 0, alpha: 1) }
      if pieces.contains("image") {
        layer.contents = uniformImage(Color(red: 0.9, green: 0.2, blue: 0.3, alpha: 0.5), width: 40, height: 44)
        layer.contentsGravity = .center
      }
      return layer
    }
    func disc() -> ShapeLayer {
      let shape = ShapeLayer()
      shape.frame = Rect(x: 0, y: 0, width: 52, height: 56)
      shape.path = .ellipse(in: Rect(x: 10.3, y: 12.6, width: 30, height: 33))
      return shape
    }
    let solid = host()
    solid.mask = disc()
    let general = host()
    let holder = Layer()
    holder.frame = Rect(x: 0, y: 0, width: 52, height: 56)
    holder.addSublayer(disc())
    general.mask = holder
    // Clipping a piece's coverage by the mask's rounds once where drawing it
    // and multiplying by the mask's alpha rounds twice: within a level.
    let difference = largestDifference(render([solid]), render([general]))
    #expect(difference <= 1, "\(difference) levels apart")
    #expect(largestDifference(render([solid]), render([host()])) > 100, "the mask shows")
  }

  // MARK: Corners

  @Test func contentsMeetingAContinuousCornerAreClippedByIt() {
    let continuous = RoundedBounds(rect: Rect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 20,
                                   curve: .continuous)
    let circular = RoundedBounds(rect: Rect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 20)
    // An image along the left edge from y = 22: clear of a circular corner of
    // radius 20, inside the 30.6 points a continuous one reaches along the edge.
    let rect = Rect(x: 0, y: 22, width: 56, height: 56)
    #expect(!Compositor.reachesACorner(rect, of: circular))
    #expect(Compositor.reachesACorner(rect, of: continuous))
    // Only the corners `maskedCorners` rounds count.
    let bottomOnly = RoundedBounds(rect: Rect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 20,
                                   corners: [.layerMinXMaxYCorner, .layerMaxXMaxYCorner])
    #expect(!Compositor.reachesACorner(Rect(x: 0, y: 0, width: 40, height: 40), of: bottomOnly))
    #expect(Compositor.reachesACorner(Rect(x: 0, y: 60, width: 40, height: 40), of: bottomOnly))
  }
}
