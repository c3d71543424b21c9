// SPDX-License-Identifier: Apache-2.0
// A filled shape as fixed-point edges cut into row buckets: what the band rasterizer deposits.

import ZoetropeGeometry

/// A filled shape as its edges in device space, kept until the shape is
/// drawn and rasterized there one band of rows at a time (so a frame holds
/// edges, not coverage, and the rows of a band stay in cache from deposit
/// to blend).
///
/// Coordinates are fixed point, 1/256 of a pixel (``one`` units a pixel):
/// x relative to the shape's first column, y absolute. Building clips every
/// edge to the shape's pixels — rows outside are dropped (a row's coverage
/// depends only on the edges crossing it), parts left of the first column
/// run down that column's left side and parts right of the last column down
/// its right side, which changes no visible pixel's winding — then rounds
/// the end points to the grid and cuts each edge where it crosses a bucket
/// boundary (every ``bucketRows`` device rows), so that a band finds its
/// edges without searching:
///
///     row 0   ┌──────╱──────┐  bucket 0: the edge's piece above the cut
///      …      │     ╱       │
///     row 16  ├────●────────┤  cut at y = 16 · 256 (x rounded down on the
///      …      │   ╱         │  grid, the same wherever the bands fall)
///             └──╱──────────┘  bucket 1: the piece below
///
/// Because the cuts do not depend on how the frame is banded, every pixel
/// gets the same bytes at every band height and thread count.
package struct EdgeList: Sendable {
  /// Fixed-point units per pixel: 8 fractional bits.
  package static let one = 256
  /// Rows per bucket: 16, the default band height, so that a band is one bucket.
  package static let bucketRows = 16
  /// log2 of a bucket's height in fixed-point units (16 rows × 256).
  static let bucketShift = 12

  /// One piece of an edge, within one bucket: from (`x0`, `y0`) to
  /// (`x1`, `y1`) with `y0 < y1` (fixed point), `winding` +1 where the
  /// original edge ran down and −1 where it ran up.
  struct Edge: Sendable {
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
  /// The pieces, bucket after bucket.
  var edges: [Edge]
  /// The pieces of bucket `firstBucket + k` are `edges[bucketStarts[k] ..< bucketStarts[k + 1]]`.
  var bucketStarts: [Int32]
  /// The bucket of the shape's first row (`rows.lowerBound / bucketRows`).
  let firstBucket: Int

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
  /// The pieces are priced against `budget` before they are made (an edge
  /// running down a tall canvas is a piece per bucket it crosses, so many
  /// long edges could otherwise take memory no segment budget foresaw);
  /// `nil`, and the overrun recorded there, when they do not fit.
  package init?(_ polylines: [Polyline], fillRule: FillRule, canvasWidth: Int, canvasHeight: Int,
                rows: Range<Int>? = nil, budget: FrameBudget? = nil) {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    var finite = true
    for line in polylines {
      for p in line.points {
        minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
        minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
        finite = finite && p.x.isFinite && p.y.isFinite
      }
    }
    guard finite, minX <= maxX, minY <= maxY else { return nil }
    // Clamp before converting: coordinates may be astronomically large.
    let x0 = Swift.max(0, Int(Swift.min(Swift.max(minX, -1), Double(canvasWidth) + 1).rounded(.down)))
    var y0 = Swift.max(0, Int(Swift.min(Swift.max(minY, -1), Double(canvasHeight) + 1).rounded(.down)))
    let x1 = Swift.min(canvasWidth, Int(Swift.max(Swift.min(maxX, Double(canvasWidth) + 1), -1).rounded(.up)))
    var y1 = Swift.min(canvasHeight, Int(Swift.max(Swift.min(maxY, Double(canvasHeight) + 1), -1).rounded(.up)))
    if let rows {
      y0 = Swift.max(y0, rows.lowerBound)
      y1 = Swift.min(y1, rows.upperBound)
    }
    guard x1 > x0, y1 > y0 else { return nil }
    if minX >= Double(x0), maxX <= Double(x1), minY >= Double(y0), maxY <= Double(y1) {
      // Wholly inside: nothing to clip, every point rounded once.
      self.init(edges: EdgeList.unclipped(polylines, originX: x0), originX: x0, width: x1 - x0, rows: y0..<y1,
                fillRule: fillRule, budget: budget)
      if edges.isEmpty { return nil }
      return
    }
    var builder = EdgeBuilder(originX: Double(x0), width: x1 - x0, top: Double(y0), bottom: Double(y1))
    for line in polylines where line.points.count > 1 {
      var previous = line.points[0]
      for p in line.points.dropFirst() {
        builder.add(previous, p)
        previous = p
      }
      // Filling closes every subpath.
      builder.add(previous, line.points[0])
    }
    guard !builder.edges.isEmpty else { return nil }
    self.init(edges: builder.edges, originX: x0, width: x1 - x0, rows: y0..<y1, fillRule: fillRule, budget: budget)
  }

  /// The list of whole (oriented, clipped, rounded) edges, cut into buckets.
  init?(edges whole: [Edge], originX: Int, width: Int, rows: Range<Int>, fillRule: FillRule, budget: FrameBudget?) {
    self.originX = originX
    self.width = width
    self.rows = rows
    self.fillRule = fillRule
    let first = rows.lowerBound / EdgeList.bucketRows
    firstBucket = first
    let bucketCount = (rows.upperBound - 1) / EdgeList.bucketRows - first + 1
    let shift = Int32(EdgeList.bucketShift)
    // Counting sort: pieces per bucket, then their places.
    var counts = [Int](repeating: 0, count: bucketCount + 1)
    for e in whole {
      let top = Int(e.y0 >> shift) - first, bottom = Int((e.y1 - 1) >> shift) - first
      for k in top...bottom { counts[k + 1] += 1 }
    }
    for k in 0..<bucketCount { counts[k + 1] += counts[k] }
    let total = counts[bucketCount]
    let bytes = total * MemoryLayout<Edge>.stride + counts.count * MemoryLayout<Int32>.stride
    guard total <= Int(Int32.max), budget?.spend(coverageBytes: bytes, on: "rasterizing it") ?? true else { return nil }
    let starts = counts.map { Int32($0) }
    var next = starts
    var pieces = [Edge](repeating: Edge(x0: 0, y0: 0, x1: 0, y1: 0, winding: 0), count: Int(starts[bucketCount]))
    pieces.withUnsafeMutableBufferPointer { pieces in
      for e in whole {
        let top = Int(e.y0 >> shift), bottom = Int((e.y1 - 1) >> shift)
        guard top < bottom else {
          pieces[Int(next[top - first])] = e
          next[top - first] += 1
          continue
        }
        // Cut at each bucket boundary the edge crosses, x rounded down on the grid.
        let dx = Int(e.x1) - Int(e.x0), dy = Int(e.y1) - Int(e.y0)
        var from = (x: e.x0, y: e.y0)
        for k in top...bottom {
          var to = (x: e.x1, y: e.y1)
          if k < bottom {
            let boundary = (k + 1) << EdgeList.bucketShift
            to = (Int32(Int(e.x0) + floorDivide((boundary - Int(e.y0)) * dx, dy)), Int32(boundary))
          }
          pieces[Int(next[k - first])] = Edge(x0: from.x, y0: from.y, x1: to.x, y1: to.y, winding: e.winding)
          next[k - first] += 1
          from = to
        }
      }
    }
    edges = pieces
    bucketStarts = starts
  }
}

extension EdgeList {
  /// The edges of polylines that lie wholly within the shape's pixels
  /// (nothing to clip): each point rounded onto the grid once, as
  /// ``EdgeBuilder`` rounds a point it keeps.
  static func unclipped(_ polylines: [Polyline], originX: Int) -> [Edge] {
    var count = 0
    for line in polylines { count += line.points.count }
    var edges: [Edge] = []
    edges.reserveCapacity(count)
    let ox = Double(originX), scale = Double(EdgeList.one)
    for line in polylines where line.points.count > 1 {
      line.points.withUnsafeBufferPointer { points in
        @inline(__always) func grid(_ p: Point) -> (Int32, Int32) {
          (Int32((p.x - ox) * scale + 0.5), Int32(p.y * scale + 0.5))
        }
        let (fx, fy) = grid(points[0])
        var (px, py) = (fx, fy)
        for k in 1...points.count {
          let (x, y) = k == points.count ? (fx, fy) : grid(points[k])
          if py < y {
            edges.append(Edge(x0: px, y0: py, x1: x, y1: y, winding: 1))
          } else if y < py {
            edges.append(Edge(x0: x, y0: y, x1: px, y1: py, winding: -1))
          }
          (px, py) = (x, y)
        }
      }
    }
    return edges
  }
}

/// ⌊a / b⌋ for b > 0.
@inline(__always)
func floorDivide(_ a: Int, _ b: Int) -> Int {
  let q = a / b
  return (a % b != 0 && a < 0) ? q - 1 : q
}

/// Clips segments to a shape's pixels and rounds them onto the fixed-point grid.
struct EdgeBuilder {
  /// The shape's first column and width in columns.
  let originX: Double, width: Int
  /// The rows kept, `top ..< bottom`.
  let top: Double, bottom: Double
  private(set) var edges: [EdgeList.Edge] = []

  init(originX: Double, width: Int, top: Double, bottom: Double) {
    self.originX = originX
    self.width = width
    self.top = top
    self.bottom = bottom
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
    var cuts: [Point] = [a]
    let (low, high) = a.x < b.x ? (a, b) : (b, a)
    var inner: [Point] = []
    for bound in [0.0, w] where low.x < bound && high.x > bound {
      inner.append(EdgeBuilder.point(on: a, b, atX: bound))
    }
    // In order from a to b.
    if a.x > b.x { inner.reverse() }
    cuts += inner
    cuts.append(b)
    for (from, to) in zip(cuts, cuts.dropFirst()) {
      addRounded(Point(x: Swift.min(Swift.max(from.x, 0), w), y: from.y), Point(x: Swift.min(Swift.max(to.x, 0), w), y: to.y))
    }
  }

  /// Rounds a clipped segment onto the grid (half up; every coordinate is
  /// ≥ 0 here) and keeps it oriented downwards with its winding.
  private mutating func addRounded(_ a: Point, _ b: Point) {
    let scale = Double(EdgeList.one)
    let maxX = Double(width) * scale
    let ax = Int32(Swift.min(a.x * scale + 0.5, maxX)), ay = Int32(a.y * scale + 0.5)
    let bx = Int32(Swift.min(b.x * scale + 0.5, maxX)), by = Int32(b.y * scale + 0.5)
    if ay < by {
      edges.append(EdgeList.Edge(x0: ax, y0: ay, x1: bx, y1: by, winding: 1))
    } else if by < ay {
      edges.append(EdgeList.Edge(x0: bx, y0: by, x1: ax, y1: ay, winding: -1))
    }
  }
}
