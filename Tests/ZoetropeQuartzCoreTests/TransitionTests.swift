// SPDX-License-Identifier: Apache-2.0
// CATransition added with add(_:forKey:) animates the change made after it, drawn as Core Animation
// draws fade, push, moveIn and reveal: pixels worked out from the progress and the type's geometry.

import Foundation
import Testing
import Zoetrope
import ZoetropeQuartzCore

@Suite struct TransitionTests {
  static let orange = (255, 149, 0), green = (52, 199, 89)

  /// The card with the push begun at 0.5 s (the "next" tap), as the clock then says.
  func pushedCard() -> (frame: CALayer, card: CALayer) {
    let (frame, card) = makeSlideCard()
    ZoetropeRender.withMediaTime(0.5) { showNextPage(on: card) }
    return (frame, card)
  }

  /// Push from the right, linear over 0.4 s from 0.5 s: the old page has moved p × 120 points left,
  /// the new one's left edge is at (1 − p) × 120.
  @Test(arguments: [0.4, 0.6, 0.7, 0.8, 1.0])
  func pushSlidesTheNewPageInFromTheRight(_ time: Double) throws {
    let frame = try Frame(pushedCard().frame, at: time)
    let p = min(max((time - 0.5) / 0.4, 0), 1)
    let edge = (1 - p) * 120
    for x in stride(from: 2.0, to: 120, by: 4) where abs(x - edge) > 1.5 {
      let pixel = frame.pixel(x, 40)
      let (r, g, b) = x < edge ? Self.orange : Self.green
      #expect(pixel.isClose(to: r, g, b, alpha: 255, tolerance: 0), "x = \(x) at t = \(time): \(pixel)")
    }
  }

  /// The model is the new value at once; the presentation shows the new state from the start.
  @Test func theModelChangesAtOnceAndThePresentationFollowsTheStateShown() throws {
    let (_, card) = pushedCard()
    #expect(card.backgroundColor == UIColor.systemGreen.cgColor)
    #expect(card.animationKeys() == [kCATransition])
    let before = ZoetropeRender.withMediaTime(0.3) { card.presentation()?.backgroundColor }
    let during = ZoetropeRender.withMediaTime(0.7) { card.presentation()?.backgroundColor }
    #expect(before == UIColor.systemOrange.cgColor)
    #expect(during == UIColor.systemGreen.cgColor)
    // A change after the commit reaches the state after the transition only.
    card.cornerRadius = 10
    #expect(card.cornerRadius == 10)
    let late = try Frame(card, at: 2)
    #expect(late.pixel(1, 1).alpha == 0)
    #expect(try Frame(card, at: 0.2).pixel(1, 1).isClose(to: 255, 149, 0, alpha: 255, tolerance: 0))
  }

  /// A fade draws the old state as a group at 1 − p and the new one over it at p: over a clear
  /// background at p = ½ the alpha is ½ + ¼ and the colour (½ new + ¼ old) / ¾.
  @Test func fadeIsTheNewStateOverTheOld() throws {
    let (frame, card) = makeSlideCard()
    ZoetropeRender.withMediaTime(1) { crossFadeToGreen(on: card) }
    let middle = try Frame(frame, at: 1.125).pixel(60, 40)
    let mix = { (new: Int, old: Int) in Int(((0.5 * Double(new) + 0.25 * Double(old)) / 0.75).rounded()) }
    #expect(middle.isClose(to: mix(52, 255), mix(199, 149), mix(89, 0), alpha: 191, tolerance: 1), "\(middle)")
    #expect(try Frame(frame, at: 0.99).pixel(60, 40).isClose(to: 255, 149, 0, alpha: 255, tolerance: 0))
    #expect(try Frame(frame, at: 1.25).pixel(60, 40).isClose(to: 52, 199, 89, alpha: 255, tolerance: 0))
  }

  /// moveIn from the top: the new state comes down over the old, which stays; reveal from the
  /// left: the old state leaves to the right, uncovering the new.
  @Test func moveInAndRevealMoveOneStateOnly() throws {
    for (type, subtype) in [(kCATransitionMoveIn, kCATransitionFromTop), (kCATransitionReveal, kCATransitionFromLeft)] {
      let (frame, card) = makeSlideCard()
      CATransaction.flush()   // the card is on screen before the tap
      let transition = CATransition()
      transition.type = type
      transition.subtype = subtype
      transition.duration = 1
      card.add(transition, forKey: nil)
      card.backgroundColor = UIColor.systemGreen.cgColor
      let image = try Frame(frame, at: 0.25)   // p = ¼
      if type == .moveIn {
        // The new state's bottom edge is at ¼ of 80 points.
        #expect(image.pixel(60, 15).isClose(to: 52, 199, 89, alpha: 255, tolerance: 0))
        #expect(image.pixel(60, 25).isClose(to: 255, 149, 0, alpha: 255, tolerance: 0))
      } else {
        // The old state's left edge has moved ¼ of 120 points to the right.
        #expect(image.pixel(25, 40).isClose(to: 52, 199, 89, alpha: 255, tolerance: 0))
        #expect(image.pixel(35, 40).isClose(to: 255, 149, 0, alpha: 255, tolerance: 0))
      }
    }
  }

  /// As on iOS, the old state is the layer as the previous commit left it: a colour set before
  /// `add` in the same transaction is part of the change. A layer made in the same transaction
  /// starts from its defaults (nothing drawn).
  @Test func theOldStateIsTheLayerAsTheTransactionFoundIt() throws {
    let (frame, card) = makeSlideCard()
    ZoetropeRender.withMediaTime(0.5) {
      card.backgroundColor = UIColor.systemGreen.cgColor
      let transition = CATransition()
      transition.type = .push
      transition.subtype = .fromRight
      transition.duration = 0.4
      card.add(transition, forKey: kCATransition)
    }
    let image = try Frame(frame, at: 0.7)   // p = ½
    #expect(image.pixel(30, 40).isClose(to: 255, 149, 0, alpha: 255, tolerance: 0))
    #expect(image.pixel(90, 40).isClose(to: 52, 199, 89, alpha: 255, tolerance: 0))

    let (fresh, new) = makeSlideCard()
    new.add(CATransition(), forKey: nil)   // a 0.25 s fade from nothing
    #expect(try Frame(fresh, at: 0.125).pixel(60, 40).isClose(to: 255, 149, 0, alpha: 128, tolerance: 1))
  }

  /// Two transitions under the same key, a second apart: each animates its own change.
  @Test func transitionsUnderOneKeyApplyInTurn() throws {
    let (frame, card) = makeSlideCard()
    ZoetropeRender.withMediaTime(0.5) { showNextPage(on: card) }
    ZoetropeRender.withMediaTime(1.5) {
      let transition = CATransition()
      transition.type = .push
      transition.subtype = .fromRight
      transition.duration = 0.4
      card.add(transition, forKey: kCATransition)
      card.backgroundColor = UIColor.systemBlue.cgColor
    }
    #expect(try Frame(frame, at: 1.2).pixel(60, 40).isClose(to: 52, 199, 89, alpha: 255, tolerance: 0))
    #expect(try Frame(frame, at: 2.5).pixel(60, 40).isClose(to: 0, 122, 255, alpha: 255, tolerance: 0))
  }

  /// The old spellings are the same constants; a private type and a filter are reported at render,
  /// an unknown type fades as on iOS.
  @Test func namesAndWhatIsReported() throws {
    #expect(kCATransitionPush == CATransitionType.push && kCATransitionPush.rawValue == "push")
    #expect(kCATransitionFromBottom.rawValue == "fromBottom" && kCATransition == "transition")
    let (frame, card) = makeSlideCard()
    let cube = CATransition()
    cube.type = CATransitionType(rawValue: "cube")
    card.add(cube, forKey: "cube")
    card.backgroundColor = UIColor.systemGreen.cgColor
    let refused = renderError(frame)
    #expect(refused.contains("CALayer at sublayers[0]: transition \"cube\"") && refused.contains("private transitions"),
            "\(refused)")
    card.removeAnimation(forKey: "cube")
    let grouped = CAAnimationGroup()
    grouped.animations = [CATransition()]
    card.add(grouped, forKey: "group")
    #expect(renderError(frame).contains("a CATransition inside a CAAnimationGroup is not drawn"))
    card.removeAnimation(forKey: "group")
    let odd = CATransition()
    odd.type = CATransitionType(rawValue: "sparkle")
    odd.duration = 1
    card.add(odd, forKey: "odd")
    card.backgroundColor = UIColor.systemBlue.cgColor
    let half = try Frame(frame, at: 0.5).pixel(60, 40)
    #expect(abs(half.alpha - 191) <= 1, "a fade at p = ½ draws ¾ alpha: \(half)")
  }

  /// What rendering `layer` throws, or "" when it renders.
  func renderError(_ layer: CALayer) -> String {
    do {
      _ = try ZoetropeRender.image(of: layer, at: 0)
      return ""
    } catch {
      return "\(error)"
    }
  }

  @Test func aCounterRollsItsNewNumberUp() throws {
    let label = makeRollingCounter()
    ZoetropeRender.withMediaTime(0.2) { roll(label, to: 42) }
    #expect(label.string as? String == "42")
    // Half-way in time, eased out: more than half-way up. The old number's top row of ink has left.
    let early = try ZoetropeRender.image(of: label, at: 0.1)
    let done = try ZoetropeRender.image(of: label, at: 0.6)
    let midway = try ZoetropeRender.image(of: label, at: 0.35)
    #expect(early != done && midway != early && midway != done)
  }
}
