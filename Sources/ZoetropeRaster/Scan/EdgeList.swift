// SPDX-License-Identifier: Apache-2.0
// A filled shape as fixed-point edges cut into row buckets: what the band rasterizer deposits.

import ZoetropeGeometry

/// A filled shape as its edges in device space, kept until the shape is
/// drawn and rasterized there one band of rows at a time (so a frame holds
/// edges, not coverage, and the rows of a band stay in cache from deposit
/// to blend).
///
/// Coordinates are fixed point, 1/256 of a pixel (``one`` units a pixel):
/// x relative to the shape's first column, y in device rows (less
/// ``rowsMoved``, for a list moved after it was made). Building clips every
/// edge to the shape's pixels — rows outside are dropped (a row's coverage
/// depends only on the edges crossing it), parts left of the first column
/// run down that column's left side and parts right of the last column down
/// its right side, which changes no visible pixel's winding — then rounds
/// the end points to the grid and lists each edge in every bucket (every
/// ``bucketRows`` rows of its y) it crosses, so that a band finds its edges
/// without searching:
///
///     row 0   ┌──────╱──────┐  bucket 0 lists the edge: it deposits rows 0…15
///      …      │     ╱       │
///     row 16  ├────╱────────┤  bucket 1 lists it too: rows 16…
///      …      │   ╱         │
///             └──╱──────────┘
///
/// An edge is not cut where buckets or bands meet: the rasterizer works out
/// where it crosses each row from its own end points. So every pixel gets
/// the same bytes at every band height and thread count, and a shape moved
/// by whole pixels (its edges the same, relative to its first column and
/// moved by whole rows) gets the same bytes, moved. Such a move keeps the
/// edges and their buckets as they are and records how far it went
/// (``originX`` and ``rowsMoved``).
package struct EdgeList: Sendable {
  /// Fixed-point units per pixel: 8 fractional bits.
  package static let one = 256
  /// Rows per bucket: 16, the default band height, so that a band is one bucket.
  package static let bucketRows = 16
  /// log2 of a bucket's height in fixed-point units (16 rows × 256).
  static let bucketShift = 12

  /// An edge from (`x0`, `y0`) to (`x1`, `y1`) with `y0 < y1` (fixed
  /// point), `winding` +1 where it ran down and −1 where it ran up.
  struct Edge: Sendable, Equatable {
    var x0: Int32
    var y0: Int32
    var x1: Int32
    var y1: Int32
    var winding: Int32
  }

  /// The shape's first device column; edge x coordinates start there.
  package let originX: Int
  /// How many columns the shape's pixels span.
  package let width: Int
  /// The device rows the edges reach, `rows.lowerBound ..< rows.upperBound`.
  package let rows: Range<Int>
  /// How the winding turns into coverage.
  package let fillRule: FillRule
  /// ``interior``'s columns and rows, as 32-bit numbers beside the fill
  /// rule: the list is copied whole wherever a shape's pieces are, so it
  /// grows by 16 bytes (80 → 96), not by a `DeviceRect`'s 32.
  var interiorColumns = Int32(0)..<0, interiorRows = Int32(0)..<0
  /// Device pixels the shape is known to leave uncovered inside its
  /// columns (``empty``), as 32-bit numbers.
  var emptyColumns = Int32(0)..<0, emptyRows = Int32(0)..<0
  /// The edges, bucket after bucket (an edge once in each bucket it crosses).
  /// Their y lies ``rowsMoved`` rows above the device rows they cover.
  let edges: [Edge]
  /// The edges of bucket `firstBucket + k` are `edges[bucketStarts[k] ..< bucketStarts[k + 1]]`.
  let bucketStarts: [Int32]
  /// The bucket of the edges' first row (`(rows.lowerBound − rowsMoved) / bucketRows`).
  let firstBucket: Int
  /// How many device rows down the edges were moved after they were
  /// listed (``moved(dx:dy:budget:)``): an edge at row y covers device row
  /// `y + rowsMoved`. Zero for a list built where it is drawn.
  let rowsMoved: Int
  /// The runs of every row, resolved once for a shape drawn again and
  /// again (``ResolvedRows``), or `nil`: the edges are deposited. Shared by
  /// the list's copies; not part of what the list is (``byteCount``, ==).
  let resolvedRows: ResolvedRows?
  /// The bytes the list holds (priced against the frame's coverage budget).
  package var byteCount: Int {
    edges.count * MemoryLayout<Edge>.stride + bucketStarts.count * MemoryLayout<Int32>.stride
  }
}

extension EdgeList {
  /// The edges of `polylines` (device pixels; every subpath is closed for
  /// filling) on a canvas of `canvasWidth × canvasHeight`, within `rows`
  /// when given; `nil` when none of the shape lands there, or when a point is
  /// not finite (the shape then has no defined area and covers nothing).
  ///
  /// With an `offset`, the polylines are in a frame whose origin lies at
  /// device pixel `offset`: the edges are clipped and rounded there and then
  /// moved by whole pixels, so the same polylines at another offset give
  /// the same edges, moved (unless the canvas clips them differently).
  ///
  /// The pieces are priced against `budget` before they are made (an edge
  /// running down a tall canvas is a piece per bucket it crosses, so many
  /// long edges could otherwise take memory no segment budget foresaw);
  /// `nil`, and the overrun recorded there, when they do not fit.
  ///
  /// `bounds`, when given, are the polylines' ``Bounds`` (for a shape
  /// listed in several pieces of rows: measured once); `interior`, pixels
  /// of the polylines' frame the caller knows they cover wholly: the
  /// list's ``interior``, those of them within its pixels.
  package init?(_ polylines: [Polyline], fillRule: FillRule, canvasWidth: Int, canvasHeight: Int,
                rows: Range<Int>? = nil, offset: (x: Int, y: Int) = (0, 0), budget: FrameBudget? = nil,
                bounds: Bounds? = nil, interior: DeviceRect = DeviceRect(width: 0, height: 0)) {
    let bounds = bounds ?? Bounds(polylines)
    let (minX, minY, maxX, maxY) = (bounds.minX, bounds.minY, bounds.maxX, bounds.maxY)
    guard bounds.isFinite, minX <= maxX, minY <= maxY else { return nil }
    // The canvas in the polylines' frame.
    let left = -offset.x, top = -offset.y, right = canvasWidth - offset.x, bottom = canvasHeight - offset.y
    // Clamp before converting: coordinates may be astronomically large.
    // (Rounded down or up, not by a rounding rule: a rule passed in costs a
    // call and a switch per coordinate.)
    func pixel(_ v: Double, _ low: Int, _ high: Int, up: Bool) -> Int {
      let clamped = Swift.min(Swift.max(v, Double(low) - 1), Double(high) + 1)
      return Swift.min(Swift.max(Int(up ? clamped.rounded(.up) : clamped.rounded(.down)), low), high)
    }
    let x0 = pixel(minX, left, right, up: false), x1 = pixel(maxX, left, right, up: true)
    var y0 = pixel(minY, top, bottom, up: false), y1 = pixel(maxY, top, bottom, up: true)
    if let rows {
      // Compared in device rows: `rows` may be open-ended (Int.min, Int.max).
      y0 = Swift.max(y0 + offset.y, rows.lowerBound) - offset.y
      y1 = Swift.min(y1 + offset.y, rows.upperBound) - offset.y
    }
    guard x1 > x0, y1 > y0 else { return nil }
    let shiftY = Int32(truncatingIfNeeded: offset.y * EdgeList.one)
    let moved = (originX: x0 + offset.x, rows: (y0 + offset.y)..<(y1 + offset.y))
    if minX >= Double(x0), maxX <= Double(x1), minY >= Double(y0), maxY <= Double(y1) {
      // Wholly inside: nothing to clip, every point rounded once, the
      // buckets' entries counted as the edges are made.
      var counts = EdgeList.emptyCounts(rows: moved.rows)
      let edges = EdgeList.unclipped(polylines, originX: x0, shiftY: shiftY,
                                     firstBucket: moved.rows.lowerBound / EdgeList.bucketRows, counts: &counts)
      self.init(edges: edges, counted: consume counts, originX: moved.originX, width: x1 - x0, rows: moved.rows,
                fillRule: fillRule, budget: budget)
      if self.edges.isEmpty { return nil }
      keep(interior, offset: offset)
      return
    }
    // Clipped: each segment gives at most three pieces (cut where it
    // crosses the first and the last column), the buckets' entries counted
    // as they are made.
    var capacity = 0
    for line in polylines { capacity += line.points.count }
    var counts = EdgeList.emptyCounts(rows: moved.rows)
    let edges = counts.withUnsafeMutableBufferPointer { counts in
      [Edge](unsafeUninitializedCapacity: 3 * capacity) { edges, initialized in
        var builder = EdgeBuilder(originX: Double(x0), width: x1 - x0, top: Double(y0), bottom: Double(y1),
                                  shiftY: shiftY, into: edges.baseAddress!, counts: counts.baseAddress!,
                                  firstBucket: moved.rows.lowerBound / EdgeList.bucketRows)
        for line in polylines where line.points.count > 1 {
          line.points.withUnsafeBufferPointer { builder.addClosed($0) }
        }
        initialized = builder.count
      }
    }
    guard !edges.isEmpty else { return nil }
    self.init(edges: edges, counted: consume counts, originX: moved.originX, width: x1 - x0, rows: moved.rows,
              fillRule: fillRule, budget: budget)
    keep(interior, offset: offset)
  }

  /// Room to count the entries of each bucket of a list over `rows`
  /// (``count(_:firstBucket:into:)``'s differences, all zero): the list's
  /// bucket starts and a spare place past them.
  static func emptyCounts(rows: Range<Int>) -> [Int32] {
    let first = rows.lowerBound / EdgeList.bucketRows
    return [Int32](repeating: 0, count: (rows.upperBound - 1) / EdgeList.bucketRows - first + 3)
  }

  /// Counts `e` in each bucket it is listed in, as a difference: one more
  /// from its first bucket on (bucket `firstBucket + k`'s at `counts[k + 1]`),
  /// one fewer from the bucket after its last (a spare place past the last
  /// bucket takes it), so that the entries of bucket `k` are the sum of
  /// `counts[1…k + 1]` — two stores an edge, however many buckets it crosses.
  @inline(__always)
  static func count(_ e: Edge, firstBucket first: Int, into counts: UnsafeMutablePointer<Int32>) {
    let shift = Int32(EdgeList.bucketShift)
    let top = Int(e.y0 >> shift) &- first, bottom = Int((e.y1 &- 1) >> shift) &- first
    counts[top &+ 1] &+= 1
    counts[bottom &+ 2] &-= 1
  }

  /// The list of whole (oriented, clipped, rounded) edges, each listed in
  /// every bucket it crosses; `counted`, when given, holds the entries of
  /// each bucket as ``count(_:firstBucket:into:)`` counts them (taken: its
  /// array becomes the list's bucket starts, not copied).
  init?(edges whole: [Edge], counted: consuming [Int32]? = nil, originX: Int, width: Int, rows: Range<Int>,
        fillRule: FillRule, budget: FrameBudget?) {
    self.originX = originX
    self.width = width
    self.rows = rows
    self.fillRule = fillRule
    rowsMoved = 0
    resolvedRows = nil
    let first = rows.lowerBound / EdgeList.bucketRows
    firstBucket = first
    let shift = Int32(EdgeList.bucketShift)
    // Counting sort: entries per bucket, then their places.
    let wasCounted = counted != nil
    var starts = (consume counted) ?? EdgeList.emptyCounts(rows: rows)
    let bucketCount = starts.count - 2
    var total = 0
    starts.withUnsafeMutableBufferPointer { counts in
      let counts = counts.baseAddress!
      if !wasCounted {
        whole.withUnsafeBufferPointer { whole in
          for e in whole { EdgeList.count(e, firstBucket: first, into: counts) }
        }
      }
      // The total in full width (a bucket lists at most every edge once,
      // but the sum of them all may pass Int32's range; the guard below
      // refuses such a list before the starts are used).
      // Bucket k's entries are the running sum of the differences
      // (nothing before the first: counts[0] is 0).
      var entries: Int32 = 0
      for k in 0..<bucketCount {
        entries &+= counts[k &+ 1]
        total &+= Int(entries)
        counts[k &+ 1] = counts[k] &+ entries
      }
    }
    starts.removeLast()
    let bytes = total * MemoryLayout<Edge>.stride + starts.count * MemoryLayout<Int32>.stride
    guard total <= Int(Int32.max), budget?.spend(coverageBytes: bytes, on: "rasterizing it") ?? true else { return nil }
    if bucketCount == 1 && whole.capacity <= 2 * total {
      // One bucket: the edges are its entries, in their order (kept when
      // they hold little more room than the budget priced).
      edges = whole
      bucketStarts = starts
      return
    }
    let entries = [Edge](unsafeUninitializedCapacity: total) { entries, initialized in
      guard let out = entries.baseAddress else { return }
      // Each bucket's next place (on the stack when there are few buckets).
      withUnsafeTemporaryAllocation(of: Int32.self, capacity: starts.count) { next in
        _ = next.initialize(from: starts)
        let next = next.baseAddress!
        whole.withUnsafeBufferPointer { whole in
          for e in whole {
            var k = Int(e.y0 >> shift) &- first
            let bottom = Int((e.y1 &- 1) >> shift) &- first
            while k <= bottom {
              (out + Int(next[k])).initialize(to: e)
              next[k] &+= 1
              k &+= 1
            }
          }
        }
      }
      initialized = total
    }
    edges = entries
    bucketStarts = starts
  }
}

extension EdgeList {
  /// The edges of polylines that lie wholly within the shape's pixels
  /// (nothing to clip): each point rounded onto the grid once, as
  /// ``EdgeBuilder`` rounds a point it keeps, and moved down `shiftY`.
  ///
  /// Each edge's buckets (from `firstBucket`) are counted into `counts`
  /// (``count(_:firstBucket:into:)``) as it is made.
  static func unclipped(_ polylines: [Polyline], originX: Int, shiftY: Int32, firstBucket: Int,
                        counts: inout [Int32]) -> [Edge] {
    // A line of n points has at most n edges (its closing one included).
    var capacity = 0
    for line in polylines { capacity += line.points.count }
    let ox = Double(originX), scale = Double(EdgeList.one)
    return counts.withUnsafeMutableBufferPointer { counts in
      let counts = counts.baseAddress!
      return [Edge](unsafeUninitializedCapacity: capacity) { edges, initialized in
        var count = 0
        @inline(__always) func keep(_ e: Edge) {
          edges.initializeElement(at: count, to: e)
          count &+= 1
          EdgeList.count(e, firstBucket: firstBucket, into: counts)
        }
        for line in polylines where line.points.count > 1 {
          line.points.withUnsafeBufferPointer { points in
            @inline(__always) func grid(_ p: Point) -> (Int32, Int32) {
              (gridFloorUnchecked((p.x - ox) * scale + 0.5), gridFloorUnchecked(p.y * scale + 0.5) &+ shiftY)
            }
            let (fx, fy) = grid(points[0])
            var (px, py) = (fx, fy)
            for k in 1...points.count {
              let (x, y) = k == points.count ? (fx, fy) : grid(points[k])
              if py < y {
                keep(Edge(x0: px, y0: py, x1: x, y1: y, winding: 1))
              } else if y < py {
                keep(Edge(x0: x, y0: y, x1: px, y1: py, winding: -1))
              }
              (px, py) = (x, y)
            }
          }
        }
        initialized = count
      }
    }
  }
}

/// ⌊v⌋ for a grid coordinate (|v| < 2³¹): a truncation and a correction
/// below zero, where `rounded(.down)` would call the C library on a
/// baseline x86-64 build.
@inline(__always)
func gridFloor(_ v: Double) -> Int32 {
  let t = Int32(v)
  return Double(t) > v ? t &- 1 : t
}

/// ``gridFloor(_:)`` with no test of v's range (finite, |v| < 2³¹, or the
/// result is meaningless): adding 1.5 × 2⁵² leaves v rounded to the nearest
/// integer in the sum's low bits (its ulp is 1 there), one less where that
/// rounded up. `Int32(v)` tests finiteness and both ends of its range, a
/// dozen instructions a point on the unclipped path; the clipped one keeps
/// ``gridFloor(_:)``, where the constant costs registers it needs.
@inline(__always)
func gridFloorUnchecked(_ v: Double) -> Int32 {
  let magic = 6_755_399_441_055_744.0
  let sum = v + magic
  let nearest = Int32(truncatingIfNeeded: Int64(bitPattern: sum.bitPattern))
  return sum - magic > v ? nearest &- 1 : nearest
}

/// Clips segments to a shape's pixels and rounds them onto the fixed-point
/// grid, writing the edges into room made for them (at most three a
/// segment) and counting each one's buckets as ``EdgeList/unclipped(_:originX:shiftY:firstBucket:counts:)``
/// does.
struct EdgeBuilder {
  /// The shape's first column and width in columns.
  let originX: Double, width: Int
  /// The rows kept, `top ..< bottom`.
  let top: Double, bottom: Double
  /// Added to every rounded y: the frame's origin row, in fixed point.
  let shiftY: Int32
  /// Where the edges go, and how many are there.
  let edges: UnsafeMutablePointer<EdgeList.Edge>
  private(set) var count = 0
  /// Bucket `firstBucket + k`'s entries are counted at `counts[k + 1]`.
  let counts: UnsafeMutablePointer<Int32>
  let firstBucket: Int

  init(originX: Double, width: Int, top: Double, bottom: Double, shiftY: Int32,
       into edges: UnsafeMutablePointer<EdgeList.Edge>, counts: UnsafeMutablePointer<Int32>, firstBucket: Int) {
    self.originX = originX
    self.width = width
    self.top = top
    self.bottom = bottom
    self.shiftY = shiftY
    self.edges = edges
    self.counts = counts
    self.firstBucket = firstBucket
  }

  /// Adds the segments of a polyline (device pixels, finite, at least two
  /// points) and the one closing it.
  ///
  /// A segment whose ends both lie within the shape's pixels (columns
  /// `0…width` from ``originX``, rows `top…bottom`) needs no cut: its ends
  /// are rounded as ``add(_:_:)`` rounds them, each point once for both of
  /// its segments; the others go through ``add(_:_:)``.
  mutating func addClosed(_ points: UnsafeBufferPointer<Point>) {
    let scale = Double(EdgeList.one), w = Double(width), maxX = w * scale
    let ox = originX, top = top, bottom = bottom, shiftY = shiftY
    // The point's grid coordinates when it lies within the shape's pixels.
    @inline(__always) func grid(_ p: Point) -> (inside: Bool, x: Int32, y: Int32) {
      let x = p.x - ox
      guard x >= 0, x <= w, p.y >= top, p.y <= bottom else { return (false, 0, 0) }
      return (true, Int32(Swift.min(x * scale + 0.5, maxX)), gridFloor(p.y * scale + 0.5) &+ shiftY)
    }
    let first = grid(points[0])
    var previous = first, from = points[0]
    for k in 1...points.count {
      let p = k == points.count ? points[0] : points[k]
      let next = k == points.count ? first : grid(p)
      if previous.inside && next.inside {
        if previous.y < next.y {
          keep(EdgeList.Edge(x0: previous.x, y0: previous.y, x1: next.x, y1: next.y, winding: 1))
        } else if next.y < previous.y {
          keep(EdgeList.Edge(x0: next.x, y0: next.y, x1: previous.x, y1: previous.y, winding: -1))
        }
      } else if !(from.y <= top && p.y <= top) && !(from.y >= bottom && p.y >= bottom) {
        // (A segment wholly above or below the rows kept adds nothing.)
        add(from, p)
      }
      previous = next
      from = p
    }
  }

  /// Writes an edge and counts its buckets.
  @inline(__always)
  private mutating func keep(_ e: EdgeList.Edge) {
    (edges + count).initialize(to: e)
    count &+= 1
    EdgeList.count(e, firstBucket: firstBucket, into: counts)
  }

  /// Adds the segment `a → b` (device pixels, finite).
  mutating func add(_ a: Point, _ b: Point) {
    guard a.y != b.y else { return }
    // Rows outside are dropped: cut the segment to top…bottom.
    var p = a, q = b
    if p.y > q.y { swap(&p, &q) }
    guard q.y > top, p.y < bottom else { return }
    if p.y < top { p = EdgeBuilder.point(on: p, q, atY: top) }
    if q.y > bottom { q = EdgeBuilder.point(on: p, q, atY: bottom) }
    let (from, to) = a.y < b.y ? (p, q) : (q, p)
    addClippedX(Point(x: from.x - originX, y: from.y), Point(x: to.x - originX, y: to.y))
  }

  /// The point of the segment `p → q` (p.y < y < q.y) at height `y`; the
  /// differences are taken in halves when they would overflow to infinity
  /// (exact for every normal number).
  static func point(on p: Point, _ q: Point, atY y: Double) -> Point {
    if (q.y - p.y).isFinite && (q.x - p.x).isFinite {
      let t = (y - p.y) / (q.y - p.y)
      return Point(x: p.x + (q.x - p.x) * t, y: y)
    }
    let t = (y / 2 - p.y / 2) / (q.y / 2 - p.y / 2)
    return Point(x: 2 * (p.x / 2 + (q.x / 2 - p.x / 2) * t), y: y)
  }

  /// The point of `a → b` at `x` (between them), as ``point(on:_:atY:)``.
  static func point(on a: Point, _ b: Point, atX x: Double) -> Point {
    let swapped = point(on: Point(x: a.y, y: a.x), Point(x: b.y, y: b.x), atY: x)
    return Point(x: x, y: swapped.x)
  }

  /// Splits at x = 0 and x = width and runs the parts outside along those
  /// sides (the winding of every pixel inside is unchanged).
  private mutating func addClippedX(_ a: Point, _ b: Point) {
    let w = Double(width)
    if a.x >= 0 && a.x <= w && b.x >= 0 && b.x <= w {
      addRounded(a, b)
      return
    }
    // The segment cut where it crosses x = 0 and x = w (at most twice), the
    // cuts in order from a to b; no array per segment.
    let (low, high) = a.x < b.x ? (a, b) : (b, a)
    let crossesLeft = low.x < 0 && high.x > 0, crossesRight = low.x < w && high.x > w
    let atLeft = crossesLeft ? EdgeBuilder.point(on: a, b, atX: 0) : a
    let atRight = crossesRight ? EdgeBuilder.point(on: a, b, atX: w) : a
    var from = a
    func piece(to: Point) {
      addRounded(Point(x: Swift.min(Swift.max(from.x, 0), w), y: from.y), Point(x: Swift.min(Swift.max(to.x, 0), w), y: to.y))
      from = to
    }
    if a.x <= b.x {
      if crossesLeft { piece(to: atLeft) }
      if crossesRight { piece(to: atRight) }
    } else {
      if crossesRight { piece(to: atRight) }
      if crossesLeft { piece(to: atLeft) }
    }
    piece(to: b)
  }

  /// Rounds a clipped segment onto the grid (half up; every x is ≥ 0 here)
  /// and keeps it oriented downwards with its winding.
  private mutating func addRounded(_ a: Point, _ b: Point) {
    let scale = Double(EdgeList.one)
    let maxX = Double(width) * scale
    let ax = Int32(Swift.min(a.x * scale + 0.5, maxX)), ay = gridFloor(a.y * scale + 0.5) &+ shiftY
    let bx = Int32(Swift.min(b.x * scale + 0.5, maxX)), by = gridFloor(b.y * scale + 0.5) &+ shiftY
    if ay < by {
      keep(EdgeList.Edge(x0: ax, y0: ay, x1: bx, y1: by, winding: 1))
    } else if by < ay {
      keep(EdgeList.Edge(x0: bx, y0: by, x1: ax, y1: ay, winding: -1))
    }
  }
}
