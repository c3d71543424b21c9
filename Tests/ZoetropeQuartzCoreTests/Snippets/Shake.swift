// SPDX-License-Identifier: Apache-2.0
// The "wrong password" shake: keyframe values on transform.translation.x.

#if canImport(UIKit)
import UIKit
#else
import ZoetropeQuartzCore
#endif

extension CALayer {
  /// Shakes the layer left and right, settling in 0.6 s.
  func shake() {
    let animation = CAKeyframeAnimation(keyPath: "transform.translation.x")
    animation.timingFunction = CAMediaTimingFunction(name: .linear)
    animation.duration = 0.6
    animation.values = [-20.0, 20.0, -20.0, 20.0, -10.0, 10.0, -5.0, 5.0, 0.0]
    add(animation, forKey: "shake")
  }
}

/// A 40 × 40 field in the middle of a 160 × 60 panel, shaking.
func makeShake() -> CALayer {
  let panel = CALayer()
  panel.frame = CGRect(x: 0, y: 0, width: 160, height: 60)
  panel.backgroundColor = UIColor.white.cgColor

  let field = CALayer()
  field.frame = CGRect(x: 60, y: 10, width: 40, height: 40)
  field.backgroundColor = UIColor.black.cgColor
  field.borderColor = UIColor.systemRed.cgColor
  panel.addSublayer(field)
  field.shake()
  return panel
}
