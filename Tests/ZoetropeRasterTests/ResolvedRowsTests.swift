// SPDX-License-Identifier: Apache-2.0
// A shape drawn again and again plays its runs resolved once: the runs, bytes and charges of depositing its edges.

import Testing
import ZoetropeGeometry
@testable import ZoetropeRaster

@Suite struct ResolvedRowsTests {
  typealias Run = ResolvedRunsTests.Run

  /// The runs `cells` hand on for `list` in bands of `bandHeight` device
  /// rows counted from row 0 (so that bands start mid-list).
  static func handedOn(_ list: EdgeList, bandHeight: Int, cells: BandCells) -> [Run] {
    var recorder = ResolvedRunsTests.Recorder()
    var top = list.rows.lowerBound / bandHeight * bandHeight
    while top < list.rows.upperBound {
      cells.resolve(list, rows: (top..<(top + bandHeight)).clamped(to: list.rows), into: &recorder)
      top += bandHeight
    }
    return recorder.runs
  }

  /// The runs ``BandCells/forEachRow(of:rows:_:)`` lays out for `list`, in
  /// bands as ``handedOn(_:bandHeight:cells:)`` takes them.
  static func laidOut(_ list: EdgeList, bandHeight: Int, cells: BandCells) -> [Run] {
    var runs: [Run] = []
    var top = list.rows.lowerBound / bandHeight * bandHeight
    while top < list.rows.upperBound {
      cells.forEachRow(of: list, rows: (top..<(top + bandHeight)).clamped(to: list.rows)) { spans in
        for span in spans {
          let bytes = span.offset < 0 ? nil
            : Array(UnsafeBufferPointer(start: cells.bytes + Int(span.offset), count: Int(span.count)))
          runs.append(Run(y: span.y, x: Int(span.x), count: Int(span.count), bytes: bytes, value: span.value))
        }
      }
      top += bandHeight
    }
    return runs
  }

  @Test(arguments: [1, 5, 7, 16, 48])
  func aListPlayedThroughItsResolvedRowsHandsOnTheRunsOfItsEdges(_ bandHeight: Int) throws {
    let cells = BandCells(width: 240, rows: 48)
    let lists = ResolvedRunsTests.lists()
    #expect(lists.count > 15)
    for (n, list) in lists.enumerated() {
      let resolved = try #require(ResolvedRows(list, cells: cells))
      let carrying = list.carrying(resolved)
      let deposited = Self.handedOn(list, bandHeight: bandHeight, cells: cells)
      #expect(!deposited.isEmpty)
      #expect(Self.handedOn(carrying, bandHeight: bandHeight, cells: cells) == deposited, "list \(n)")
      #expect(Self.laidOut(carrying, bandHeight: bandHeight, cells: cells)
              == Self.laidOut(list, bandHeight: bandHeight, cells: cells), "list \(n)")
      // Rows beyond the list (a band reaching past it) have no runs either way.
      let around = (list.rows.lowerBound - 3)..<(list.rows.upperBound + 3)
      var beyond = ResolvedRunsTests.Recorder(), plain = ResolvedRunsTests.Recorder()
      for band in [around.lowerBound..<list.rows.lowerBound, list.rows.upperBound..<around.upperBound] {
        cells.resolve(carrying, rows: band, into: &beyond)
        cells.resolve(list, rows: band, into: &plain)
      }
      #expect(beyond.runs.isEmpty && plain.runs.isEmpty)
      // Copies moved by whole pixels: by a fraction of a bucket, by a whole one, by more.
      for (dx, dy) in [(3, 5), (40, 16), (1, 23)] {
        let copy = try #require(carrying.moved(dx: dx, dy: dy, budget: nil))
        let plain = try #require(list.moved(dx: dx, dy: dy, budget: nil))
        #expect(copy.resolvedRows === resolved)
        #expect(Self.handedOn(copy, bandHeight: bandHeight, cells: cells)
                == Self.handedOn(plain, bandHeight: bandHeight, cells: cells), "list \(n) moved \(dx), \(dy)")
        #expect(Self.laidOut(copy, bandHeight: bandHeight, cells: cells)
                == Self.laidOut(plain, bandHeight: bandHeight, cells: cells), "list \(n) moved \(dx), \(dy)")
      }
    }
  }

  static let canvas = Rasterizer.Canvas(width: 400, height: 300)

  /// The edge lists of `shape`.
  static func lists(_ shape: ShapeCoverage?) -> [EdgeList] {
    (shape?.pieces ?? []).compactMap { piece in
      if case .edges(let list) = piece { list } else { nil }
    }
  }

  @Test func aShapeDrawnAgainFromTheCacheCarriesResolvedRowsThatItsCopiesShare() throws {
    let rounded = Path.roundedRect(Rect(x: 0, y: 0, width: 70.5, height: 44), cornerRadius: 11)
    let cache = CoverageCache()
    var made = 0
    func shape(_ path: Path, at x: Double, _ y: Double) -> ShapeCoverage? {
      let t = Transform3D.translation(x: x, y: y, z: 0)
      return cache.shape(of: path, transform: t, canvas: Self.canvas, scratch: nil) {
        made += 1
        return Rasterizer.shape(of: path, fillRule: .nonZero, transform: t, canvas: Self.canvas)
      }
    }
    let first = shape(rounded, at: 20.25, 30.5), second = shape(rounded, at: 120.25, 37.5)
    let third = shape(rounded, at: 20.25, 130.5)
    #expect(made == 1)
    // Corner edges around a rectangle: two lists.
    #expect(Self.lists(first).count == 2)
    #expect(Self.lists(first).allSatisfy { $0.resolvedRows == nil })
    let resolved = Self.lists(second).compactMap(\.resolvedRows)
    #expect(resolved.count == 2 && resolved.allSatisfy { $0.byteCount > 0 })
    #expect(zip(Self.lists(third), resolved).allSatisfy { $0.resolvedRows === $1 })
    for (copy, x, y) in [(second, 120.25, 37.5), (third, 20.25, 130.5)] {
      let fresh = Rasterizer.shape(of: rounded, fillRule: .nonZero, transform: .translation(x: x, y: y, z: 0),
                                   canvas: Self.canvas)
      let same = copy?.runs() == fresh?.runs()
      #expect(same, "copy at \(x), \(y)")
    }
    // A shape over more pixels than are resolved ahead deposits its edges every time.
    let large = Path.ellipse(in: Rect(x: 0, y: 0, width: 300, height: 250))
    _ = shape(large, at: 10.5, 10.25)
    let again = Self.lists(shape(large, at: 11.5, 12.25))
    #expect(made == 2)
    #expect(!again.isEmpty && again.allSatisfy { $0.resolvedRows == nil })
  }

  /// The shapes of a drawing of copies, through `cache` (or made afresh
  /// for each copy without one): rounded cards (corner edges around a
  /// rectangle), discs and an even-odd ring, at whole-pixel offsets from
  /// one another, under a translucent gradient card and opaque rectangles
  /// that hide some of them in some columns.
  static func drawing(cache: CoverageCache?) -> DisplayList {
    let canvas = Rasterizer.Canvas(width: 160, height: 120)
    var list = DisplayList(width: canvas.width, height: canvas.height,
                           background: Color(red: 0.9, green: 0.9, blue: 0.95, alpha: 1))
    let card = Path.roundedRect(Rect(x: 0, y: 0, width: 40.5, height: 23.25), cornerRadius: 7)
    let disc = Path.ellipse(in: Rect(x: 0, y: 0, width: 13, height: 13))
    var ring = Path.ellipse(in: Rect(x: 0, y: 0, width: 18, height: 18))
    ring.addPath(.ellipse(in: Rect(x: 4.5, y: 4.5, width: 9, height: 9)))
    func shape(_ path: Path, method: Int, _ x: Double, _ y: Double) -> ShapeCoverage? {
      let t = Transform3D.translation(x: x, y: y, z: 0)
      let rule: FillRule = method == 2 ? .evenOdd : .nonZero
      func make() -> ShapeCoverage? {
        method == 0
          ? Rasterizer.roundedShape(path, bounds: path.boundingBox, cornerExtents: (top: 7, bottom: 7), transform: t,
                                    canvas: canvas)
          : Rasterizer.shape(of: path, fillRule: rule, transform: t, canvas: canvas)
      }
      guard let cache else { return make() }
      return cache.shape(of: path, method: method, fillRule: rule, transform: t, canvas: canvas, scratch: nil,
                         make: make)
    }
    let colors = [Color(red: 0.9, green: 0.1, blue: 0.2, alpha: 0.7), Color(red: 0.1, green: 0.3, blue: 0.9, alpha: 1),
                  Color(red: 0.2, green: 0.7, blue: 0.3, alpha: 0.55)]
    for k in 0..<12 {
      let x = 3.25 + Double(k % 3) * 51, y = 2.5 + Double(k / 3) * 29
      if let s = shape(card, method: 0, x, y) { list.fill(s, color: colors[k % 3], opacity: 0.9) }
      if let s = shape(disc, method: 1, x + 30, y + 5) { list.fill(s, color: colors[(k + 1) % 3], opacity: 1) }
      if let s = shape(ring, method: 2, x + 2, y + 3) {
        if k % 4 == 0 {
          list.fill(s, gradient: GradientPaint(colors: [colors[0], colors[1]], locations: nil, kind: .axial,
                                               start: Point(x: 0, y: 0), end: Point(x: 160, y: 0),
                                               deviceToLayer: Homography(values: [1, 0, 0, 0, 1, 0, 0, 0, 1]),
                                               opacity: 1)!)
        } else {
          list.fill(s, color: colors[k % 3], opacity: 0.8)
        }
      }
    }
    for (x0, y0, x1, y1) in [(20.0, 10.0, 70.0, 50.0), (110, 60, 150, 118)] {
      list.fill(ShapeCoverage(.rectangle(RectangleCoverage(minX: x0, minY: y0, maxX: x1, maxY: y1,
                                                           canvasWidth: canvas.width, canvasHeight: canvas.height)!)),
                color: Color(red: 1, green: 1, blue: 1, alpha: 1), opacity: 1)
    }
    return list
  }

  @Test(arguments: [1, 5, 7, 16, 48], [1, 2, 3])
  func copiesPlayingResolvedRowsDrawTheBytesOfTheirEdges(_ bandHeight: Int, _ threads: Int) {
    let reused = Self.drawing(cache: CoverageCache()), made = Self.drawing(cache: nil)
    // Most copies play resolved rows (the first of each shape deposits its edges).
    #expect(reused.edgeLists.filter { $0.resolvedRows != nil }.count > reused.edgeLists.count / 2)
    #expect(made.edgeLists.allSatisfy { $0.resolvedRows == nil })
    func pixels(_ list: DisplayList) -> [UInt8] {
      var pixels = [UInt8](repeating: 0x5A, count: 4 * list.width * list.height)
      pixels.withUnsafeMutableBufferPointer {
        _ = list.render(into: $0.baseAddress!, straightAlpha: false, threads: threads, bandHeight: bandHeight)
      }
      return pixels
    }
    #expect(pixels(reused) == pixels(made))
  }

  /// Copies that play resolved rows are charged what making the shape
  /// there costs, as copies that deposit the edges are; a frame a byte
  /// short runs over at the same copy, with the same message, with the
  /// cache or without.
  @Test func aCopyPlayingResolvedRowsIsChargedAsMakingTheShapeThere() throws {
    let path = Path.ellipse(in: Rect(x: 0, y: 0, width: 60, height: 41))
    let places = [(10.25, 20.5), (90.25, 27.5), (170.25, 43.5), (10.25, 150.5)]
    let costs = try places.map { x, y in
      let scratch = RasterScratch()
      _ = try #require(Rasterizer.shape(of: path, fillRule: .nonZero, transform: .translation(x: x, y: y, z: 0),
                                        canvas: Self.canvas, scratch: scratch))
      return scratch.budget.coverageBytes
    }
    let total = costs.reduce(0, +)
    for limit in [total, total - 1] {
      var overruns: [String] = []
      for cache in [CoverageCache(), nil] {
        let scratch = RasterScratch(budget: FrameBudget(limits: (segments: 1_000_000, dashes: 1_000,
                                                                 coverageBytes: limit)))
        var charged: [Int] = []
        var resolved = 0
        for (x, y) in places {
          let t = Transform3D.translation(x: x, y: y, z: 0), before = scratch.budget.coverageBytes
          func make() -> ShapeCoverage? {
            Rasterizer.shape(of: path, fillRule: .nonZero, transform: t, canvas: Self.canvas, scratch: scratch)
          }
          let shape = cache.map {
            $0.shape(of: path, transform: t, canvas: Self.canvas, scratch: scratch, make: make)
          } ?? make()
          guard let shape else { break }
          resolved += Self.lists(shape).filter { $0.resolvedRows != nil }.count
          charged.append(scratch.budget.coverageBytes - before)
        }
        if limit == total {
          #expect(charged == costs)
          #expect(resolved == (cache == nil ? 0 : places.count - 1))
        } else {
          #expect(charged == Array(costs.dropLast()))
        }
        overruns.append(String(describing: scratch.budget.overrun))
      }
      #expect(overruns[0] == overruns[1])
      #expect((overruns[0] == "nil") == (limit == total))
    }
  }

  /// A clip's threads each keep a cache, and with many threads each keeps
  /// less coverage (so that what they keep stays within the clip's bytes
  /// in flight); the rows a cache resolves ahead were held to 8 MiB
  /// whatever it kept, 2 GiB over 256 threads. A cache now resolves at
  /// most an eighth of the coverage it keeps.
  @Test func aCacheKeepingLittleCoverageResolvesRowsForAnEighthOfItAtMost() throws {
    let rounded = Path.roundedRect(Rect(x: 0, y: 0, width: 70.5, height: 44), cornerRadius: 11)
    func copies(in cache: CoverageCache) -> (made: Int, lists: [EdgeList]) {
      var made = 0
      var shapes: [ShapeCoverage?] = []
      for (x, y) in [(20.25, 30.5), (120.25, 37.5)] {
        let t = Transform3D.translation(x: x, y: y, z: 0)
        shapes.append(cache.shape(of: rounded, transform: t, canvas: Self.canvas, scratch: nil) {
          made += 1
          return Rasterizer.shape(of: rounded, fillRule: .nonZero, transform: t, canvas: Self.canvas)
        })
      }
      return (made, Self.lists(shapes[1]))
    }
    let roomy = CoverageCache()
    let all = copies(in: roomy).lists.compactMap(\.resolvedRows).reduce(0) { $0 + $1.byteCount }
    #expect(all > 0 && roomy.resolvedBytes == all)
    // Room for the shape's coverage, and for all but a byte of its rows resolved.
    let small = CoverageCache(maximumBytes: 8 * (all - 1))
    let (made, lists) = copies(in: small)
    #expect(made == 1)
    #expect(small.resolvedBytes > 0 && small.resolvedBytes <= small.maximumBytes / 8)
    #expect(lists.contains { $0.resolvedRows == nil })
  }
}
