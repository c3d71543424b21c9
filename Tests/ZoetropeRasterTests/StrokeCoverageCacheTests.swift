// SPDX-License-Identifier: Apache-2.0
// Strokes kept by path, style, trim and placement: reused only where the copy is exact.

import Testing
import ZoetropeGeometry
import ZoetropeRaster

@Suite struct StrokeCoverageCacheTests {
  static let canvas = Rasterizer.Canvas(width: 256, height: 200)
  /// An open curve with a sharp corner (so that joins and caps both show),
  /// stroked with round caps and joins (reaching 4.1 pixels past it).
  static let path: Path = {
    var path = Path()
    path.move(to: Point(x: 0, y: 30))
    path.addCurve(to: Point(x: 60, y: 10), control1: Point(x: 10, y: 0), control2: Point(x: 40, y: 45))
    path.addLine(to: Point(x: 35, y: 40))
    return path
  }()
  static let style = StrokeStyle(lineWidth: 7.5, lineCap: .round, lineJoin: .round)
  static let turned = Transform3D(AffineTransform(a: 0.9, b: 0.3, c: -0.25, d: 1.1, tx: 40.375, ty: 51.8))

  /// The stroke of `path` through `cache`, counting how often it is stroked.
  static func stroke(_ cache: CoverageCache, _ t: Transform3D, style: StrokeStyle = style, from start: Double = 0,
                     to end: Double = 1, made: inout Int) -> ShapeCoverage? {
    cache.strokeShape(of: path, style: style, trimmedFrom: start, to: end, transform: t, canvas: canvas,
                      scratch: nil) {
      made += 1
      return fresh(t, style: style, from: start, to: end)
    }
  }

  static func fresh(_ t: Transform3D, style: StrokeStyle = style, from start: Double = 0, to end: Double = 1)
    -> ShapeCoverage?
  {
    Rasterizer.strokeShape(of: path, style: style, trimmedFrom: start, to: end, transform: t, canvas: canvas)
  }

  @Test(arguments: [(37.0, -12.0), (101, 60), (3, 0), (0, 16), (-20, 5)])
  func aStrokeDrawnAgainMovedByWholePixelsIsTheFirstOnesEdgesMoved(_ dx: Double, _ dy: Double) throws {
    for (start, end) in [(0.0, 1.0), (0.1, 0.65)] {
      let cache = CoverageCache(isKeptAcrossFrames: true)
      var made = 0
      _ = Self.stroke(cache, Self.turned, from: start, to: end, made: &made)
      let moved = Self.turned.concatenating(.translation(x: dx, y: dy, z: 0))
      let reused = try #require(Self.stroke(cache, moved, from: start, to: end, made: &made))
      let fresh = try #require(Self.fresh(moved, from: start, to: end))
      #expect(made == 1)
      let same = reused.runs() == fresh.runs()
      #expect(same, "moved by \(dx), \(dy), trimmed to \(start)…\(end)")
      #expect(reused.bounds == fresh.bounds)
    }
  }

  @Test func anotherWidthCapJoinLimitDashOrTrimIsStrokedAgain() {
    let cache = CoverageCache(isKeptAcrossFrames: true)
    var made = 0
    _ = Self.stroke(cache, Self.turned, made: &made)
    var styles: [StrokeStyle] = []
    for change in 0..<6 {
      var style = Self.style
      switch change {
      case 0: style.lineWidth = 7.25
      case 1: style.lineCap = .square
      case 2: style.lineJoin = .bevel
      case 3: style.lineJoin = .miter; style.miterLimit = 1.5
      case 4: style.dashPattern = [6, 3]
      default: style.dashPattern = [6, 3]; style.dashPhase = 2
      }
      styles.append(style)
    }
    for style in styles {
      let drawn = Self.stroke(cache, Self.turned, style: style, made: &made)
      let same = drawn?.runs() == Self.fresh(Self.turned, style: style)?.runs()
      #expect(same)
    }
    _ = Self.stroke(cache, Self.turned, to: 0.99, made: &made)
    _ = Self.stroke(cache, Self.turned, from: 0.01, made: &made)
    #expect(made == 9, "each variant stroked once")
    // The first again: kept.
    _ = Self.stroke(cache, Self.turned, made: &made)
    #expect(made == 9)
  }

  @Test func aStrokeWhoseOutlineTheCanvasCouldClipIsFoundAgainInPlaceOnly() throws {
    // The path's own box lies well inside the canvas; its stroke, 40
    // pixels wide, reaches past the left side.
    let wide = StrokeStyle(lineWidth: 40, lineCap: .butt, lineJoin: .round)
    let near = Transform3D.translation(x: 12, y: 60, z: 0)
    let cache = CoverageCache(isKeptAcrossFrames: true)
    var made = 0
    _ = Self.stroke(cache, near, style: wide, made: &made)
    _ = Self.stroke(cache, near, style: wide, made: &made)
    #expect(made == 1)
    // Moved by whole pixels, the canvas clips it differently: stroked again.
    let right = near.concatenating(.translation(x: 3, y: 0, z: 0))
    let moved = try #require(Self.stroke(cache, right, style: wide, made: &made))
    #expect(made == 2)
    let same = moved.runs() == Self.fresh(right, style: wide)?.runs()
    #expect(same)
    // Thin, the same path is well inside: found again moved.
    _ = Self.stroke(cache, near, made: &made)
    _ = Self.stroke(cache, right, made: &made)
    #expect(made == 3)
  }

  @Test func aCacheOfOneFrameStrokesEveryTime() {
    let cache = CoverageCache()
    var made = 0
    _ = Self.stroke(cache, Self.turned, made: &made)
    _ = Self.stroke(cache, Self.turned, made: &made)
    #expect(made == 2)
  }

  @Test func aStrokeAndAFillOfTheSamePathAreKeptApart() throws {
    let cache = CoverageCache(isKeptAcrossFrames: true)
    var made = 0
    let fill = cache.shape(of: Self.path, transform: Self.turned, canvas: Self.canvas, scratch: nil) {
      made += 1
      return Rasterizer.shape(of: Self.path, fillRule: .nonZero, transform: Self.turned, canvas: Self.canvas)
    }
    let stroke = try #require(Self.stroke(cache, Self.turned, made: &made))
    #expect(made == 2)
    let differ = fill?.runs() != stroke.runs()
    #expect(differ)
  }

  /// A kept stroke found again spends what making it spent — its segments,
  /// dashes and outline — so a frame overruns at the same piece, with the
  /// same message, with a cache or without. (A copy spent only its bytes:
  /// a clip could draw a frame that rendering it alone refused. Found by review.)
  @Test func aKeptStrokeSpendsWhatItsMakingSpent() throws {
    var zigzag = Path()
    zigzag.move(to: Point(x: 20, y: 20))
    for i in 1...40 { zigzag.addLine(to: Point(x: 20 + Double(i) * 5, y: i % 2 == 0 ? 20 : 120)) }
    let dashed = StrokeStyle(lineWidth: 2, lineCap: .butt, lineJoin: .bevel, dashPattern: [0.5, 0.5])
    let a = Transform3D.translation(x: 0, y: 10, z: 0), b = Transform3D.translation(x: 10.5, y: 30, z: 0)
    func stroke(_ t: Transform3D, _ cache: CoverageCache?, _ scratch: RasterScratch) -> ShapeCoverage? {
      let make = { Rasterizer.strokeShape(of: zigzag, style: dashed, transform: t, canvas: Self.canvas, scratch: scratch) }
      guard let cache else { return make() }
      return cache.strokeShape(of: zigzag, style: dashed, trimmedFrom: 0, to: 1, transform: t, canvas: Self.canvas,
                               scratch: scratch, make: make)
    }
    let measure = RasterScratch()
    _ = try #require(stroke(a, nil, measure))
    let cost = measure.budget.dashes
    #expect(cost > 0)
    // Room for one and a half strokes' dashes: the second stroke overruns.
    func tight() -> RasterScratch {
      RasterScratch(budget: FrameBudget(limits: (segments: 10_000_000, dashes: cost * 3 / 2, coverageBytes: 1 << 30)))
    }
    let alone = tight()
    #expect(stroke(a, nil, alone) != nil)
    #expect(stroke(b, nil, alone) == nil)
    let expected = try #require(alone.budget.overrun)
    // A clip's second frame: the first stroke kept from the frame before.
    let cache = CoverageCache(isKeptAcrossFrames: true)
    _ = stroke(a, cache, RasterScratch())
    cache.startFrame()
    let kept = tight()
    #expect(stroke(a, cache, kept) != nil)
    #expect(stroke(b, cache, kept) == nil)
    #expect(kept.budget.overrun == expected)
    #expect(kept.budget.segments == alone.budget.segments && kept.budget.dashes == alone.budget.dashes)
  }
}
