// SPDX-License-Identifier: Apache-2.0
// The CAReplicatorLayer activity indicator: twelve dots around a circle, each fading a twelfth of a second after the one before.

#if canImport(UIKit)
import UIKit
#else
import ZoetropeQuartzCore
#endif

/// Twelve 10-point dots on a circle of radius 40, in a 120-point square.
func makeReplicatorSpinner() -> CAReplicatorLayer {
  let replicator = CAReplicatorLayer()
  replicator.frame = CGRect(x: 0, y: 0, width: 120, height: 120)

  let dot = CALayer()
  dot.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
  dot.position = CGPoint(x: 60, y: 20)
  dot.cornerRadius = 5
  dot.backgroundColor = UIColor.darkGray.cgColor
  dot.opacity = 0
  replicator.addSublayer(dot)

  let count = 12
  replicator.instanceCount = count
  replicator.instanceTransform = CATransform3DMakeRotation(2 * .pi / CGFloat(count), 0, 0, 1)
  replicator.instanceDelay = 1.0 / Double(count)

  let fade = CABasicAnimation(keyPath: "opacity")
  fade.fromValue = 1
  fade.toValue = 0
  fade.duration = 1
  fade.repeatCount = .infinity
  dot.add(fade, forKey: nil)
  return replicator
}
