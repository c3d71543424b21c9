// SPDX-License-Identifier: Apache-2.0
// A selection rectangle with marching ants: the dash phase animated forever.

#if canImport(UIKit)
import UIKit
#else
import ZoetropeQuartzCore
#endif

/// A 1-point dashed rectangle (6 on, 6 off) whose dashes march 12 points every 0.5 s.
func makeMarchingAnts() -> CAShapeLayer {
  let selection = CAShapeLayer()
  selection.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
  selection.path = UIBezierPath(rect: selection.bounds.insetBy(dx: 4, dy: 4)).cgPath
  selection.fillColor = UIColor.clear.cgColor
  selection.strokeColor = UIColor.black.cgColor
  selection.lineWidth = 2
  selection.lineDashPattern = [6, 6]

  let march = CABasicAnimation(keyPath: "lineDashPhase")
  march.fromValue = 0
  march.toValue = 12
  march.duration = 0.5
  march.repeatCount = .infinity
  selection.add(march, forKey: "march")
  return selection
}
