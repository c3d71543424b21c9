// SPDX-License-Identifier: Apache-2.0
// Near-optimal flattening of Bézier curves through the parabola they lie on.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Flattens curves with close to the fewest segments a tolerance allows.
///
/// A chord of length L on a curve of curvature κ strays κL²/8 from it, so the
/// fewest segments for a tolerance τ number ∫√(κ / 8τ) ds. Every quadratic is
/// a piece of a parabola similar to y = x², where that integral has a closed
/// approximation (R. Levien, "Flattening quadratic Béziers", 2019):
///
///     F(x) ≈ x / (1 − 0.67 + (0.67⁴ + x²/4)^¼)     ∫(1 + 4x²)^(−¼) dx
///     F⁻¹(a) ≈ a (1 − 0.39 + √(0.39² + a²/4))
///
/// Points evenly spaced in F are evenly spaced in error. Cubics are first
/// split into quadratics within a tenth of the budget. A parabola's vertex,
/// where it turns fastest, always becomes a point, so a curve that folds back
/// on itself keeps its tip. Against uniform steps in t (Wang's formula) this
/// saves about 30 % of the segments on curvy paths.
enum CurveFlattening {
  /// Share of the tolerance spent on the flattening proper; the rest is the
  /// cubic-to-quadratic error and a margin for the approximations of F.
  static let parabolaShare = 0.8
  /// Share spent on replacing a cubic with quadratics.
  static let quadraticShare = 0.1
  /// Curves that uniform steps flatten in at most this many segments take them.
  static let uniformStepsBelow = 8
  /// At most this many quadratics stand for one cubic.
  static let maximumPieces = 64
  /// At most this many segments for one curve, whatever its size (past that,
  /// astronomically large curves exceed the tolerance).
  static let maximumSegments = 4096

  /// Appends the points of a quadratic after `p0` (its last point is `p2`).
  static func appendQuadratic(_ p0: Point, _ p1: Point, _ p2: Point, tolerance: Double, into points: inout [Point]) {
    appendParabola(p0, p1, p2, tolerance: tolerance * (parabolaShare + quadraticShare),
                   segmentsPerArm: maximumSegments / 2, into: &points)
  }

  /// ⌈x⌉ within 1…`limit`, clamped before the conversion to `Int`, so that no
  /// size of curve (1e200 control points make ∞ here) can trap it; NaN
  /// gives `limit`.
  @inline(__always)
  static func stepCount(_ x: Double, limit: Int) -> Int {
    if x.isNaN || x >= Double(limit) { return limit }
    return x > 1 ? Int(x.rounded(.up)) : 1
  }

  /// Appends the points of a cubic after `p0` (its last point is `p3`).
  static func appendCubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, tolerance: Double,
                          into points: inout [Point]) {
    // Small curves take uniform steps in t, as many as Wang's bound asks
    // (⌈√(¾ M / τ)⌉, M the largest second difference): there is little to save
    // on them, and uniform steps cost a fraction of the parabola's arithmetic.
    let d1 = p0 - p1 * 2 + p2, d2 = p1 - p2 * 2 + p3
    let m = Swift.max(d1.x * d1.x + d1.y * d1.y, d2.x * d2.x + d2.y * d2.y).squareRoot()
    let uniform = (0.75 * m / tolerance).squareRoot()
    if uniform <= Double(uniformStepsBelow) {
      let curve = Cubic(p0, p1, p2, p3), count = stepCount(uniform, limit: uniformStepsBelow)
      for i in 1...count { points.append(i == count ? p3 : curve.point(at: Double(i) / Double(count))) }
      return
    }
    // A cubic and the quadratic through its ends with control (3(c1 + c2) − (p0 + p3)) / 4
    // differ by at most √3/36 |p3 − 3p2 + 3p1 − p0|; a piece of 1/n of the parameter has
    // 1/n³ of that third difference.
    let third = p3 - p2 * 3 + p1 * 3 - p0
    let bound = 3.0.squareRoot() / 36 * (third.x * third.x + third.y * third.y).squareRoot()
    let pieces = stepCount(cbrt(bound / (tolerance * quadraticShare)), limit: maximumPieces)
    let derivative = { (t: Double) -> Point in
      let u = 1 - t
      return (p1 - p0) * (3 * u * u) + (p2 - p1) * (6 * u * t) + (p3 - p2) * (3 * t * t)
    }
    let position = { (t: Double) -> Point in
      let u = 1 - t
      return p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
    }
    var start = p0, startDerivative = derivative(0)
    for i in 1...pieces {
      let t = Double(i) / Double(pieces), h = 1 / (3 * Double(pieces))
      let end = i == pieces ? p3 : position(t), endDerivative = derivative(t)
      let c1 = start + startDerivative * h, c2 = end - endDerivative * h
      let control = ((c1 + c2) * 3 - start - end) * 0.25
      appendParabola(start, control, end, tolerance: tolerance * parabolaShare,
                     segmentsPerArm: maximumSegments / (2 * pieces), into: &points)
      start = end
      startDerivative = endDerivative
    }
  }

  /// F, the approximate integral of (1 + 4x²)^(−¼).
  @inline(__always)
  static func integral(_ x: Double) -> Double {
    let d = 0.67
    return x / (1 - d + (d * d * d * d + 0.25 * x * x).squareRoot().squareRoot())
  }

  /// F⁻¹.
  @inline(__always)
  static func inverseIntegral(_ a: Double) -> Double {
    let b = 0.39
    return a * (1 - b + (b * b + 0.25 * a * a).squareRoot())
  }

  /// Appends the points of the quadratic `p0 p1 p2` after `p0`, each chord
  /// within `tolerance`, at most `segmentsPerArm` on each side of its vertex.
  static func appendParabola(_ p0: Point, _ p1: Point, _ p2: Point, tolerance: Double, segmentsPerArm: Int,
                             into points: inout [Point]) {
    let dd = p0 - p1 * 2 + p2
    let a = p1 - p0, b = p2 - p1
    let cross = a.x * b.y - a.y * b.x
    let dd2 = dd.x * dd.x + dd.y * dd.y
    func point(_ t: Double) -> Point {
      let u = 1 - t
      return p0 * (u * u) + p1 * (2 * u * t) + p2 * (t * t)
    }
    // The curve is S × (y = x²) for x from x0 to x2; x(t) is linear in t.
    let x0 = (a.x * dd.x + a.y * dd.y) / (2 * cross), x2 = (b.x * dd.x + b.y * dd.y) / (2 * cross)
    let scale = dd2.squareRoot() / ((x2 - x0) * (x2 - x0))
    guard Swift.abs(cross) > 1e-12 * dd2, x0.isFinite, x2.isFinite, x2 != x0, scale.isFinite else {
      // Straight, or too close to straight for the parabola: uniform steps in t,
      // as many as Wang's bound asks (the deviation of a quadratic is |dd| Δt² / 4).
      let count = stepCount((0.25 * dd2.squareRoot() / tolerance).squareRoot(), limit: 2 * segmentsPerArm)
      for i in 1...count { points.append(i == count ? p2 : point(Double(i) / Double(count))) }
      return
    }
    let density = 0.5 * (scale / tolerance).squareRoot()
    /// Points for x from `xa` to `xb`, mapped to the parameter range `ta…tb`.
    func arm(_ xa: Double, _ xb: Double, _ ta: Double, _ tb: Double, last: Point) {
      let fa = integral(xa), fb = integral(xb)
      let count = stepCount(density * Swift.abs(fb - fa), limit: segmentsPerArm)
      let va = inverseIntegral(fa), vb = inverseIntegral(fb)
      for i in 1..<count {
        let v = inverseIntegral(fa + (fb - fa) * Double(i) / Double(count))
        points.append(point(ta + (tb - ta) * (v - va) / (vb - va)))
      }
      points.append(last)
    }
    if (x0 < 0) != (x2 < 0) && x0 != 0 && x2 != 0 {
      // The vertex lies inside: it becomes a point, and each arm is flattened on its own.
      let tVertex = -x0 / (x2 - x0)
      arm(x0, 0, 0, tVertex, last: point(tVertex))
      arm(0, x2, tVertex, 1, last: p2)
    } else {
      arm(x0, x2, 0, 1, last: p2)
    }
  }

  /// A curve's control points in cubic form (quadratics are raised).
  struct Cubic {
    var p0, p1, p2, p3: Point

    init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) {
      (self.p0, self.p1, self.p2, self.p3) = (p0, p1, p2, p3)
    }

    init(quadratic p0: Point, _ p1: Point, _ p2: Point) {
      self.init(p0, p0 + (p1 - p0) * (2.0 / 3), p2 + (p1 - p2) * (2.0 / 3), p2)
    }

    func point(at t: Double) -> Point {
      let u = 1 - t
      return p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
    }

    /// The same curve run backwards.
    var reversed: Cubic { Cubic(p3, p2, p1, p0) }
  }

  /// Share of the first segment's length given to the segment inserted along
  /// the tangent.
  static let tangentShare = 0.01

  /// Inserts, after the first point of `points` (the curve's start), a point
  /// of `curve` a hundredth of the first segment's length on: the polyline then
  /// leaves along the curve's tangent, not along a chord that can be a few
  /// degrees off, which a butt or square cap or a join would show.
  /// Returns whether it inserted the point.
  @discardableResult
  static func alignStart(of points: inout [Point], with curve: Cubic) -> Bool {
    guard points.count > 1, let q = tangentPoint(from: points[0], towards: points[1], along: curve) else {
      return false
    }
    points.insert(q, at: 1)
    return true
  }

  /// The mirror of ``alignStart(of:with:)`` at the end of `points`.
  @discardableResult
  static func alignEnd(of points: inout [Point], with curve: Cubic) -> Bool {
    let n = points.count
    guard n > 1, let q = tangentPoint(from: points[n - 1], towards: points[n - 2], along: curve.reversed) else {
      return false
    }
    points.insert(q, at: n - 1)
    return true
  }

  /// The point of `curve` (which starts at `first`) a hundredth of the
  /// segment `first → next` on, or `nil` when it is not finite or falls on
  /// either end of the segment.
  private static func tangentPoint(from first: Point, towards next: Point, along curve: Cubic) -> Point? {
    let chord = next - first
    let length = (chord.x * chord.x + chord.y * chord.y).squareRoot()
    let velocity = (curve.p1 - curve.p0) * 3
    let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
    // With no speed at the start (a control point on the end), step a little in t instead.
    let t = speed > 0 ? Swift.min(tangentShare * length / speed, 0.25) : 1e-3
    let q = curve.point(at: t)
    guard q.isFinite, q != first, q != next, t > 0 else { return nil }
    return q
  }
}
