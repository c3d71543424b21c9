// SPDX-License-Identifier: Apache-2.0
// Stroking flattened polylines into positively wound polygons (union by non-zero filling).

import ZoetropeGeometry

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How to stroke: width, caps, joins, miter limit, dashes.
public struct StrokeStyle: Sendable {
  /// Line width in the polyline's units.
  public var lineWidth: Double
  /// Ends of open subpaths and dashes.
  public var lineCap: LineCap
  /// Corners between segments.
  public var lineJoin: LineJoin
  /// Longest miter, in half line widths, before a miter join becomes a bevel.
  public var miterLimit: Double
  /// Dash lengths (on, off, …); empty for solid.
  public var dashPattern: [Double]
  /// Offset into the dash pattern.
  public var dashPhase: Double

  /// Creates a style.
  public init(lineWidth: Double, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
              dashPattern: [Double] = [], dashPhase: Double = 0) {
    self.lineWidth = lineWidth
    self.lineCap = lineCap
    self.lineJoin = lineJoin
    self.miterLimit = miterLimit
    self.dashPattern = dashPattern
    self.dashPhase = dashPhase
  }
}

/// Turns polylines into the polygons that cover their stroke: one quad per
/// segment, a polygon per join and cap, each wound positively so that filling
/// them together with the non-zero rule paints their union.
///
///     ─────┬─────            segment quads overlap at the joint; the join
///          │▓ join           piece fills the outer wedge (miter, bevel or
///          │                 round), caps extend the open ends.
public enum Stroker {
  /// The stroke outline of `polylines` as closed polygons.
  ///
  /// Round caps and joins are polygons within `tolerance` of their arcs.
  public static func stroke(_ polylines: [Polyline], style: StrokeStyle, tolerance: Double = 0.05) -> [Polyline] {
    let half = style.lineWidth / 2
    guard half > 0, half.isFinite else { return [] }
    var output: [Polyline] = []
    let pieces = style.dashPattern.isEmpty ? polylines : dash(polylines, pattern: style.dashPattern, phase: style.dashPhase)
    for line in pieces {
      var points: [Point] = []
      for p in line.points where points.last != p { points.append(p) }
      if line.isClosed && points.count > 1 && points.first == points.last { points.removeLast() }
      if points.count == 1 || (points.isEmpty && !line.points.isEmpty) {
        // A zero-length subpath: a dot for round and square caps.
        let p = points.first ?? line.points[0]
        switch style.lineCap {
        case .round: output.append(circle(p, half, tolerance: tolerance))
        case .square: output.append(polygon([p + Point(x: -half, y: -half), p + Point(x: half, y: -half),
                                             p + Point(x: half, y: half), p + Point(x: -half, y: half)]))
        case .butt: break
        }
        continue
      }
      let closed = line.isClosed && points.count > 2
      let count = points.count
      let segmentCount = closed ? count : count - 1
      for i in 0..<segmentCount {
        let a = points[i], b = points[(i + 1) % count]
        var start = a, end = b
        let n = normal(a, b) * half
        if !closed && style.lineCap == .square {
          let d = direction(a, b) * half
          if i == 0 { start = a - d }
          if i == segmentCount - 1 { end = b + d }
        }
        output.append(polygon([start + n, end + n, end - n, start - n]))
      }
      // Joins at interior vertices (every vertex of a closed polyline).
      let joinRange = closed ? 0..<count : 1..<(count - 1)
      for i in joinRange {
        let previous = points[(i - 1 + count) % count], vertex = points[i], next = points[(i + 1) % count]
        if let join = join(previous, vertex, next, half: half, style: style, tolerance: tolerance) { output.append(join) }
      }
      if !closed && style.lineCap == .round {
        output.append(circle(points[0], half, tolerance: tolerance))
        output.append(circle(points[count - 1], half, tolerance: tolerance))
      }
    }
    return output
  }

  static func direction(_ a: Point, _ b: Point) -> Point {
    let d = b - a
    let length = (d.x * d.x + d.y * d.y).squareRoot()
    return length > 0 ? d * (1 / length) : Point(x: 1, y: 0)
  }

  static func normal(_ a: Point, _ b: Point) -> Point {
    let d = direction(a, b)
    return Point(x: -d.y, y: d.x)
  }

  /// The wedge outside the corner at `vertex`, or `nil` for a straight continuation.
  static func join(_ previous: Point, _ vertex: Point, _ next: Point, half: Double, style: StrokeStyle,
                   tolerance: Double) -> Polyline? {
    let d0 = direction(previous, vertex), d1 = direction(vertex, next)
    let cross = d0.x * d1.y - d0.y * d1.x
    let dot = d0.x * d1.x + d0.y * d1.y
    if Swift.abs(cross) < 1e-12 && dot > 0 { return nil }
    // The outer side is opposite the turn.
    let side: Double = cross > 0 ? -1 : 1
    let n0 = Point(x: -d0.y, y: d0.x) * (half * side), n1 = Point(x: -d1.y, y: d1.x) * (half * side)
    // Where the corner turns so little that a bevel lies within the tolerance
    // of the round arc (r(1 − cos(θ/2)) ≤ tolerance), a bevel is drawn: the
    // vertices of flattened curves are nearly all such corners.
    let cosHalfTurn = ((1 + dot) / 2).squareRoot()
    let nearlyStraight = half * (1 - cosHalfTurn) <= tolerance
    switch style.lineJoin {
    case .round where nearlyStraight:
      return polygon([vertex, vertex + n0, vertex + n1])
    case .round:
      return circle(vertex, half, tolerance: tolerance)
    case .bevel:
      return polygon([vertex, vertex + n0, vertex + n1])
    case .miter:
      // Miter length over half width is 1/sin(θ/2), θ the angle between the segments.
      let cosTheta = -dot
      let sinHalf = ((1 - cosTheta) / 2).squareRoot()
      guard sinHalf > 0, 1 / sinHalf <= style.miterLimit else { return polygon([vertex, vertex + n0, vertex + n1]) }
      let bisector = direction(Point.zero, n0 + n1)
      let tip = vertex + bisector * (half / sinHalf)
      return polygon([vertex, vertex + n0, tip, vertex + n1])
    }
  }

  /// A circle as a polygon whose edges stray at most `tolerance` from it, with
  /// its vertices pushed out so the polygon has exactly the circle's area (an
  /// inscribed polygon would make every round cap and join slightly light).
  static func circle(_ c: Point, _ r: Double, tolerance: Double) -> Polyline {
    let sagitta = Swift.max(tolerance, 1e-4)
    let step = 2 * acos(Swift.max(-1, 1 - sagitta / Swift.max(r, sagitta)))
    let steps = Swift.max(8, Swift.min(1024, Int((2 * Double.pi / step).rounded(.up))))
    let theta = 2 * Double.pi / Double(steps)
    let radius = r * (theta / sin(theta)).squareRoot()
    var points: [Point] = []
    points.reserveCapacity(steps)
    // Step round by rotating a unit vector (two multiplies per vertex, not a
    // sine and cosine each; the same operations everywhere, so deterministic).
    let (stepSin, stepCos) = (sin(theta), cos(theta))
    var (x, y) = (1.0, 0.0)
    for _ in 0..<steps {
      points.append(Point(x: c.x + radius * x, y: c.y + radius * y))
      (x, y) = (x * stepCos - y * stepSin, y * stepCos + x * stepSin)
    }
    // Increasing angles already give a positive signed area (see `polygon`).
    return Polyline(points: points, isClosed: true)
  }

  /// A closed polygon wound positively (non-negative signed area in y-down space).
  static func polygon(_ points: [Point]) -> Polyline {
    var area = 0.0
    for i in points.indices {
      let a = points[i], b = points[(i + 1) % points.count]
      area += a.x * b.y - b.x * a.y
    }
    return Polyline(points: area < 0 ? points.reversed() : points, isClosed: true)
  }

  /// Splits polylines into dashes: on/off lengths from `pattern`, starting
  /// `phase` into it. Each dash is an open polyline.
  public static func dash(_ polylines: [Polyline], pattern: [Double], phase: Double) -> [Polyline] {
    let period = pattern.reduce(0, +)
    guard period > 0, period.isFinite else { return polylines }
    var result: [Polyline] = []
    for line in polylines {
      var points = line.points
      if line.isClosed, let first = points.first { points.append(first) }
      guard points.count > 1 else { continue }
      // Where in the pattern the subpath starts.
      var offset = phase.truncatingRemainder(dividingBy: period)
      if offset < 0 { offset += period }
      var index = 0
      while offset >= pattern[index] {
        offset -= pattern[index]
        index = (index + 1) % pattern.count
      }
      var remaining = pattern[index] - offset
      var on = index % 2 == 0
      var current: [Point] = on ? [points[0]] : []
      for i in 0..<(points.count - 1) {
        var a = points[i]
        let b = points[i + 1]
        var length = a.distance(to: b)
        while length > remaining {
          let cut = a.interpolated(to: b, fraction: remaining / length)
          if on {
            current.append(cut)
            result.append(Polyline(points: current, isClosed: false))
            current = []
          } else {
            current = [cut]
          }
          length -= remaining
          a = cut
          on.toggle()
          index = (index + 1) % pattern.count
          remaining = pattern[index]
          if remaining == 0 && on {
            result.append(Polyline(points: [cut], isClosed: false))
          }
        }
        remaining -= length
        if on { current.append(b) }
      }
      if on && current.count > 1 { result.append(Polyline(points: current, isClosed: false)) }
    }
    return result
  }
}
