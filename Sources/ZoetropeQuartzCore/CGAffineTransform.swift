// SPDX-License-Identifier: Apache-2.0
// CGAffineTransform, which swift-corelibs-foundation does not declare, over Zoetrope's Zoetrope.AffineTransform.

import Zoetrope

/// A 2D affine transform, as Core Graphics' `CGAffineTransform`:
/// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`. The operations
/// (`translatedBy`, `scaledBy`, `rotated`) apply the new step first, in the
/// transformed space, as Core Graphics does; `concatenating(t)` applies
/// `self`, then `t`. Angles are radians; positive angles turn +x towards +y
/// (clockwise on a y-down layer).
///
///     let t = CGAffineTransform(translationX: 10, y: 0).rotated(by: .pi / 2)   // rotates, then translates
public struct CGAffineTransform: Hashable, Sendable {
  /// The x scale and rotation coefficient.
  public var a: CGFloat
  /// How x contributes to y.
  public var b: CGFloat
  /// How y contributes to x.
  public var c: CGFloat
  /// The y scale and rotation coefficient.
  public var d: CGFloat
  /// The x translation.
  public var tx: CGFloat
  /// The y translation.
  public var ty: CGFloat

  /// A transform from its six coefficients.
  public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }

  /// All six coefficients zero (a C struct's zero value), as `CGAffineTransform()` is on iOS.
  public init() { self.init(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0) }

  /// The identity transform.
  public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// A translation.
  public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }

  /// A scale about the origin.
  public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }

  /// A rotation by `angle` radians about the origin.
  public init(rotationAngle angle: CGFloat) {
    self.init(Zoetrope.AffineTransform.identity.rotated(by: Double(angle)))
  }

  /// Whether this is exactly the identity.
  public var isIdentity: Bool { self == .identity }

  /// A translation applied before this transform.
  public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
    CGAffineTransform(zoetrope.translatedBy(x: Double(x), y: Double(y)))
  }

  /// A scale applied before this transform.
  public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
    CGAffineTransform(zoetrope.scaledBy(x: Double(x), y: Double(y)))
  }

  /// A rotation by `angle` radians applied before this transform.
  public func rotated(by angle: CGFloat) -> CGAffineTransform {
    CGAffineTransform(zoetrope.rotated(by: Double(angle)))
  }

  /// The inverse; the transform unchanged when it has none (a zero or
  /// non-finite determinant), as `CGAffineTransformInvert` returns its input.
  public func inverted() -> CGAffineTransform {
    zoetrope.inverted().map(CGAffineTransform.init) ?? self
  }

  /// This transform, then `t`.
  public func concatenating(_ t: CGAffineTransform) -> CGAffineTransform {
    CGAffineTransform(zoetrope.concatenating(t.zoetrope))
  }

  /// This transform as Zoetrope's ``Zoetrope.AffineTransform``.
  var zoetrope: Zoetrope.AffineTransform {
    Zoetrope.AffineTransform(a: Double(a), b: Double(b), c: Double(c), d: Double(d), tx: Double(tx), ty: Double(ty))
  }

  /// A Core Graphics transform from Zoetrope's.
  init(_ t: Zoetrope.AffineTransform) {
    self.init(a: CGFloat(t.a), b: CGFloat(t.b), c: CGFloat(t.c), d: CGFloat(t.d), tx: CGFloat(t.tx), ty: CGFloat(t.ty))
  }
}

extension CGPoint {
  /// The point transformed by `t`.
  public func applying(_ t: CGAffineTransform) -> CGPoint { CGPoint(t.zoetrope.transform(zoetrope)) }
}

extension CGSize {
  /// The size transformed by `t` without its translation (`a·w + c·h`, `b·w + d·h`), as Core Graphics does.
  public func applying(_ t: CGAffineTransform) -> CGSize {
    CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
  }
}

extension CGRect {
  /// The smallest rectangle holding the four transformed corners, as
  /// Core Graphics gives; a null rectangle stays null.
  public func applying(_ t: CGAffineTransform) -> CGRect {
    if isNull { return self }
    let corners = [CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: minX, y: maxY),
                   CGPoint(x: maxX, y: maxY)].map { $0.applying(t) }
    let xs = corners.map(\.x), ys = corners.map(\.y)
    let minX = xs.min()!, minY = ys.min()!
    return CGRect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
  }
}
