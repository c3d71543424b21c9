// SPDX-License-Identifier: Apache-2.0
// A frame's resolved clips and masks, kept: reused only where the copy is exact.

import Testing
import ZoetropeGeometry
import ZoetropeRaster

@Suite struct CoverageCacheTests {
  static let canvas = Rasterizer.Canvas(width: 256, height: 200)
  /// A rounded rectangle with an ellipse overlapping it (even-odd: a lens-shaped hole).
  static let path: Path = {
    var path = Path.roundedRect(Rect(x: 0, y: 0, width: 61.5, height: 40.25), cornerRadius: 9.5)
    path.addPath(.ellipse(in: Rect(x: 30, y: 20, width: 35, height: 29)))
    return path
  }()

  /// The runs of `path` under `t`, counting how often they are rasterized.
  static func runs(_ cache: CoverageCache, _ t: Transform3D, rows: Range<Int>? = nil, made: inout Int)
    -> CoverageSpans?
  {
    cache.runs(of: path, fillRule: .evenOdd, transform: t, canvas: canvas, rows: rows, scratch: nil) {
      made += 1
      return fresh(t, rows: rows)
    }
  }

  static func fresh(_ t: Transform3D, rows: Range<Int>? = nil) -> CoverageSpans? {
    Rasterizer.shape(of: path, fillRule: .evenOdd, transform: t, canvas: canvas, rows: rows)?.runs()
  }

  static func same(_ a: CoverageSpans?, _ b: CoverageSpans?) -> Bool { a == b }

  static let turned = Transform3D(AffineTransform(a: 0.9, b: 0.3, c: -0.25, d: 1.1, tx: 20.375, ty: 31.8))

  @Test func aShapeResolvedAgainMovedByWholePixelsIsTheFirstOnesRunsMoved() throws {
    let cache = CoverageCache()
    var made = 0
    _ = Self.runs(cache, Self.turned, made: &made)
    for (dx, dy) in [(37.0, -12.0), (101, 77), (3, 0), (0, 16), (150, 60)] {
      let moved = Self.turned.concatenating(.translation(x: dx, y: dy, z: 0))
      let reused = Self.runs(cache, moved, made: &made)
      #expect(Self.same(reused, Self.fresh(moved)), "moved by \(dx), \(dy)")
    }
    #expect(made == 1)
  }

  /// An outline described in words (a layer's rounded bounds) is found
  /// again by its words alone, moved by whole pixels; other words, another
  /// method or a path never find it.
  @Test func anOutlineDescribedInWordsIsFoundAgainByThemAlone() throws {
    let cache = CoverageCache()
    let box = Rect(x: 0, y: 0, width: 61.5, height: 40.25)
    func outline(_ radius: Double) -> CoverageCache.Outline {
      CoverageCache.Outline(SIMD8(0, 0, box.width.bitPattern, box.height.bitPattern, radius.bitPattern, 15, 0, 0),
                            boundingBox: box)
    }
    var made = 0
    func shape(_ outline: CoverageCache.Outline, method: Int = 1, _ t: Transform3D) -> [UInt8]? {
      cache.shape(of: outline, method: method, transform: t, canvas: Self.canvas, scratch: nil) {
        made += 1
        return Rasterizer.shape(of: Self.path, fillRule: .evenOdd, transform: t, canvas: Self.canvas)
      }?.runs().coverage
    }
    let first = try #require(shape(outline(9.5), Self.turned))
    let moved = Self.turned.concatenating(.translation(x: 37, y: -12, z: 0))
    #expect(shape(outline(9.5), moved) == Rasterizer.shape(of: Self.path, fillRule: .evenOdd, transform: moved,
                                                            canvas: Self.canvas)?.runs().coverage)
    #expect(made == 1)
    #expect(!first.isEmpty)
    _ = shape(outline(9.25), Self.turned)
    _ = shape(outline(9.5), method: 2, Self.turned)
    #expect(made == 3)
    // A path of the same shape is a key of its own.
    var pathMade = 0
    _ = cache.shape(of: Self.path, method: 1, fillRule: .nonZero, transform: Self.turned, canvas: Self.canvas,
                    scratch: nil) {
      pathMade += 1
      return Rasterizer.shape(of: Self.path, fillRule: .evenOdd, transform: Self.turned, canvas: Self.canvas)
    }
    #expect(pathMade == 1)
  }

  @Test func aShapeMovedByAFractionOfAPixelIsRasterizedAgain() {
    let cache = CoverageCache()
    var made = 0
    _ = Self.runs(cache, Self.turned, made: &made)
    let moved = Self.turned.concatenating(.translation(x: 10.5, y: 3, z: 0))
    #expect(Self.same(Self.runs(cache, moved, made: &made), Self.fresh(moved)))
    #expect(made == 2)
  }

  @Test func shapesTheCanvasCouldClipAreNotKept() {
    let cache = CoverageCache()
    var made = 0
    // Reaching past the right edge, then well inside: neither is reused.
    let edge = Self.turned.concatenating(.translation(x: 190, y: 0, z: 0))
    _ = Self.runs(cache, edge, made: &made)
    _ = Self.runs(cache, edge, made: &made)
    #expect(made == 2)
    #expect(Self.same(Self.runs(cache, Self.turned, made: &made), Self.fresh(Self.turned)))
    #expect(made == 3)
  }

  @Test func rowsAreKeptRelativeToTheShape() {
    let cache = CoverageCache()
    var made = 0
    _ = Self.runs(cache, Self.turned, rows: 40..<60, made: &made)
    let moved = Self.turned.concatenating(.translation(x: 9, y: 21, z: 0))
    #expect(Self.same(Self.runs(cache, moved, rows: 61..<81, made: &made), Self.fresh(moved, rows: 61..<81)))
    #expect(made == 1)
    // Other rows of the moved shape are another shape.
    #expect(Self.same(Self.runs(cache, moved, rows: 40..<60, made: &made), Self.fresh(moved, rows: 40..<60)))
    #expect(made == 2)
  }

  // MARK: - Shapes kept as edges (drawn fills)

  /// The coverage of `path` filled under `t`, through `cache`, counting how often it is made.
  static func shape(_ cache: CoverageCache, _ path: Path, _ t: Transform3D, made: inout Int) -> ShapeCoverage? {
    cache.shape(of: path, fillRule: .evenOdd, transform: t, canvas: canvas, scratch: nil) {
      made += 1
      return Rasterizer.shape(of: path, fillRule: .evenOdd, transform: t, canvas: canvas)
    }
  }

  @Test(arguments: [(37.0, -12.0), (101, 77), (3, 0), (0, 16), (0, 32), (120, 40), (-5, 5)])
  func aFilledShapeDrawnAgainMovedByWholePixelsIsTheFirstOnesEdgesMoved(_ dx: Double, _ dy: Double) throws {
    // A turned shape (edges only) and an upright rounded rectangle (corner
    // edges around a rectangle piece) — each drawn twice.
    let upright = Transform3D.translation(x: 40.25, y: 50.625, z: 0)
    let rounded = Path.roundedRect(Rect(x: 0, y: 0, width: 70.5, height: 44), cornerRadius: 11)
    for (path, t) in [(Self.path, Self.turned), (rounded, upright)] {
      let cache = CoverageCache()
      var made = 0
      _ = Self.shape(cache, path, t, made: &made)
      let moved = t.concatenating(.translation(x: dx, y: dy, z: 0))
      let reused = try #require(Self.shape(cache, path, moved, made: &made))
      let fresh = Rasterizer.shape(of: path, fillRule: .evenOdd, transform: moved, canvas: Self.canvas)
      #expect(made == 1)
      #expect(Self.same(reused.runs(), fresh?.runs()), "moved by \(dx), \(dy)")
      #expect(reused.bounds == fresh?.bounds)
    }
  }

  @Test func filledShapesTheCanvasCouldClipOrMovedByAFractionAreMadeAgain() {
    let cache = CoverageCache()
    var made = 0
    let edge = Self.turned.concatenating(.translation(x: 190, y: 0, z: 0))
    _ = Self.shape(cache, Self.path, edge, made: &made)
    _ = Self.shape(cache, Self.path, edge, made: &made)
    #expect(made == 2)
    _ = Self.shape(cache, Self.path, Self.turned, made: &made)
    let fraction = Self.turned.concatenating(.translation(x: 10.5, y: 3, z: 0))
    let again = Self.shape(cache, Self.path, fraction, made: &made)
    #expect(made == 4)
    #expect(Self.same(again?.runs(),
                      Rasterizer.shape(of: Self.path, fillRule: .evenOdd, transform: fraction, canvas: Self.canvas)?.runs()))
  }

  /// A copy moved a row down and a shape made a row lower can hold the same
  /// edges, buckets and rows (their y rounded alike onto the grid): only
  /// how far the copy moved tells them apart, and they draw different rows.
  @Test func aMovedCopyIsNotTakenForAShapeMadeWithTheSameEdges() throws {
    func triangle(top: Double, bottom: Double) -> Path {
      var path = Path()
      path.move(to: Point(x: 40, y: top))
      path.addLine(to: Point(x: 60, y: bottom))
      path.addLine(to: Point(x: 40, y: bottom))
      path.closeSubpath()
      return path
    }
    // Rows 4..<10, edges from y 5 (4.999 rounds up) to 10; moved down a row: rows 5..<11.
    let kept = triangle(top: 4.999, bottom: 10), cache = CoverageCache()
    var made = 0
    _ = Self.shape(cache, kept, .identity, made: &made)
    let copy = try #require(Self.shape(cache, kept, .translation(x: 0, y: 1, z: 0), made: &made))
    // Rows 5..<11 (10.001 reaches row 10), edges from y 5 to 10 (10.001 rounds down).
    let fresh = try #require(Rasterizer.shape(of: triangle(top: 5, bottom: 10.001), fillRule: .evenOdd,
                                              transform: .identity, canvas: Self.canvas))
    #expect(made == 1)
    guard case .edges(let a) = copy.pieces.first, case .edges(let b) = fresh.pieces.first else {
      Issue.record("both shapes should be edges")
      return
    }
    #expect(a.rows == b.rows)
    #expect(a != b)
    #expect(!Self.same(copy.runs(), fresh.runs()))
  }

  /// Moved by fractions of a bucket (up and down), by whole buckets and
  /// across only: a copy shares the kept shape's edges, but costs the
  /// frame's budget what making the shape there costs — so a frame
  /// overruns alike with a cache or without — and a byte less overruns.
  @Test(arguments: [7.0, 16, 0, 5, -3, 13, 32])
  func aKeptShapeIsPricedAgainWhereItIsCopiedAsIfMadeThere(_ dy: Double) throws {
    let moved = Self.turned.concatenating(.translation(x: 5, y: dy, z: 0))
    let made = RasterScratch()
    _ = try #require(Rasterizer.shape(of: Self.path, fillRule: .evenOdd, transform: moved, canvas: Self.canvas,
                                      scratch: made))
    let cost = made.budget.coverageBytes
    for limit in [cost, cost - 1] {
      let cache = CoverageCache()
      var makes = 0
      _ = Self.shape(cache, Self.path, Self.turned, made: &makes)
      let scratch = RasterScratch(budget: FrameBudget(limits: (segments: 1_000_000, dashes: 1_000,
                                                               coverageBytes: limit)))
      let copy = cache.shape(of: Self.path, fillRule: .evenOdd, transform: moved, canvas: Self.canvas,
                             scratch: scratch) {
        makes += 1
        return nil
      }
      #expect(makes == 1)
      #expect((copy != nil) == (limit == cost), "moved by \(dy), limit \(limit) of \(cost)")
      #expect((scratch.budget.overrun == nil) == (limit == cost))
    }
  }
}
