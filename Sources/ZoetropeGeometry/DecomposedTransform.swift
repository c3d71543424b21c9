// SPDX-License-Identifier: Apache-2.0
// A transform split into perspective, translation, scale, skew and rotation, for interpolation.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Three numbers.
package struct Vector3: Hashable, Sendable {
  package var x: Double, y: Double, z: Double
  /// Creates a vector.
  @inlinable package init(x: Double, y: Double, z: Double) { (self.x, self.y, self.z) = (x, y, z) }
}

/// Four numbers.
package struct Vector4: Hashable, Sendable {
  package var x: Double, y: Double, z: Double, w: Double
  /// Creates a vector.
  @inlinable package init(x: Double, y: Double, z: Double, w: Double) { (self.x, self.y, self.z, self.w) = (x, y, z, w) }
}

/// A unit quaternion `(x, y, z, w)` = `(axis · sin(θ/2), cos(θ/2))`: a rotation by θ.
package struct Quaternion: Hashable, Sendable {
  package var x: Double, y: Double, z: Double, w: Double
  /// Creates a quaternion from its components (not normalised).
  @inlinable package init(x: Double, y: Double, z: Double, w: Double) { (self.x, self.y, self.z, self.w) = (x, y, z, w) }

  /// No rotation.
  package static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

  /// Spherical interpolation along the shorter arc; `fraction` outside 0…1 extrapolates.
  package func slerp(to other: Quaternion, fraction t: Double) -> Quaternion {
    var b = other
    var dot = x * b.x + y * b.y + z * b.z + w * b.w
    if dot < 0 {
      b = Quaternion(x: -b.x, y: -b.y, z: -b.z, w: -b.w)
      dot = -dot
    }
    dot = Swift.min(dot, 1)
    let theta = acos(dot)
    let sinTheta = sin(theta)
    let (ka, kb): (Double, Double)
    if sinTheta < 1e-9 {
      (ka, kb) = (1 - t, t)
    } else {
      (ka, kb) = (sin((1 - t) * theta) / sinTheta, sin(t * theta) / sinTheta)
    }
    var q = Quaternion(x: ka * x + kb * b.x, y: ka * y + kb * b.y, z: ka * z + kb * b.z, w: ka * w + kb * b.w)
    let length = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).squareRoot()
    if length > 0 { q = Quaternion(x: q.x / length, y: q.y / length, z: q.z / length, w: q.w / length) }
    return q
  }

  /// The rotation as a 3×3 matrix for row vectors (`p' = p · R`), the
  /// convention of `Transform3D.rotation(angle:x:y:z:)`.
  var rowMatrix: [[Double]] {
    // The column-vector matrix, transposed.
    [[1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)],
     [2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)],
     [2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)]]
  }

  /// The quaternion of an orthonormal row-vector rotation matrix.
  init(rowMatrix r: [[Double]]) {
    // Column-vector entries c[i][j] = r[j][i].
    let c00 = r[0][0], c11 = r[1][1], c22 = r[2][2]
    let c21 = r[1][2], c12 = r[2][1], c02 = r[2][0], c20 = r[0][2], c10 = r[0][1], c01 = r[1][0]
    let trace = c00 + c11 + c22
    if trace > 0 {
      let s = (trace + 1).squareRoot() * 2
      self.init(x: (c21 - c12) / s, y: (c02 - c20) / s, z: (c10 - c01) / s, w: s / 4)
    } else if c00 > c11 && c00 > c22 {
      let s = (1 + c00 - c11 - c22).squareRoot() * 2
      self.init(x: s / 4, y: (c01 + c10) / s, z: (c02 + c20) / s, w: (c21 - c12) / s)
    } else if c11 > c22 {
      let s = (1 + c11 - c00 - c22).squareRoot() * 2
      self.init(x: (c01 + c10) / s, y: s / 4, z: (c12 + c21) / s, w: (c02 - c20) / s)
    } else {
      let s = (1 + c22 - c00 - c11).squareRoot() * 2
      self.init(x: (c02 + c20) / s, y: (c12 + c21) / s, z: s / 4, w: (c10 - c01) / s)
    }
  }

  /// Rotation angles about x, y and z, radians, applied in that order (x first).
  /// A pure z rotation by θ in (−π, π] gives `(0, 0, θ)`.
  package var eulerAngles: Vector3 {
    let r = rowMatrix
    // Column-vector R = Rz(c) · Ry(b) · Rx(a); entries c[i][j] = r[j][i].
    let sinB = Swift.max(-1, Swift.min(1, -r[0][2]))
    let b = asin(sinB)
    if Swift.abs(sinB) < 1 - 1e-12 {
      return Vector3(x: atan2(r[1][2], r[2][2]), y: b, z: atan2(r[0][1], r[0][0]))
    }
    // Gimbal lock: fold the z rotation into x.
    return Vector3(x: atan2(-r[2][1], r[1][1]), y: b, z: 0)
  }

  /// The rotation by `angles.x` about x, then `angles.y` about y, then `angles.z` about z.
  package init(eulerAngles angles: Vector3) {
    func axis(_ angle: Double, _ ax: Double, _ ay: Double, _ az: Double) -> Quaternion {
      let s = sin(angle / 2)
      return Quaternion(x: ax * s, y: ay * s, z: az * s, w: cos(angle / 2))
    }
    // x first, then y, then z: q = qz · qy · qx (Hamilton product, column convention).
    self = axis(angles.z, 0, 0, 1).multiplied(by: axis(angles.y, 0, 1, 0)).multiplied(by: axis(angles.x, 1, 0, 0))
  }

  /// The Hamilton product `self · b`.
  func multiplied(by b: Quaternion) -> Quaternion {
    Quaternion(x: w * b.x + x * b.w + y * b.z - z * b.y, y: w * b.y - x * b.z + y * b.w + z * b.x,
               z: w * b.z + x * b.y - y * b.x + z * b.w, w: w * b.w - x * b.x - y * b.y - z * b.z)
  }
}

/// A transform split as the CSS Transforms Level 2 decomposition does: the
/// upper 3×3 is `scale · skew · rotation` (row vectors), translation is the
/// fourth row, and perspective is what remains of the fourth column.
///
/// Skew holds the xy, xz and yz shear factors in `x`, `y` and `z`.
package struct DecomposedTransform: Hashable, Sendable {
  package var translation: Vector3
  package var scale: Vector3
  package var skew: Vector3
  package var perspective: Vector4
  package var quaternion: Quaternion

  /// Creates a decomposition from its parts.
  package init(translation: Vector3, scale: Vector3, skew: Vector3, perspective: Vector4, quaternion: Quaternion) {
    self.translation = translation
    self.scale = scale
    self.skew = skew
    self.perspective = perspective
    self.quaternion = quaternion
  }

  /// Linear interpolation of translation, scale, skew and perspective, and
  /// shorter-arc slerp of the rotation; `fraction` outside 0…1 extrapolates.
  package func interpolated(to o: DecomposedTransform, fraction t: Double) -> DecomposedTransform {
    func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
    func lerp3(_ a: Vector3, _ b: Vector3) -> Vector3 { Vector3(x: lerp(a.x, b.x), y: lerp(a.y, b.y), z: lerp(a.z, b.z)) }
    return DecomposedTransform(
      translation: lerp3(translation, o.translation), scale: lerp3(scale, o.scale), skew: lerp3(skew, o.skew),
      perspective: Vector4(x: lerp(perspective.x, o.perspective.x), y: lerp(perspective.y, o.perspective.y),
                           z: lerp(perspective.z, o.perspective.z), w: lerp(perspective.w, o.perspective.w)),
      quaternion: quaternion.slerp(to: o.quaternion, fraction: t))
  }
}

extension Transform3D {
  /// The decomposition, or `nil` when the matrix cannot be decomposed
  /// (`m44 == 0`, or a singular affine part).
  package func decomposed() -> DecomposedTransform? {
    guard m44 != 0, values.allSatisfy(\.isFinite) else { return nil }
    var m = rows
    for i in 0..<4 { for j in 0..<4 { m[i][j] /= m44 } }
    // The affine part N (fourth column (0,0,0,1)); M = N · Q where Q is the
    // identity with fourth column q, so q = N⁻¹ · (fourth column of M).
    var n = m
    for i in 0..<3 { n[i][3] = 0 }
    n[3][3] = 1
    guard Transform3D.determinant(n) != 0 else { return nil }
    var perspective = Vector4(x: 0, y: 0, z: 0, w: 1)
    if m[0][3] != 0 || m[1][3] != 0 || m[2][3] != 0 {
      guard let inverse = Transform3D(rows: n).inverted()?.rows else { return nil }
      let column = [m[0][3], m[1][3], m[2][3], m[3][3]]
      var q = [0.0, 0, 0, 0]
      for i in 0..<4 { for k in 0..<4 { q[i] += inverse[i][k] * column[k] } }
      perspective = Vector4(x: q[0], y: q[1], z: q[2], w: q[3])
    }
    let translation = Vector3(x: m[3][0], y: m[3][1], z: m[3][2])
    var row = [[m[0][0], m[0][1], m[0][2]], [m[1][0], m[1][1], m[1][2]], [m[2][0], m[2][1], m[2][2]]]
    func length(_ v: [Double]) -> Double { (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot() }
    func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
    func combine(_ a: [Double], _ b: [Double], _ kb: Double) -> [Double] {
      [a[0] + kb * b[0], a[1] + kb * b[1], a[2] + kb * b[2]]
    }
    var scale = Vector3(x: length(row[0]), y: 0, z: 0)
    guard scale.x > 0 else { return nil }
    row[0] = row[0].map { $0 / scale.x }
    var skew = Vector3(x: dot(row[0], row[1]), y: 0, z: 0)
    row[1] = combine(row[1], row[0], -skew.x)
    scale.y = length(row[1])
    guard scale.y > 0 else { return nil }
    row[1] = row[1].map { $0 / scale.y }
    skew.x /= scale.y
    skew.y = dot(row[0], row[2])
    row[2] = combine(row[2], row[0], -skew.y)
    skew.z = dot(row[1], row[2])
    row[2] = combine(row[2], row[1], -skew.z)
    scale.z = length(row[2])
    guard scale.z > 0 else { return nil }
    row[2] = row[2].map { $0 / scale.z }
    skew.y /= scale.z
    skew.z /= scale.z
    // A reflection: flip every axis so the rotation is proper.
    let cross = [row[1][1] * row[2][2] - row[1][2] * row[2][1], row[1][2] * row[2][0] - row[1][0] * row[2][2],
                 row[1][0] * row[2][1] - row[1][1] * row[2][0]]
    if dot(row[0], cross) < 0 {
      scale = Vector3(x: -scale.x, y: -scale.y, z: -scale.z)
      row = row.map { $0.map { -$0 } }
    }
    return DecomposedTransform(translation: translation, scale: scale, skew: skew, perspective: perspective,
                               quaternion: Quaternion(rowMatrix: row))
  }

  /// Rebuilds the matrix of a decomposition.
  package init(_ d: DecomposedTransform) {
    let r = d.quaternion.rowMatrix
    // Rows of scale · skew · rotation:
    // row0 = sx·r0; row1 = sy·(r1 + kxy·r0); row2 = sz·(r2 + kxz·r0 + kyz·r1).
    let k = d.skew
    var a = [[Double]](repeating: [0, 0, 0], count: 3)
    for j in 0..<3 {
      a[0][j] = d.scale.x * r[0][j]
      a[1][j] = d.scale.y * (r[1][j] + k.x * r[0][j])
      a[2][j] = d.scale.z * (r[2][j] + k.y * r[0][j] + k.z * r[1][j])
    }
    let t = [d.translation.x, d.translation.y, d.translation.z]
    let q = [d.perspective.x, d.perspective.y, d.perspective.z, d.perspective.w]
    // M = N · Q with N = [[A, 0], [t, 1]] and Q = identity whose fourth column is q.
    var m = [[Double]](repeating: [0, 0, 0, 0], count: 4)
    for i in 0..<3 {
      for j in 0..<3 { m[i][j] = a[i][j] }
      m[i][3] = a[i][0] * q[0] + a[i][1] * q[1] + a[i][2] * q[2]
    }
    for j in 0..<3 { m[3][j] = t[j] }
    m[3][3] = t[0] * q[0] + t[1] * q[1] + t[2] * q[2] + q[3]
    self.init(rows: m)
  }

  /// The transform `fraction` of the way to `other` by decomposition (shorter-arc
  /// rotation). If either cannot be decomposed, switches at 0.5. Exact at 0 and 1.
  package func interpolated(to other: Transform3D, fraction: Double) -> Transform3D {
    if fraction == 0 || self == other { return self }
    if fraction == 1 { return other }
    guard let a = decomposed(), let b = other.decomposed() else { return fraction < 0.5 ? self : other }
    return Transform3D(a.interpolated(to: b, fraction: fraction))
  }
}
