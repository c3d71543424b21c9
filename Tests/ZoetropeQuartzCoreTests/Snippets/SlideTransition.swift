// SPDX-License-Identifier: Apache-2.0
// A card that changes colour with a CATransition, as "next" buttons and onboarding pages do it:
// the transition added under kCATransition, the change made after it, in the same run-loop turn.

#if canImport(UIKit)
import UIKit
#else
import ZoetropeQuartzCore
#endif

/// A 120 × 80 orange card in a frame that clips it (a push slides outside the card otherwise).
func makeSlideCard() -> (frame: CALayer, card: CALayer) {
  let frame = CALayer()
  frame.frame = CGRect(x: 0, y: 0, width: 120, height: 80)
  frame.masksToBounds = true
  let card = CALayer()
  card.frame = frame.bounds
  card.backgroundColor = UIColor.systemOrange.cgColor
  frame.addSublayer(card)
  return (frame, card)
}

/// What the "next" button does: the green page pushes the orange one out to the left in 0.4 s.
func showNextPage(on card: CALayer) {
  let transition = CATransition()
  transition.type = .push
  transition.subtype = .fromRight
  transition.duration = 0.4
  transition.timingFunction = CAMediaTimingFunction(name: .linear)
  card.add(transition, forKey: kCATransition)
  card.backgroundColor = UIColor.systemGreen.cgColor
}

/// A cross-fade with CATransition's defaults (0.25 s, linear) to green.
func crossFadeToGreen(on card: CALayer) {
  card.add(CATransition(), forKey: "fade")
  card.backgroundColor = UIColor.systemGreen.cgColor
}

/// A counter whose new number rolls in from below, as odometer labels do it.
func makeRollingCounter() -> CATextLayer {
  let label = CATextLayer()
  label.frame = CGRect(x: 0, y: 0, width: 80, height: 48)
  label.backgroundColor = UIColor.systemGray6.cgColor
  label.masksToBounds = true
  label.string = "41"
  label.fontSize = 32
  label.alignmentMode = .center
  label.foregroundColor = UIColor.label.cgColor
  return label
}

/// Sets the counter's next value, pushed up from the bottom in 0.3 s, eased out.
func roll(_ label: CATextLayer, to value: Int) {
  let roll = CATransition()
  roll.type = .push
  roll.subtype = .fromBottom
  roll.duration = 0.3
  roll.timingFunction = CAMediaTimingFunction(name: .easeOut)
  label.add(roll, forKey: kCATransition)
  label.string = "\(value)"
}
