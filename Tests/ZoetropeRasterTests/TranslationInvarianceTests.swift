// SPDX-License-Identifier: Apache-2.0
// A shape moved by whole device pixels gets the same coverage bytes, moved: what lets coverage be reused.

import Foundation
import Testing
import ZoetropeGeometry
import ZoetropeRaster

@Suite struct TranslationInvarianceTests {
  static let canvas = Rasterizer.Canvas(width: 256, height: 256)

  /// Whether `b` is `a` moved by whole pixels, when the canvas clips neither.
  static func same(_ a: ShapeCoverage, movedBy dx: Int, _ dy: Int, as b: ShapeCoverage) -> Bool? {
    let inside = DeviceRect(x: 1, y: 1, width: canvas.width - 2, height: canvas.height - 2)
    guard inside.intersection(a.bounds) == a.bounds, inside.intersection(b.bounds) == b.bounds else { return nil }
    return a.runs().moved(dx: dx, dy: dy) == b.runs()
  }

  /// Compares, for each of `trials`, the shape `make` gives with itself
  /// moved by whole pixels (`make` returns both and the move), where the
  /// canvas clips neither; returns how many trials could be compared.
  static func compareMoved(_ trials: Range<Int>,
                           _ make: (Int) throws -> (ShapeCoverage, ShapeCoverage, dx: Int, dy: Int)) rethrows -> Int {
    var compared = 0
    for trial in trials {
      let (here, moved, dx, dy) = try make(trial)
      guard let same = same(here, movedBy: dx, dy, as: moved) else { continue }
      compared += 1
      #expect(same, "trial \(trial), moved \(dx), \(dy)")
    }
    return compared
  }

  /// A transform that scales, turns and shears a little, then moves by a
  /// fraction of a pixel plus `(x, y)`.
  static func transform(_ random: inout RandomPaths, x: Double, y: Double) -> Transform3D {
    let angle = random.next() * 6.3, scale = 0.6 + random.next()
    let affine = AffineTransform(a: scale * cos(angle), b: scale * sin(angle), c: -scale * sin(angle) + 0.1,
                                 d: scale * cos(angle), tx: x + random.next(), ty: y + random.next())
    return Transform3D(affine)
  }

  @Test func aFilledPathMovedByWholePixelsGetsTheSameBytesMoved() throws {
    var random = RandomPaths(seed: 41, width: 50, height: 50)
    let compared = try Self.compareMoved(0..<40) { trial in
      let path = random.path(trial, curves: 4, rectangle: Rect(x: 3.3, y: 5.1, width: 20.7, height: 14.2))
      let rule: FillRule = trial % 2 == 0 ? .nonZero : .evenOdd
      let t = Self.transform(&random, x: 96, y: 96)
      let dx = Int(random.next() * 80) - 40, dy = Int(random.next() * 80) - 40
      let there = t.concatenating(.translation(x: Double(dx), y: Double(dy), z: 0))
      let here = try #require(Rasterizer.shape(of: path, fillRule: rule, transform: t, canvas: Self.canvas))
      let moved = try #require(Rasterizer.shape(of: path, fillRule: rule, transform: there, canvas: Self.canvas))
      return (here, moved, dx, dy)
    }
    #expect(compared >= 30)
  }

  @Test func roundedRectanglesAndRectanglesMovedByWholePixelsGetTheSameBytesMoved() throws {
    var random = RandomPaths(seed: 7, width: 1, height: 1)
    let compared = try Self.compareMoved(0..<30) { trial in
      let bounds = Rect(x: random.next() * 4, y: random.next() * 4, width: 30 + random.next() * 50,
                        height: 30 + random.next() * 50)
      let radius = trial % 3 == 0 ? 0 : random.next() * 14
      let scale = 0.75 + random.next() / 2
      let t = Transform3D(AffineTransform(a: scale, b: 0, c: 0, d: trial % 4 == 1 ? -scale : scale,
                                          tx: 90 + random.next(), ty: 100 + random.next()))
      let dx = Int(random.next() * 60) - 30, dy = Int(random.next() * 60) - 30
      let there = t.concatenating(.translation(x: Double(dx), y: Double(dy), z: 0))
      func coverage(_ t: Transform3D) -> ShapeCoverage? {
        radius == 0
          ? Rasterizer.shape(of: .rect(bounds), fillRule: .nonZero, transform: t, canvas: Self.canvas)
          : Rasterizer.roundedRectangle(bounds, radius: radius, transform: t, canvas: Self.canvas)
      }
      return (try #require(coverage(t)), try #require(coverage(there)), dx, dy)
    }
    #expect(compared >= 25)
  }

  @Test func aStrokeMovedByWholePixelsGetsTheSameBytesMoved() throws {
    var random = RandomPaths(seed: 3, width: 60, height: 60)
    let style = StrokeStyle(lineWidth: 3.5, lineCap: .round, lineJoin: .round)
    let compared = try Self.compareMoved(0..<20) { trial in
      let path = random.path(trial, curves: 3, rectangle: Rect(x: 0, y: 0, width: 10, height: 10))
      let t = Self.transform(&random, x: 100, y: 90)
      let dx = Int(random.next() * 60) - 30, dy = Int(random.next() * 60) - 30
      let there = t.concatenating(.translation(x: Double(dx), y: Double(dy), z: 0))
      let here = try #require(Rasterizer.strokeShape(of: path, style: style, transform: t, canvas: Self.canvas))
      let moved = try #require(Rasterizer.strokeShape(of: path, style: style, transform: there, canvas: Self.canvas))
      return (here, moved, dx, dy)
    }
    #expect(compared >= 15)
  }

  /// A vertex a hair left of a rounding tie on the 1/256 grid: added to a
  /// translation of 129 pixels in floating point it would lose the hair
  /// and round the other way than at a translation of 1. Shapes are
  /// flattened and rounded in their own frame, then moved by whole pixels.
  @Test func aVertexJustBelowARoundingTieLandsTheSameAtEveryOffset() throws {
    let x = 1.0 / 512 - 1.0 / 1_125_899_906_842_624  // 2⁻⁹ − 2⁻⁵⁰
    var path = Path()
    path.move(to: Point(x: 0, y: 0))
    path.addLine(to: Point(x: 40, y: 3))
    path.addLine(to: Point(x: x, y: 30.5))
    path.closeSubpath()
    let here = try #require(Rasterizer.shape(of: path, fillRule: .nonZero, transform: .translation(x: 1, y: 2, z: 0),
                                             canvas: Self.canvas))
    let moved = try #require(Rasterizer.shape(of: path, fillRule: .nonZero,
                                              transform: .translation(x: 129, y: 2, z: 0), canvas: Self.canvas))
    #expect(Self.same(here, movedBy: 128, 0, as: moved) == true)
  }

  @Test(arguments: [Double(1 << 22) + 0.5, Double(1 << 23), Double(1 << 29) + 0.25])
  func aShapeMovedFarAndBackOntoTheCanvasIsRasterized(_ far: Double) throws {
    // A transform moving by `far` pixels, a path placed `far` pixels back:
    // the whole pixels taken out of so large a move would not fit the
    // edges' fixed point (a fuzzed replicator found it), so it stays in.
    let turn = AffineTransform(a: 0.96, b: 0.28, c: -0.28, d: 0.96, tx: far, ty: far)
    let path = Path.ellipse(in: Rect(x: -far * 1.24 + 60, y: -far * 0.68 + 40, width: 50, height: 30))
    let shape = try #require(Rasterizer.shape(of: path, fillRule: .nonZero, transform: Transform3D(turn),
                                              canvas: Self.canvas))
    #expect(!shape.runs().spans.isEmpty)
  }
}
