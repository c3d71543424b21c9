// SPDX-License-Identifier: Apache-2.0
// Exact-area coverage against geometry we can compute by hand and a supersampled reference.

import Testing
import ZoetropeGeometry
import ZoetropeRaster
import _ZoetropeTestSupport

@Suite struct RasterizerTests {
  func mask(_ path: Path, rule: FillRule = .nonZero, width: Int = 16, height: Int = 16) -> CoverageMask? {
    Rasterizer.coverage(of: path.flattened(tolerance: 0.01), fillRule: rule, canvasWidth: width, canvasHeight: height)
  }

  @Test func pixelAlignedRectangleIsFullInsideAndEmptyOutside() throws {
    let m = try #require(mask(.rect(Rect(x: 2, y: 3, width: 4, height: 5))))
    for y in 0..<16 {
      for x in 0..<16 {
        let inside = x >= 2 && x < 6 && y >= 3 && y < 8
        #expect(m.coverage(atX: x, y: y) == (inside ? 255 : 0), "(\(x), \(y))")
      }
    }
  }

  @Test func halfPixelEdgesGiveHalfCoverage() throws {
    let m = try #require(mask(.rect(Rect(x: 2.5, y: 2, width: 3, height: 1))))
    #expect(m.coverage(atX: 2, y: 2) == 128)
    #expect(m.coverage(atX: 3, y: 2) == 255)
    #expect(m.coverage(atX: 5, y: 2) == 128)
  }

  @Test func diagonalEdgeCoversExactTriangleAreas() throws {
    // Triangle (0,0) (4,0) (0,4): pixels on the diagonal are half covered.
    let m = try #require(mask(.polyline([Point(x: 0, y: 0), Point(x: 4, y: 0), Point(x: 0, y: 4)], closed: true)))
    #expect(m.coverage(atX: 0, y: 0) == 255)
    #expect(m.coverage(atX: 3, y: 0) == 128)
    #expect(m.coverage(atX: 1, y: 2) == 128)
    #expect(m.coverage(atX: 3, y: 3) == 0)
  }

  @Test func evenOddMakesAHoleAndNonZeroDoesNot() throws {
    var path = Path.rect(Rect(x: 0, y: 0, width: 10, height: 10))
    path.addPath(.rect(Rect(x: 3, y: 3, width: 4, height: 4)))
    #expect(try #require(mask(path, rule: .evenOdd)).coverage(atX: 5, y: 5) == 0)
    #expect(try #require(mask(path, rule: .nonZero)).coverage(atX: 5, y: 5) == 255)
  }

  /// The plain reference: 16 × 16 point samples per pixel, winding by crossing count.
  func supersampled(_ polylines: [Polyline], x: Int, y: Int, rule: FillRule) -> Double {
    var inside = 0
    for sy in 0..<16 {
      for sx in 0..<16 {
        let px = Double(x) + (Double(sx) + 0.5) / 16, py = Double(y) + (Double(sy) + 0.5) / 16
        var winding = 0
        for line in polylines {
          let points = line.points + [line.points[0]]
          for (a, b) in zip(points, points.dropFirst()) where (a.y <= py) != (b.y <= py) {
            let t = (py - a.y) / (b.y - a.y)
            if a.x + t * (b.x - a.x) > px { winding += b.y > a.y ? 1 : -1 }
          }
        }
        if rule == .nonZero ? winding != 0 : winding % 2 != 0 { inside += 1 }
      }
    }
    return Double(inside) / 256
  }

  @Test func agreesWithASupersampledReferenceOnRandomPolygons() {
    var random = SeededRandom(state: 17)
    func next() -> Double { random.unit() }
    for trial in 0..<10 {
      let points = (0..<5).map { _ in Point(x: next() * 14 + 1, y: next() * 14 + 1) }
      let polylines = [Polyline(points: points, isClosed: true)]
      let rule: FillRule = trial % 2 == 0 ? .nonZero : .evenOdd
      guard let m = Rasterizer.coverage(of: polylines, fillRule: rule, canvasWidth: 16, canvasHeight: 16) else { continue }
      var total = 0.0, worst = 0.0
      for y in 0..<16 {
        for x in 0..<16 {
          let difference = Swift.abs(Double(m.coverage(atX: x, y: y)) / 255 - supersampled(polylines, x: x, y: y, rule: rule))
          total += difference
          worst = Swift.max(worst, difference)
        }
      }
      // Exact area vs 256 samples: close everywhere; where self-intersections
      // cross inside one pixel the accumulation is an estimate.
      #expect(total / 256 < 0.01, "trial \(trial)")
      #expect(worst < 0.35, "trial \(trial)")
    }
  }

  @Test func hugeAndDegenerateInputNeitherCrashesNorHangs() {
    let huge = [Polyline(points: [Point(x: -1e9, y: -1e9), Point(x: 1e9, y: 5), Point(x: 3, y: 1e9)], isClosed: true)]
    #expect(Rasterizer.coverage(of: huge, fillRule: .nonZero, canvasWidth: 64, canvasHeight: 64) != nil)
    let flat = [Polyline(points: [Point(x: 1, y: 1), Point(x: 9, y: 1)], isClosed: true)]
    #expect(Rasterizer.coverage(of: flat, fillRule: .nonZero, canvasWidth: 16, canvasHeight: 16)?.coverage.allSatisfy { $0 == 0 }
      ?? true)
    #expect(Rasterizer.coverage(of: [], fillRule: .nonZero, canvasWidth: 16, canvasHeight: 16) == nil)
    let offCanvas = [Polyline(points: [Point(x: 100, y: 100), Point(x: 110, y: 100), Point(x: 110, y: 110)], isClosed: true)]
    #expect(Rasterizer.coverage(of: offCanvas, fillRule: .nonZero, canvasWidth: 16, canvasHeight: 16) == nil)
    var many = Path()
    many.move(to: .zero)
    for i in 0..<200_000 { many.addLine(to: Point(x: Double(i % 64), y: Double((i * 7) % 64))) }
    #expect(Rasterizer.coverage(of: many.flattened(tolerance: 0.05), fillRule: .evenOdd, canvasWidth: 64,
                                canvasHeight: 64) != nil)
  }

  @Test func strokeOfAStraightLineCoversLengthTimesWidth() throws {
    let line = [Polyline(points: [Point(x: 2, y: 8), Point(x: 12, y: 8)], isClosed: false)]
    let outline = Stroker.stroke(line, style: StrokeStyle(lineWidth: 4))
    let m = try #require(Rasterizer.coverage(of: outline, fillRule: .nonZero, canvasWidth: 16, canvasHeight: 16))
    let area = m.coverage.reduce(0) { $0 + Double($1) } / 255
    #expect(abs(area - 40) < 0.01)
    let square = Stroker.stroke(line, style: StrokeStyle(lineWidth: 4, lineCap: .square))
    let m2 = try #require(Rasterizer.coverage(of: square, fillRule: .nonZero, canvasWidth: 16, canvasHeight: 16))
    #expect(abs(m2.coverage.reduce(0) { $0 + Double($1) } / 255 - 56) < 0.01)
  }

  @Test func buttCapsOfACurveEndAcrossItsTangent() throws {
    // A quarter circle, radius 10 about (16, 16), from (26, 16) down to (16, 26):
    // the butt caps lie on y = 16 and x = 16, and the stroke is an annulus sector.
    let arc = Path.arc(center: Point(x: 16, y: 16), radius: 10, startAngle: 0, endAngle: Double.pi / 2, clockwise: true)
    for width in [1.5, 4, 9] {
      let outline = Stroker.stroke(arc.flattened(tolerance: 0.01), style: StrokeStyle(lineWidth: width),
                                   tolerance: 0.01)
      let m = try #require(Rasterizer.coverage(of: outline, fillRule: .nonZero, canvasWidth: 32, canvasHeight: 32))
      let (inner, outer) = (10 - width / 2, 10 + width / 2)
      let area = m.coverage.reduce(0) { $0 + Double($1) } / 255
      #expect(abs(area - Double.pi / 4 * (outer * outer - inner * inner)) < 0.02 * width, "width \(width): \(area)")
      for x in 0..<32 { #expect(m.coverage(atX: x, y: 15) == 0, "width \(width): above the start cap at x = \(x)") }
      for y in 0..<32 { #expect(m.coverage(atX: 15, y: y) == 0, "width \(width): past the end cap at y = \(y)") }
    }
  }

  @Test func aShortEndSegmentOfThePathKeepsTheNextSegmentsWholeWidth() throws {
    // 2 px along x, then 50 px down-right. As Core Animation strokes it, the
    // long segment's butt end reaches back past the short one's cap (x = 38):
    // pixel (36, 45) lies wholly inside it. Only a curve's tangent piece is cut
    // at the cap line.
    let line = [Polyline(points: [Point(x: 38, y: 40), Point(x: 40, y: 40), Point(x: 75.4, y: 75.4)], isClosed: false)]
    let outline = Stroker.stroke(line, style: StrokeStyle(lineWidth: 20))
    let m = try #require(Rasterizer.coverage(of: outline, fillRule: .nonZero, canvasWidth: 96, canvasHeight: 96))
    #expect(m.coverage(atX: 36, y: 45) == 255)
  }

  @Test(arguments: [false, true])
  func roundJoinFillsTheQuarterDiscOfARightAngle(_ clockwise: Bool) throws {
    // Two 20-px legs, width 10, turning a right angle either way: two
    // rectangles, less their shared 5 × 5 square, plus a quarter disc of radius 5.
    let corner = clockwise ? Point(x: 30, y: 10) : Point(x: 10, y: 30)
    let line = [Polyline(points: [Point(x: 10, y: 10), corner, Point(x: 30, y: 30)], isClosed: false)]
    let outline = Stroker.stroke(line, style: StrokeStyle(lineWidth: 10, lineJoin: .round), tolerance: 0.01)
    let m = try #require(Rasterizer.coverage(of: outline, fillRule: .nonZero, canvasWidth: 48, canvasHeight: 48))
    let area = m.coverage.reduce(0) { $0 + Double($1) } / 255
    #expect(abs(area - (400 - 25 + Double.pi / 4 * 25)) < 0.1, "\(area)")
  }

  @Test func zeroLengthSubpathWithRoundCapIsADot() throws {
    let dot = [Polyline(points: [Point(x: 8, y: 8)], isClosed: false)]
    let round = Stroker.stroke(dot, style: StrokeStyle(lineWidth: 6, lineCap: .round))
    let m = try #require(Rasterizer.coverage(of: round, fillRule: .nonZero, canvasWidth: 16, canvasHeight: 16))
    #expect(abs(m.coverage.reduce(0) { $0 + Double($1) } / 255 - Double.pi * 9) < 0.1)
    #expect(Stroker.stroke(dot, style: StrokeStyle(lineWidth: 6, lineCap: .butt)).isEmpty)
  }

  @Test func dashesSplitTheLineByPatternAndPhase() {
    let line = [Polyline(points: [Point(x: 0, y: 0), Point(x: 10, y: 0)], isClosed: false)]
    let dashes = Stroker.dash(line, pattern: [3, 2], phase: 1)
    #expect(dashes.map { $0.points.first!.x } == [0, 4, 9])
    #expect(dashes.map { $0.points.last!.x } == [2, 7, 10])
  }
}

@Suite struct CoverageSpansTests {
  @Test func spansEqualTheDenseMaskOnEveryShape() throws {
    let scratch = RasterScratch()
    var paths = RandomPaths(seed: 3, width: 80, height: 60)
    for trial in 0..<40 {
      let path = paths.path(trial, curves: 6, rectangle: Rect(x: 5, y: 5, width: 50, height: 30))
      let lines = path.flattened(tolerance: 0.05)
      let rule: FillRule = trial % 2 == 0 ? .nonZero : .evenOdd
      let dense = Rasterizer.coverage(of: lines, fillRule: rule, canvasWidth: 64, canvasHeight: 48)
      let runs = Rasterizer.shape(of: lines, fillRule: rule, canvasWidth: 64, canvasHeight: 48)?.runs()
      #expect((dense == nil) == (runs == nil))
      guard let dense, let runs else { continue }
      let fromRuns = runs.mask(x: dense.x, y: dense.y, width: dense.width, height: dense.height)
      #expect(fromRuns.coverage == dense.coverage, "trial \(trial)")
      // A scratch buffer reused from shape to shape (and handed back cleared) changes nothing.
      let reused = Rasterizer.shape(of: lines, fillRule: rule, canvasWidth: 64, canvasHeight: 48, scratch: scratch)?
        .runs(scratch: scratch)
      #expect(reused?.mask(x: dense.x, y: dense.y, width: dense.width, height: dense.height).coverage == dense.coverage)
    }
  }
}

@Suite struct RasterizerRobustnessTests {
  @Test func astronomicalCoordinatesNeitherTrapNorIndexOutside() {
    let shapes: [[Point]] = [
      [Point(x: 5, y: -1e300), Point(x: 10, y: 1e300), Point(x: 1, y: 8)],
      [Point(x: -1e300, y: 3), Point(x: 1e300, y: 3.0000001), Point(x: 8, y: 12)],
      [Point(x: 1e-300, y: 0), Point(x: 1e300, y: 1e-300), Point(x: 4, y: 4)],
      [Point(x: .greatestFiniteMagnitude, y: 2), Point(x: -.greatestFiniteMagnitude, y: 9), Point(x: 3, y: 3)],
      [Point(x: 1e300, y: 1e300), Point(x: 2e300, y: 1e300), Point(x: 2e300, y: 3e300)],
      [Point(x: -1e300, y: -1e300), Point(x: -2e300, y: -1e300), Point(x: -2e300, y: -3e300)],
    ]
    for points in shapes {
      for rule in [FillRule.nonZero, .evenOdd] {
        let lines = [Polyline(points: points, isClosed: true)]
        _ = Rasterizer.coverage(of: lines, fillRule: rule, canvasWidth: 16, canvasHeight: 16)
        _ = Rasterizer.shape(of: lines, fillRule: rule, canvasWidth: 16, canvasHeight: 16)?.runs()
      }
    }
  }
}

extension RasterizerRobustnessTests {
  /// Found by the stroke harness: a transformed stroke whose points had NaN
  /// y coordinates (and x near 1e36) reached the accumulator and trapped
  /// converting NaN to Int. A shape with a point that is not finite covers
  /// nothing; one whose points are finite but whose differences overflow
  /// (±greatestFiniteMagnitude) is clipped in halves.
  @Test func pointsThatAreNotFiniteCoverNothing() {
    let shapes: [[Point]] = [
      [Point(x: 1.0002e36, y: .nan), Point(x: 1.001e36, y: .nan), Point(x: 3, y: 3), Point(x: 5, y: 9)],
      [Point(x: 2, y: 2), Point(x: .nan, y: 8), Point(x: 12, y: 12)],
      [Point(x: 2, y: 2), Point(x: .infinity, y: 8), Point(x: 12, y: 12)],
      [Point(x: 2, y: -.infinity), Point(x: 9, y: 8), Point(x: 12, y: 12)],
    ]
    for points in shapes {
      for rule in [FillRule.nonZero, .evenOdd] {
        let lines = [Polyline(points: points, isClosed: true)]
        #expect(Rasterizer.shape(of: lines, fillRule: rule, canvasWidth: 16, canvasHeight: 16) == nil)
      }
    }
    // Finite, with differences past the largest Double: a wedge still covers its rows.
    let wide = [Polyline(points: [Point(x: .greatestFiniteMagnitude, y: 2), Point(x: -.greatestFiniteMagnitude, y: 2),
                                  Point(x: 8, y: 14)], isClosed: true)]
    let coverage = Rasterizer.coverage(of: wide, fillRule: .nonZero, canvasWidth: 16, canvasHeight: 16)
    #expect(coverage?.coverage.contains { $0 > 0 } == true)
  }
}

@Suite struct StrokerRobustnessTests {
  @Test func hugeWidthsLengthsAndDashesFinish() {
    let long = [Polyline(points: [Point(x: 0, y: 0), Point(x: 1e300, y: 0), Point(x: 1e300, y: 1e300)], isClosed: false)]
    for cap in LineCap.allCases {
      for join in LineJoin.allCases {
        _ = Stroker.stroke(long, style: StrokeStyle(lineWidth: 1e300, lineCap: cap, lineJoin: join))
        _ = Stroker.stroke(long, style: StrokeStyle(lineWidth: 2, lineCap: cap, lineJoin: join, dashPattern: [1, 1]))
      }
    }
    let dot = [Polyline(points: [Point(x: 1, y: 1)], isClosed: false)]
    #expect(!Stroker.stroke(dot, style: StrokeStyle(lineWidth: 1e300, lineCap: .round)).isEmpty)
  }
}

@Suite struct RectangleSpansTests {
  @Test func directRectangleCoverageEqualsItsOutlinesEdges() {
    var random = SeededRandom(state: 9)
    func next() -> Double { random.unit() }
    for _ in 0..<200 {
      let x0 = next() * 70 - 5, y0 = next() * 50 - 5
      let rect = Rect(x: x0, y: y0, width: next() * 40, height: next() * 30)
      let general = Rasterizer.shape(of: Path.rect(rect).flattened(tolerance: 0.05), fillRule: .nonZero,
                                     canvasWidth: 64, canvasHeight: 48)?.runs()
      let direct = Rasterizer.rectangle(minX: rect.minX, minY: rect.minY, maxX: rect.maxX, maxY: rect.maxY,
                                        canvasWidth: 64, canvasHeight: 48)?.runs()
      let a = general?.mask(x: 0, y: 0, width: 64, height: 48).coverage ?? [UInt8](repeating: 0, count: 64 * 48)
      let b = direct?.mask(x: 0, y: 0, width: 64, height: 48).coverage ?? [UInt8](repeating: 0, count: 64 * 48)
      // The same areas on the same 1/256 grid, rounded the same way: the
      // middle of a rounded rectangle meets its corner rows exactly.
      #expect(a == b, "\(rect)")
    }
  }

  @Test func onlyPlainRectanglesAreRecognised() {
    #expect(Path.rect(Rect(x: 1, y: 2, width: 3, height: 4)).axisAlignedRectangle == Rect(x: 1, y: 2, width: 3, height: 4))
    #expect(Path.roundedRect(Rect(x: 1, y: 2, width: 3, height: 4), cornerRadius: 1).axisAlignedRectangle == nil)
    #expect(Path.polyline([Point(x: 0, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 1)], closed: true).axisAlignedRectangle == nil)
  }
}
