// SPDX-License-Identifier: Apache-2.0
// The Material-style indeterminate loader of many iOS tutorials: a subclass of CAShapeLayer whose
// stroke's head and tail chase each other round a circle that also turns.

#if canImport(UIKit)
import UIKit
#else
import ZoetropeQuartzCore
#endif

/// A circular loader, written as an iOS layer subclass.
final class StrokeLoaderLayer: CAShapeLayer {
  static let headDuration: CFTimeInterval = 1.0
  static let cycle: CFTimeInterval = 1.5

  override init() {
    super.init()
    configure()
  }

  override init(layer: Any) {
    super.init(layer: layer)
  }

  required init?(coder: NSCoder) {
    super.init(coder: coder)
    configure()
  }

  private func configure() {
    fillColor = nil
    strokeColor = UIColor(red: 0.91, green: 0.12, blue: 0.39, alpha: 1).cgColor
    lineWidth = 6
    lineCap = .butt
  }

  override func layoutSublayers() {
    super.layoutSublayers()
    let inset = bounds.insetBy(dx: lineWidth / 2 + 2, dy: lineWidth / 2 + 2)
    path = UIBezierPath(ovalIn: inset).cgPath
  }

  func startAnimating() {
    let head = CABasicAnimation(keyPath: "strokeEnd")
    head.fromValue = 0
    head.toValue = 1
    head.duration = Self.headDuration
    head.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)

    let tail = CABasicAnimation(keyPath: "strokeStart")
    tail.fromValue = 0
    tail.toValue = 1
    tail.beginTime = 0.5
    tail.duration = Self.headDuration
    tail.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)

    let group = CAAnimationGroup()
    group.animations = [head, tail]
    group.duration = Self.cycle
    group.repeatCount = .infinity
    add(group, forKey: "stroke")

    let spin = CABasicAnimation(keyPath: "transform.rotation.z")
    spin.fromValue = 0
    spin.toValue = CGFloat.pi * 2
    spin.duration = 2
    spin.repeatCount = .infinity
    add(spin, forKey: "spin")
  }
}

/// The loader in a 100 × 100 frame, started.
func makeStrokeLoader() -> StrokeLoaderLayer {
  let loader = StrokeLoaderLayer()
  loader.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
  loader.startAnimating()
  return loader
}
