// SPDX-License-Identifier: Apache-2.0
// An odometer-style counter: a column of digits in a CATextLayer, stepped up behind a clipping window.

#if canImport(UIKit)
import UIKit
#else
import ZoetropeQuartzCore
#endif

/// A 40 × 40 window showing one digit of "0…9", counting up one digit every 0.25 s.
func makeTextCounter() -> CALayer {
  let window = CALayer()
  window.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
  window.masksToBounds = true
  window.backgroundColor = UIColor.white.cgColor

  let font = UIFont.systemFont(ofSize: 32, weight: .bold)
  let lineHeight = font.lineHeight
  let digits = CATextLayer()
  digits.string = (0...9).map(String.init).joined(separator: "\n")
  digits.font = font
  digits.fontSize = font.pointSize
  digits.foregroundColor = UIColor.black.cgColor
  digits.alignmentMode = .center
  digits.contentsScale = 2
  digits.anchorPoint = CGPoint(x: 0.5, y: 0)
  digits.frame = CGRect(x: 0, y: 0, width: 40, height: lineHeight * 10)
  window.addSublayer(digits)

  let count = CAKeyframeAnimation(keyPath: "position.y")
  count.values = (0...9).map { -CGFloat($0) * lineHeight }
  count.calculationMode = .discrete
  count.duration = 2.5
  count.fillMode = .forwards
  count.isRemovedOnCompletion = false
  digits.add(count, forKey: "count")
  return window
}
