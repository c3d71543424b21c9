// SPDX-License-Identifier: Apache-2.0
// Flattening a path into polylines within a distance tolerance.

/// A flattened subpath: the points of a polyline and whether it closes.
package struct Polyline: Hashable, Sendable {
  /// The vertices, in order; the first is the subpath's start.
  package var points: [Point]
  /// Whether the subpath ends with a close (a segment back to its start).
  package var isClosed: Bool
  /// Whether the first segment is the short piece along a curve's tangent
  /// that flattening puts where a subpath starts with a curve (not a segment
  /// of the path itself: a stroke's cap faces along it, and the stroke's
  /// inside there follows the next segment).
  package var startsAlongTangent: Bool
  /// Whether the last segment is such a piece, where a subpath ends with a curve.
  package var endsAlongTangent: Bool

  /// Creates a polyline.
  package init(points: [Point], isClosed: Bool, startsAlongTangent: Bool = false, endsAlongTangent: Bool = false) {
    self.points = points
    self.isClosed = isClosed
    self.startsAlongTangent = startsAlongTangent
    self.endsAlongTangent = endsAlongTangent
  }
}

extension Path {
  /// The path as polylines, one per subpath, with every curve replaced by line
  /// segments that stay within `tolerance` of it *after* `transform` (curves
  /// are transformed first: affine maps keep Bézier curves Bézier).
  ///
  /// Segments are spaced by how fast the curve turns (see `CurveFlattening`),
  /// close to the fewest the tolerance allows. A subpath that starts or ends
  /// with a curve gets a short first or last segment along the curve's
  /// tangent, so caps and joins there face the way the curve does. Non-finite coordinates are
  /// dropped; a curve never gets more than 4,096 segments, whatever its size
  /// (past that, astronomically large curves exceed the tolerance).
  ///
  ///     path.flattened(tolerance: 0.05, transform: layerToDevice)
  package func flattened(tolerance: Double, transform: AffineTransform = .identity) -> [Polyline] {
    let tolerance = tolerance > 0 ? tolerance : 0.05
    var result: [Polyline] = []
    // The subpath being flattened, in one buffer kept for the whole path
    // (room for a rounded rectangle's fifty-odd points from the start, so
    // that they are not copied at every power of two); each finished
    // subpath takes an exact copy.
    var current: [Point] = []
    current.reserveCapacity(64)
    var start = Point.zero, last = Point.zero
    // The curve that drew the end of `current`, as a cubic, if one did.
    var endingCurve: CurveFlattening.Cubic?
    // Whether `current` starts with a piece along a curve's tangent.
    var leavesAlongTangent = false
    func finish(closed: Bool) {
      var arrivesAlongTangent = false
      if let curve = endingCurve, current.count > 1 {
        arrivesAlongTangent = CurveFlattening.alignEnd(of: &current, with: curve)
      }
      endingCurve = nil
      if !current.isEmpty {
        // A copy of its own (an `Array(current)` would share the buffer, and the next subpath would copy it).
        let points = current.withUnsafeBufferPointer { Array($0) }
        result.append(Polyline(points: points, isClosed: closed, startsAlongTangent: leavesAlongTangent,
                               endsAlongTangent: arrivesAlongTangent))
      }
      current.removeAll(keepingCapacity: true)
      leavesAlongTangent = false
    }
    /// Appends a curve from `last`, aligning the subpath's first segment with it if it begins one.
    func append(_ curve: CurveFlattening.Cubic, flatten: (inout [Point]) -> Void) {
      if current.isEmpty { current.append(curve.p0) }
      let begins = current.count == 1
      flatten(&current)
      if begins { leavesAlongTangent = CurveFlattening.alignStart(of: &current, with: curve) }
      endingCurve = curve
    }
    for element in elements {
      switch element {
      case .moveTo(let p):
        finish(closed: false)
        start = transform.transform(p)
        last = start
        if start.isFinite { current.append(start) }
      case .lineTo(let p):
        let q = transform.transform(p)
        guard q.isFinite else { continue }
        if current.isEmpty { current.append(last.isFinite ? last : q) }
        current.append(q)
        endingCurve = nil
        last = q
      case .quadCurveTo(let p, let c):
        let p2 = transform.transform(p), p1 = transform.transform(c), p0 = last
        guard p0.isFinite, p1.isFinite, p2.isFinite else { last = p2; continue }
        append(CurveFlattening.Cubic(quadratic: p0, p1, p2)) {
          CurveFlattening.appendQuadratic(p0, p1, p2, tolerance: tolerance, into: &$0)
        }
        last = p2
      case .curveTo(let p, let c1, let c2):
        let p3 = transform.transform(p), p1 = transform.transform(c1), p2 = transform.transform(c2), p0 = last
        guard p0.isFinite, p1.isFinite, p2.isFinite, p3.isFinite else { last = p3; continue }
        append(CurveFlattening.Cubic(p0, p1, p2, p3)) {
          CurveFlattening.appendCubic(p0, p1, p2, p3, tolerance: tolerance, into: &$0)
        }
        last = p3
      case .closeSubpath:
        let closedStart = start
        finish(closed: true)
        last = closedStart
        if closedStart.isFinite { current.removeAll(keepingCapacity: true) }
      }
    }
    finish(closed: false)
    return result
  }
}
