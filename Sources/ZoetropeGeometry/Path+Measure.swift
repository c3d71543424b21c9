// SPDX-License-Identifier: Apache-2.0
// Arc length of paths and their elements, and the parameter at a given length.

extension Path {
  /// One drawable piece of a path: a line or curve from `start`, with its
  /// subpath index. A close contributes a line back to the subpath's start.
  struct Segment {
    var start: Point
    var element: Element
    var end: Point
    var subpath: Int
    /// Whether this is the line a close adds.
    var isClose: Bool
  }

  /// The drawable segments of the path, in order.
  var segments: [Segment] {
    var result: [Segment] = []
    var current = Point.zero, start = Point.zero
    var subpath = -1
    for element in elements {
      switch element {
      case .moveTo(let p):
        current = p
        start = p
        subpath += 1
      case .lineTo(let p), .quadCurveTo(let p, _), .curveTo(let p, _, _):
        if subpath < 0 { subpath = 0 }
        result.append(Segment(start: current, element: element, end: p, subpath: subpath, isClose: false))
        current = p
      case .closeSubpath:
        result.append(Segment(start: current, element: .lineTo(start), end: start, subpath: Swift.max(subpath, 0),
                              isClose: true))
        current = start
      }
    }
    return result
  }

  /// The total length of the path: every subpath, closing segments included.
  /// Curves are measured by 16-point Gauss–Legendre quadrature on pieces
  /// halved until the halves agree with the whole to 1e-9 relative (1e-7 px).
  public var length: Double { Measurement(self).length }

  /// The arc length of each drawable segment of a path, measured once (as
  /// ``length`` measures them) for cutting the path again and again.
  public struct Measurement: Sendable {
    /// The arc length of each drawable segment, in order.
    let lengths: [Double]
    /// The sum of the segments' lengths (infinite or NaN for absurd coordinates).
    public let length: Double

    /// Measures every segment of `path`.
    public init(_ path: Path) { self.init(path.segments) }

    init(_ segments: [Segment]) {
      lengths = segments.map { Path.length(of: $0, from: 0, to: 1) }
      length = lengths.reduce(0, +)
    }

    /// How many segments were measured (what keeping this costs).
    public var segmentCount: Int { lengths.count }
  }

  /// The point at parameter t of a segment.
  static func point(of s: Segment, at t: Double) -> Point {
    let u = 1 - t
    switch s.element {
    case .quadCurveTo(_, let c): return s.start * (u * u) + c * (2 * u * t) + s.end * (t * t)
    case .curveTo(_, let c1, let c2):
      return s.start * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + s.end * (t * t * t)
    default: return s.start * u + s.end * t
    }
  }

  /// The derivative at parameter t of a segment.
  static func derivative(of s: Segment, at t: Double) -> Point {
    let u = 1 - t
    switch s.element {
    case .quadCurveTo(_, let c): return (c - s.start) * (2 * u) + (s.end - c) * (2 * t)
    case .curveTo(_, let c1, let c2):
      return (c1 - s.start) * (3 * u * u) + (c2 - c1) * (6 * u * t) + (s.end - c2) * (3 * t * t)
    default: return s.end - s.start
    }
  }

  /// Gauss–Legendre nodes and weights on [-1, 1], 8 symmetric pairs (16 points).
  static let gaussNodes: [(x: Double, w: Double)] = [
    (0.0950125098376374, 0.1894506104550685), (0.2816035507792589, 0.1826034150449236),
    (0.4580167776572274, 0.1691565193950025), (0.6178762444026438, 0.1495959888165767),
    (0.7554044083550030, 0.1246289712555339), (0.8656312023878318, 0.0951585116824928),
    (0.9445750230732326, 0.0622535239386479), (0.9894009349916499, 0.0271524594117541),
  ]

  /// The arc length of a segment between parameters a and b.
  static func length(of s: Segment, from a: Double, to b: Double) -> Double {
    switch s.element {
    case .moveTo, .closeSubpath, .lineTo:
      let d = s.end - s.start
      return (d.x * d.x + d.y * d.y).squareRoot() * (b - a)
    default:
      return adaptiveLength(of: s, from: a, to: b, whole: gaussLength(of: s, from: a, to: b), depth: 0)
    }
  }

  /// The sum of the rule on both halves of [a, b], kept where it agrees with
  /// the rule on the whole (`whole`) to 1e-9 relative or 1e-7 px — the halves
  /// are then far closer still — else each half is measured the same way. A
  /// smooth curve stops at the first check (48 evaluations); near a cusp,
  /// where the speed has a kink no polynomial rule follows, the halving closes
  /// in on it.
  static func adaptiveLength(of s: Segment, from a: Double, to b: Double, whole: Double, depth: Int) -> Double {
    let mid = 0.5 * (a + b)
    let left = gaussLength(of: s, from: a, to: mid), right = gaussLength(of: s, from: mid, to: b)
    let halves = left + right
    // Not finite (a NaN or overflowing control point): no halving would help.
    guard halves.isFinite, depth < 16, Swift.abs(halves - whole) > Swift.max(1e-9 * halves, 1e-7) else {
      return halves
    }
    return adaptiveLength(of: s, from: a, to: mid, whole: left, depth: depth + 1)
      + adaptiveLength(of: s, from: mid, to: b, whole: right, depth: depth + 1)
  }

  /// 16-point Gauss–Legendre quadrature of the speed over [a, b].
  static func gaussLength(of s: Segment, from a: Double, to b: Double) -> Double {
    let mid = 0.5 * (a + b), half = 0.5 * (b - a)
    var total = 0.0
    for node in gaussNodes {
      // Both nodes of the pair (no temporary array: this runs for every curve trimmed).
      let d1 = derivative(of: s, at: mid - half * node.x), d2 = derivative(of: s, at: mid + half * node.x)
      total += node.w * ((d1.x * d1.x + d1.y * d1.y).squareRoot() + (d2.x * d2.x + d2.y * d2.y).squareRoot())
    }
    return total * half
  }

  /// The parameter at which the arc length from 0 reaches `target` (bisection
  /// refined by Newton steps; exact for lines).
  static func parameter(of s: Segment, atLength target: Double, segmentLength: Double) -> Double {
    guard segmentLength > 0 else { return 0 }
    if case .lineTo = s.element { return Swift.min(Swift.max(target / segmentLength, 0), 1) }
    var lo = 0.0, hi = 1.0
    var t = target / segmentLength
    // The length up to t, carried from step to step: each step measures only
    // the stretch between the old and the new t (short once Newton closes in).
    var l = length(of: s, from: 0, to: t)
    for _ in 0..<60 {
      let error = l - target
      if Swift.abs(error) < 1e-9 * Swift.max(segmentLength, 1) { break }
      if error < 0 { lo = t } else { hi = t }
      let d = derivative(of: s, at: t)
      let speed = (d.x * d.x + d.y * d.y).squareRoot()
      var next = speed > 0 ? t - error / speed : (lo + hi) / 2
      if !(next > lo && next < hi) { next = (lo + hi) / 2 }
      l += next > t ? length(of: s, from: t, to: next) : -length(of: s, from: next, to: t)
      t = next
    }
    return t
  }
}
