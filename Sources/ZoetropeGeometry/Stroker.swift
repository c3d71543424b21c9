// SPDX-License-Identifier: Apache-2.0
// Stroking flattened polylines into positively wound polygons (union by non-zero filling).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns polylines into the outline of their stroke: for an open polyline one
/// closed polygon — the left offset forwards, the end cap, the right offset
/// backwards, the start cap; for a closed one two loops of opposite
/// orientation. Filled with the non-zero rule they cover exactly the stroke, so
/// edge pixels are not counted twice.
///
///              outer join (miter / round / bevel)
///     ────────┐╲
///     ──────┐ │ ╲      inner side: through the pivot, as Skia's stroker does:
///           │ │  │     the small loop it makes winds the same way as the body
///
/// Corners that turn so little that a bevel stays within `tolerance` of the
/// round arc (nearly every vertex of a flattened curve) take one point on
/// their outer side — the arc's middle for a round join, the miter's tip for
/// a miter join — and two for a bevel join.
package enum Stroker {
  /// The stroke outline of `polylines` as closed polygons.
  ///
  /// Round caps and joins are polygons within `tolerance` of their arcs.
  package static func stroke(_ polylines: [Polyline], style: StrokeStyle, tolerance: Double = 0.05) -> [Polyline] {
    stroke(polylines, style: style, tolerance: tolerance, maximumPoints: .max) ?? []
  }

  /// The stroke outline, or `nil` as soon as it would hold more than
  /// `maximumPoints` points (counted as the sides grow, so that no more than
  /// about that many are ever made: round joins of a wide line can multiply
  /// the points of a long polyline hundreds of times).
  package static func stroke(_ polylines: [Polyline], style: StrokeStyle, tolerance: Double,
                             maximumPoints: Int) -> [Polyline]? {
    let half = style.lineWidth / 2
    guard half > 0, half.isFinite else { return [] }
    var output: [Polyline] = []
    var remaining = maximumPoints
    func spend(_ line: Polyline) -> Bool {
      remaining -= line.points.count
      output.append(line)
      return remaining >= 0
    }
    let pieces = style.dashPattern.isEmpty ? polylines : dash(polylines, pattern: style.dashPattern, phase: style.dashPhase)
    for line in pieces {
      // The points without repeats (a line with none, nearly every one, is
      // taken as it is, not copied).
      var points = line.points
      if points.indices.dropFirst().contains(where: { points[$0] == points[$0 - 1] }) {
        points = []
        points.reserveCapacity(line.points.count)
        for p in line.points where points.last != p { points.append(p) }
      }
      if line.isClosed && points.count > 1 && points.first == points.last { points.removeLast() }
      if points.count == 1 || (points.isEmpty && !line.points.isEmpty) {
        // A zero-length subpath: a dot for round and square caps.
        let p = points.first ?? line.points[0]
        switch style.lineCap {
        case .round: guard spend(circle(p, half, tolerance: tolerance)) else { return nil }
        case .square: guard spend(polygon([p + Point(x: -half, y: -half), p + Point(x: half, y: -half),
                                           p + Point(x: half, y: half), p + Point(x: -half, y: half)])) else { return nil }
        case .butt: break
        }
        continue
      }
      if points.count == 2 && style.lineCap != .round {
        // A straight piece (a dash of a straight edge, most of them): its
        // outline built directly, the points `sides` and the caps give it.
        guard spend(straightPiece(points[0], points[1], half: half, cap: style.lineCap)) else { return nil }
        continue
      }
      if line.isClosed && points.count > 2 {
        guard case (let left, var right)? = sides(points, closed: true, half: half, style: style,
                                                  tolerance: tolerance, alongTangent: (false, false),
                                                  maximumPoints: remaining)
        else { return nil }
        // (Reversed in place: no second array.)
        right.reverse()
        guard spend(Polyline(points: left, isClosed: true)), spend(Polyline(points: right, isClosed: true))
        else { return nil }
      } else {
        guard case (var left, let right)? = sides(points, closed: false, half: half, style: style,
                                                  tolerance: tolerance,
                                                  alongTangent: (line.startsAlongTangent, line.endsAlongTangent),
                                                  maximumPoints: remaining)
        else { return nil }
        let count = points.count
        let endDirection = direction(points[count - 2], points[count - 1]) * half
        let startDirection = direction(points[0], points[1]) * half
        // The left side's array becomes the outline, grown in place by the
        // caps and the right side backwards (`sides` made room for them: a
        // round cap is a few dozen points unless the line is very wide).
        let leftStart = left[0]
        left.reserveCapacity(left.count + right.count + 64)
        appendCap(at: points[count - 1], from: left[left.count - 1], to: right[right.count - 1],
                  direction: endDirection, style: style, tolerance: tolerance, into: &left)
        right.withUnsafeBufferPointer { right in
          var k = right.count
          while k > 0 {
            k &-= 1
            left.append(right[k])
          }
        }
        appendCap(at: points[0], from: right[0], to: leftStart, direction: startDirection * -1, style: style,
                  tolerance: tolerance, into: &left)
        guard spend(Polyline(points: left, isClosed: true)) else { return nil }
      }
    }
    return output
  }

  /// The outline of the open straight piece `a`–`b` (distinct points) with
  /// butt or square caps: the left side out, the end cap, the right side
  /// back, the start cap — the points and arithmetic of ``sides(_:closed:half:style:tolerance:alongTangent:maximumPoints:)``
  /// and ``appendCap(at:from:to:direction:style:tolerance:into:)``, in one
  /// array of the right size.
  static func straightPiece(_ a: Point, _ b: Point, half: Double, cap: LineCap) -> Polyline {
    let d = b - a
    let length = (d.x * d.x + d.y * d.y).squareRoot()
    let unit = length > 0 ? d * (1 / length) : Point(x: 1, y: 0)
    let normal = Point(x: -unit.y, y: unit.x) * half
    let (leftA, leftB, rightA, rightB) = (a + normal, b + normal, a - normal, b - normal)
    var points: [Point] = []
    if cap == .square {
      let end = unit * half, start = unit * half * -1
      points.reserveCapacity(8)
      points.append(leftA)
      points.append(leftB)
      points.append(leftB + end)
      points.append(rightB + end)
      points.append(rightB)
      points.append(rightA)
      points.append(rightA + start)
      points.append(leftA + start)
    } else {
      points.reserveCapacity(4)
      points.append(leftA)
      points.append(leftB)
      points.append(rightB)
      points.append(rightA)
    }
    return Polyline(points: points, isClosed: true)
  }

  /// The left and right offset sides of a polyline, with joins: outer corners
  /// get the join, inner corners go through the pivot. `nil` once the two
  /// hold more than `maximumPoints` points.
  static func sides(_ points: [Point], closed: Bool, half: Double, style: StrokeStyle, tolerance: Double,
                    alongTangent: (start: Bool, end: Bool) = (false, false), maximumPoints: Int = .max)
    -> (left: [Point], right: [Point])?
  {
    let count = points.count
    let segmentCount = closed ? count : count - 1
    // Each segment's unit direction, length and offset, once: a vertex
    // needs both of its segments' (the same arithmetic as `direction` and
    // `distance`), the one after it carried to the next vertex.
    @inline(__always) func segment(_ i: Int) -> (direction: Point, length: Double, normal: Point) {
      // (No `%`: an integer division per segment and vertex costs more than the rest of its bookkeeping.)
      let d = points[i + 1 == count ? 0 : i + 1] - points[i]
      let length = (d.x * d.x + d.y * d.y).squareRoot()
      let unit = length > 0 ? d * (1 / length) : Point(x: 1, y: 0)
      return (unit, length, Point(x: -unit.y, y: unit.x) * half)
    }
    var left: [Point] = [], right: [Point] = []
    // The left side of an open polyline becomes its outline: room for the
    // right side and the caps too.
    left.reserveCapacity(closed ? 2 * count + 8 : 4 * count + 80)
    right.reserveCapacity(2 * count + 8)
    let firstSegment = segment(0)
    if !closed {
      left.append(points[0] + firstSegment.normal)
      right.append(points[0] - firstSegment.normal)
    }
    let vertices = closed ? 0..<count : 1..<(count - 1)
    // The segment before the vertex: the last one, closed, for the first.
    let lastSegment = closed ? segment(segmentCount - 1) : firstSegment
    var before = lastSegment, after = firstSegment
    for i in vertices {
      // `i` is below `segmentCount` (closed: every vertex; open: the inner ones).
      after = i == 0 ? firstSegment : closed && i == segmentCount - 1 ? lastSegment : segment(i)
      let pivot = points[i]
      let d0 = before.direction, d1 = after.direction
      let cross = d0.x * d1.y - d0.y * d1.x
      let shorter = Swift.min(before.length, after.length), longer = Swift.max(before.length, after.length)
      // Next to an open end that is a curve's tangent piece (see `Polyline`),
      // the shorter segment may be that piece.
      var end = OpenEnd.none
      if !closed && alongTangent.start && i == 1 && before.length <= after.length {
        end = .start(points[0])
      } else if !closed && alongTangent.end && i == count - 2 && after.length <= before.length {
        end = .finish(points[count - 1])
      }
      let a = before.normal, b = after.normal
      if cross > 0 {
        // Turning towards the left normal: left is inside.
        inner(pivot, a, b, d0: d0, d1: d1, half: half, room: shorter, end: end, longer: longer, into: &left)
        join(pivot, a * -1, b * -1, d0: d0, d1: d1, half: half, style: style, tolerance: tolerance, into: &right)
      } else {
        join(pivot, a, b, d0: d0, d1: d1, half: half, style: style, tolerance: tolerance, into: &left)
        inner(pivot, a * -1, b * -1, d0: d0, d1: d1, half: half, room: shorter, end: end, longer: longer,
              into: &right)
      }
      if left.count + right.count > maximumPoints { return nil }
      before = after
    }
    if !closed {
      // The last segment: the first when there is one, else the last vertex's after.
      let last = count == 2 ? firstSegment.normal : after.normal
      left.append(points[count - 1] + last)
      right.append(points[count - 1] - last)
    }
    return (left, right)
  }

  /// The inner side of a corner at `pivot` (offsets `a` before, `b` after):
  /// the point where the two offset edges cross, when it lies within both
  /// segments — the exact outline — else a detour through the pivot, whose
  /// small loop winds like the body (Skia's inner join). The crossing point
  /// matters for thin strokes along flattened curves: a pivot loop at every
  /// vertex adds coverage along the edges (+4 levels on average in the
  /// strokes bench before this).
  ///
  /// When the shorter segment is the short piece along the tangent that a
  /// flattened curve starts or ends with (`end`), the loop would poke out
  /// past the cap; the side then turns where the longer segment's offset line
  /// meets the cap's line instead — what the curve's own outline does there.
  /// (A real short segment of the path keeps the loop: Core Animation's
  /// stroke covers the longer segment's whole rectangle past it.)
  static func inner(_ pivot: Point, _ a: Point, _ b: Point, d0: Point, d1: Point, half: Double, room: Double,
                    end: OpenEnd = .none, longer: Double = 0, into points: inout [Point]) {
    let dot = d0.x * d1.x + d0.y * d1.y
    let cosHalf = ((1 + dot) / 2).squareRoot()
    if cosHalf > 1e-6 {
      // Distance from the offset end to the crossing: half · tan(θ/2).
      let sinHalf = ((1 - dot) / 2).squareRoot()
      let reach = half * sinHalf / cosHalf
      if reach <= room {
        // Half / cosHalf along the bisector: `a + b`, 2 · half · cosHalf long, over 2 cos² = 1 + dot.
        points.append(pivot + (a + b) * (1 / (1 + dot)))
        return
      }
      // Where the longer segment's offset line (through `pivot + b` along `d1`,
      // or `pivot + a` along `d0`) crosses the cap's line (through the end,
      // across the end segment's direction), if it does so within that segment.
      switch end {
      case .start(let p0) where dot > 0.5:
        let t = ((p0 - pivot - b).x * d0.x + (p0 - pivot - b).y * d0.y) / dot
        if t >= 0 && t <= longer {
          points.append(pivot + b + d1 * t)
          return
        }
      case .finish(let p1) where dot > 0.5:
        let t = ((p1 - pivot - a).x * d1.x + (p1 - pivot - a).y * d1.y) / dot
        if t <= 0 && t >= -longer {
          points.append(pivot + a + d0 * t)
          return
        }
      default: break
      }
    }
    points.append(pivot + a)
    points.append(pivot)
    points.append(pivot + b)
  }

  /// Whether a vertex's shorter segment ends a polyline: its first (from
  /// the point given) or its last (to the point given).
  enum OpenEnd {
    case none, start(Point), finish(Point)
  }

  /// The outer side of a corner at `pivot`, from offset `a` to offset `b`.
  ///
  /// A corner that turns so little that its bevel stays within `tolerance`
  /// of the round arc — a vertex of a flattened curve, nearly always — takes
  /// one point where its join takes one: a round join the arc's middle, at
  /// `half` along the bisector (on the offset of the curve the vertex lies
  /// on; its two chords stray less than the bevel), a miter join the miter's
  /// tip (exact; past the miter limit, the bevel). A bevel join keeps its two
  /// points. One point instead of two is one edge less a vertex: a thin
  /// curved stroke's outline has about a quarter fewer edges.
  @inline(__always)
  static func join(_ pivot: Point, _ a: Point, _ b: Point, d0: Point, d1: Point, half: Double, style: StrokeStyle,
                   tolerance: Double, into points: inout [Point]) {
    let dot = d0.x * d1.x + d0.y * d1.y
    let cosHalfTurn = ((1 + dot) / 2).squareRoot()
    func bevel() {
      points.append(pivot + a)
      points.append(pivot + b)
    }
    if half * (1 - cosHalfTurn) <= tolerance {
      // `a + b` runs along the bisector, 2 · half · cosHalfTurn long: the
      // arc's middle is it over 2 cosHalfTurn, the tip over 2 cos², 1 + dot.
      // (Only a line thinner than the tolerance gets here turning back, where
      // both would lie far off: it bevels.)
      guard cosHalfTurn > 0.5 else { return bevel() }
      switch style.lineJoin {
      case .round:
        points.append(pivot + (a + b) * (0.5 / cosHalfTurn))
      case .miter where 1 / cosHalfTurn <= style.miterLimit:
        points.append(pivot + (a + b) * (1 / (1 + dot)))
      case .miter, .bevel:
        bevel()
      }
      return
    }
    switch style.lineJoin {
    case .bevel:
      bevel()
    case .miter:
      // Miter length over half width is 1/sin(φ/2), φ the angle between the segments.
      let sinHalf = ((1 + dot) / 2).squareRoot()
      guard sinHalf > 0, 1 / sinHalf <= style.miterLimit else { return bevel() }
      let bisector = direction(Point.zero, a + b)
      points.append(pivot + a)
      points.append(pivot + bisector * (half / sinHalf))
      points.append(pivot + b)
    case .round:
      appendArc(around: pivot, from: a, to: b, tolerance: tolerance, into: &points)
    }
  }

  /// The points of an arc around `center` from offset `a` to offset `b` (same
  /// length), the short way, within `tolerance`.
  static func arc(around center: Point, from a: Point, to b: Point, tolerance: Double) -> [Point] {
    var points: [Point] = []
    appendArc(around: center, from: a, to: b, tolerance: tolerance, into: &points)
    return points
  }

  /// Appends the points of ``arc(around:from:to:tolerance:)`` — `center + a`
  /// first (unless not `first`), `center + b` last (unless not `last`) — to
  /// `points`, stepping round by rotating the offset (one sine and cosine per
  /// arc, not per point).
  static func appendArc(around center: Point, from a: Point, to b: Point, tolerance: Double, first: Bool = true,
                        last: Bool = true, into points: inout [Point]) {
    let radius = (a.x * a.x + a.y * a.y).squareRoot()
    // The signed angle from a to b, in −π…π.
    let sweep = atan2(a.x * b.y - a.y * b.x, a.x * b.x + a.y * b.y)
    let step = 2 * acos(Swift.max(-1, 1 - Swift.max(tolerance, 1e-4) / Swift.max(radius, 1e-4)))
    let steps = Int(Swift.max(1, Swift.min(512, (Swift.abs(sweep) / step).rounded(.up))).nanToOne)
    if first { points.append(center + a) }
    if steps > 1 {
      let angle = sweep / Double(steps)
      let (sine, cosine) = (sin(angle), cos(angle))
      var offset = a
      for _ in 1..<steps {
        offset = Point(x: offset.x * cosine - offset.y * sine, y: offset.x * sine + offset.y * cosine)
        points.append(center + offset)
      }
    }
    if last { points.append(center + b) }
  }

  /// The points between the two sides at an open end (`direction` points
  /// outwards, length half the width): none for butt, two for square, a half
  /// circle for round.
  static func cap(at end: Point, from: Point, to: Point, direction: Point, style: StrokeStyle, tolerance: Double)
    -> [Point]
  {
    var points: [Point] = []
    appendCap(at: end, from: from, to: to, direction: direction, style: style, tolerance: tolerance, into: &points)
    return points
  }

  /// Appends ``cap(at:from:to:direction:style:tolerance:)`` to `points`.
  static func appendCap(at end: Point, from: Point, to: Point, direction: Point, style: StrokeStyle,
                        tolerance: Double, into points: inout [Point]) {
    switch style.lineCap {
    case .butt:
      break
    case .square:
      points.append(from + direction)
      points.append(to + direction)
    case .round:
      // Half circle from `from` through `end + direction` to `to`, without
      // its ends (the sides' points) and with the tip once.
      let a = from - end, tip = direction
      appendArc(around: end, from: a, to: tip, tolerance: tolerance, first: false, into: &points)
      appendArc(around: end, from: tip, to: to - end, tolerance: tolerance, first: false, last: false, into: &points)
    }
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

  /// A circle as a polygon whose edges stray at most `tolerance` from it, with
  /// its vertices pushed out so the polygon has exactly the circle's area (an
  /// inscribed polygon would make every round cap and join slightly light).
  static func circle(_ c: Point, _ r: Double, tolerance: Double) -> Polyline {
    let sagitta = Swift.max(tolerance, 1e-4)
    let step = 2 * acos(Swift.max(-1, 1 - sagitta / Swift.max(r, sagitta)))
    let steps = Int(Swift.max(8, Swift.min(1024, (2 * Double.pi / step).rounded(.up))).nanToOne)
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
  package static func dash(_ polylines: [Polyline], pattern: [Double], phase: Double) -> [Polyline] {
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
      // A dash budget keeps absurd lengths (1e300 with a 1-point pattern) from
      // running forever: past it the rest of the subpath is drawn solid.
      var budget = 1_000_000
      var current: [Point] = on ? [points[0]] : []
      for i in 0..<(points.count - 1) {
        var a = points[i]
        let b = points[i + 1]
        var length = a.distance(to: b)
        while length > remaining && budget > 0 {
          budget -= 1
          let cut = a.interpolated(to: b, fraction: remaining / length)
          if on {
            current.append(cut)
            result.append(Polyline(points: current, isClosed: false))
            current = []
          } else {
            // (Room for the dash's end too: most dashes are two points.)
            current = []
            current.reserveCapacity(4)
            current.append(cut)
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
        if budget == 0 && !on {
          on = true
          current = [a]
        }
        if on { current.append(b) }
      }
      if on && current.count > 1 { result.append(Polyline(points: current, isClosed: false)) }
    }
    return result
  }
}

extension Double {
  /// The value, or 1 when it is NaN (so a count derived from it is always convertible).
  var nanToOne: Double { isNaN ? 1 : self }
}
