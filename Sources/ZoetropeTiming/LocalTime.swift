// SPDX-License-Identifier: Apache-2.0
// Where a timed object is in its own timeline at one parent time.

/// Where an animation is within its basic duration at one instant: the result
/// of mapping a parent time through ``Timing`` (docs/timing.md, "The active window").
package struct LocalTime: Hashable, Sendable {
  /// Seconds into the current iteration, `0 ... duration`, after autoreverse
  /// has mirrored the backward half.
  package var basicTime: Double
  /// The index of the current cycle (0 for the first); may be negative for
  /// backward playback that wrapped. Used by `cumulative` animations.
  package var iteration: Int
  /// The duration `basicTime` is measured against, seconds.
  package var duration: Double
  /// Whether `basicTime` is a limit approached from below: the object rests at
  /// the end of a forward-playing iteration (a forward fill). Children of a
  /// group in that state see its last instant from inside, so a child ending
  /// exactly there shows its final value rather than vanishing.
  package var isLimitFromBelow = false

  /// Creates a local time.
  package init(basicTime: Double, iteration: Int, duration: Double) {
    self.basicTime = basicTime
    self.iteration = iteration
    self.duration = duration
  }

  /// Progress through the iteration before easing: `basicTime / duration`,
  /// 0…1 (0 when the duration is infinite).
  @inlinable package var fraction: Double {
    duration.isFinite && duration > 0 ? basicTime / duration : 0
  }
}
