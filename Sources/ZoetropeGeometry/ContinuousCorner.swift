// SPDX-License-Identifier: Apache-2.0
// Apple's continuous ("smooth") corner, and how it turns into a capsule's end when it does not fit.

/// One corner of a continuous rounded rectangle, as cubic Bézier pieces in
/// the corner's frame: a point `(a, b)` lies `a` back along the edge that
/// arrives at the corner and `b` along the edge that leaves it, measured
/// from the rectangle's vertex.
///
///     edge ──────────────┐ vertex        the curve leaves the arriving edge
///                 (k·r, 0)╲              k·r = 1.528665·r from the vertex and
///                          ╲             joins the leaving edge as far from
///                           │ (0, k·r)   it, easing the curvature in.
///
/// The shape is the one `UIBezierPath(roundedRect:cornerRadius:)` has drawn
/// since iOS 7 and `CALayerCornerCurve.continuous` draws since iOS 13: three
/// cubics through the points below (units of the radius), whose values have
/// been measured from UIKit's output by several public reimplementations;
/// see docs/compositing.md for the sources.
package struct ContinuousCorner {
  /// A cubic Bézier piece in the corner's frame.
  package struct Piece {
    package var start: Point, control1: Point, control2: Point, end: Point
  }

  /// How far along each edge the curve reaches: 1.528665 × radius.
  package static let extentFactor = 1.528665
  /// The three pieces for a radius of 1 (UIKit's measured control points).
  package static let unitPieces: [Piece] = {
    let (k, a1, a2, a3, b3, m1, m2) = (extentFactor, 1.088492957618529, 0.868406944063002, 0.631493792830993,
                                       0.074911387847016, 0.372823826625747, 0.169059556044370)
    return [
      Piece(start: Point(x: k, y: 0), control1: Point(x: a1, y: 0), control2: Point(x: a2, y: 0),
            end: Point(x: a3, y: b3)),
      Piece(start: Point(x: a3, y: b3), control1: Point(x: m1, y: m2), control2: Point(x: m2, y: m1),
            end: Point(x: b3, y: a3)),
      Piece(start: Point(x: b3, y: a3), control1: Point(x: 0, y: a2), control2: Point(x: 0, y: a1),
            end: Point(x: 0, y: k)),
    ]
  }()

  /// The corner's pieces.
  package let pieces: [Piece]
  /// How far along each edge the corner reaches.
  package var extent: Double { pieces[0].start.x }

  /// The continuous corner of radius `r` (already clamped to half the
  /// shorter side of `rect`).
  ///
  /// While `1.528665 × r` fits in half the shorter side `s`, it is Apple's
  /// corner scaled by `r`. Beyond, Apple's curve would run past the middle
  /// of the shorter side: the corner becomes a blend of the largest Apple
  /// corner that fits (radius `s / 1.528665`) and a quarter circle of radius
  /// `r`, weighted by how far `r` has gone from `s / 1.528665` towards `s`,
  /// so that it is exactly a capsule's end at `r = s` and changes
  /// continuously on the way. (Apple's own shape in that range has not
  /// been published; this blend is ours.)
  package init(radius r: Double, rect: Rect) {
    let k = ContinuousCorner.extentFactor
    let half = Swift.min(rect.width, rect.height) / 2
    guard r > 0, k * r > half, half > 0 else {
      pieces = ContinuousCorner.scaled(ContinuousCorner.unitPieces, by: r)
      return
    }
    let fitting = ContinuousCorner.scaled(ContinuousCorner.unitPieces, by: half / k)
    let circle = ContinuousCorner.circle(radius: r)
    let t = Swift.min(Swift.max((k * r - half) / ((k - 1) * half), 0), 1)
    func mix(_ p: Point, _ q: Point) -> Point { Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t) }
    pieces = zip(fitting, circle).map { a, b in
      Piece(start: mix(a.start, b.start), control1: mix(a.control1, b.control1), control2: mix(a.control2, b.control2),
            end: mix(a.end, b.end))
    }
  }

  /// `pieces` scaled by `factor`.
  package static func scaled(_ pieces: [Piece], by factor: Double) -> [Piece] {
    func s(_ p: Point) -> Point { Point(x: p.x * factor, y: p.y * factor) }
    return pieces.map { Piece(start: s($0.start), control1: s($0.control1), control2: s($0.control2), end: s($0.end)) }
  }

  /// A quarter circle of radius `r` in the corner's frame, as three pieces:
  /// the one cubic `Path.roundedRect` draws (control points κ·r from the
  /// ends), split at t = 0.2 and 0.8 so that it has the structure of the
  /// continuous corner (and can be blended with it point by point).
  package static func circle(radius r: Double) -> [Piece] {
    let kappa = 0.5522847498307936
    let whole = Piece(start: Point(x: r, y: 0), control1: Point(x: r - kappa * r, y: 0),
                      control2: Point(x: 0, y: r - kappa * r), end: Point(x: 0, y: r))
    let (first, rest) = split(whole, at: 0.2)
    let (middle, last) = split(rest, at: 0.75)  // 0.8 of the whole
    return [first, middle, last]
  }

  /// De Casteljau's split of a cubic at parameter `t`.
  package static func split(_ c: Piece, at t: Double) -> (Piece, Piece) {
    func lerp(_ p: Point, _ q: Point) -> Point { Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t) }
    let ab = lerp(c.start, c.control1), bc = lerp(c.control1, c.control2), cd = lerp(c.control2, c.end)
    let abc = lerp(ab, bc), bcd = lerp(bc, cd)
    let middle = lerp(abc, bcd)
    return (Piece(start: c.start, control1: ab, control2: abc, end: middle),
            Piece(start: middle, control1: bcd, control2: cd, end: c.end))
  }
}
