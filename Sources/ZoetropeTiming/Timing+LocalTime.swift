// SPDX-License-Identifier: Apache-2.0
// Maps a parent time to an animation's or layer's local time (CAMediaTiming).

extension Timing {
  /// The active duration in the object's own time for an iteration of `duration`
  /// seconds: one cycle, `repeatCount` cycles or `repeatDuration`, whichever
  /// applies (docs/timing.md, "The active window"). Both set: the smaller (Apple leaves it
  /// undefined). `.infinity` when repeating forever.
  package func activeDuration(forDuration duration: Double) -> Double {
    let cycle = autoreverses ? 2 * duration : duration
    let repeatsForever = repeatCount >= Timing.repeatForever
    let byCount = repeatsForever ? Double.infinity : repeatCount * cycle
    switch (repeatCount > 0, repeatDuration > 0) {
    case (true, true): return Swift.min(byCount, repeatDuration)
    case (true, false): return byCount
    case (false, true): return repeatDuration
    case (false, false): return cycle
    }
  }

  /// The end of the active window in parent time, `beginTime + activeDuration / |speed|`;
  /// `.infinity` when paused or repeating forever.
  package func endTime(forDuration duration: Double) -> Double {
    speed == 0 ? .infinity : beginTime + activeDuration(forDuration: duration) / Swift.abs(speed)
  }

  /// The local time of an animation at a parent time, or `nil` when it shows nothing.
  ///
  /// `duration` is the resolved iteration length (> 0). `keepsForwardFill` is
  /// false for a top-level animation with `isRemovedOnCompletion`, which is gone
  /// after its end whatever its fill mode. The window is half-open,
  /// `[beginTime, beginTime + activeDuration / |speed|)`; `speed == 0` never ends
  /// and shows the frame at `timeOffset`. Boundaries take the one-sided limit from
  /// inside the window: a forward fill rests on the last value played, an interior
  /// iteration boundary shows the start of the next iteration. See docs/timing.md,
  /// "The active window" and "Repeating and reversing".
  ///
  ///     let t = Timing(duration: 1.5)
  ///     t.localTime(forParentTime: 0.75, duration: 1.5, keepsForwardFill: false)?.fraction  // 0.5
  package func localTime(
    forParentTime parentTime: Double, duration: Double, keepsForwardFill: Bool, parentIsLimitFromBelow: Bool = false
  ) -> LocalTime? {
    guard !parentTime.isNaN, duration > 0 else { return nil }
    let cycle = autoreverses ? 2 * duration : duration
    let active = activeDuration(forDuration: duration)
    let elapsed = parentTime - beginTime
    let span = speed == 0 ? Double.infinity : active / Swift.abs(speed)
    var evaluatedElapsed = elapsed
    var atEnd = false
    if elapsed < 0 {
      guard fillMode.fillsBackwards else { return nil }
      evaluatedElapsed = 0
    } else if speed != 0 && elapsed >= span {
      // A parent resting on its own last instant (a group's forward fill) is
      // seen from inside: a child ending exactly there is still at its end.
      let endsWithParent = parentIsLimitFromBelow && speed > 0 && elapsed - span <= 1e-9 * Swift.max(1, span)
      guard endsWithParent || (keepsForwardFill && fillMode.fillsForwards && span.isFinite) else { return nil }
      evaluatedElapsed = span
      atEnd = true
    }
    let activeTime = evaluatedElapsed * speed + timeOffset
    guard !activeTime.isNaN else { return nil }
    // A time inside the window but within rounding of its end (a frame time
    // and an end computed apart, 1.2e-16 s short) is the last iteration's
    // end reached from below, not the start of an iteration that never plays.
    let closesWindow = !atEnd && speed > 0 && span.isFinite && span - elapsed <= 1e-9 * Swift.max(1, span)
    var local = Timing.reduce(activeTime, cycle: cycle, duration: duration, autoreverses: autoreverses,
                              keepsEndingIteration: atEnd || closesWindow ? speed >= 0 : speed < 0)
    // At a forward fill the basic time was reached moving upwards unless the
    // last stretch played the reverse half of an autoreversing cycle.
    local.isLimitFromBelow = atEnd && speed > 0 && (!autoreverses || local.basicTime == duration)
    return local
  }

  /// Splits an active time into iteration and position, mirroring the backward half.
  ///
  /// At an exact multiple of the cycle, `keepsEndingIteration` picks the side:
  /// `true` stays at the end of the iteration below (`u = cycle`, the last value
  /// played when time runs upwards into the boundary), `false` starts the next
  /// one (`u = 0`), as a plain `floor` would.
  static func reduce(
    _ activeTime: Double, cycle: Double, duration: Double, autoreverses: Bool, keepsEndingIteration: Bool
  ) -> LocalTime {
    var iteration: Double
    var position: Double
    if cycle.isFinite {
      let q = activeTime / cycle
      let nearest = q.rounded()
      if Swift.abs(q - nearest) < 1e-9 {
        iteration = nearest
        position = 0
        if keepsEndingIteration {
          iteration -= 1
          position = cycle
        }
      } else {
        iteration = q.rounded(.down)
        position = activeTime - iteration * cycle
      }
    } else {
      iteration = 0
      position = activeTime
    }
    let basic = (autoreverses && position > duration) ? cycle - position : position
    let clamped = Swift.min(Swift.max(basic, 0), duration)
    let index = iteration.isFinite ? Int(Swift.max(Swift.min(iteration, 1e15), -1e15)) : 0
    return LocalTime(basicTime: clamped, iteration: index, duration: duration)
  }
}

extension Timing {
  /// The linear part of the map from parent to local time,
  /// `(parentTime − beginTime) × speed + timeOffset` (docs/timing.md, "Clocks inside clocks").
  @inlinable package func linearLocalTime(forParentTime parentTime: Double) -> Double {
    (parentTime - beginTime) * speed + timeOffset
  }

  /// The inverse of ``linearLocalTime(forParentTime:)``,
  /// `(localTime − timeOffset) / speed + beginTime`. NaN when `speed == 0`
  /// (a paused timeline has no inverse).
  @inlinable package func linearParentTime(forLocalTime localTime: Double) -> Double {
    speed == 0 ? .nan : (localTime - timeOffset) / speed + beginTime
  }

  /// A layer's local time at a parent time.
  ///
  /// With the default infinite `duration` (or a non-positive one) and no repeat,
  /// this is the linear map of §2.1: a layer never ends, wraps or hides. A layer
  /// given a finite `duration`, `repeatCount` or `repeatDuration` wraps its time
  /// through the same cycle mapping as an animation (the recommendation of §2.1);
  /// outside its active window it holds its end points when its `fillMode` says
  /// so and otherwise keeps the linear time, so it is never hidden.
  package func layerLocalTime(forParentTime parentTime: Double) -> Double {
    let linear = linearLocalTime(forParentTime: parentTime)
    guard duration.isFinite, duration > 0 else { return linear }
    guard let local = localTime(forParentTime: parentTime, duration: duration, keepsForwardFill: true) else {
      return linear
    }
    return local.basicTime
  }
}
