// SPDX-License-Identifier: Apache-2.0
// NSValue(cgPoint:), NSValue(caTransform3D:) and the rest of UIKit's and QuartzCore's NSValue additions.

import Foundation

extension NSValue {
  /// A value holding a point, as UIKit's `NSValue(cgPoint:)`.
  public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
  /// A value holding a size.
  public convenience init(cgSize size: CGSize) { self.init(size: size) }
  /// A value holding a rectangle.
  public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }

  /// The point held (zero when the value holds something else).
  public var cgPointValue: CGPoint { String(cString: objCType).hasPrefix("{CGPoint") ? pointValue : .zero }
  /// The size held (zero when the value holds something else).
  public var cgSizeValue: CGSize { String(cString: objCType).hasPrefix("{CGSize") ? sizeValue : .zero }
  /// The rectangle held (zero when the value holds something else).
  public var cgRectValue: CGRect { String(cString: objCType).hasPrefix("{CGRect") ? rectValue : .zero }

  /// The type code of a held transform: sixteen doubles (swift-corelibs-
  /// foundation's `NSValue` stores arrays of scalars but no structures).
  static let transformType = "[16d]"

  /// A value holding a 3D transform, as `NSValue(caTransform3D:)`.
  public convenience init(caTransform3D transform: CATransform3D) {
    var entries = [transform.m11, transform.m12, transform.m13, transform.m14, transform.m21, transform.m22,
                   transform.m23, transform.m24, transform.m31, transform.m32, transform.m33, transform.m34,
                   transform.m41, transform.m42, transform.m43, transform.m44].map { Double($0) }
    self.init(bytes: &entries, objCType: NSValue.transformType)
  }

  /// The transform held (the identity when the value holds something else).
  public var caTransform3DValue: CATransform3D { transformIfHeld ?? CATransform3DIdentity }

  /// The transform held, or `nil`.
  var transformIfHeld: CATransform3D? {
    guard String(cString: objCType) == NSValue.transformType else { return nil }
    var v = [Double](repeating: 0, count: 16)
    v.withUnsafeMutableBytes { getValue($0.baseAddress!) }
    let c = v.map { CGFloat($0) }
    return CATransform3D(m11: c[0], m12: c[1], m13: c[2], m14: c[3], m21: c[4], m22: c[5], m23: c[6], m24: c[7],
                         m31: c[8], m32: c[9], m33: c[10], m34: c[11], m41: c[12], m42: c[13], m43: c[14], m44: c[15])
  }

  /// A value holding an affine transform, as UIKit's `NSValue(cgAffineTransform:)`.
  public convenience init(cgAffineTransform t: CGAffineTransform) {
    var entries = [t.a, t.b, t.c, t.d, t.tx, t.ty].map { Double($0) }
    self.init(bytes: &entries, objCType: "[6d]")
  }

  /// The affine transform held (the identity when the value holds something else).
  public var cgAffineTransformValue: CGAffineTransform {
    guard String(cString: objCType) == "[6d]" else { return .identity }
    var v = [Double](repeating: 0, count: 6)
    v.withUnsafeMutableBytes { getValue($0.baseAddress!) }
    return CGAffineTransform(a: CGFloat(v[0]), b: CGFloat(v[1]), c: CGFloat(v[2]), d: CGFloat(v[3]),
                             tx: CGFloat(v[4]), ty: CGFloat(v[5]))
  }
}
