// SPDX-License-Identifier: Apache-2.0
// renderMode on pixels: additive particles add (plus-lighter, clamped), the others are drawn over in their order.

import Testing
import Zoetrope

@Suite struct EmitterRenderModeTests {
  /// A 4 × 4 opaque white image.
  static let square = Image(width: 4, height: 4, straightRGBA: [UInt8](repeating: 255, count: 64))

  /// Particles standing still on (16, 16) of a 32 × 32 canvas over
  /// `background`, born at 0.5 s, 1 s, 1.5 s …, in `color`.
  func render(_ mode: EmitterRenderMode, color: Color, redSpeed: Double = 0, background: Color = .black,
              at time: Double) -> [Int] {
    let canvas = Canvas(width: 32, height: 32, background: background)
    let root = Scene.makeRoot(for: canvas)
    let emitter = EmitterLayer()
    emitter.frame = Rect(x: 0, y: 0, width: 32, height: 32)
    emitter.emitterPosition = Point(x: 16, y: 16)
    emitter.renderMode = mode
    var cell = EmitterCell()
    cell.birthRate = 2
    cell.lifetime = 100
    cell.color = color
    cell.redSpeed = redSpeed
    cell.contents = Self.square
    emitter.emitterCells = [cell]
    root.addSublayer(emitter)
    let image = Renderer(Scene(canvas: canvas, root: root)).frame(atTime: time)
    let i = 4 * (16 * 32 + 16)
    return image.pixels[i..<(i + 4)].map(Int.init)
  }

  /// Over opaque black a particle's premultiplied colour is the pixel; two
  /// added are twice it, clamped, where source-over gives `s + s(1 − α)`.
  @Test func additiveParticlesAddTheirPremultipliedColours() {
    let color = Color(red: 0.6, green: 0.3, blue: 0.1, alpha: 0.5)
    let one = render(.additive, color: color, at: 0.7)
    #expect(one == [77, 38, 13, 255], "(0.6, 0.3, 0.1) × 0.5 × 255, rounded, on black")
    let two = render(.additive, color: color, at: 1.2)
    #expect(two == [154, 76, 26, 255])
    let three = render(.additive, color: color, at: 1.7)
    #expect(three == [231, 114, 39, 255])
    #expect(render(.additive, color: color, at: 2.2) == [255, 152, 52, 255], "red clamped at 255")
    #expect(render(.oldestFirst, color: color, at: 1.2) == [115, 57, 19, 255], "s + div255(s × (255 − 128))")
  }

  /// Over white additive changes nothing: every channel is already full.
  @Test func additiveOverWhiteIsWhite() {
    let color = Color(red: 0.2, green: 0.9, blue: 0.4, alpha: 1)
    #expect(render(.additive, color: color, background: .white, at: 1.2) == [255, 255, 255, 255])
    #expect(render(.oldestFirst, color: color, background: .white, at: 1.2) != [255, 255, 255, 255])
  }

  /// The drawing orders, seen through a colour that changes with age (red
  /// falls 0.4 a second): the youngest on top for `oldestFirst` and
  /// `unordered` (at 1.2 s, born at 1 s: red 0.92), the oldest for
  /// `oldestLast` (born at 0.5 s: red 0.72).
  @Test func oldestFirstAndOldestLastPutADifferentParticleOnTop() {
    #expect(render(.oldestFirst, color: .white, redSpeed: -0.4, at: 1.2) == [235, 255, 255, 255])
    #expect(render(.unordered, color: .white, redSpeed: -0.4, at: 1.2) == [235, 255, 255, 255])
    #expect(render(.oldestLast, color: .white, redSpeed: -0.4, at: 1.2) == [184, 255, 255, 255])
  }

  /// A particle heading for the viewer (latitude π/2) at 100 points a
  /// second, a second old, under a superlayer's perspective of 200 points:
  /// drawn flat it stays the 4 × 4 it is; with `preservesDepth` it sits at
  /// z = 100, half way to the eye, and shows twice as large, 8 × 8.
  @Test(arguments: [(false, 16), (true, 64)])
  func preservesDepthDrawsParticlesAtTheirZ(preservesDepth: Bool, pixels: Int) {
    let canvas = Canvas(width: 64, height: 64, background: .black)
    let root = Scene.makeRoot(for: canvas)
    let stage = Layer()
    stage.frame = Rect(x: 0, y: 0, width: 64, height: 64)
    var perspective = Transform3D.identity
    perspective.m34 = -1.0 / 200
    stage.sublayerTransform = perspective
    let emitter = EmitterLayer()
    emitter.frame = Rect(x: 0, y: 0, width: 64, height: 64)
    emitter.emitterPosition = Point(x: 32, y: 32)
    emitter.preservesDepth = preservesDepth
    var cell = EmitterCell()
    cell.birthRate = 1
    cell.lifetime = 10
    cell.velocity = 100
    cell.emissionLatitude = .pi / 2
    cell.contents = Self.square
    emitter.emitterCells = [cell]
    stage.addSublayer(emitter)
    root.addSublayer(stage)
    let image = Renderer(Scene(canvas: canvas, root: root)).frame(atTime: 2)
    let lit = stride(from: 0, to: image.pixels.count, by: 4).filter { image.pixels[$0] > 0 }.count
    #expect(lit == pixels)
  }
}
