// SPDX-License-Identifier: Apache-2.0
// Huge geometry: cut down exactly to what can reach the canvas, priced against the frame's budgets.

import Foundation
import Testing
import ZoetropeGeometry
import ZoetropeRaster
import _ZoetropeTestSupport

@Suite struct BudgetAndCullingTests {
  static let canvas = Rasterizer.Canvas(width: 64, height: 48)

  /// The coverage of runs as a dense mask of the canvas.
  func dense(_ runs: CoverageSpans?) -> [UInt8] {
    runs?.mask(x: 0, y: 0, width: Self.canvas.width, height: Self.canvas.height).coverage
      ?? [UInt8](repeating: 0, count: Self.canvas.width * Self.canvas.height)
  }

  /// The `C0 0 1e6 1e6 0 0` curve of issue 11, `count` times.
  func amplification(_ count: Int) throws -> Path {
    try Path(svgPathData: "M0 0" + String(repeating: "C0 0 1e6 1e6 0 0", count: count))
  }

  // MARK: Culling (issue 11, defect 2)

  /// Polylines reaching thousands of pixels off the canvas: the stroke of the
  /// culled path covers every canvas pixel as the stroke of the whole one
  /// does (lines are never split, so the kept segments are the same ones;
  /// only the summation order can move a pixel by one level).
  @Test(arguments: [LineJoin.miter, .round, .bevel])
  func strokeCullingKeepsEveryCanvasPixel(_ join: LineJoin) {
    var numbers = SeededRandom(state: 7)
    for cap in LineCap.allCases {
      var path = Path()
      for _ in 0..<6 {
        path.move(to: Point(x: numbers.next(in: -20...84), y: numbers.next(in: -20...68)))
        for _ in 0..<12 {
          let far = numbers.next(in: 0...1) < 0.4
          path.addLine(to: Point(x: numbers.next(in: far ? -5000...5000 : -10...74), y: numbers.next(in: far ? -5000...5000 : -10...58)))
        }
        if numbers.next(in: 0...1) < 0.5 { path.closeSubpath() }
      }
      let style = StrokeStyle(lineWidth: 3, lineCap: cap, lineJoin: join, miterLimit: 4)
      let region = Rect(x: -1 - 6.6, y: -1 - 6.6, width: 66 + 13.2, height: 50 + 13.2)
      let culled = path.culledForStroke(outside: region)
      #expect(culled.elements.count < path.elements.count + 12, "\(cap) \(join): nothing was cut")
      func stroke(_ p: Path) -> [UInt8] {
        let outline = Stroker.stroke(p.flattened(tolerance: 0.05), style: style)
        return dense(Rasterizer.shape(ofLayerPolylines: outline, fillRule: .nonZero, transform: .identity,
                                      canvas: Self.canvas)?.runs())
      }
      let whole = stroke(path), cut = stroke(culled)
      let worst = zip(whole, cut).map { abs(Int($0) - Int($1)) }.max() ?? 0
      #expect(worst <= 1, "\(cap) \(join): a pixel moved by \(worst)")
    }
  }

  /// Curves swinging far off the canvas are split, and their pieces off it
  /// become chords: the fill's coverage on the canvas is the same. (Both
  /// paths are flattened within 0.001 px here: at the usual 0.05 px, the
  /// pieces' own flattening could move an edge pixel by up to 13 levels.
  /// The split curves flatten into other vertices, which land on the 1/256
  /// grid differently: an edge pixel may move by two levels.)
  @Test(arguments: [FillRule.nonZero, .evenOdd])
  func fillCullingKeepsEveryCanvasPixel(_ rule: FillRule) {
    var numbers = SeededRandom(state: 11)
    var path = Path()
    path.move(to: Point(x: 10, y: 10))
    for _ in 0..<20 {
      path.addCurve(to: Point(x: numbers.next(in: -10...74), y: numbers.next(in: -10...58)),
                    control1: Point(x: numbers.next(in: -2000...2000), y: numbers.next(in: -2000...2000)),
                    control2: Point(x: numbers.next(in: -2000...2000), y: numbers.next(in: -2000...2000)))
    }
    path.closeSubpath()
    let culled = path.culledForFill(outside: Rect(x: -1, y: -1, width: 66, height: 50))
    #expect(culled.flattenedSegmentEstimate(tolerance: 0.05) < path.flattenedSegmentEstimate(tolerance: 0.05) / 4)
    func fill(_ p: Path) -> [UInt8] {
      dense(Rasterizer.shape(of: p.flattened(tolerance: 0.001), fillRule: rule, canvasWidth: 64, canvasHeight: 48)?.runs())
    }
    let worst = zip(fill(path), fill(culled)).map { abs(Int($0) - Int($1)) }.max() ?? 0
    #expect(worst <= 2, "a pixel moved by \(worst)")
  }

  /// A closed subpath that loses its far pieces reopens at the gap, so the
  /// corner at its start keeps its join instead of getting two caps. (A line
  /// that touches the region is kept whole.)
  @Test func aClosedSubpathReopensAtItsGap() throws {
    let path = try Path(svgPathData: "M10 10 L20 10 L5000 10 L5000 5000 L10 5000 L10 20 Z")
    let culled = path.culledForStroke(outside: Rect(x: 0, y: 0, width: 30, height: 30))
    #expect(culled == (try Path(svgPathData: "M10 5000 L10 20 L10 10 L20 10 L5000 10")), "\(culled.svgPathData)")
    let open = try Path(svgPathData: "M10 10 L20 10 L5000 10 L5000 5000 L10 5000 L10 20")
    #expect(open.culledForStroke(outside: Rect(x: 0, y: 0, width: 30, height: 30))
      == (try Path(svgPathData: "M10 10 L20 10 L5000 10 M10 5000 L10 20")))
  }

  /// Nothing off the region: the path comes back as it was.
  @Test func aPathInsideTheRegionIsKept() throws {
    let path = try Path(svgPathData: "M1 1 C 5 0 10 5 8 8 Q 4 9 2 6 Z M 3 3 L 4 4")
    #expect(path.culledForStroke(outside: Rect(x: 0, y: 0, width: 20, height: 20)) == path)
    #expect(path.culledForFill(outside: Rect(x: 0, y: 0, width: 20, height: 20)) == path)
  }

  /// The estimate is an upper bound of what flattening makes.
  @Test func theSegmentEstimateBoundsTheFlattening() {
    var numbers = SeededRandom(state: 3)
    for _ in 0..<200 {
      var path = Path()
      path.move(to: Point(x: numbers.next(in: -50...50), y: numbers.next(in: -50...50)))
      let scale = pow(10, numbers.next(in: -1...4))
      for _ in 0..<4 {
        func p() -> Point { Point(x: numbers.next(in: -scale...scale), y: numbers.next(in: -scale...scale)) }
        if numbers.next(in: 0...1) < 0.5 { path.addCurve(to: p(), control1: p(), control2: p()) } else {
          path.addQuadCurve(to: p(), control: p())
        }
      }
      let points = path.flattened(tolerance: 0.05).reduce(0) { $0 + $1.points.count }
      #expect(points <= path.flattenedSegmentEstimate(tolerance: 0.05), "\(path.svgPathData)")
    }
  }

  /// Issue 11 defect 2: 10,000 curves reaching a million pixels off a
  /// 200-pixel canvas flattened into about 41 million segments and aborted on
  /// a multi-GB allocation. Cut to the canvas, they cost a few thousand and
  /// draw what the uncut few curves draw.
  @Test func theAmplifiedStrokeIsCutToTheCanvas() throws {
    let canvas = Rasterizer.Canvas(width: 200, height: 200)
    let style = StrokeStyle(lineWidth: 4)
    let scratch = RasterScratch()
    let many = Rasterizer.strokeShape(of: try amplification(10_000), style: style, transform: .identity,
                                      canvas: canvas, scratch: scratch)
    #expect(many != nil)
    #expect(scratch.budget.isWithin)
    #expect(scratch.budget.segments < 4_000_000, "\(scratch.budget.segments) segments")
    // 40 curves are cut (past the 65,536-segment threshold), 3 are not: the same pixels.
    let forty = Rasterizer.strokeShape(of: try amplification(40), style: style, transform: .identity, canvas: canvas)?
      .runs()
    let three = Rasterizer.strokeShape(of: try amplification(3), style: style, transform: .identity, canvas: canvas)?
      .runs()
    func mask(_ runs: CoverageSpans?) -> [UInt8] { runs!.mask(x: 0, y: 0, width: 200, height: 200).coverage }
    #expect(mask(forty) == mask(three))
  }

  /// Dashes restart at every subpath, so a dashed stroke is not cut: the
  /// budget refuses it before anything is flattened.
  @Test func theAmplifiedDashedStrokeIsOverBudget() throws {
    let scratch = RasterScratch()
    let runs = Rasterizer.strokeShape(of: try amplification(10_000), style: StrokeStyle(lineWidth: 4, dashPattern: [3, 2]),
                                      transform: .identity, canvas: Rasterizer.Canvas(width: 200, height: 200),
                                      scratch: scratch)
    #expect(runs == nil)
    let overrun = try #require(scratch.budget.overrun)
    #expect(overrun.budget == .segments)
    #expect(overrun.description.hasPrefix("stroking its path needs about 4"))
    #expect(overrun.description.hasSuffix("a frame may have at most 8000000 (Limits.maximumSegmentsPerFrame)"))
    #expect(scratch.budget.segments == 0)
  }

  /// A dash pattern far finer than the path is long is priced in dashes.
  @Test func tooManyDashesAreOverBudget() throws {
    let scratch = RasterScratch()
    let path = try Path(svgPathData: "M0 0 L1e7 0")
    let runs = Rasterizer.strokeShape(of: path, style: StrokeStyle(lineWidth: 1, dashPattern: [1, 1]),
                                      transform: .identity, canvas: Rasterizer.Canvas(width: 10, height: 10),
                                      scratch: scratch)
    #expect(runs == nil)
    #expect(scratch.budget.overrun?.budget == .dashes)
    #expect(scratch.budget.overrun?.description.contains("dashing its stroke needs about 10000001 dashes") == true)
  }

  /// Round joins of a very wide line multiply a polyline's points: the
  /// stroker stops at its point budget instead of building them all.
  @Test func theStrokerStopsAtItsPointBudget() {
    var points: [Point] = []
    for i in 0..<1000 { points.append(Point(x: Double(i), y: i % 2 == 0 ? 0 : 50)) }
    let line = Polyline(points: points, isClosed: false)
    let style = StrokeStyle(lineWidth: 1e5, lineJoin: .round)
    #expect(Stroker.stroke([line], style: style, tolerance: 0.05, maximumPoints: 10_000) == nil)
    let whole = Stroker.stroke([line], style: style, tolerance: 0.05)
    #expect(whole.reduce(0) { $0 + $1.points.count } > 10_000)
    #expect(Stroker.stroke([line], style: style, tolerance: 0.05, maximumPoints: .max) == whole)
  }

  /// A frame's first overrun stops its drawing and is kept: later pieces
  /// draw nothing, even small ones.
  @Test func theFirstOverrunStopsTheFrame() {
    let budget = FrameBudget(limits: (segments: 100, dashes: 10, coverageBytes: 1000))
    budget.layer = 4
    #expect(budget.spend(segments: 60, on: "a"))
    #expect(!budget.spend(segments: 60, on: "filling its shape"))
    #expect(!budget.spend(segments: 1, on: "b"))
    #expect(!budget.isWithin)
    #expect(budget.overrun?.budget == .segments && budget.overrun?.requested == 60 && budget.overrun?.spent == 60)
    #expect(budget.overrun?.layer == 4 && budget.overrun?.limit == 100)
    #expect(budget.overrun?.description
      == "filling its shape needs about 60 line segments after flattening (after 60 for the rest of the frame); "
      + "a frame may have at most 100")
    #expect(!budget.spend(segments: Int.max, on: "c"))
  }

  /// An edge is cut into a piece per 16-row bucket it crosses: ten thousand
  /// edges running down a 16,384-row canvas would be ten million pieces. They
  /// are counted and priced before any is made, and refused past the budget.
  @Test func edgesCrossingManyBucketsArePricedBeforeTheyAreMade() {
    let points = (0..<10_000).map { Point(x: Double($0 % 64), y: $0 % 2 == 0 ? 0 : 16_380) }
    let zigzag = [Polyline(points: points, isClosed: true)]
    let scratch = RasterScratch(budget: FrameBudget(limits: (segments: 1 << 30, dashes: 10, coverageBytes: 1 << 20)))
    #expect(Rasterizer.shape(of: zigzag, fillRule: .evenOdd, canvasWidth: 64, canvasHeight: 16_384,
                             scratch: scratch) == nil)
    #expect(scratch.budget.overrun?.budget == .coverageBytes)
    #expect(scratch.budget.overrun?.what == "rasterizing it")
    #expect((scratch.budget.overrun?.requested ?? 0) > 10_000_000 * 20)
  }

  /// Cancellation is asked before every piece of geometry.
  @Test func aCancelledBudgetDrawsNothingMore() {
    let budget = FrameBudget()
    #expect(budget.spend(segments: 1, on: "a"))
    budget.isCancelled = { true }
    #expect(!budget.spend(segments: 1, on: "b"))
    #expect(budget.overrun == nil)
  }
}
