// SPDX-License-Identifier: Apache-2.0
// CGAffineTransform and CATransform3D against their closed forms; NSValue round trips.

import Foundation
import Testing
import ZoetropeQuartzCore

@Suite struct GeometryTests {
  func close(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) < 1e-12 }

  @Test func affineTransformsComposeAsCoreGraphicsDoes() {
    // Core Graphics: the new operation acts first. Rotating (1, 0) by 90° gives (0, 1), then + (10, 0).
    let t = CGAffineTransform(translationX: 10, y: 0).rotated(by: .pi / 2)
    let p = CGPoint(x: 1, y: 0).applying(t)
    #expect(close(p.x, 10) && close(p.y, 1))
    // concatenating: self first, then the argument.
    let u = CGAffineTransform(scaleX: 2, y: 3).concatenating(CGAffineTransform(translationX: 5, y: 7))
    #expect(CGPoint(x: 1, y: 1).applying(u) == CGPoint(x: 7, y: 10))
    #expect(CGPoint(x: 7, y: 10).applying(u.inverted()) == CGPoint(x: 1, y: 1))
    #expect(CGSize(width: 1, height: 1).applying(u) == CGSize(width: 2, height: 3))
    #expect(CGRect(x: 0, y: 0, width: 1, height: 1).applying(CGAffineTransform(rotationAngle: .pi / 4)).width
              > 1.41)
    #expect(CGAffineTransform.identity.isIdentity)
    #expect(CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 1, ty: 1).inverted().tx == 1)   // singular: unchanged
  }

  @Test func transform3DFunctionsMatchTheirMatrices() {
    let rotation = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
    // Row vectors: +x turns towards +y.
    #expect(close(rotation.m11, 0) && close(rotation.m12, 1) && close(rotation.m21, -1) && close(rotation.m22, 0))
    let aboutY = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
    #expect(close(aboutY.m13, -1) && close(aboutY.m31, 1))
    let translate = CATransform3DMakeTranslation(1, 2, 3)
    #expect(translate.m41 == 1 && translate.m42 == 2 && translate.m43 == 3)
    // CATransform3DTranslate(t, …) applies the translation first: t = scale 2 → the offset doubles.
    let scaledThenMoved = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 2), 5, 0, 0)
    #expect(scaledThenMoved.m41 == 10)
    #expect(CATransform3DConcat(CATransform3DMakeScale(2, 2, 2), CATransform3DMakeTranslation(5, 0, 0)).m41 == 5)
    let rotated = CATransform3DRotate(CATransform3DIdentity, .pi / 2, 0, 0, 1)
    #expect(CATransform3DEqualToTransform(rotated, rotation))
    let back = CATransform3DConcat(rotation, CATransform3DInvert(rotation))
    #expect(close(back.m11, 1) && close(back.m12, 0) && close(back.m22, 1))
    let singular = CATransform3DMakeScale(0, 1, 1)
    #expect(CATransform3DInvert(singular) == singular)
    #expect(CATransform3DIsIdentity(CATransform3DIdentity))
    #expect(!CATransform3DIsIdentity(CATransform3D()))   // a C struct's zero value is not the identity
    let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
    #expect(CATransform3DGetAffineTransform(CATransform3DMakeAffineTransform(affine)) == affine)
    #expect(CATransform3DIsAffine(CATransform3DMakeAffineTransform(affine)))
    var perspective = CATransform3DIdentity
    perspective.m34 = -1.0 / 500
    #expect(!CATransform3DIsAffine(perspective))
  }

  @Test func layerTransformsReadBackAsSet() {
    let layer = CALayer()
    layer.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
    #expect(close(layer.affineTransform().b, 1))
    layer.transform.m34 = -0.002
    #expect(layer.transform.m34 == -0.002)
    layer.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
    #expect(layer.sublayerTransform.m11 == 2)
  }

  @Test func nsValuesRoundTrip() {
    let t = CATransform3DRotate(CATransform3DMakeTranslation(1, 2, 3), 0.5, 1, 1, 0)
    #expect(NSValue(caTransform3D: t).caTransform3DValue == t)
    #expect(NSValue(cgPoint: CGPoint(x: 1, y: 2)).cgPointValue == CGPoint(x: 1, y: 2))
    #expect(NSValue(cgSize: CGSize(width: 1, height: 2)).cgSizeValue == CGSize(width: 1, height: 2))
    #expect(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue == CGRect(x: 1, y: 2, width: 3, height: 4))
    let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
    #expect(NSValue(cgAffineTransform: affine).cgAffineTransformValue == affine)
    #expect(NSValue(cgPoint: .zero).caTransform3DValue == CATransform3DIdentity)   // not a transform
  }

  @Test func frameSetsBoundsAndPositionByTheAnchorPoint() {
    let layer = CALayer()
    layer.anchorPoint = CGPoint(x: 0, y: 1)
    layer.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
    #expect(layer.bounds == CGRect(x: 0, y: 0, width: 30, height: 40))
    #expect(layer.position == CGPoint(x: 10, y: 60))
    #expect(layer.frame == CGRect(x: 10, y: 20, width: 30, height: 40))
    layer.frame = CGRect(x: 50, y: 50, width: -10, height: -10)   // standardized, as CALayer does
    #expect(layer.bounds.size == CGSize(width: 10, height: 10))
  }
}
