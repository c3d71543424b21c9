// SPDX-License-Identifier: Apache-2.0
// The projective map between a layer's plane (z = 0) and device pixels.

import ZoetropeGeometry

/// A 3×3 projective map of the plane, `(x, y, 1) ↦ (X, Y, W)` with the point
/// `(X/W, Y/W)`, in row-vector form like `Transform3D`. A layer's transform
/// restricted to its own plane (z = 0) is one; its inverse takes device pixels
/// back to layer coordinates.
package struct Homography: Sendable {
  /// Rows: the images of x, of y, and of the origin.
  var m: [Double]

  /// The layer-plane part of a 3D transform: rows m1·, m2·, m4· and columns 1, 2, 4.
  /// `nil` if any entry is not finite.
  package init?(_ t: Transform3D) {
    m = [t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44]
    guard m.allSatisfy(\.isFinite) else { return nil }
  }

  init(values: [Double]) { m = values }

  /// The inverse map, or `nil` when the map is singular.
  package func inverted() -> Homography? {
    let a = m
    let c00 = a[4] * a[8] - a[5] * a[7], c01 = a[5] * a[6] - a[3] * a[8], c02 = a[3] * a[7] - a[4] * a[6]
    let det = a[0] * c00 + a[1] * c01 + a[2] * c02
    guard det != 0, det.isFinite else { return nil }
    let inverse = [
      c00, a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
      c01, a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
      c02, a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3],
    ].map { $0 / det }
    return Homography(values: inverse)
  }

  /// Maps a point; non-finite when it lands at infinity.
  package func transform(_ p: Point) -> Point {
    let x = p.x * m[0] + p.y * m[3] + m[6]
    let y = p.x * m[1] + p.y * m[4] + m[7]
    let w = p.x * m[2] + p.y * m[5] + m[8]
    return w == 1 ? Point(x: x, y: y) : Point(x: x / w, y: y / w)
  }
}
