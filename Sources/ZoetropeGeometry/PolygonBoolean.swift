// SPDX-License-Identifier: Apache-2.0
// Boolean operations on two sets of polygons: split where they cross, keep the edges where the result's inside changes, chain them.

/// The engine of ``Path/combining(_:fillRule:with:fillRule:operation:tolerance:)``,
/// on polygons (flattened subpaths, each closed).
///
///  1. Every point is snapped to a grid of 1/``grid`` units, and every
///     segment of both operands goes into one list, tagged with its operand.
///  2. Segments are split at every point where two of them cross or touch
///     (an endpoint on another's interior, collinear overlaps at the other's
///     endpoints), the points snapped too — a sweep down the rows, comparing
///     only segments whose vertical extents overlap.
///  3. The pieces become unique undirected edges, coincident pieces merged:
///     each edge counts, per operand, how many pieces run down it minus how
///     many run up (its winding contribution; zero when they cancel).
///  4. Each edge's winding numbers on one side are found by casting a ray to
///     +x from its midpoint (every other edge crossing the midpoint's row to
///     the right counts), on the other side by adding its contribution. An
///     operand's fill rule says whether a winding number is inside it, the
///     operation whether a side is inside the result.
///  5. Edges with the result on exactly one side are kept, directed with the
///     result on their right on the screen, and chained end to start into
///     closed contours; collinear runs are joined.
///
///     ┌──────┐            ┌──────┐
///     │ A  ┌─┼──┐   A − B │    ┌─┘
///     │    │ │  │   ───▶  │    │
///     └────┼─┘  │         └────┘
///          │  B │
///          └────┘
package struct PolygonBoolean {
  /// Points are snapped to multiples of `1 / grid` units (2⁻¹⁶).
  package static let grid = 65_536.0
  /// The largest coordinate accepted, 2³⁶: snapped to the grid it still has
  /// 52 bits, so snapping is exact.
  package static let largestCoordinate = 68_719_476_736.0

  /// A directed segment of one operand (0 or 1).
  struct Segment {
    var a: Point
    var b: Point
    var operand: Int
  }

  /// Winding numbers (or contributions to them) of the two operands.
  struct Winding: Equatable {
    var first = 0
    var second = 0

    static func + (l: Winding, r: Winding) -> Winding { Winding(first: l.first + r.first, second: l.second + r.second) }
    static func - (l: Winding, r: Winding) -> Winding { Winding(first: l.first - r.first, second: l.second - r.second) }
  }

  var segments: [Segment] = []
  /// Comparisons made so far, against `comparisonLimit`.
  package var comparisons = 0
  /// The most comparisons allowed: ``Limits/maximumPathBooleanComparisons``
  /// unless a caller with a budget of its own lowers it.
  package var comparisonLimit = Limits.maximumPathBooleanComparisons

  package init() {}

  /// The point on the grid nearest `p`.
  static func snapped(_ p: Point) -> Point {
    Point(x: (p.x * grid).rounded() / grid, y: (p.y * grid).rounded() / grid)
  }

  /// Adds the polylines of operand `index` (0 or 1), each closed.
  /// Non-finite points are skipped, repeated points merged; a polyline of
  /// fewer than two distinct points adds nothing. With `clockwise`, the
  /// polylines are reversed together when their signed area (clockwise on
  /// the screen positive) is negative, so that several pieces added to one
  /// operand this way make their union under the non-zero rule, whichever
  /// way each was drawn.
  package mutating func addOperand(_ polylines: [Polyline], index: Int,
                                   clockwise: Bool = false) throws(PathBooleanError) {
    var rings: [[Point]] = []
    var area = 0.0
    for line in polylines {
      var ring: [Point] = []
      for p in line.points where p.isFinite {
        guard Swift.abs(p.x) <= Self.largestCoordinate else { throw .coordinateTooLarge(p.x) }
        guard Swift.abs(p.y) <= Self.largestCoordinate else { throw .coordinateTooLarge(p.y) }
        let q = Self.snapped(p)
        if ring.last != q { ring.append(q) }
      }
      if ring.count > 1 && ring.first == ring.last { ring.removeLast() }
      guard ring.count >= 2 else { continue }
      for i in ring.indices { area += Self.cross(ring[i], ring[(i + 1) % ring.count]) }
      rings.append(ring)
    }
    let reversed = clockwise && area < 0
    for ring in rings {
      for i in ring.indices {
        let a = ring[i], b = ring[(i + 1) % ring.count]
        segments.append(reversed ? Segment(a: b, b: a, operand: index) : Segment(a: a, b: b, operand: index))
      }
      guard segments.count <= Limits.maximumPathBooleanSegments else { throw .tooManySegments }
    }
  }

  /// The contours of the result of `operation` on the operands (filled with
  /// `rules`), each closed, with at least three points.
  package mutating func result(operation: PathOperation,
                               rules: (FillRule, FillRule)) throws(PathBooleanError) -> [[Point]] {
    let pieces = try splitAtCrossings()
    // Unique edges, each from its upper end to its lower (left to right when level).
    var edgeIndex: [EdgeKey: Int] = [:]
    var edges: [(a: Point, b: Point)] = []
    var contributions: [Winding] = []
    for piece in pieces {
      let downward = (piece.a.y, piece.a.x) < (piece.b.y, piece.b.x)
      let key = downward ? EdgeKey(a: piece.a, b: piece.b) : EdgeKey(a: piece.b, b: piece.a)
      let sign = downward ? 1 : -1
      let k: Int
      if let found = edgeIndex[key] {
        k = found
      } else {
        k = edges.count
        edgeIndex[key] = k
        edges.append((key.a, key.b))
        contributions.append(Winding())
      }
      if piece.operand == 0 { contributions[k].first += sign } else { contributions[k].second += sign }
    }
    let probed = try windingsRightOfMidpoints(edges, contributions)
    func inside(_ w: Winding) -> Bool {
      func covers(_ n: Int, _ rule: FillRule) -> Bool { rule == .nonZero ? n != 0 : n & 1 != 0 }
      return operation.contains(inFirst: covers(w.first, rules.0), inSecond: covers(w.second, rules.1))
    }
    var kept: [(from: Point, to: Point)] = []
    for k in edges.indices where contributions[k] != Winding() {
      // The left side (x − 1 for a downward edge, y + 1 for a level one) and the right.
      let level = edges[k].a.y == edges[k].b.y
      let left = level ? probed[k] : probed[k] + contributions[k]
      let right = level ? probed[k] - contributions[k] : probed[k]
      let inLeft = inside(left), inRight = inside(right)
      guard inLeft != inRight else { continue }
      kept.append(inLeft ? (edges[k].a, edges[k].b) : (edges[k].b, edges[k].a))
    }
    return Self.chained(kept)
  }

  /// An undirected edge, by its ends in order.
  struct EdgeKey: Hashable {
    var a: Point
    var b: Point
  }

  /// Counts a comparison against the budget.
  mutating func compare() throws(PathBooleanError) {
    comparisons += 1
    if comparisons > comparisonLimit { throw .tooMuchWork }
  }
}
