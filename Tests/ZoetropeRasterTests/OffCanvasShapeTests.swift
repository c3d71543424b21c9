// SPDX-License-Identifier: Apache-2.0
// Shapes wholly off the canvas are not flattened: nil at once, where flattening them would have given nil too.

import Testing
import ZoetropeGeometry
@testable import ZoetropeRaster

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
    let far = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: -31, ty: 35)
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
}
