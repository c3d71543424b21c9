// SPDX-License-Identifier: Apache-2.0
// Going back through a transform on a layer's plane: where a point on screen came from.

extension Transform3D {
  /// The point of the plane z = 0 that this transform takes to `point` (the
  /// inverse of ``transform(_:)``): on that plane the matrix acts as the
  /// homography of its x, y and w rows and columns, which is inverted here,
  /// so through perspective the answer is where the line of sight meets the
  /// plane. Not finite when there is none (a zero scale, a plane seen edge-on).
  ///
  ///     let t = Transform3D.rotation(angle: .pi / 2, x: 0, y: 0, z: 1)
  ///     t.untransform(t.transform(p))   // p
  public func untransform(_ point: Point) -> Point {
    let (a, b, c) = (m11, m12, m14)
    let (d, e, f) = (m21, m22, m24)
    let (g, h, i) = (m41, m42, m44)
    // [x y 1] · adjugate: the inverse up to the determinant, which the division by w absorbs.
    let determinant = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    guard determinant != 0, determinant.isFinite else { return Point(x: .nan, y: .nan) }
    let x = point.x * (e * i - f * h) + point.y * (f * g - d * i) + (d * h - e * g)
    let y = point.x * (c * h - b * i) + point.y * (a * i - c * g) + (b * g - a * h)
    let w = point.x * (b * f - c * e) + point.y * (c * d - a * f) + (a * e - b * d)
    guard w != 0 else { return Point(x: .nan, y: .nan) }
    return Point(x: x / w, y: y / w)
  }
}
