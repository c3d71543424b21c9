// SPDX-License-Identifier: Apache-2.0
// The pulsing halo behind a map pin or a record button: a group of scale and fade, repeating.

#if canImport(UIKit)
import UIKit
#else
import ZoetropeQuartzCore
#endif

/// A 40-point dot in a 120-point square, pulsing out to 1.5 times its size while it fades, every 1.5 s.
func makePulse() -> CALayer {
  let container = CALayer()
  container.frame = CGRect(x: 0, y: 0, width: 120, height: 120)

  let pulse = CALayer()
  pulse.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
  pulse.position = CGPoint(x: container.bounds.midX, y: container.bounds.midY)
  pulse.cornerRadius = 20
  pulse.backgroundColor = UIColor.systemRed.cgColor
  container.addSublayer(pulse)

  let scale = CABasicAnimation(keyPath: "transform.scale")
  scale.fromValue = 1.0
  scale.toValue = 1.5

  let fade = CABasicAnimation(keyPath: "opacity")
  fade.fromValue = 1.0
  fade.toValue = 0.0

  let group = CAAnimationGroup()
  group.animations = [scale, fade]
  group.duration = 1.5
  group.timingFunction = CAMediaTimingFunction(name: .easeOut)
  group.repeatCount = Float.infinity
  pulse.add(group, forKey: "pulse")
  return container
}
