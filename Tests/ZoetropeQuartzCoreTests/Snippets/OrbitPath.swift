// SPDX-License-Identifier: Apache-2.0
// A satellite following a circular path with rotationMode, and a gradient whose colours change.

#if canImport(UIKit)
import UIKit
#else
import ZoetropeQuartzCore
#endif

/// A 12 × 6 arrow travelling once round a circle of radius 40 in 2 s, turned along its path, over
/// a gradient that fades from red–orange to purple–blue.
func makeOrbit() -> CALayer {
  let sky = CAGradientLayer()
  sky.frame = CGRect(x: 0, y: 0, width: 120, height: 120)
  sky.colors = [UIColor.red.cgColor, UIColor.orange.cgColor]
  let dusk = CABasicAnimation(keyPath: "colors")
  dusk.toValue = [UIColor.purple.cgColor, UIColor.blue.cgColor]
  dusk.duration = 2
  dusk.fillMode = CAMediaTimingFillMode.forwards
  dusk.isRemovedOnCompletion = false
  sky.add(dusk, forKey: "dusk")

  let satellite = CALayer()
  satellite.bounds = CGRect(x: 0, y: 0, width: 12, height: 6)
  satellite.backgroundColor = UIColor.white.cgColor
  satellite.position = CGPoint(x: 100, y: 60)
  sky.addSublayer(satellite)

  let orbit = CAKeyframeAnimation(keyPath: "position")
  orbit.path = UIBezierPath(arcCenter: CGPoint(x: 60, y: 60), radius: 40, startAngle: 0, endAngle: 2 * .pi,
                            clockwise: true).cgPath
  orbit.duration = 2
  orbit.calculationMode = .paced
  orbit.rotationMode = .rotateAuto
  orbit.repeatCount = .infinity
  satellite.add(orbit, forKey: "orbit")
  return sky
}
