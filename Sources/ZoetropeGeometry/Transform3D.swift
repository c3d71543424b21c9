// SPDX-License-Identifier: Apache-2.0
// CATransform3D: a 4×4 matrix in Core Animation's row-vector convention.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A 3D transform, as `CATransform3D`: a 4×4 matrix used with row vectors,
/// `p' = p · M`, so translation sits in `m41 m42 m43` and perspective in `m34`
/// (`-1/distance`).
///
/// Operations follow Core Animation: `translatedBy`, `scaledBy` and `rotated`
/// apply the new operation *first* (in the layer's local space), as
/// `CATransform3DTranslate/Scale/Rotate` do; `concatenating(b)` applies `self`
/// then `b`, as `CATransform3DConcat(self, b)`.
///
///     Transform3D.identity.translatedBy(x: 10, y: 0, z: 0).rotated(by: .pi / 2, x: 0, y: 0, z: 1)
///     // rotates, then translates
public struct Transform3D: Hashable, Sendable {
  /// Row 1: the image of the x axis, and its perspective term.
  public var m11: Double, m12: Double, m13: Double, m14: Double
  /// Row 2: the image of the y axis; `m24` is its perspective term.
  public var m21: Double, m22: Double, m23: Double, m24: Double
  /// Row 3: the image of the z axis; `m34 = -1/d` gives perspective.
  public var m31: Double, m32: Double, m33: Double, m34: Double
  /// Row 4: the translation, and the homogeneous scale `m44`.
  public var m41: Double, m42: Double, m43: Double, m44: Double

  /// A matrix from its sixteen entries, row by row.
  @inlinable public init(
    m11: Double, m12: Double, m13: Double, m14: Double, m21: Double, m22: Double, m23: Double, m24: Double,
    m31: Double, m32: Double, m33: Double, m34: Double, m41: Double, m42: Double, m43: Double, m44: Double
  ) {
    (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
    (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
    (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
    (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
  }

  /// A matrix from exactly 16 numbers `m11, m12, …, m44`; `nil` for another count.
  public init?(_ values: [Double]) {
    guard values.count == 16 else { return nil }
    let v = values
    self.init(m11: v[0], m12: v[1], m13: v[2], m14: v[3], m21: v[4], m22: v[5], m23: v[6], m24: v[7],
              m31: v[8], m32: v[9], m33: v[10], m34: v[11], m41: v[12], m42: v[13], m43: v[14], m44: v[15])
  }

  /// The sixteen entries, `m11 … m44`, row by row.
  public var values: [Double] {
    [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
  }

  /// The identity, `CATransform3DIdentity`.
  public static let identity = Transform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                           m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

  /// `CATransform3DMakeTranslation`.
  public static func translation(x: Double, y: Double, z: Double) -> Transform3D {
    var t = identity
    (t.m41, t.m42, t.m43) = (x, y, z)
    return t
  }

  /// `CATransform3DMakeScale`.
  public static func scale(x: Double, y: Double, z: Double) -> Transform3D {
    var t = identity
    (t.m11, t.m22, t.m33) = (x, y, z)
    return t
  }

  /// `CATransform3DMakeRotation`: `angle` radians about the axis `(x, y, z)`;
  /// about +z, positive angles turn +x towards +y. A zero-length axis gives the identity.
  public static func rotation(angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite else { return identity }
    let (x, y, z) = (x / length, y / length, z / length)
    let (s, c) = sinCos(angle)
    let t = 1 - c
    return Transform3D(
      m11: t * x * x + c, m12: t * x * y + s * z, m13: t * x * z - s * y, m14: 0,
      m21: t * x * y - s * z, m22: t * y * y + c, m23: t * y * z + s * x, m24: 0,
      m31: t * x * z + s * y, m32: t * y * z - s * x, m33: t * z * z + c, m34: 0,
      m41: 0, m42: 0, m43: 0, m44: 1)
  }

  /// The identity with `m34 = -1/distance` (a viewer `distance` points away).
  public static func perspective(distance: Double) -> Transform3D {
    var t = identity
    t.m34 = -1 / distance
    return t
  }

  /// `CATransform3DTranslate`: translation applied before `self`.
  public func translatedBy(x: Double, y: Double, z: Double) -> Transform3D {
    Transform3D.translation(x: x, y: y, z: z).concatenating(self)
  }

  /// `CATransform3DScale`: scale applied before `self`.
  public func scaledBy(x: Double, y: Double, z: Double) -> Transform3D {
    Transform3D.scale(x: x, y: y, z: z).concatenating(self)
  }

  /// `CATransform3DRotate`: rotation applied before `self`.
  public func rotated(by angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
    Transform3D.rotation(angle: angle, x: x, y: y, z: z).concatenating(self)
  }

  /// `self · other`: `self` acts first, as `CATransform3DConcat(self, other)`.
  public func concatenating(_ o: Transform3D) -> Transform3D {
    // Written out (no temporary arrays: this runs for every layer of every
    // frame); each entry sums its four products left to right.
    @inline(__always) func entry(_ a0: Double, _ a1: Double, _ a2: Double, _ a3: Double,
                                 _ b0: Double, _ b1: Double, _ b2: Double, _ b3: Double) -> Double {
      a0 * b0 + a1 * b1 + a2 * b2 + a3 * b3
    }
    return Transform3D(
      m11: entry(m11, m12, m13, m14, o.m11, o.m21, o.m31, o.m41),
      m12: entry(m11, m12, m13, m14, o.m12, o.m22, o.m32, o.m42),
      m13: entry(m11, m12, m13, m14, o.m13, o.m23, o.m33, o.m43),
      m14: entry(m11, m12, m13, m14, o.m14, o.m24, o.m34, o.m44),
      m21: entry(m21, m22, m23, m24, o.m11, o.m21, o.m31, o.m41),
      m22: entry(m21, m22, m23, m24, o.m12, o.m22, o.m32, o.m42),
      m23: entry(m21, m22, m23, m24, o.m13, o.m23, o.m33, o.m43),
      m24: entry(m21, m22, m23, m24, o.m14, o.m24, o.m34, o.m44),
      m31: entry(m31, m32, m33, m34, o.m11, o.m21, o.m31, o.m41),
      m32: entry(m31, m32, m33, m34, o.m12, o.m22, o.m32, o.m42),
      m33: entry(m31, m32, m33, m34, o.m13, o.m23, o.m33, o.m43),
      m34: entry(m31, m32, m33, m34, o.m14, o.m24, o.m34, o.m44),
      m41: entry(m41, m42, m43, m44, o.m11, o.m21, o.m31, o.m41),
      m42: entry(m41, m42, m43, m44, o.m12, o.m22, o.m32, o.m42),
      m43: entry(m41, m42, m43, m44, o.m13, o.m23, o.m33, o.m43),
      m44: entry(m41, m42, m43, m44, o.m14, o.m24, o.m34, o.m44))
  }

  /// `a.concatenating(b)`.
  public static func * (a: Transform3D, b: Transform3D) -> Transform3D { a.concatenating(b) }

  /// The rows as arrays.
  var rows: [[Double]] {
    [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
  }

  /// A matrix from four rows of four.
  init(rows r: [[Double]]) {
    self.init(m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3], m21: r[1][0], m22: r[1][1], m23: r[1][2],
              m24: r[1][3], m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3], m41: r[3][0], m42: r[3][1],
              m43: r[3][2], m44: r[3][3])
  }

  /// The determinant.
  public var determinant: Double { Transform3D.determinant(rows) }

  static func determinant(_ m: [[Double]]) -> Double {
    let s0 = m[0][0] * m[1][1] - m[1][0] * m[0][1], s1 = m[0][0] * m[1][2] - m[1][0] * m[0][2]
    let s2 = m[0][0] * m[1][3] - m[1][0] * m[0][3], s3 = m[0][1] * m[1][2] - m[1][1] * m[0][2]
    let s4 = m[0][1] * m[1][3] - m[1][1] * m[0][3], s5 = m[0][2] * m[1][3] - m[1][2] * m[0][3]
    let c5 = m[2][2] * m[3][3] - m[3][2] * m[2][3], c4 = m[2][1] * m[3][3] - m[3][1] * m[2][3]
    let c3 = m[2][1] * m[3][2] - m[3][1] * m[2][2], c2 = m[2][0] * m[3][3] - m[3][0] * m[2][3]
    let c1 = m[2][0] * m[3][2] - m[3][0] * m[2][2], c0 = m[2][0] * m[3][1] - m[3][0] * m[2][1]
    return s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
  }

  /// The inverse, or `nil` when the matrix is singular (|det| below 1e-12 of
  /// its scale) or not finite.
  public func inverted() -> Transform3D? {
    let m = rows
    var a = m, inv = [[1.0, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]
    let scale = m.flatMap { $0 }.reduce(0) { Swift.max($0, Swift.abs($1)) }
    guard scale > 0, scale.isFinite else { return nil }
    // Gauss–Jordan elimination with partial pivoting.
    for column in 0..<4 {
      var pivot = column
      for row in (column + 1)..<4 where Swift.abs(a[row][column]) > Swift.abs(a[pivot][column]) { pivot = row }
      guard Swift.abs(a[pivot][column]) > 1e-12 * scale else { return nil }
      a.swapAt(column, pivot)
      inv.swapAt(column, pivot)
      let p = a[column][column]
      for j in 0..<4 {
        a[column][j] /= p
        inv[column][j] /= p
      }
      for row in 0..<4 where row != column {
        let f = a[row][column]
        if f == 0 { continue }
        for j in 0..<4 {
          a[row][j] -= f * a[column][j]
          inv[row][j] -= f * inv[column][j]
        }
      }
    }
    let result = Transform3D(rows: inv)
    return result.values.allSatisfy(\.isFinite) ? result : nil
  }

  /// Whether this is exactly the identity.
  public var isIdentity: Bool { self == .identity }

  /// Whether the matrix is a 2D affine transform, as `CATransform3DIsAffine`.
  public var isAffine: Bool {
    m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0 && m43 == 0
      && m44 == 1
  }

  /// A 3D transform from an affine one (`CATransform3DMakeAffineTransform`).
  public init(_ affine: AffineTransform) {
    self = .identity
    (m11, m12, m21, m22, m41, m42) = (affine.a, affine.b, affine.c, affine.d, affine.tx, affine.ty)
  }

  /// The affine part (`CATransform3DGetAffineTransform`): m11 m12 m21 m22 m41 m42.
  public var affineTransform: AffineTransform {
    AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
  }

  /// Applies the matrix to a point at z = 0, dividing by w. When w ≤ 0 (the
  /// point is behind the viewer) or not finite, the result is not finite.
  public func transform(_ p: Point) -> Point {
    let x = p.x * m11 + p.y * m21 + m41
    let y = p.x * m12 + p.y * m22 + m42
    let w = p.x * m14 + p.y * m24 + m44
    guard w > 0, w.isFinite else { return Point(x: .nan, y: .nan) }
    return w == 1 ? Point(x: x, y: y) : Point(x: x / w, y: y / w)
  }
}
