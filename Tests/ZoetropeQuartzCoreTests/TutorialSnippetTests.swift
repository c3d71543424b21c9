// SPDX-License-Identifier: Apache-2.0
// More snippets written as iOS tutorials write them — a staggered typing indicator, a spring and a delayed
// checkmark, marching ants, a paced orbit with rotationMode over a gradient whose colours animate —
// against the frames worked out by hand.

import Foundation
import Testing
import Zoetrope
import ZoetropeQuartzCore

@Suite struct TutorialSnippetTests {
  /// Dot i begins i × 0.2 s in and rises 6 points at mid-cycle (keyframes 0, −6, 0 over 0.6 s).
  @Test(arguments: [0.1, 0.3, 0.45, 0.75, 1.37])
  func typingDotsBounceInTurn(_ time: Double) throws {
    let frame = try Frame(makeTypingIndicator(), at: time)
    for i in 0..<3 {
      let local = time - 0.2 * Double(i)
      var offset = 0.0
      if local >= 0 {
        let u = fraction(local / 0.6)
        offset = u < 0.5 ? -6 * u / 0.5 : -6 * (1 - (u - 0.5) / 0.5)
      }
      let (x, y) = (14 + 16 * Double(i), 17 + offset)
      #expect(frame.pixel(x, y).isClose(to: 142, 142, 147, alpha: 255), "dot \(i) at t = \(time): \(frame.pixel(x, y))")
      #expect(frame.pixel(x, y - 6.5).isClose(to: 242, 242, 247, alpha: 255), "above dot \(i) at t = \(time)")
      #expect(frame.pixel(x, y + 6.5).isClose(to: 242, 242, 247, alpha: 255), "below dot \(i) at t = \(time)")
    }
  }

  /// The spring: ζ = 8 / (2 √100) = 0.4, ω = 10, starting towards the target at 2 distances a second;
  /// the circle's scale is 0.5 + 0.5 × (1 − x(t)) with x the oscillator's displacement from 1.
  @Test func checkmarkCircleSpringsAndTheTickIsDrawnLate() throws {
    let delegate = CheckmarkDelegate()
    let checkmark = makeCheckmark(delegate: delegate)
    func scale(_ t: Double) -> Double {
      let (zeta, omega, v0) = (0.4, 10.0, -2.0)
      let damped = omega * (1 - zeta * zeta).squareRoot()
      let x = exp(-zeta * omega * t) * (cos(damped * t) + (v0 + zeta * omega) / damped * sin(damped * t))
      return 0.5 + 0.5 * (1 - x)
    }
    for t in [0.05, 0.1, 0.15] {
      let frame = try Frame(checkmark, at: t)
      let radius = 30 * scale(t)
      #expect(frame.pixel(30 + radius - 1.5, 30.5).isClose(to: 52, 199, 89, alpha: 255), "t = \(t), r = \(radius)")
      #expect(frame.pixel(30 + radius + 1.5, 30.5).alpha == 0, "t = \(t), r = \(radius)")
      // The tick begins at 0.3 s: nothing white before.
      #expect(!frame.image.pixels.enumerated().contains { $0.offset % 4 == 0 && $0.element > 200 }, "t = \(t)")
    }
    // Settled, the tick is whole: both strokes' middles are white.
    let done = try Frame(checkmark, at: 3)
    #expect(done.pixel(21, 36).isClose(to: 255, 255, 255, alpha: 255))
    #expect(done.pixel(35.5, 30.5).isClose(to: 255, 255, 255, alpha: 255))
    #expect(!delegate.finished)   // no clock runs offscreen: delegates are never called
  }

  /// Dashes 6 on, 6 off along the top edge from its left end, shifted by the phase: 12 × (t mod 0.5) / 0.5.
  @Test(arguments: [0.0, 0.125, 0.3])
  func antsMarchByThePhase(_ time: Double) throws {
    let frame = try Frame(makeMarchingAnts(), at: time)
    let phase = 12 * fraction(time / 0.5)
    for x in 6..<90 {
      let s = Double(x) + 0.5 - 4
      let place = (s + phase).truncatingRemainder(dividingBy: 12)
      guard min(abs(place - 6), abs(place), abs(place - 12)) > 1 else { continue }
      let alpha = frame.pixel(Double(x) + 0.5, 4.5).alpha
      #expect(alpha == (place < 6 ? 255 : 0), "x = \(x) at t = \(time)")
    }
  }

  /// Paced round the circle from three o'clock, clockwise, once in 2 s; turned to its direction of
  /// travel; the gradient's colours run from (red, orange) to (purple, blue) in 2 s.
  @Test(arguments: [0.5, 1.0, 1.25])
  func satelliteOrbitsTurnedAlongItsPath(_ time: Double) throws {
    let frame = try Frame(makeOrbit(), at: time)
    let angle = .pi * time
    let (cx, cy) = (60 + 40 * cos(angle), 60 + 40 * sin(angle))
    let (tx, ty) = (-sin(angle), cos(angle))   // the direction of travel
    let white = Pixel(red: 255, green: 255, blue: 255, alpha: 255)
    #expect(frame.pixel(cx + 5 * tx, cy + 5 * ty) == white, "t = \(time)")
    #expect(frame.pixel(cx - 5 * tx, cy - 5 * ty) == white, "t = \(time)")
    #expect(frame.pixel(cx + 5 * ty, cy - 5 * tx) != white, "t = \(time)")   // across: 3 points wide only
    let p = time / 2
    for y in [10.0, 110] {
      let f = (y + 0.5) / 120
      let top = (1 - p * 0.5, 0.0, p * 0.5)                   // red → purple (0.5, 0, 0.5)
      let bottom = (1 - p, 0.5 * (1 - p), p)                  // orange → blue
      let expected = [top.0 + (bottom.0 - top.0) * f, top.1 + (bottom.1 - top.1) * f, top.2 + (bottom.2 - top.2) * f]
        .map { Int(($0 * 255).rounded()) }
      let pixel = frame.pixel(10, y)
      #expect(pixel.isClose(to: expected[0], expected[1], expected[2], alpha: 255), "y = \(y) at t = \(time): \(pixel)")
    }
  }
}
