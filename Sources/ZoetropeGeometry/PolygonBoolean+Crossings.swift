// SPDX-License-Identifier: Apache-2.0
// Splitting the operands' segments where they cross or touch, by a sweep down the rows.

extension PolygonBoolean {
  /// The segments split at every point where two of them cross or touch,
  /// so that no two pieces cross except at their ends (to within the grid).
  /// Pieces keep their direction and operand; zero-length pieces are dropped.
  ///
  /// Segments are visited by their top; each is compared with the earlier
  /// ones still reaching its top row, so the work is the number of pairs
  /// whose vertical extents overlap (counted against
  /// ``Limits/maximumPathBooleanComparisons``).
  mutating func splitAtCrossings() throws(PathBooleanError) -> [Segment] {
    let order = segments.indices.sorted {
      let l = Swift.min(segments[$0].a.y, segments[$0].b.y), r = Swift.min(segments[$1].a.y, segments[$1].b.y)
      return l != r ? l < r : $0 < $1
    }
    var cuts = [[Point]](repeating: [], count: segments.count)
    var crossings = 0
    var active: [Int] = []
    for i in order {
      let s = segments[i]
      let top = Swift.min(s.a.y, s.b.y)
      let left = Swift.min(s.a.x, s.b.x), right = Swift.max(s.a.x, s.b.x)
      var kept = 0
      for n in active.indices {
        let j = active[n]
        let t = segments[j]
        guard Swift.max(t.a.y, t.b.y) >= top else { continue }
        active[kept] = j
        kept += 1
        try compare()
        guard Swift.max(t.a.x, t.b.x) >= left, Swift.min(t.a.x, t.b.x) <= right else { continue }
        for (point, onFirst, onSecond) in Self.touchingPoints(s, t) {
          if onFirst { cuts[i].append(point) }
          if onSecond { cuts[j].append(point) }
          crossings += 1
          if crossings > Limits.maximumPathBooleanCrossings { throw .tooManyCrossings }
        }
      }
      active.removeLast(active.count - kept)
      active.append(i)
    }
    var pieces: [Segment] = []
    pieces.reserveCapacity(segments.count + crossings * 2)
    for (i, s) in segments.enumerated() {
      guard !cuts[i].isEmpty else {
        pieces.append(s)
        continue
      }
      let d = s.b - s.a, length = d.x * d.x + d.y * d.y
      // Snapping may put a cut a hair outside the segment: only those strictly between its ends split it.
      let along = cuts[i].map { p in (p, (p.x - s.a.x) * d.x + (p.y - s.a.y) * d.y) }
        .filter { $0.1 > 0 && $0.1 < length }.sorted { $0.1 < $1.1 }
      var last = s.a
      for (p, _) in along where p != last && p != s.b {
        pieces.append(Segment(a: last, b: p, operand: s.operand))
        last = p
      }
      pieces.append(Segment(a: last, b: s.b, operand: s.operand))
    }
    return pieces
  }

  /// Where segments `s` and `t` cross or touch, snapped to the grid, each
  /// with whether it is inside `s` and inside `t` (not one of its ends). A
  /// crossing gives one point; collinear overlapping segments give the ends
  /// of each that lie inside the other.
  static func touchingPoints(_ s: Segment, _ t: Segment) -> [(Point, Bool, Bool)] {
    let r = s.b - s.a, q = t.b - t.a, w = t.a - s.a
    let denominator = cross(r, q)
    let lengths = (r.x * r.x + r.y * r.y).squareRoot() * (q.x * q.x + q.y * q.y).squareRoot()
    func interior(_ p: Point, _ u: Segment) -> Bool { p != u.a && p != u.b }
    if Swift.abs(denominator) > 1e-10 * lengths {
      let slack = 1e-9
      let along = cross(w, q) / denominator, alongOther = cross(w, r) / denominator
      guard along >= -slack, along <= 1 + slack, alongOther >= -slack, alongOther <= 1 + slack else { return [] }
      let p = snapped(s.a + r * Swift.min(Swift.max(along, 0), 1))
      let inS = interior(p, s), inT = interior(p, t)
      return inS || inT ? [(p, inS, inT)] : []
    }
    // Parallel: only collinear segments (within half the grid) touch.
    let rr = r.x * r.x + r.y * r.y, qq = q.x * q.x + q.y * q.y
    guard rr > 0, qq > 0, Swift.abs(cross(w, r)) <= 0.5 / grid * rr.squareRoot() else { return [] }
    var found: [(Point, Bool, Bool)] = []
    for p in [t.a, t.b] {
      let f = ((p.x - s.a.x) * r.x + (p.y - s.a.y) * r.y) / rr
      if f > 0, f < 1, interior(p, s) { found.append((p, true, false)) }
    }
    for p in [s.a, s.b] {
      let f = ((p.x - t.a.x) * q.x + (p.y - t.a.y) * q.y) / qq
      if f > 0, f < 1, interior(p, t) { found.append((p, false, true)) }
    }
    return found
  }

  /// The z component of the cross product of `u` and `v`.
  @inline(__always) static func cross(_ u: Point, _ v: Point) -> Double { u.x * v.y - u.y * v.x }
}
