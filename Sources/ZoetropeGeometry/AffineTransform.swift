// SPDX-License-Identifier: Apache-2.0
// A 2D affine transform in Core Graphics' convention.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A 2D affine transform, as `CGAffineTransform`:
/// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty` (row vectors, `p' = p · M`).
public struct AffineTransform: Hashable, Sendable {
  /// The x scale/rotation coefficient.
  public var a: Double
  /// The y shear/rotation coefficient of x.
  public var b: Double
  /// The x shear/rotation coefficient of y.
  public var c: Double
  /// The y scale/rotation coefficient.
  public var d: Double
  /// The x translation.
  public var tx: Double
  /// The y translation.
  public var ty: Double

  /// Creates a transform from its six coefficients.
  @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// The identity.
  public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// Applies the transform to a point.
  @inlinable public func transform(_ p: Point) -> Point {
    Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
  }

  /// `self` then `other`, as `CGAffineTransformConcat(self, other)`.
  @inlinable public func concatenating(_ o: AffineTransform) -> AffineTransform {
    AffineTransform(a: a * o.a + b * o.c, b: a * o.b + b * o.d, c: c * o.a + d * o.c, d: c * o.b + d * o.d,
                    tx: tx * o.a + ty * o.c + o.tx, ty: tx * o.b + ty * o.d + o.ty)
  }

  /// The inverse, or `nil` when the determinant is zero or not finite.
  public func inverted() -> AffineTransform? {
    let det = a * d - b * c
    guard det != 0, det.isFinite else { return nil }
    let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
    return AffineTransform(a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
  }

  /// Translation applied before `self` (CG semantics: the new operation acts first).
  public func translatedBy(x: Double, y: Double) -> AffineTransform {
    AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y).concatenating(self)
  }

  /// Scale applied before `self`.
  public func scaledBy(x: Double, y: Double) -> AffineTransform {
    AffineTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0).concatenating(self)
  }

  /// Rotation by `angle` radians (towards +y) applied before `self`.
  public func rotated(by angle: Double) -> AffineTransform {
    let (s, c) = sinCos(angle)
    return AffineTransform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0).concatenating(self)
  }
}
