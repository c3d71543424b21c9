// SPDX-License-Identifier: Apache-2.0
// Shapes wholly off the canvas are not flattened: nil at once, where flattening them would have given nil too.

import Testing
import ZoetropeGeometry
@testable import ZoetropeRaster

#if canImport(Glibc)
import Glibc
#endif

@Suite struct OffCanvasShapeTests {
  static let canvas = Rasterizer.Canvas(width: 120, height: 90)
  /// A curved shape 30 × 20 pixels, its box from (0, 0).
  static let path: Path = {
    var path = Path.roundedRect(Rect(x: 0, y: 0, width: 30, height: 20), cornerRadius: 7)
    path.addPath(.ellipse(in: Rect(x: 4, y: 3, width: 12, height: 10)))
    return path
  }()

  /// Placements of the path around each side of the canvas, from 3 pixels
  /// over the edge to 3 pixels beyond it, by quarter pixels, upright and turned.
  static var placements: [AffineTransform] {
    var result: [AffineTransform] = []
    for step in -12...12 {
      let d = Double(step) / 4
      for turned in [false, true] {
        let (a, b, c, e) = turned ? (0.96, 0.28, -0.28, 0.96) : (1.0, 0, 0, 1)
        // Left of the canvas, right, above and below, the box's far side `d` past the edge.
        for (tx, ty) in [(-30 - d, 35.0), (120 + d, 35), (40, -20 - d), (40, 90 + d)] {
          result.append(AffineTransform(a: a, b: b, c: c, d: e, tx: tx, ty: ty))
        }
      }
    }
    return result
  }

  @Test func aShapeAPixelOrMoreOffTheCanvasIsNilAsItsEdgesWouldBe() {
    var skipped = 0, disagreements: [AffineTransform] = []
    for t in Self.placements {
      let box = Self.path.boundingBox
      let misses = Rasterizer.missesCanvas(box, under: t, Self.canvas)
      let shape = Rasterizer.shape(of: Self.path, fillRule: .evenOdd, transform: Transform3D(t), canvas: Self.canvas)
      // The same outline flattened and filled without the shortcut.
      let lines = Self.path.flattened(tolerance: Rasterizer.tolerance)
      let made = Rasterizer.shape(ofLayerPolylines: lines, fillRule: .evenOdd, transform: Transform3D(t),
                                  canvas: Self.canvas)
      if misses {
        skipped += 1
        if shape != nil || made != nil { disagreements.append(t) }
      } else if (shape == nil) != (made == nil) {
        disagreements.append(t)
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(3))")
    #expect(skipped > 0 && skipped < Self.placements.count)
  }

  @Test func aShapeReachingWithinAPixelOfTheCanvasIsNotSkipped() {
    // The box's right side 0.9 pixels left of the canvas: flattened as before.
    let near = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: -30.9, ty: 35)
    #expect(!Rasterizer.missesCanvas(Self.path.boundingBox, under: near, Self.canvas))
    // 1.1 pixels left: beyond the pixel and the flattening's allowance (0.001 here).
    let far = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: -31.1, ty: 35)
    #expect(Rasterizer.missesCanvas(Self.path.boundingBox, under: far, Self.canvas))
    // A box that is not finite is never said to miss.
    let huge = AffineTransform(a: .infinity, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    #expect(!Rasterizer.missesCanvas(Self.path.boundingBox, under: huge, Self.canvas))
  }

  @Test func aStrokeIsSkippedOnlyWhenItsOutlineMissesTheCanvas() throws {
    var line = Path()
    line.move(to: Point(x: 0, y: 0))
    line.addLine(to: Point(x: 0, y: 40))
    let style = StrokeStyle(lineWidth: 10, lineCap: .butt, lineJoin: .round)
    // The line 3 pixels left of the canvas: its stroke, 5 pixels to either side, reaches in.
    let reaching = Transform3D.translation(x: -3, y: 20, z: 0)
    let stroke = try #require(Rasterizer.strokeShape(of: line, style: style, transform: reaching, canvas: Self.canvas))
    #expect(stroke.bounds.x == 0)
    // Eight pixels left: 5.5 with the reach's margin, still over two pixels short.
    let beyond = Transform3D.translation(x: -8, y: 20, z: 0)
    #expect(Rasterizer.strokeShape(of: line, style: style, transform: beyond, canvas: Self.canvas) == nil)
  }

  /// A cubic whose control point lies far off: flattened into at most 64
  /// quadratic pieces, it strays outside its control points' box by up to
  /// 15 pixels (at 10⁸) — onto the canvas. (Found by review.)
  @Test(arguments: [1e7, 1e8])
  func aCurveWhoseFlatteningStraysOntoTheCanvasIsDrawn(_ far: Double) throws {
    var path = Path()
    path.move(to: Point(x: -1, y: 10))
    path.addCurve(to: Point(x: -1 - far, y: 110), control1: Point(x: -1, y: 43), control2: Point(x: -1, y: 77))
    path.addLine(to: Point(x: -1 - far, y: 10))
    path.closeSubpath()
    let canvas = Rasterizer.Canvas(width: 64, height: 128)
    #expect(!Rasterizer.missesCanvas(path.boundingBox, under: .identity, canvas))
    let shape = Rasterizer.shape(of: path, fillRule: .nonZero, transform: .identity, canvas: canvas)
    let made = Rasterizer.shape(ofLayerPolylines: path.flattened(tolerance: Rasterizer.tolerance), fillRule: .nonZero,
                                transform: .identity, canvas: canvas)
    #expect((shape == nil) == (made == nil))
  }

  /// Strokes 10¹⁷ pixels out in their layers, brought back by the
  /// transform: their caps round by more than the reach allows, onto the
  /// canvas, where they were drawn before the shortcut. (Found by review.)
  @Test func aStrokeAtHugeLayerCoordinatesIsNeverSkipped() throws {
    let canvas = Rasterizer.Canvas(width: 64, height: 64)
    let cases: [(x: Double, angle: Double, halfWidth: Double, scale: Double, cap: LineCap, tx: Double)] = [
      (1.7672491006954742e17, 4.029414205480185, 27.311705553698413, 0.8150793292516572, .square, -1.4404482116154624e17),
      (3.721185143784549e17, 0.8742086792981758, 57.97337402599802, 0.7459784756209231, .square, -2.7759240210636243e17),
      (1.4508291921609725e17, 2.700215173386596, 42.685805312744506, 0.8696722166261521, .round, -1.2617458394925638e17),
    ]
    for c in cases {
      var line = Path()
      line.move(to: Point(x: c.x - 100 * cos(c.angle), y: 32 - 100 * sin(c.angle)))
      line.addLine(to: Point(x: c.x, y: 32))
      let style = StrokeStyle(lineWidth: 2 * c.halfWidth, lineCap: c.cap, lineJoin: .bevel)
      let t = Transform3D(AffineTransform(a: c.scale, b: 0, c: 0, d: 1, tx: c.tx, ty: 0))
      #expect(Rasterizer.strokeShape(of: line, style: style, transform: t, canvas: canvas) != nil, "\(c)")
    }
  }
}
