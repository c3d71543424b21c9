// SPDX-License-Identifier: Apache-2.0
// Values as Core Animation takes them — numbers of every type, CG values, NSValue, NSNumber — and a value
// of the wrong type reported when the layer is rendered, naming the layer, the key and the type.

import Foundation
import Testing
import Zoetrope
import ZoetropeQuartzCore

@Suite struct ValueTypeTests {
  /// A 20 × 20 black square whose opacity runs `from` → `to` in 1 s.
  func fadingSquare(from: Any?, to: Any?) -> CALayer {
    let square = CALayer()
    square.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
    square.backgroundColor = UIColor.black.cgColor
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = from
    fade.toValue = to
    fade.duration = 1
    square.add(fade, forKey: "fade")
    return square
  }

  @Test func everyNumberTypeIsANumber() throws {
    let pairs: [(Any, Any)] = [
      (0, 1), (0.0, 1.0), (Float(0), Float(1)), (CGFloat(0), CGFloat(1)), (NSNumber(value: 0), NSNumber(value: 1)),
      (Int32(0), UInt8(1)), (false, true),
    ]
    for (from, to) in pairs {
      let frame = try Frame(fadingSquare(from: from, to: to), at: 0.25)
      #expect(frame.pixel(10, 10).alpha == 64, "\(type(of: from))")
    }
  }

  @Test func pointsSizesRectsAndTransformsComeBareOrInNSValues() throws {
    func layer(_ keyPath: String, _ value: Any) -> CALayer {
      let layer = CALayer()
      layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
      let animation = CABasicAnimation(keyPath: keyPath)
      animation.toValue = value
      animation.duration = 1
      layer.add(animation, forKey: nil)
      return layer
    }
    let pairs: [(String, Any, Any)] = [
      ("position", CGPoint(x: 45, y: 25), NSValue(cgPoint: CGPoint(x: 45, y: 25))),
      ("bounds.size", CGSize(width: 30, height: 50), NSValue(cgSize: CGSize(width: 30, height: 50))),
      ("bounds", CGRect(x: 0, y: 0, width: 30, height: 50), NSValue(cgRect: CGRect(x: 0, y: 0, width: 30, height: 50))),
      ("transform", CATransform3DMakeRotation(1, 0, 0, 1), NSValue(caTransform3D: CATransform3DMakeRotation(1, 0, 0, 1))),
      ("shadowOffset", CGSize(width: 3, height: 4), NSValue(cgSize: CGSize(width: 3, height: 4))),
    ]
    for (keyPath, bare, wrapped) in pairs {
      let (first, second) = (layer(keyPath, bare), layer(keyPath, wrapped))
      let a = ZoetropeRender.withMediaTime(0.5) { first.presentation()! }
      let b = ZoetropeRender.withMediaTime(0.5) { second.presentation()! }
      #expect(a.value(forKeyPath: keyPath).map(String.init(describing:))
                == b.value(forKeyPath: keyPath).map(String.init(describing:)), "\(keyPath)")
      #expect(a.position != CGPoint(x: 5, y: 5) || a.bounds != CGRect(x: 0, y: 0, width: 10, height: 10)
                || !CATransform3DIsIdentity(a.transform) || a.shadowOffset != CGSize(width: 0, height: -3),
              "\(keyPath) did not animate")
    }
  }

  @Test func componentKeyPathsTakeNumbers() throws {
    let layer = CALayer()
    layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
    let spin = CABasicAnimation(keyPath: "transform.rotation.z")
    spin.toValue = CGFloat.pi
    spin.duration = 1
    layer.add(spin, forKey: "spin")
    let slide = CABasicAnimation(keyPath: "position.x")
    slide.byValue = 20
    slide.duration = 1
    layer.add(slide, forKey: "slide")
    let presented = ZoetropeRender.withMediaTime(0.5) { layer.presentation()! }
    #expect(presented.position == CGPoint(x: 15, y: 5))
    let angle = presented.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0
    #expect(abs(angle - .pi / 2) < 1e-9)
    #expect(presented.value(forKeyPath: "position") as? CGPoint == CGPoint(x: 15, y: 5))
    #expect(presented.value(forKeyPath: "opacity") as? Float == 1)
  }

  @Test func gradientLocationsTakeArraysOfAnyNumberType() throws {
    for value in [[0.0, 0.25, 0.5] as Any, [0, 0.25, 0.5] as [NSNumber], [CGFloat(0), 0.25, 0.5]] {
      let gradient = CAGradientLayer()
      gradient.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
      gradient.colors = [UIColor.red.cgColor, UIColor.green.cgColor, UIColor.blue.cgColor]
      let move = CABasicAnimation(keyPath: "locations")
      move.fromValue = [0, 0.5, 1] as [NSNumber]
      move.toValue = value
      move.duration = 1
      gradient.add(move, forKey: "move")
      let presented = ZoetropeRender.withMediaTime(0.5) { gradient.presentation()! }
      #expect(presented.locations?.map(\.doubleValue) == [0, 0.375, 0.75])
    }
  }

  @Test func keyframeValuesAndPathsTakeTheirTypes() throws {
    let layer = CALayer()
    layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
    let hop = CAKeyframeAnimation(keyPath: "position")
    hop.values = [NSValue(cgPoint: CGPoint(x: 0, y: 0)), CGPoint(x: 100, y: 0), NSValue(cgPoint: CGPoint(x: 100, y: 50))]
    hop.duration = 2
    layer.add(hop, forKey: "hop")
    #expect(ZoetropeRender.withMediaTime(1.5) { layer.presentation()!.position } == CGPoint(x: 100, y: 25))

    let follow = CAKeyframeAnimation(keyPath: "position")
    let path = CGMutablePath()
    path.move(to: CGPoint(x: 0, y: 0))
    path.addLine(to: CGPoint(x: 40, y: 0))
    follow.path = path
    follow.duration = 1
    layer.add(follow, forKey: "hop")
    #expect(ZoetropeRender.withMediaTime(0.25) { layer.presentation()!.position } == CGPoint(x: 10, y: 0))
  }

  @Test func coloursArePlainCGColors() throws {
    let layer = CALayer()
    layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
    let tint = CABasicAnimation(keyPath: "backgroundColor")
    tint.fromValue = UIColor.red.cgColor
    tint.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    tint.duration = 1
    layer.add(tint, forKey: "tint")
    let frame = try Frame(layer, at: 0.5)
    #expect(frame.pixel(5, 5) == Pixel(red: 128, green: 0, blue: 128, alpha: 255))
  }

  // MARK: Values that cannot be drawn

  func renderError(_ layer: CALayer) -> String {
    do {
      _ = try ZoetropeRender.png(of: layer, at: 0.5)
      return ""
    } catch {
      return "\(error)"
    }
  }

  @Test func aValueOfTheWrongTypeNamesLayerKeyAndType() {
    let ring = CAShapeLayer()
    ring.name = "ring"
    let draw = CABasicAnimation(keyPath: "strokeEnd")
    draw.fromValue = 0
    draw.toValue = CGPoint(x: 1, y: 0)
    ring.add(draw, forKey: "draw")
    let message = renderError(ring)
    #expect(message.contains("CAShapeLayer \"ring\""), "\(message)")
    #expect(message.contains("animation \"draw\""), "\(message)")
    #expect(message.contains("toValue is a CGPoint, but strokeEnd takes a number"), "\(message)")
    // Reported at every render while the animation is there; removing it clears it.
    #expect(renderError(ring) == message)
    ring.removeAnimation(forKey: "draw")
    #expect(renderError(ring) == "")
  }

  @Test func aUIColorWhereACGColorBelongsIsReportedWithTheFix() {
    let layer = CALayer()
    let tint = CABasicAnimation(keyPath: "backgroundColor")
    tint.toValue = UIColor.red
    layer.add(tint, forKey: "tint")
    #expect(renderError(layer).contains("toValue is a UIColor, but backgroundColor takes a CGColor (use .cgColor)"))

    let gradient = CAGradientLayer()
    gradient.colors = [UIColor.red, UIColor.blue]
    #expect(renderError(gradient).contains("colors is an array of UIColor, but colors takes an array of CGColor"))
    gradient.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
    #expect(renderError(gradient) == "")
  }

  @Test func anUnnamedLayerIsNamedByWhereItSits() {
    let root = CALayer()
    let other = CALayer(), shape = CAShapeLayer()
    root.addSublayer(other)
    root.addSublayer(shape)
    let pulse = CAAnimationGroup()
    let scale = CABasicAnimation(keyPath: "transform.scale")
    scale.toValue = 2
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.toValue = "zero"
    pulse.animations = [scale, fade]
    shape.add(pulse, forKey: "pulse")
    let message = renderError(root)
    #expect(message.contains("CAShapeLayer at sublayers[1]: animation \"pulse\", animations[1]: toValue is a String"),
            "\(message)")
  }

  @Test func unknownKeyPathsAndOtherMistakesAreReported() {
    let layer = CALayer()
    let typo = CABasicAnimation(keyPath: "postion.x")
    typo.toValue = 10
    layer.add(typo, forKey: nil)
    let noPath = CABasicAnimation()
    layer.add(noPath, forKey: "empty")
    let text = CATextLayer()
    text.string = 42
    text.font = 17
    layer.addSublayer(text)
    let picture = CALayer()
    picture.contents = "avatar.png"
    layer.addSublayer(picture)
    let message = renderError(layer)
    #expect(message.contains("CALayer: an animation added without a key: \"postion.x\" is not a key path Zoetrope animates"),
            "\(message)")
    #expect(message.contains("animation \"empty\": the CABasicAnimation has no keyPath"), "\(message)")
    #expect(message.contains("CATextLayer at sublayers[0]: string is an Int"), "\(message)")
    #expect(message.contains("CATextLayer at sublayers[0]: font is an Int"), "\(message)")
    #expect(message.contains("CALayer at sublayers[1]: contents is a String, but contents takes a CGImage"), "\(message)")
  }

  @Test func classesStillToComeCompileAndAreRefusedAtRender() {
    let stage = CALayer()
    let cube = CATransformLayer()
    stage.addSublayer(cube)
    let emitter = CAEmitterLayer()
    let cell = CAEmitterCell()
    cell.birthRate = 10
    cell.contents = nil
    emitter.emitterCells = [cell]
    stage.addSublayer(emitter)
    let fade = CATransition()
    fade.type = .fade
    stage.add(fade, forKey: kCATransition)
    let message = renderError(stage)
    #expect(message.contains("CATransformLayer at sublayers[0]: CATransformLayer is not drawn by this version"))
    #expect(message.contains("CAEmitterLayer at sublayers[1]: CAEmitterLayer is not drawn by this version"))
    #expect(message.contains("CALayer: animation \"transition\": CATransition (fade) is not drawn by this version"))
  }

  @Test func keyValueCodingSetsAnimatableKeyPathsAndStoresOtherKeys() {
    let layer = CAShapeLayer()
    layer.setValue(0.5, forKeyPath: "strokeEnd")
    layer.setValue(CGFloat.pi / 2, forKeyPath: "transform.rotation.z")
    layer.setValue(NSValue(cgPoint: CGPoint(x: 3, y: 4)), forKey: "position")
    layer.setValue("spinner", forKey: "role")
    #expect(layer.strokeEnd == 0.5)
    #expect(abs(layer.transform.m12 - 1) < 1e-12)
    #expect(layer.position == CGPoint(x: 3, y: 4))
    #expect(layer.value(forKeyPath: "strokeEnd") as? CGFloat == 0.5)
    #expect(layer.value(forKey: "position") as? CGPoint == CGPoint(x: 3, y: 4))
    #expect(layer.value(forKey: "role") as? String == "spinner")
    layer.setValue(UIColor.red, forKeyPath: "fillColor")
    #expect(renderError(layer).contains("setValue(_:forKeyPath: \"fillColor\"): the value is a UIColor"))
  }
}
