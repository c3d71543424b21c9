// SPDX-License-Identifier: Apache-2.0
// Properties of the parent-time → local-time map (docs/timing.md).

import Testing
import ZoetropeTiming
import _ZoetropeTestSupport

@Suite struct LocalTimeTests {
  /// Progress 0…1 an animation shows, or nil.
  func progress(_ timing: Timing, at t: Double, keeps: Bool = false) -> Double? {
    timing.localTime(forParentTime: t, duration: timing.duration, keepsForwardFill: keeps)?.fraction
  }

  @Test func speedScalesLikeDividingTheDuration() {
    var random = SeededRandom(state: 42)
    for _ in 0..<500 {
      let d = 0.1 + random.unit() * 3, k = 0.25 + random.unit() * 4, t = random.unit() * 5
      let fast = Timing(duration: d, speed: k)
      let short = Timing(duration: d / k)
      let a = progress(fast, at: t), b = progress(short, at: t)
      #expect((a == nil) == (b == nil), "d=\(d) k=\(k) t=\(t)")
      if let a, let b { #expect(abs(a - b) < 1e-9, "d=\(d) k=\(k) t=\(t)") }
    }
  }

  @Test func autoreverseIsSymmetricAboutTheTurningPoint() {
    var random = SeededRandom(state: 7)
    for _ in 0..<500 {
      let d = 0.1 + random.unit() * 3, u = random.unit() * d
      let timing = Timing(duration: d, autoreverses: true)
      let forward = progress(timing, at: u), backward = progress(timing, at: 2 * d - u)
      #expect(forward != nil && backward != nil)
      if let forward, let backward { #expect(abs(forward - backward) < 1e-9, "d=\(d) u=\(u)") }
    }
  }

  @Test func timeOffsetRotatesTheTimeline() {
    var random = SeededRandom(state: 3)
    for _ in 0..<500 {
      let d = 0.5 + random.unit() * 3, o = random.unit() * d, t = random.unit() * d
      let offset = progress(Timing(duration: d, timeOffset: o), at: t)
      let plain = progress(Timing(duration: d, repeatCount: 2), at: (t + o).truncatingRemainder(dividingBy: d))
      #expect(offset != nil)
      if let offset, let plain { #expect(abs(offset - plain) < 1e-9, "d=\(d) o=\(o) t=\(t)") }
    }
  }

  @Test func activeWindowIsHalfOpen() {
    let timing = Timing(beginTime: 1, duration: 1.5)
    #expect(progress(timing, at: 1) == 0)
    #expect(progress(timing, at: 2.5) == nil)
    #expect(progress(timing, at: 0.999) == nil)
  }

  /// A parent time a rounding error short of the end (frame 134 at 60 fps
  /// against an animation from frame 124 to 134: 134/60 − 124/60 is
  /// 0.1666666666666663, short of 10/60) shows the end, not the start of a
  /// second iteration.
  @Test func aTimeARoundingErrorShortOfTheEndShowsTheEnd() {
    let timing = Timing(beginTime: 124.0 / 60, duration: 10.0 / 60)
    #expect(134.0 / 60 - timing.beginTime < timing.duration)
    #expect(progress(timing, at: 134.0 / 60) == 1)
    #expect(progress(timing, at: 134.0 / 60, keeps: true) == 1)
    // An interior boundary still starts the next iteration.
    let repeating = Timing(beginTime: 0, duration: 0.1, repeatCount: 3)
    #expect(progress(repeating, at: 0.1) == 0)
  }

  @Test func fillModesHoldTheEndsOnlyWhereTheySay() {
    for fill in FillMode.allCases {
      let timing = Timing(beginTime: 1, duration: 1, fillMode: fill)
      #expect((progress(timing, at: 0.5, keeps: true) == 0) == fill.fillsBackwards, "\(fill)")
      #expect((progress(timing, at: 3, keeps: true) == 1) == fill.fillsForwards, "\(fill)")
      // Removed on completion: no forward fill whatever the mode.
      #expect(progress(timing, at: 3, keeps: false) == nil, "\(fill)")
    }
  }

  @Test func infiniteRepeatNeverEnds() {
    let timing = Timing(duration: 1, repeatCount: .infinity)
    #expect(abs((progress(timing, at: 1e6 + 0.25) ?? -1) - 0.25) < 1e-6)
    let float = Timing(duration: 1, repeatCount: Timing.repeatForever)
    #expect(progress(float, at: 12345.5) == 0.5)
  }

  @Test func pausedAnimationShowsItsTimeOffsetForever() {
    let timing = Timing(duration: 2, speed: 0, timeOffset: 0.5)
    #expect(progress(timing, at: 0) == 0.25)
    #expect(progress(timing, at: 1e9) == 0.25)
    #expect(progress(timing, at: -1) == nil)
  }

  @Test func bothRepeatCountAndRepeatDurationTakeTheShorter() {
    #expect(Timing(repeatCount: 3, repeatDuration: 2).activeDuration(forDuration: 1) == 2)
    #expect(Timing(repeatCount: 1.5, repeatDuration: 2).activeDuration(forDuration: 1) == 1.5)
  }

  @Test func layersMapLinearlyUnlessGivenAFiniteDuration() {
    let layer = Timing(beginTime: 2, duration: .infinity, speed: 3, timeOffset: 0.25)
    #expect(layer.layerLocalTime(forParentTime: 10) == 24.25)
    #expect(layer.layerLocalTime(forParentTime: 0) == -5.75)
    let looping = Timing(duration: 1, repeatCount: .infinity)
    #expect(abs(looping.layerLocalTime(forParentTime: 3.25) - 0.25) < 1e-12)
  }

  @Test func nanTimeShowsNothing() {
    #expect(progress(Timing(duration: 1), at: .nan) == nil)
  }
}
