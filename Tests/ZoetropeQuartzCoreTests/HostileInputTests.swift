// SPDX-License-Identifier: Apache-2.0
// Absurd numbers and sizes: a clear error or a frame, never a crash.

import Foundation
import Testing
import Zoetrope
import ZoetropeQuartzCore

@Suite struct HostileInputTests {
  func square() -> CALayer {
    let layer = CALayer()
    layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
    layer.backgroundColor = UIColor.red.cgColor
    return layer
  }

  func message(_ body: () throws -> Void) -> String {
    do {
      try body()
      return ""
    } catch {
      return "\(error)"
    }
  }

  @Test func scalesAndCanvasesOutOfRangeAreRefused() {
    for scale in [0, -1, CGFloat.nan, CGFloat.infinity] {
      #expect(message { _ = try ZoetropeRender.png(of: square(), at: 0, scale: scale) }
                .contains("scale must be a finite number above 0"), "\(scale)")
    }
    let far = square()
    far.position = CGPoint(x: 1e12, y: 0)
    #expect(message { _ = try ZoetropeRender.png(of: far, at: 0) }.contains("at most 16384 a side"))
    #expect(message { _ = try ZoetropeRender.png(of: square(), at: 0, scale: 4000) }.contains("at most 16384 pixels a side"))
    #expect(message { _ = try ZoetropeRender.scene(of: square(), duration: .nan) }.contains("duration must be above 0"))
    #expect(message { _ = try ZoetropeRender.scene(of: square(), framesPerSecond: 0) }.contains("framesPerSecond must be"))
  }

  @Test func absurdValuesStillRender() throws {
    for time in [Double.nan, .infinity, -.infinity, 1e300, -5] {
      #expect(message { _ = try ZoetropeRender.png(of: square(), at: time) } == "", "t = \(time)")
    }
    let layer = square()
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = Double.nan
    fade.toValue = 1
    fade.duration = .nan
    fade.speed = .nan
    fade.repeatCount = .nan
    layer.add(fade, forKey: "nan")
    layer.cornerRadius = .nan
    layer.borderWidth = CGFloat.infinity
    layer.shadowOpacity = .nan
    layer.shadowRadius = 1e300
    layer.transform = CATransform3DMakeScale(.nan, 1, 1)
    #expect(message { _ = try ZoetropeRender.png(of: layer, at: 0.5) } == "")
    let replicator = CAReplicatorLayer()
    replicator.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
    replicator.instanceCount = .max
    #expect(replicator.value(forKeyPath: "instanceCount") as? Int == Int(9e18))   // read back without trapping
    let shape = CAShapeLayer()
    shape.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
    let path = CGMutablePath()
    path.addArc(center: .zero, radius: 1e300, startAngle: 0, endAngle: 1e300, clockwise: true)
    shape.path = path
    shape.strokeColor = UIColor.red.cgColor
    #expect(message { _ = try ZoetropeRender.png(of: shape, at: 0) } == "")
  }

  @Test func absurdColoursAndFontsAreMadeAnyway() {
    var (r, g, b) = (CGFloat(1), CGFloat(1), CGFloat(1))
    UIColor(hue: .nan, saturation: .nan, brightness: .infinity, alpha: 1).getRed(&r, green: &g, blue: &b, alpha: nil)
    #expect([r, g, b] == [1, 1, 1])   // brightness clamped to 1, no saturation: white
    #expect(UIFont(name: "", size: -1)?.familyName == "")
    #expect(UIFont(name: "-", size: .nan) != nil)
    #expect(UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10), cornerRadius: .nan).isEmpty == false)
  }
}
