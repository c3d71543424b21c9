// SPDX-License-Identifier: Apache-2.0
// Flattened curves stay within the tolerance everywhere, folds and cusps
// included, with far fewer segments than uniform steps.

import Foundation
import Testing
import ZoetropeGeometry
import _ZoetropeTestSupport

@Suite struct CurveFlatteningTests {
  /// The distance from `p` to the nearest segment of `points`.
  func distance(_ p: Point, toPolyline points: [Point]) -> Double {
    var best = Double.infinity
    for (a, b) in zip(points, points.dropFirst()) {
      let ab = b - a, ap = p - a
      let length2 = ab.x * ab.x + ab.y * ab.y
      let t = length2 > 0 ? Swift.min(Swift.max((ap.x * ab.x + ap.y * ab.y) / length2, 0), 1) : 0
      let d = ap - ab * t
      best = Swift.min(best, (d.x * d.x + d.y * d.y).squareRoot())
    }
    return best
  }

  func cubic(_ p: [Point], _ t: Double) -> Point {
    let u = 1 - t
    return p[0] * (u * u * u) + p[1] * (3 * u * u * t) + p[2] * (3 * u * t * t) + p[3] * (t * t * t)
  }

  /// Random cubics of three sizes; every third folds back (control points on
  /// the chord's line, beyond its ends) or nearly has a cusp.
  func curves(_ count: Int, seed: UInt64) -> [[Point]] {
    var random = SeededRandom(state: seed)
    return (0..<count).map { i in
      let size = [4.0, 60, 500][i % 3]
      var p = (0..<4).map { _ in Point(x: random.unit() * size, y: random.unit() * size) }
      switch i % 9 {
      case 1:  // Collinear, overshooting: the curve runs past its end and turns back.
        let d = p[3] - p[0]
        p[1] = p[0] + d * (random.unit() * 2 - 0.5)
        p[2] = p[0] + d * (random.unit() * 2 - 0.5) + Point(x: 0, y: (random.unit() - 0.5) * 1e-3)
      case 4:  // A near-cusp: the control polygon crosses itself.
        p[2] = p[1] + (p[3] - p[0]) + Point(x: (random.unit() - 0.5) * size * 0.01, y: 0)
      default: break
      }
      return p
    }
  }

  @Test(arguments: [0.05, 0.25])
  func everyPointOfTheCurveIsWithinTheToleranceOfThePolyline(_ tolerance: Double) {
    for (index, p) in curves(90, seed: 17).enumerated() {
      var path = Path()
      path.move(to: p[0])
      path.addCurve(to: p[3], control1: p[1], control2: p[2])
      let points = path.flattened(tolerance: tolerance)[0].points
      #expect(points.first == p[0] && points.last == p[3])
      var worst = 0.0
      for k in 0...600 { worst = Swift.max(worst, distance(cubic(p, Double(k) / 600), toPolyline: points)) }
      #expect(worst <= tolerance, "curve \(index): \(worst) from \(p)")
    }
  }

  @Test func quadraticsFoldingBackKeepTheirTip() {
    // p1 far beyond p2 on one line: the curve reaches x = 52.6… and returns to 10.
    var path = Path()
    path.move(to: Point(x: 0, y: 0))
    path.addQuadCurve(to: Point(x: 10, y: 0), control: Point(x: 100, y: 0))
    let points = path.flattened(tolerance: 0.05)[0].points
    let reach = points.map(\.x).max() ?? 0
    #expect(abs(reach - 10_000 / 190) <= 0.05)
    // A gentle quadratic, a 200-px arc bulging 10 px (κ = 0.002), needs about
    // L√(κ / 8τ) = 14.1 segments: allow the margin of the approximations and a
    // rounding per arm, and the two short segments along the end tangents.
    var gentle = Path()
    gentle.move(to: Point(x: 0, y: 0))
    gentle.addQuadCurve(to: Point(x: 200, y: 0), control: Point(x: 100, y: 20))
    let gentlePoints = gentle.flattened(tolerance: 0.05)[0].points
    #expect(gentlePoints.count - 1 <= 19)
    for k in 0...400 {
      let t = Double(k) / 400, u = 1 - t
      let q = Point(x: 200 * t * t + 200 * u * t, y: 40 * u * t)
      #expect(distance(q, toPolyline: gentlePoints) <= 0.05)
    }
  }

  @Test func segmentsFollowTheCurvatureNotTheParameter() {
    // Uniform steps need ⌈√(¾ M / τ)⌉ segments per cubic (Wang); spacing by
    // curvature needs about a third fewer on the same curves.
    var uniform = 0, flattened = 0
    for p in curves(90, seed: 5) {
      let d1 = p[0] - p[1] * 2 + p[2], d2 = p[1] - p[2] * 2 + p[3]
      let m = Swift.max((d1.x * d1.x + d1.y * d1.y).squareRoot(), (d2.x * d2.x + d2.y * d2.y).squareRoot())
      uniform += Int((0.75 * m / 0.05).squareRoot().rounded(.up))
      var path = Path()
      path.move(to: p[0])
      path.addCurve(to: p[3], control1: p[1], control2: p[2])
      flattened += path.flattened(tolerance: 0.05)[0].points.count - 1
    }
    #expect(Double(flattened) < 0.8 * Double(uniform), "\(flattened) segments against \(uniform)")
  }

  @Test func subpathsLeaveAndArriveAlongTheCurvesTangent() {
    // A quarter of a circle of radius 10 (tangent (0, 1) at the start, (−1, 0) at the
    // end): a chord of the tolerance would be 4° off; caps need the tangent itself.
    let k = 0.5522847498 * 10
    var path = Path()
    path.move(to: Point(x: 10, y: 0))
    path.addCurve(to: Point(x: 0, y: 10), control1: Point(x: 10, y: k), control2: Point(x: k, y: 10))
    let points = path.flattened(tolerance: 0.05)[0].points
    func degrees(_ d: Point) -> Double { atan2(d.y, d.x) * 180 / .pi }
    #expect(abs(degrees(points[1] - points[0]) - 90) < 0.1)
    #expect(abs(degrees(points[points.count - 1] - points[points.count - 2]) - 180) < 0.1)
    // Lines are left alone.
    var lines = Path()
    lines.move(to: Point(x: 0, y: 0))
    lines.addLine(to: Point(x: 5, y: 0))
    lines.addLine(to: Point(x: 5, y: 5))
    #expect(lines.flattened(tolerance: 0.05)[0].points.count == 3)
  }
}
