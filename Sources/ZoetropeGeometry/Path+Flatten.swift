// SPDX-License-Identifier: Apache-2.0
// Flattening a path into polylines within a distance tolerance.

/// A flattened subpath: the points of a polyline and whether it closes.
public struct Polyline: Hashable, Sendable {
  /// The vertices, in order; the first is the subpath's start.
  public var points: [Point]
  /// Whether the subpath ends with a close (a segment back to its start).
  public var isClosed: Bool

  /// Creates a polyline.
  public init(points: [Point], isClosed: Bool) {
    self.points = points
    self.isClosed = isClosed
  }
}

extension Path {
  /// The path as polylines, one per subpath, with every curve replaced by line
  /// segments that stay within `tolerance` of it *after* `transform` (curves
  /// are transformed first: affine maps keep Bézier curves Bézier).
  ///
  /// The segment count of each curve comes from Wang's formula, so the bound
  /// holds without recursion: `n = ⌈√(d(d−1)/8 · M / tolerance)⌉`, where d is
  /// the degree and M the largest second difference of the control points.
  /// Non-finite coordinates are dropped; a curve never gets more than 4,096
  /// segments, whatever its size.
  ///
  ///     path.flattened(tolerance: 0.05, transform: layerToDevice)
  public func flattened(tolerance: Double, transform: AffineTransform = .identity) -> [Polyline] {
    let tolerance = tolerance > 0 ? tolerance : 0.05
    var result: [Polyline] = []
    var current: [Point] = []
    var start = Point.zero, last = Point.zero
    func finish(closed: Bool) {
      if !current.isEmpty { result.append(Polyline(points: current, isClosed: closed)) }
      current = []
    }
    for element in elements {
      switch element {
      case .moveTo(let p):
        finish(closed: false)
        start = transform.transform(p)
        last = start
        if start.isFinite { current = [start] }
      case .lineTo(let p):
        let q = transform.transform(p)
        guard q.isFinite else { continue }
        if current.isEmpty { current = [last.isFinite ? last : q] }
        current.append(q)
        last = q
      case .quadCurveTo(let p, let c):
        let p2 = transform.transform(p), p1 = transform.transform(c), p0 = last
        guard p0.isFinite, p1.isFinite, p2.isFinite else { last = p2; continue }
        if current.isEmpty { current = [p0] }
        let dd = p0 - p1 * 2 + p2
        let n = Path.segmentCount(secondDifference: (dd.x * dd.x + dd.y * dd.y).squareRoot(), degreeFactor: 0.25,
                                  tolerance: tolerance)
        for i in 1...n {
          let t = Double(i) / Double(n), u = 1 - t
          current.append(i == n ? p2 : p0 * (u * u) + p1 * (2 * u * t) + p2 * (t * t))
        }
        last = p2
      case .curveTo(let p, let c1, let c2):
        let p3 = transform.transform(p), p1 = transform.transform(c1), p2 = transform.transform(c2), p0 = last
        guard p0.isFinite, p1.isFinite, p2.isFinite, p3.isFinite else { last = p3; continue }
        if current.isEmpty { current = [p0] }
        let d1 = p0 - p1 * 2 + p2, d2 = p1 - p2 * 2 + p3
        let m = Swift.max((d1.x * d1.x + d1.y * d1.y).squareRoot(), (d2.x * d2.x + d2.y * d2.y).squareRoot())
        let n = Path.segmentCount(secondDifference: m, degreeFactor: 0.75, tolerance: tolerance)
        for i in 1...n {
          let t = Double(i) / Double(n), u = 1 - t
          let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
          current.append(i == n ? p3 : p0 * a + p1 * b + p2 * c + p3 * d)
        }
        last = p3
      case .closeSubpath:
        let closedStart = start
        finish(closed: true)
        last = closedStart
        if closedStart.isFinite { current = [] }
      }
    }
    finish(closed: false)
    return result
  }

  /// Wang's segment count, clamped to 1…4096.
  static func segmentCount(secondDifference m: Double, degreeFactor: Double, tolerance: Double) -> Int {
    let n = (degreeFactor * m / tolerance).squareRoot().rounded(.up)
    guard n.isFinite else { return 4096 }
    return Swift.min(Swift.max(Int(n), 1), 4096)
  }
}
