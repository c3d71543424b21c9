// SPDX-License-Identifier: Apache-2.0
// A chat app's typing indicator: three dots bouncing one after another, staggered with beginTime.

#if canImport(UIKit)
import UIKit
#else
import ZoetropeQuartzCore
#endif

/// Three 10-point grey dots 16 points apart in a 60 × 30 bubble, each bouncing 6 points up every
/// 0.6 s, 0.2 s after the one before.
func makeTypingIndicator() -> CALayer {
  let bubble = CALayer()
  bubble.frame = CGRect(x: 0, y: 0, width: 60, height: 30)
  bubble.backgroundColor = UIColor.systemGray6.cgColor
  bubble.cornerRadius = 15

  for i in 0..<3 {
    let dot = CALayer()
    dot.frame = CGRect(x: 9 + CGFloat(i) * 16, y: 12, width: 10, height: 10)
    dot.cornerRadius = 5
    dot.backgroundColor = UIColor.systemGray.cgColor
    bubble.addSublayer(dot)

    let bounce = CAKeyframeAnimation(keyPath: "transform.translation.y")
    bounce.values = [0, -6, 0]
    bounce.keyTimes = [0, 0.5, 1]
    bounce.duration = 0.6
    bounce.repeatCount = .infinity
    bounce.beginTime = CACurrentMediaTime() + Double(i) * 0.2
    dot.add(bounce, forKey: "bounce")
  }
  return bubble
}
