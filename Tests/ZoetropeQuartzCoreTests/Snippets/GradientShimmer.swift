// SPDX-License-Identifier: Apache-2.0
// The skeleton-screen shimmer: a light band swept across a grey placeholder by animating `locations`.

#if canImport(UIKit)
import UIKit
#else
import ZoetropeQuartzCore
#endif

/// A 200 × 20 placeholder bar with a shimmer crossing it every 1.5 s.
func makeShimmer() -> CAGradientLayer {
  let gradient = CAGradientLayer()
  gradient.frame = CGRect(x: 0, y: 0, width: 200, height: 20)
  let base = UIColor(white: 0.85, alpha: 1).cgColor
  let highlight = UIColor(white: 0.95, alpha: 1).cgColor
  gradient.colors = [base, highlight, base]
  gradient.startPoint = CGPoint(x: 0, y: 0.5)
  gradient.endPoint = CGPoint(x: 1, y: 0.5)
  gradient.locations = [0, 0.5, 1]

  let shimmer = CABasicAnimation(keyPath: "locations")
  shimmer.fromValue = [-1.0, -0.5, 0.0]
  shimmer.toValue = [1.0, 1.5, 2.0]
  shimmer.duration = 1.5
  shimmer.repeatCount = .infinity
  gradient.add(shimmer, forKey: "shimmer")
  return gradient
}
