// SPDX-License-Identifier: Apache-2.0
// The Round Corners modifier: sharp vertices replaced by quarter-circle-like curves.

import ZoetropeGeometry

/// Round Corners (`rd`), as lottie-web applies it: every vertex without
/// tangents (an open contour's ends excepted) becomes two vertices, each
/// `radius` along its edge (at most half the edge), joined by a curve whose
/// handles reach 0.5519 of the way back to the corner.
///
///     ──────●            ─────●╮
///           │     →            ╰●
///           │                   │
enum LottieRoundCorners {
  static func apply(to contour: LottieBezier, radius: Double) -> LottieBezier {
    guard radius > 0, radius.isFinite, contour.vertices.count > 1 else { return contour }
    let n = contour.vertices.count
    var result = LottieBezier(vertices: [], inTangents: [], outTangents: [], isClosed: contour.isClosed)
    func add(_ v: Point, o: Point, i: Point) {
      result.vertices.append(v)
      result.outTangents.append(o - v)
      result.inTangents.append(i - v)
    }
    let k = LottieGeometry.circleHandle
    for index in 0..<n {
      let v = contour.vertices[index]
      guard contour.inTangents[index] == .zero && contour.outTangents[index] == .zero else {
        add(v, o: v + contour.outTangents[index], i: v + contour.inTangents[index])
        continue
      }
      if (index == 0 || index == n - 1) && !contour.isClosed {
        add(v, o: v, i: v)
        continue
      }
      func along(_ other: Point) -> Point {
        let d = v.distance(to: other)
        let f = d > 0 ? Swift.min(d / 2, radius) / d : 0
        return v + (other - v) * f
      }
      let before = along(contour.vertices[index == 0 ? n - 1 : index - 1])
      add(before, o: before - (before - v) * k, i: before)
      let after = along(contour.vertices[index == n - 1 ? 0 : index + 1])
      add(after, o: after, i: after - (after - v) * k)
    }
    return result
  }
}
