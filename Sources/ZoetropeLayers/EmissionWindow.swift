// SPDX-License-Identifier: Apache-2.0
// When an emitter cell emits, from its CAMediaTiming: a window in its parent's time and the pace of its births.

import ZoetropeTiming

/// When a cell emits and how fast, from its `CAMediaTiming`, in its parent's
/// time: the emitter layer's local time for a cell of the layer, the age of
/// the emitting particle for a sub-cell (docs/emitters-and-transitions.md,
/// "Cell timing").
///
/// The cell's local time runs from `timeOffset` at `beginTime`, `|speed|`
/// times as fast as its parent's, and it emits while it is active: for its
/// active duration (`duration` — 0 is for ever — times `repeatCount`, or
/// `repeatDuration`, doubled by `autoreverses`). Births are counted in the
/// local time travelled since local time 0: the k-th (from 0) where
/// `birthRate` × that time reaches k + 1. So `speed` multiplies the rate,
/// a `timeOffset` of T starts the cell as if it had emitted for T local
/// seconds already (its particles appear at `beginTime`, born before it),
/// a reversed iteration emits as a forward one (its time passes all the
/// same), and `fillMode` changes nothing: a filled cell's time stands
/// still, and a cell emits only while its time moves.
///
///     parent time:  start ──── beginTime ═══════════════ end
///                   (timeOffset / |speed| before)   (active duration / |speed| after)
struct EmissionWindow {
  /// Where births are counted from: the k-th is born at `start + (k + 1) / rate`.
  let start: Double
  /// `beginTime`: before it nothing the cell emits shows (not even what a
  /// `timeOffset` had it emit before).
  let begin: Double
  /// Where emission stops (no birth at or after it).
  let end: Double
  /// `end − start`, worked out without the subtraction's rounding (so that
  /// a birth that falls on the end, 0.5 + 0.3 s, is not made).
  let length: Double
  /// How many times as fast as its parent's the cell's time runs (> 0).
  let pace: Double

  /// The window of `timing`; `nil` when the cell never emits (`speed` 0, or
  /// an active duration of 0). NaN values count as the defaults (`speed` 1,
  /// the others 0); infinite `beginTime` or `timeOffset` never emit.
  init?(_ timing: Timing) {
    let speed = timing.speed.isNaN ? 1 : Swift.abs(timing.speed)
    let begin = timing.beginTime.isNaN ? 0 : timing.beginTime
    let offset = timing.timeOffset.isNaN ? 0 : timing.timeOffset
    guard speed > 0, speed.isFinite, begin.isFinite, offset.isFinite else { return nil }
    var forLoop = timing
    if forLoop.repeatCount.isNaN { forLoop.repeatCount = 0 }
    if forLoop.repeatDuration.isNaN { forLoop.repeatDuration = 0 }
    let duration = timing.duration > 0 ? timing.duration : .infinity
    let active = forLoop.activeDuration(forDuration: duration)
    guard active > 0 else { return nil }
    guard (begin - offset / speed).isFinite else { return nil }
    pace = speed
    self.begin = begin
    start = begin - offset / speed
    end = begin + active / speed
    length = (offset + active) / speed
  }
}
