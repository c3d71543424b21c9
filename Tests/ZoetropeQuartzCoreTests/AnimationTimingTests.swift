// SPDX-License-Identifier: Apache-2.0
// Adding, finding and removing animations; the render clock (CACurrentMediaTime, presentation);
// CATransaction's commit and animation duration; convertTime and the pause recipe.

import Foundation
import Testing
import Zoetrope
import ZoetropeQuartzCore

@Suite struct AnimationTimingTests {
  func square() -> CALayer {
    let layer = CALayer()
    layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
    return layer
  }

  func slide(to x: CGFloat, duration: CFTimeInterval = 1) -> CABasicAnimation {
    let slide = CABasicAnimation(keyPath: "position.x")
    slide.fromValue = 0
    slide.toValue = x
    slide.duration = duration
    return slide
  }

  func x(of layer: CALayer, at time: CFTimeInterval) -> CGFloat {
    ZoetropeRender.withMediaTime(time) { layer.presentation()!.position.x }
  }

  @Test func addingKeepsACopyUnderItsKeyInOrder() {
    let layer = square()
    let first = slide(to: 100)
    layer.add(first, forKey: "a")
    layer.add(slide(to: 50), forKey: "b")
    layer.add(slide(to: 30), forKey: nil)
    first.toValue = 999   // later changes do not reach the layer
    #expect(layer.animationKeys() == ["a", "b"])
    let copy = layer.animation(forKey: "a") as? CABasicAnimation
    #expect(copy !== first)
    #expect(copy?.toValue as? CGFloat == 100)
    #expect(x(of: layer, at: 0.5) == 15)   // the last added (without a key, to 30) wins
    // Adding under a used key replaces it, and it now applies last.
    layer.add(slide(to: 20), forKey: "a")
    #expect(layer.animationKeys() == ["b", "a"])
    #expect(x(of: layer, at: 0.5) == 10)   // "a" (to 20) wins: halfway is 10
    layer.removeAnimation(forKey: "a")
    #expect(layer.animationKeys() == ["b"])
    #expect(x(of: layer, at: 0.5) == 15)
    layer.removeAllAnimations()
    #expect(layer.animationKeys() == nil)
    #expect(x(of: layer, at: 0.5) == 5)
  }

  @Test func removedOnCompletionUnlessFilledForwards() {
    let layer = square()
    layer.add(slide(to: 100), forKey: "gone")
    #expect(x(of: layer, at: 1.5) == 5)
    let kept = slide(to: 100)
    kept.fillMode = .forwards
    kept.isRemovedOnCompletion = false
    layer.add(kept, forKey: "kept")
    #expect(x(of: layer, at: 1.5) == 100)
  }

  @Test func aZeroDurationIsAQuarterSecondOrTheTransactions() {
    let layer = square()
    layer.add(slide(to: 100, duration: 0), forKey: "quick")
    #expect(x(of: layer, at: 0.125) == 50)
    #expect(CATransaction.animationDuration() == 0.25)
    CATransaction.begin()
    CATransaction.setAnimationDuration(2)
    #expect(CATransaction.animationDuration() == 2)
    layer.add(slide(to: 100, duration: 0), forKey: "slow")
    layer.add(slide(to: 100, duration: 0.5), forKey: "own")   // a duration of its own stays
    CATransaction.commit()
    #expect(layer.animation(forKey: "slow")?.duration == 2)
    #expect(layer.animation(forKey: "own")?.duration == 0.5)
    #expect(CATransaction.animationDuration() == 0.25)
  }

  @Test func beginTimeFromTheRenderClock() throws {
    let layer = square()
    let delayed = slide(to: 100)
    delayed.beginTime = CACurrentMediaTime() + 0.3
    delayed.fillMode = .backwards
    layer.add(delayed, forKey: "delayed")
    #expect(CACurrentMediaTime() == 0)
    #expect(x(of: layer, at: 0.2) == 0)    // backwards fill shows the start
    #expect(x(of: layer, at: 0.8) == 50)
    #expect(abs(x(of: layer, at: 1.2) - 90) < 1e-9)
  }

  @Test func animationsAddedWhileTheClockReadsLaterBeginThen() {
    let layer = square()
    ZoetropeRender.withMediaTime(2) {
      #expect(CACurrentMediaTime() == 2)
      layer.add(slide(to: 100), forKey: "late")
    }
    #expect(CACurrentMediaTime() == 0)
    #expect(x(of: layer, at: 1) == 5)      // not begun: the model
    #expect(x(of: layer, at: 2.5) == 50)
  }

  @Test func theRenderClockIsTheTasks() async {
    await withTaskGroup(of: Bool.self) { group in
      for time in [1.0, 2, 3, 4] {
        group.addTask { ZoetropeRender.withMediaTime(time) { CACurrentMediaTime() == time } }
      }
      for await result in group { #expect(result) }
    }
  }

  @Test func presentationShowsTheClocksInstantAndLeadsBackToTheModel() {
    let layer = CAShapeLayer()
    layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
    let sub = CALayer()
    layer.addSublayer(sub)
    let draw = CABasicAnimation(keyPath: "strokeEnd")
    draw.fromValue = 0
    draw.toValue = 1
    draw.duration = 2
    layer.add(draw, forKey: "draw")
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 1
    fade.toValue = 0
    fade.duration = 2
    sub.add(fade, forKey: "fade")
    let presented = ZoetropeRender.withMediaTime(0.5) { layer.presentation()! }
    #expect(presented.strokeEnd == 0.25)
    #expect(presented.sublayers?.first?.opacity == 0.75)
    #expect(presented.model() === layer)
    #expect(layer.model() === layer)
    #expect(presented.animationKeys() == nil)
    #expect(layer.strokeEnd == 1)   // the model is untouched
  }

  @Test func aSubclassPresentsAsItsCoreAnimationClass() {
    let loader = makeStrokeLoader()
    let presented = loader.presentation()
    #expect(presented != nil)
    #expect(type(of: presented!) == CAShapeLayer.self)
    #expect(presented!.model() === loader)
    #expect(presented!.path != nil)   // laid out by its layoutSublayers() at the commit
  }

  /// Apple's pause and resume recipe (Technical Q&A QA1673), with the clock moved between them.
  @Test func pauseAndResumeWithConvertTime() {
    let layer = square()
    layer.add(slide(to: 100, duration: 4), forKey: "slide")
    ZoetropeRender.withMediaTime(1) {
      let pausedTime = layer.convertTime(CACurrentMediaTime(), from: nil)
      layer.speed = 0
      layer.timeOffset = pausedTime
    }
    #expect(x(of: layer, at: 2) == 25)
    #expect(x(of: layer, at: 3) == 25)
    ZoetropeRender.withMediaTime(3) {
      let pausedTime = layer.timeOffset
      layer.speed = 1
      layer.timeOffset = 0
      layer.beginTime = 0
      let timeSincePause = layer.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
      layer.beginTime = timeSincePause
    }
    #expect(x(of: layer, at: 3) == 25)
    #expect(x(of: layer, at: 4) == 50)
  }

  /// As on iOS, a zero beginTime becomes the layer's time when the transaction commits: an explicit
  /// transaction commits at `commit()`, the implicit one at the render.
  @Test func aZeroBeginTimeIsResolvedAtTheCommit() {
    let committed = square()
    CATransaction.begin()
    committed.add(slide(to: 100), forKey: "slide")
    CATransaction.commit()
    committed.speed = 0
    committed.timeOffset = 0.5   // scrubbed after the commit: shows 0.5 s in
    #expect(x(of: committed, at: 3) == 50)

    let implicit = square()
    implicit.add(slide(to: 100), forKey: "slide")
    implicit.speed = 0
    implicit.timeOffset = 0.5    // same transaction: the animation begins at the layer's time 0.5
    #expect(x(of: implicit, at: 3) == 0)
  }

  @Test func transactionSettingsAreKeptAndDoNothing() {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
    var called = false
    CATransaction.setCompletionBlock { called = true }
    #expect(CATransaction.disableActions())
    #expect(CATransaction.animationTimingFunction() == CAMediaTimingFunction(name: .easeIn))
    #expect(CATransaction.completionBlock() != nil)
    let layer = square()
    layer.opacity = 0.5   // takes effect at once: no implicit animation
    CATransaction.commit()
    #expect(!called)
    #expect(!CATransaction.disableActions())
    #expect(ZoetropeRender.withMediaTime(0.1) { layer.presentation()!.opacity } == 0.5)
  }

  @Test func timingFunctionsByNameAndControlPoints() {
    var point = [Float](repeating: 0, count: 2)
    CAMediaTimingFunction(name: .easeInEaseOut).getControlPoint(at: 1, values: &point)
    #expect(point == [0.42, 0])
    CAMediaTimingFunction(controlPoints: 0.2, 1.4, 0.5, 1).getControlPoint(at: 2, values: &point)
    #expect(point == [0.5, 1])
    let layer = square()
    let bounce = slide(to: 100)
    bounce.timingFunction = CAMediaTimingFunction(controlPoints: 0.2, 1.4, 0.5, 1)
    layer.add(bounce, forKey: "bounce")
    let expected = 100 * cubicBezier(Double(Float(0.2)), Double(Float(1.4)), 0.5, 1, at: 0.5)
    #expect(abs(Double(x(of: layer, at: 0.5)) - expected) < 1e-6)
  }

  @Test func springsSettleAsZoetropesSpringsDo() {
    let spring = CASpringAnimation(keyPath: "position.x")
    spring.fromValue = 0
    spring.toValue = 100
    spring.damping = 5
    #expect(abs(spring.settlingDuration - SpringCurve(mass: 1, stiffness: 100, damping: 5).settlingDuration) < 1e-12)
    spring.duration = spring.settlingDuration
    let layer = square()
    layer.add(spring, forKey: "spring")
    #expect(x(of: layer, at: 0.2) > 100)   // damping 5 overshoots
    #expect(abs(x(of: layer, at: spring.settlingDuration - 1e-6) - 100) < 0.2)
  }

  @Test func speedAndRepeatCountAreFloatsAsInCoreAnimation() {
    let animation = slide(to: 100)
    animation.repeatCount = .infinity
    #expect(animation.repeatCount == .infinity)
    animation.repeatCount = HUGE
    animation.speed = 2
    let layer = square()
    layer.add(animation, forKey: "fast")
    #expect(x(of: layer, at: 10.25) == 50)
  }
}

/// Animations subclassed as iOS code subclasses them.
final class FadeOut: CABasicAnimation {
  override init() {
    super.init()
    keyPath = "opacity"
    fromValue = 1
    toValue = 0
    duration = 1
  }
}

@Suite struct AnimationSubclassTests {
  @Test func aSubclassedAnimationAnimates() {
    let layer = CALayer()
    layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
    layer.add(FadeOut(), forKey: "fade")
    #expect(ZoetropeRender.withMediaTime(0.25) { layer.presentation()!.opacity } == 0.75)
  }
}
