// SPDX-License-Identifier: Apache-2.0
// Trimming a path to a range of its length, as CAShapeLayer's strokeStart/strokeEnd do.

extension Path {
  /// The part of the path from `start` to `end`, both fractions 0…1 of its total
  /// length over all subpaths (`strokeStart`/`strokeEnd`). Curves are cut
  /// exactly (de Casteljau at the parameter of the cut length), so the trimmed
  /// ends sit where the length says to well under 0.01 px.
  ///
  /// `start ≥ end` gives an empty path; `0…1` gives the path unchanged. A closed
  /// subpath cut anywhere becomes open; one kept whole stays closed.
  ///
  ///     subpath 0 (len 10)      subpath 1 (len 10)
  ///     ├──────────┤            ├──────────┤        trimmed(0.25, 0.75):
  ///          ████████            █████              from 5 to 15 of 20
  public func trimmed(from start: Double, to end: Double) -> Path {
    trimmed(from: start, to: end, measuring: { Measurement($0) })
  }

  /// ``trimmed(from:to:)`` with the path's lengths measured beforehand
  /// (`measurement` must be `Measurement(self)`; one of another path's
  /// segment count is ignored and the path measured again): animating
  /// `strokeEnd` cuts the same path every frame, and measuring its curves
  /// costs more than cutting them. The result is the same path, element for
  /// element.
  public func trimmed(from start: Double, to end: Double, measurement: Measurement) -> Path {
    trimmed(from: start, to: end, measuring: { segments in
      measurement.segmentCount == segments.count ? measurement : Measurement(segments)
    })
  }

  private func trimmed(from start: Double, to end: Double, measuring: ([Segment]) -> Measurement) -> Path {
    let start = start.isNaN ? 0 : Swift.min(Swift.max(start, 0), 1)
    let end = end.isNaN ? 1 : Swift.min(Swift.max(end, 0), 1)
    if start <= 0 && end >= 1 { return self }
    guard start < end else { return Path() }
    let segments = self.segments
    let measurement = measuring(segments)
    let lengths = measurement.lengths
    let total = measurement.length
    guard total > 0, total.isFinite else { return Path() }
    let from = start * total, to = end * total
    var result = Path()
    var index = 0
    var walked = 0.0
    while index < segments.count {
      // One subpath: segments[index..<next].
      let subpath = segments[index].subpath
      var next = index
      while next < segments.count && segments[next].subpath == subpath { next += 1 }
      let subpathLength = lengths[index..<next].reduce(0, +)
      let subpathStart = walked
      defer {
        walked = subpathStart + subpathLength
        index = next
      }
      if subpathStart >= from && subpathStart + subpathLength <= to {
        // Kept whole: copy it, close and all, so its start stays a join.
        for i in index..<next {
          if i == index { result.move(to: segments[i].start) }
          result.elements.append(segments[i].isClose ? .closeSubpath : segments[i].element)
        }
        continue
      }
      var position = subpathStart
      var started = false
      for i in index..<next {
        let segment = segments[i], length = lengths[i]
        let a = position, b = position + length
        position = b
        // Zero-length pieces count where they sit (dots for round and square caps).
        let overlaps = length > 0 ? (b > from && a < to) : (a >= from && a <= to)
        guard overlaps else { continue }
        let t0 = a >= from ? 0 : Path.parameter(of: segment, atLength: from - a, segmentLength: length)
        let t1 = b <= to ? 1 : Path.parameter(of: segment, atLength: to - a, segmentLength: length)
        if !started {
          result.move(to: t0 == 0 ? segment.start : Path.point(of: segment, at: t0))
          started = true
        }
        result.elements.append(Path.subsegment(segment, from: t0, to: t1))
      }
    }
    return result
  }

  /// The element covering parameters t0…t1 of a segment (de Casteljau).
  static func subsegment(_ s: Segment, from t0: Double, to t1: Double) -> Element {
    switch s.element {
    case .quadCurveTo(_, let c):
      let (_, p1, p2) = quadSplit(s.start, c, s.end, t0, t1)
      return .quadCurveTo(p2, control: p1)
    case .curveTo(_, let c1, let c2):
      let (_, q1, q2, q3) = cubicSplit(s.start, c1, c2, s.end, t0, t1)
      return .curveTo(q3, control1: q1, control2: q2)
    default:
      let a = t1 == 1 ? s.end : s.start.interpolated(to: s.end, fraction: t1)
      return .lineTo(a)
    }
  }

  /// The control points of a quadratic restricted to t0…t1.
  static func quadSplit(_ p0: Point, _ p1: Point, _ p2: Point, _ t0: Double, _ t1: Double) -> (Point, Point, Point) {
    func at(_ t: Double) -> Point { let u = 1 - t; return p0 * (u * u) + p1 * (2 * u * t) + p2 * (t * t) }
    // Blossom: q(a, b) = (1-a)(1-b)p0 + ((1-a)b + a(1-b))p1 + ab p2.
    func blossom(_ a: Double, _ b: Double) -> Point {
      p0 * ((1 - a) * (1 - b)) + p1 * ((1 - a) * b + a * (1 - b)) + p2 * (a * b)
    }
    return (at(t0), blossom(t0, t1), t1 == 1 ? p2 : at(t1))
  }

  /// The control points of a cubic restricted to t0…t1 (by blossoming).
  static func cubicSplit(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t0: Double, _ t1: Double)
    -> (Point, Point, Point, Point)
  {
    func blossom(_ a: Double, _ b: Double, _ c: Double) -> Point {
      let (ua, ub, uc) = (1 - a, 1 - b, 1 - c)
      return p0 * (ua * ub * uc) + p1 * (a * ub * uc + ua * b * uc + ua * ub * c)
        + p2 * (a * b * uc + a * ub * c + ua * b * c) + p3 * (a * b * c)
    }
    return (blossom(t0, t0, t0), blossom(t0, t0, t1), blossom(t0, t1, t1), t1 == 1 ? p3 : blossom(t1, t1, t1))
  }
}
