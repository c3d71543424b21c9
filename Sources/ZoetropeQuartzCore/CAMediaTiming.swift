// SPDX-License-Identifier: Apache-2.0
// CAMediaTiming with Core Animation's types (Float speed and repeat count), and the fill modes.

import Zoetrope

/// The timing of a layer or an animation, as Core Animation's
/// `CAMediaTiming`, with its types: times in seconds as `CFTimeInterval`,
/// `speed` and `repeatCount` as `Float`. The meaning of every property is
/// Zoetrope's timing model, which is Core Animation's (docs/timing.md).
public protocol CAMediaTiming: AnyObject {
  /// The begin point in the parent's time, seconds.
  var beginTime: CFTimeInterval { get set }
  /// The length of one iteration, seconds (animations: 0 becomes 0.25 s when added).
  var duration: CFTimeInterval { get set }
  /// The rate of local time: 0 pauses, negative runs backwards.
  var speed: Float { get set }
  /// Seconds added to the local time after `speed`.
  var timeOffset: CFTimeInterval { get set }
  /// How many iterations play; 0 one; `.infinity` (or `HUGE`, or `.greatestFiniteMagnitude`) forever.
  var repeatCount: Float { get set }
  /// How long the iterations play, seconds of local time; 0 unused.
  var repeatDuration: CFTimeInterval { get set }
  /// Each iteration plays forwards, then backwards.
  var autoreverses: Bool { get set }
  /// What shows outside the active window.
  var fillMode: CAMediaTimingFillMode { get set }
}

/// What a timed object shows outside its active window
/// (`CAMediaTimingFillMode`); raw values are Core Animation's strings, and
/// an unknown string behaves as `removed`.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
  /// The raw value, as Core Animation spells it.
  public let rawValue: String
  /// The constant with this raw value; one Core Animation does not know behaves as the default.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// Nothing outside the window (the default).
  public static let removed = CAMediaTimingFillMode(rawValue: "removed")
  /// The final value stays after the window (with `isRemovedOnCompletion = false`).
  public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
  /// The initial value shows before the window.
  public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
  /// Both.
  public static let both = CAMediaTimingFillMode(rawValue: "both")

  var zoetrope: FillMode { FillMode(rawValue: rawValue) ?? .removed }
  init(_ mode: FillMode) { self.init(rawValue: mode.rawValue) }
}
