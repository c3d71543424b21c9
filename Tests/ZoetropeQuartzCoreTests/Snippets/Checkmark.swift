// SPDX-License-Identifier: Apache-2.0
// A success checkmark drawing itself after a short delay, inside a green circle that pops in with a spring.

#if canImport(UIKit)
import UIKit
#else
import ZoetropeQuartzCore
#endif

final class CheckmarkDelegate: NSObject, CAAnimationDelegate {
  var finished = false
  func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { finished = flag }
}

/// A 60-point circle that springs from half size, and a tick drawn from 0.3 s to 0.7 s.
func makeCheckmark(delegate: CAAnimationDelegate? = nil) -> CALayer {
  let circle = CAShapeLayer()
  circle.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
  circle.path = UIBezierPath(ovalIn: circle.bounds).cgPath
  circle.fillColor = UIColor.systemGreen.cgColor

  let pop = CASpringAnimation(keyPath: "transform.scale")
  pop.fromValue = 0.5
  pop.toValue = 1.0
  pop.damping = 8
  pop.initialVelocity = 2
  pop.duration = pop.settlingDuration
  circle.add(pop, forKey: "pop")

  let tick = UIBezierPath()
  tick.move(to: CGPoint(x: 16, y: 31))
  tick.addLine(to: CGPoint(x: 26, y: 41))
  tick.addLine(to: CGPoint(x: 45, y: 20))
  let check = CAShapeLayer()
  check.frame = circle.bounds
  check.path = tick.cgPath
  check.strokeColor = UIColor.white.cgColor
  check.fillColor = nil
  check.lineWidth = 5
  check.lineCap = .round
  check.lineJoin = .round
  check.strokeEnd = 0
  circle.addSublayer(check)

  let draw = CABasicAnimation(keyPath: "strokeEnd")
  draw.fromValue = 0
  draw.toValue = 1
  draw.beginTime = CACurrentMediaTime() + 0.3
  draw.duration = 0.4
  draw.timingFunction = CAMediaTimingFunction(name: .easeOut)
  draw.fillMode = .forwards
  draw.isRemovedOnCompletion = false
  draw.delegate = delegate
  check.add(draw, forKey: "draw")
  return circle
}
