// SPDX-License-Identifier: Apache-2.0
// The ring of issue 40, as an iOS custom control draws it. Builds unchanged for iOS (see docs/quartzcore.md).

#if canImport(UIKit)
import UIKit
#else
import ZoetropeQuartzCore
#endif

/// A progress ring drawing itself from twelve o'clock, clockwise, in 1.2 s.
func makeRing() -> CAShapeLayer {
  let ring = CAShapeLayer()
  ring.frame = CGRect(x: 0, y: 0, width: 120, height: 120)
  ring.path = UIBezierPath(arcCenter: CGPoint(x: 60, y: 60), radius: 50, startAngle: -.pi / 2,
                           endAngle: 3 * .pi / 2, clockwise: true).cgPath
  ring.strokeColor = UIColor.systemBlue.cgColor
  ring.fillColor = UIColor.clear.cgColor
  ring.lineWidth = 8
  ring.lineCap = .round
  let draw = CABasicAnimation(keyPath: "strokeEnd")
  draw.fromValue = 0
  draw.toValue = 1
  draw.duration = 1.2
  draw.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
  draw.fillMode = .forwards
  draw.isRemovedOnCompletion = false
  ring.add(draw, forKey: "draw")
  return ring
}
