// SPDX-License-Identifier: Apache-2.0
// Contents drawn as a reference says: bilinear sampling within 1/255, exact 1:1 copies, iOS's gravity rule, one decode per render.

import Dispatch
import Foundation
import Testing
import Zoetrope
import ZoetropeImages
import ZoetropeRaster
@testable import ZoetropeCompositor
import _ZoetropeTestSupport

@Suite struct ContentsTests {
  /// A random premultiplied image.
  static func randomImage(width: Int, height: Int, seed: UInt64, opaque: Bool = false) -> Image {
    var random = SeededRandom(state: seed)
    var bytes: [UInt8] = []
    for _ in 0..<(width * height) {
      let state = random.next()
      let a: UInt8 = opaque ? 255 : UInt8(truncatingIfNeeded: state >> 56)
      for shift in [8, 16, 24] as [UInt64] {
        bytes.append(UInt8(UInt16(truncatingIfNeeded: state >> shift) % (UInt16(a) + 1)))
      }
      bytes.append(a)
    }
    return Image(width: width, height: height, premultipliedRGBA: bytes)
  }

  /// A scene of one layer showing `image` at 1 point per pixel under `transform`, over a clear canvas.
  static func scene(_ image: Image, transform: Transform3D, position: Point) -> Scene {
    let scene = Scene(canvas: Canvas(width: 96, height: 96, background: .clear),
                      root: Scene.makeRoot(for: Canvas(width: 96, height: 96)))
    let layer = Layer()
    layer.bounds = Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
    layer.position = position
    layer.transform = transform
    layer.contents = image
    scene.root.addSublayer(layer)
    return scene
  }

  /// Bilinear interpolation in doubles of `image` at (u, v) image pixels from its top-left, edges extended.
  static func reference(_ image: Image, _ u: Double, _ v: Double) -> [Double] {
    let x = u - 0.5, y = v - 0.5
    let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
    let fx = x - Double(x0), fy = y - Double(y0)
    func texel(_ i: Int, _ j: Int) -> [Double] {
      let p = image.premultipliedPixel(x: min(max(i, 0), image.width - 1), y: min(max(j, 0), image.height - 1))
      return [Double(p.red), Double(p.green), Double(p.blue), Double(p.alpha)]
    }
    let a = texel(x0, y0), b = texel(x0 + 1, y0), c = texel(x0, y0 + 1), d = texel(x0 + 1, y0 + 1)
    return (0..<4).map { k in
      (a[k] * (1 - fx) + b[k] * fx) * (1 - fy) + (c[k] * (1 - fx) + d[k] * fx) * fy
    }
  }

  @Test(arguments: 0..<24)
  func bilinearSamplingAgreesWithADoublePrecisionReference(_ seed: Int) throws {
    var generator = SeededRandom(state: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
    func random() -> Double { generator.unit() }
    let image = Self.randomImage(width: 5 + seed % 7, height: 4 + seed % 5, seed: UInt64(seed) + 7)
    var transform = Transform3D.identity.rotated(by: random() * 6.3, x: 0, y: 0, z: 1)
      .scaledBy(x: 0.6 + 6 * random(), y: 0.6 + 6 * random(), z: 1)
    if seed % 3 == 0 {
      transform = transform.rotated(by: random() - 0.5, x: 0, y: 1, z: 0)
      var perspective = Transform3D.identity
      perspective.m34 = -1 / 150
      transform = transform.concatenating(perspective)
    }
    let scene = Self.scene(image, transform: transform, position: Point(x: 48, y: 48))
    let renderer = Renderer(scene)
    let pixels = FrameBuffer(renderer.displayList(atTime: 0)).pixels
    // Layer → device, the renderer's own composition of anchor, transform and position.
    let (layerToDevice, _) = Compositor.transforms(scene.root.sublayers![0].model,
                                                   parentToDevice: .identity)
    let deviceToLayer = try #require(Homography(layerToDevice)?.inverted())
    var checked = 0
    for y in 0..<96 {
      for x in 0..<96 {
        let p = deviceToLayer.transform(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
        // Only pixels well inside the image: their coverage is full.
        guard p.x > 1.5, p.y > 1.5, p.x < Double(image.width) - 1.5, p.y < Double(image.height) - 1.5 else { continue }
        let expected = Self.reference(image, p.x, p.y)
        for k in 0..<4 {
          let actual = Double(pixels[4 * (96 * y + x) + k])
          if abs(actual - expected[k]) > 1 {
            Issue.record("pixel (\(x), \(y)) channel \(k): \(actual) vs reference \(expected[k])")
            return
          }
        }
        checked += 1
      }
    }
    #expect(checked > 10)
  }

  @Test func anImageAtAnIntegerPositionOneToOneReproducesItsPixelsExactly() {
    let image = Self.randomImage(width: 23, height: 17, seed: 3)
    let scene = Self.scene(image, transform: .identity, position: Point(x: 30.5, y: 40.5))  // origin (19, 32)
    let pixels = FrameBuffer(Renderer(scene).displayList(atTime: 0)).pixels
    var copied: [UInt8] = []
    for y in 32..<(32 + 17) { copied += pixels[(4 * (96 * y + 19))..<(4 * (96 * y + 19 + 23))] }
    #expect(copied == image.premultipliedRGBA)
    // Opaque images come out byte for byte in straight alpha too.
    let opaque = Self.randomImage(width: 23, height: 17, seed: 4, opaque: true)
    let frame = Renderer(Self.scene(opaque, transform: .identity, position: Point(x: 30.5, y: 40.5))).frame(atTime: 0)
    var straight: [UInt8] = []
    for y in 32..<(32 + 17) { straight += frame.pixels[(4 * (96 * y + 19))..<(4 * (96 * y + 19 + 23))] }
    #expect(straight == opaque.premultipliedRGBA)
  }

  @Test func topAndBottomNameTheMaximumAndMinimumYAsOniOS() {
    let bounds = Rect(x: 0, y: 0, width: 100, height: 50)
    let natural = Size(width: 20, height: 10)
    func origin(_ g: ContentsGravity) -> [Double] {
      let r = ContentsLayout.destination(g, natural: natural, bounds: bounds)!
      return [r.minX, r.minY]
    }
    #expect(origin(.top) == [40, 40])  // against the maximum y: drawn at the bottom
    #expect(origin(.bottom) == [40, 0])  // against the minimum y: drawn at the top
    #expect(origin(.topLeft) == [0, 40] && origin(.topRight) == [80, 40])
    #expect(origin(.bottomLeft) == [0, 0] && origin(.bottomRight) == [80, 0])
    #expect(origin(.left) == [0, 20] && origin(.right) == [80, 20] && origin(.center) == [40, 20])
    #expect(ContentsLayout.destination(.resizeAspect, natural: natural, bounds: bounds) == Rect(x: 0, y: 0, width: 100, height: 50))
    #expect(ContentsLayout.destination(.resizeAspectFill, natural: Size(width: 10, height: 10), bounds: bounds)
      == Rect(x: 0, y: -25, width: 100, height: 100))
  }

  @Test func nineSliceCornersKeepTheirSizeAndShrinkWhenTheyDoNotFit() throws {
    // 24 image pixels, the middle 8 stretch; corners 8 px at scale 1, 4 points at scale 2.
    let map = try #require(ContentsLayout.axis(from: 0, to: 100, image: (0, 24), center: (1.0 / 3, 1.0 / 3), scale: 1))
    #expect(map.image(at: 4).coordinate == 4)
    #expect(map.image(at: 96).coordinate == 20)
    #expect(abs(map.image(at: 50).coordinate - 12) < 1e-9)
    let retina = try #require(ContentsLayout.axis(from: 0, to: 100, image: (0, 24), center: (1.0 / 3, 1.0 / 3), scale: 2))
    #expect(retina.image(at: 2).coordinate == 4)
    // 10 points for 16 points of corners: both shrink to 5, the middle vanishes.
    let tight = try #require(ContentsLayout.axis(from: 0, to: 10, image: (0, 24), center: (1.0 / 3, 1.0 / 3), scale: 1))
    #expect(tight.image(at: 2.5).coordinate == 4)
    #expect(tight.image(at: 7.5).coordinate == 20)
  }

  @Test func imagesAreDecodedOncePerRenderAndSharedByEveryFrame() throws {
    // Four layers and a flipbook name two files, eight times in all.
    let json = #"""
      {"zoetrope": 1, "canvas": {"width": 64, "height": 32, "duration": 1}, "layers": [
        {"frame": [0, 0, 16, 16], "contents": "tile.png"}, {"frame": [16, 0, 16, 16], "contents": "tile.png"},
        {"frame": [32, 0, 16, 16], "contents": "./tile.png"},
        {"frame": [48, 0, 16, 16], "contents": "button.png", "animations": [{"type": "keyframe",
          "keyPath": "contents", "calculationMode": "discrete", "duration": 1,
          "values": ["tile.png", "button.png", "tile.png", "button.png", "tile.png"]}]}]}
      """#
    let loader = ImageLoader()
    let scene = try SceneDecoder.decode(Array(json.utf8), fileName: "scene.json",
                                        baseFolder: Fixtures.url("Images").path, images: loader)
    #expect(loader.decodeCount == 2)
    let renderer = Renderer(scene)
    let tile = scene.root.sublayers![0].contents!.storage, button = scene.root.sublayers![3].contents!.storage
    DispatchQueue.concurrentPerform(iterations: 8) { i in
      let presentation = renderer.evaluator.presentation(atTime: Double(i) / 8)
      // Every frame holds the very pixels decoded at load: nothing is decoded or copied again.
      for layer in presentation.layers.dropFirst() {
        let storage = layer.properties.content.contents!.storage
        #expect(storage === tile || storage === button)
      }
      _ = renderer.frame(atTime: Double(i) / 8, threads: 2)
    }
    #expect(loader.decodeCount == 2)
  }

  @Test func aSwiftSceneAndTheSameSceneFromJSONDrawTheSameBytes() throws {
    let fromJSON = try Fixtures.scene("Scenes/images/rounded-mask.json")
    let canvas = Canvas(width: 256, height: 88, background: .white)
    let swift = Scene(canvas: canvas, root: Scene.makeRoot(for: canvas))
    let tile = try Image(contentsOfFile: Fixtures.url("Images/tile.png").path)
    let fill = Layer()
    fill.frame = Rect(x: 4, y: 4, width: 96, height: 64)
    fill.cornerRadius = 20
    fill.masksToBounds = true
    fill.contents = tile
    fill.contentsGravity = .resizeAspectFill
    let center = Layer()
    center.frame = Rect(x: 108, y: 12, width: 64, height: 56)
    center.cornerRadius = 24
    center.masksToBounds = true
    center.contents = tile
    center.contentsGravity = .center
    center.borderWidth = 3
    center.borderColor = Color(hex: "#333333")
    let unmasked = Layer()
    unmasked.frame = Rect(x: 196, y: 20, width: 48, height: 48)
    unmasked.cornerRadius = 16
    unmasked.backgroundColor = Color(hex: "#FFB900")
    unmasked.contents = try Image(contentsOfFile: Fixtures.url("Images/button.png").path)
    unmasked.contentsGravity = .center
    unmasked.opacity = 0.6
    for layer in [fill, center, unmasked] { swift.root.addSublayer(layer) }
    #expect(Renderer(swift).frame(atTime: 0) == Renderer(fromJSON).frame(atTime: 0))
  }

  @Test func absurdContentsValuesDrawNothingOrSomethingButNeverCrash() {
    let image = Self.randomImage(width: 6, height: 5, seed: 9)
    let values: [Double] = [.nan, .infinity, -.infinity, 0, -1, 1e-300, 1e300, 0.5]
    for (i, v) in values.enumerated() {
      let scene = Self.scene(image, transform: .identity, position: Point(x: 48, y: 48))
      let layer = scene.root.sublayers![0]
      layer.contentsRect = Rect(x: v, y: 0, width: values[(i + 3) % values.count], height: 1)
      layer.contentsCenter = Rect(x: 0.2, y: v, width: values[(i + 5) % values.count], height: 0.5)
      layer.contentsScale = v
      layer.contentsGravity = ContentsGravity.allCases[i % ContentsGravity.allCases.count]
      layer.bounds = Rect(x: 0, y: 0, width: v, height: 20)
      layer.minificationFilter = .trilinear
      layer.magnificationFilter = .nearest
      layer.masksToBounds = i % 2 == 0
      layer.cornerRadius = v
      let frame = Renderer(scene).frame(atTime: 0)
      #expect(frame.width == 96)
    }
  }
}
