// SPDX-License-Identifier: Apache-2.0
// A card turning about its vertical axis, seen in perspective (m34), as the Core Animation
// Programming Guide's 3D examples and every card-flip tutorial set it up.

#if canImport(UIKit)
import UIKit
#else
import ZoetropeQuartzCore
#endif

/// An 80-point card in a 160 × 120 stage, turning a quarter turn about y in 1 s, the viewer 500 points away.
func makeCardFlip() -> CALayer {
  let stage = CALayer()
  stage.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
  var perspective = CATransform3DIdentity
  perspective.m34 = -1.0 / 500
  stage.sublayerTransform = perspective

  let card = CALayer()
  card.frame = CGRect(x: 40, y: 20, width: 80, height: 80)
  card.backgroundColor = UIColor.systemIndigo.cgColor
  stage.addSublayer(card)

  let flip = CABasicAnimation(keyPath: "transform")
  flip.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
  flip.toValue = NSValue(caTransform3D: CATransform3DMakeRotation(.pi / 2, 0, 1, 0))
  flip.duration = 1
  flip.fillMode = .forwards
  flip.isRemovedOnCompletion = false
  card.add(flip, forKey: "flip")
  return stage
}
