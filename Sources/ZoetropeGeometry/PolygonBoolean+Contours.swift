// SPDX-License-Identifier: Apache-2.0
// Winding numbers beside each edge (a ray to +x from its midpoint) and the kept edges chained into contours.

extension PolygonBoolean {
  /// For each edge (from its upper end to its lower, left to right when
  /// level), the operands' winding numbers just beside its midpoint: on its
  /// +x side for a sloping edge, on its +y side for a level one.
  ///
  /// The ray from the midpoint to +x counts every other edge that crosses
  /// the midpoint's row to its right — an edge counts when its upper end is
  /// on or above the row and its lower end below it (so a vertex on the row
  /// counts once, and level edges never) — adding its contribution. The
  /// midpoints are visited row by row against the edges reaching the row.
  mutating func windingsRightOfMidpoints(_ edges: [(a: Point, b: Point)],
                                         _ contributions: [Winding]) throws(PathBooleanError) -> [Winding] {
    let midpoints = edges.map { Point(x: ($0.a.x + $0.b.x) / 2, y: ($0.a.y + $0.b.y) / 2) }
    let byRow = edges.indices.sorted { midpoints[$0].y != midpoints[$1].y ? midpoints[$0].y < midpoints[$1].y : $0 < $1 }
    let byTop = edges.indices.sorted { edges[$0].a.y != edges[$1].a.y ? edges[$0].a.y < edges[$1].a.y : $0 < $1 }
    var windings = [Winding](repeating: Winding(), count: edges.count)
    var active: [Int] = []
    var next = 0
    for k in byRow {
      let m = midpoints[k]
      while next < byTop.count, edges[byTop[next]].a.y <= m.y {
        active.append(byTop[next])
        next += 1
      }
      var w = Winding(), kept = 0
      for n in active.indices {
        let e = active[n]
        let (a, b) = edges[e]
        guard b.y > m.y else { continue }
        active[kept] = e
        kept += 1
        comparisons += 1
        if comparisons > comparisonLimit { throw .tooMuchWork }
        guard e != k else { continue }
        let x = a.x + (m.y - a.y) * (b.x - a.x) / (b.y - a.y)
        if x > m.x { w = w + contributions[e] }
      }
      active.removeLast(active.count - kept)
      windings[k] = w
    }
    return windings
  }

  /// Directed edges chained end to start into closed contours. Where a
  /// point starts several edges (contours touching at a corner) any unused
  /// one continues the contour; a chain that cannot return to its start
  /// (edges misjudged by rounding) is closed where it stops. Points in line
  /// with their neighbours (to within the grid) are dropped, and contours
  /// left with fewer than three points.
  static func chained(_ edges: [(from: Point, to: Point)]) -> [[Point]] {
    var vertexIndex: [Point: Int] = [:]
    var outgoing: [[Int]] = []
    func vertex(_ p: Point) -> Int {
      if let v = vertexIndex[p] { return v }
      vertexIndex[p] = outgoing.count
      outgoing.append([])
      return outgoing.count - 1
    }
    let starts = edges.map { vertex($0.from) }
    let ends = edges.map { vertex($0.to) }
    // Reversed, so that popping the last takes the edges in order.
    for e in edges.indices.reversed() { outgoing[starts[e]].append(e) }
    var used = [Bool](repeating: false, count: edges.count)
    var contours: [[Point]] = []
    for first in edges.indices where !used[first] {
      used[first] = true
      var contour = [edges[first].from]
      var e = first
      while ends[e] != starts[first] {
        contour.append(edges[e].to)
        guard let next = takeUnused(&outgoing[ends[e]], used) else { break }
        used[next] = true
        e = next
      }
      let simple = withoutCollinearPoints(contour)
      if simple.count >= 3 { contours.append(simple) }
    }
    return contours
  }

  /// Pops edges off `list` until one not yet used.
  private static func takeUnused(_ list: inout [Int], _ used: [Bool]) -> Int? {
    while let e = list.popLast() {
      if !used[e] { return e }
    }
    return nil
  }

  /// The closed contour without the points lying on the line between their
  /// neighbours (within half the grid, and between them).
  static func withoutCollinearPoints(_ contour: [Point]) -> [Point] {
    var ring = contour
    var changed = true
    while changed && ring.count >= 3 {
      changed = false
      var kept: [Point] = []
      kept.reserveCapacity(ring.count)
      let n = ring.count
      for i in 0..<n {
        let previous = kept.last ?? ring[(i + n - 1) % n], p = ring[i], next = ring[(i + 1) % n]
        let chord = next - previous
        let length = (chord.x * chord.x + chord.y * chord.y).squareRoot()
        let offLine = Swift.abs(cross(p - previous, chord))
        let between = (p.x - previous.x) * chord.x + (p.y - previous.y) * chord.y >= 0
          && (next.x - p.x) * chord.x + (next.y - p.y) * chord.y >= 0
        if length > 0, offLine <= 0.5 / grid * length, between {
          changed = true
        } else {
          kept.append(p)
        }
      }
      ring = kept
    }
    return ring
  }
}
