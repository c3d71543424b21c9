// SPDX-License-Identifier: Apache-2.0
// Two cards at different depths in a CATransformLayer, turned half a turn about y in perspective,
// as 3D carousel and cube tutorials build them.

#if canImport(UIKit)
import UIKit
#else
import ZoetropeQuartzCore
#endif

/// A red card 20 points in front and a blue card 20 points behind, the same 60-point square, in a
/// 120-point stage seen from 500 points; the stack (a `CATransformLayer` unless `flat`) turns half a
/// turn about y in 2 s and stays there.
func makeDepthStack(flat: Bool = false) -> CALayer {
  let stage = CALayer()
  stage.frame = CGRect(x: 0, y: 0, width: 120, height: 120)
  var perspective = CATransform3DIdentity
  perspective.m34 = -1.0 / 500
  stage.sublayerTransform = perspective

  let stack: CALayer = flat ? CALayer() : CATransformLayer()
  stack.frame = stage.bounds
  stage.addSublayer(stack)

  let near = CALayer()
  near.frame = CGRect(x: 30, y: 30, width: 60, height: 60)
  near.backgroundColor = UIColor.systemRed.cgColor
  near.transform = CATransform3DMakeTranslation(0, 0, 20)
  stack.addSublayer(near)

  let far = CALayer()
  far.frame = CGRect(x: 30, y: 30, width: 60, height: 60)
  far.backgroundColor = UIColor.systemBlue.cgColor
  far.transform = CATransform3DMakeTranslation(0, 0, -20)
  stack.addSublayer(far)

  let turn = CABasicAnimation(keyPath: "transform.rotation.y")
  turn.fromValue = 0
  turn.toValue = CGFloat.pi
  turn.duration = 2
  turn.fillMode = .forwards
  turn.isRemovedOnCompletion = false
  stack.add(turn, forKey: "turn")
  return stage
}
