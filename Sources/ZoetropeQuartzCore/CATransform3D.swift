// SPDX-License-Identifier: Apache-2.0
// CATransform3D and its C functions, over Zoetrope's Transform3D (the same row-vector convention).

import Zoetrope

/// A 4×4 transform, as Core Animation's `CATransform3D`: used with row
/// vectors (`p' = p · M`), so the translation sits in `m41 m42 m43` and the
/// perspective in `m34` (`-1 / distance`, the card-flip trick).
///
///     var perspective = CATransform3DIdentity
///     perspective.m34 = -1 / 500
///     card.transform = CATransform3DRotate(perspective, .pi, 0, 1, 0)
public struct CATransform3D: Hashable, Sendable {
  /// Row 1.
  public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
  /// Row 2.
  public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
  /// Row 3; `m34 = -1/d` puts the viewer `d` points in front of the layer.
  public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
  /// Row 4: the translation, and `m44`.
  public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

  /// A matrix from its sixteen entries, row by row.
  public init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat, m21: CGFloat, m22: CGFloat, m23: CGFloat,
              m24: CGFloat, m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat, m41: CGFloat, m42: CGFloat,
              m43: CGFloat, m44: CGFloat) {
    (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
    (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
    (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
    (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
  }

  /// Every entry zero (a C struct's zero value), as `CATransform3D()` is on
  /// iOS — not the identity, which is ``CATransform3DIdentity``.
  public init() {
    self.init(m11: 0, m12: 0, m13: 0, m14: 0, m21: 0, m22: 0, m23: 0, m24: 0, m31: 0, m32: 0, m33: 0, m34: 0,
              m41: 0, m42: 0, m43: 0, m44: 0)
  }

  /// This matrix as Zoetrope's ``Transform3D``.
  var zoetrope: Transform3D {
    Transform3D(m11: Double(m11), m12: Double(m12), m13: Double(m13), m14: Double(m14), m21: Double(m21),
                m22: Double(m22), m23: Double(m23), m24: Double(m24), m31: Double(m31), m32: Double(m32),
                m33: Double(m33), m34: Double(m34), m41: Double(m41), m42: Double(m42), m43: Double(m43),
                m44: Double(m44))
  }

  /// A Core Animation matrix from Zoetrope's.
  init(_ t: Transform3D) {
    let v = t.values.map { CGFloat($0) }
    self.init(m11: v[0], m12: v[1], m13: v[2], m14: v[3], m21: v[4], m22: v[5], m23: v[6], m24: v[7], m31: v[8],
              m32: v[9], m33: v[10], m34: v[11], m41: v[12], m42: v[13], m43: v[14], m44: v[15])
  }
}

/// The identity transform.
public let CATransform3DIdentity = CATransform3D(Transform3D.identity)

/// Whether `t` is exactly the identity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == CATransform3DIdentity }

/// Whether the two matrices are equal, entry by entry.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

/// A translation by `(tx, ty, tz)`.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
  CATransform3D(.translation(x: Double(tx), y: Double(ty), z: Double(tz)))
}

/// A scale by `(sx, sy, sz)`.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
  CATransform3D(.scale(x: Double(sx), y: Double(sy), z: Double(sz)))
}

/// A rotation by `angle` radians about the axis `(x, y, z)`; about +z,
/// positive angles turn +x towards +y (clockwise on screen). A zero axis
/// gives the identity.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
  CATransform3D(.rotation(angle: Double(angle), x: Double(x), y: Double(y), z: Double(z)))
}

/// A translation applied before `t` (in `t`'s space), as Core Animation does.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
  CATransform3D(t.zoetrope.translatedBy(x: Double(tx), y: Double(ty), z: Double(tz)))
}

/// A scale applied before `t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
  CATransform3D(t.zoetrope.scaledBy(x: Double(sx), y: Double(sy), z: Double(sz)))
}

/// A rotation applied before `t`.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat,
                                _ z: CGFloat) -> CATransform3D {
  CATransform3D(t.zoetrope.rotated(by: Double(angle), x: Double(x), y: Double(y), z: Double(z)))
}

/// `a` then `b` (`a · b`).
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
  CATransform3D(a.zoetrope.concatenating(b.zoetrope))
}

/// The inverse of `t`; `t` itself when it has none, as Core Animation returns it.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
  t.zoetrope.inverted().map(CATransform3D.init) ?? t
}

/// A 3D transform doing what the affine transform `m` does.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
  CATransform3D(Transform3D(m.zoetrope))
}

/// Whether `t` only maps the plane z = 0 onto itself by an affine map.
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool { t.zoetrope.isAffine }

/// The affine part of `t`: `m11 m12 m21 m22 m41 m42`.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
  CGAffineTransform(t.zoetrope.affineTransform)
}
