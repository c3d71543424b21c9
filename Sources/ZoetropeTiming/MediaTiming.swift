// SPDX-License-Identifier: Apache-2.0
// The CAMediaTiming protocol: layers and animations expose their timing by name.

/// An object with Core Animation timing — a layer or an animation.
///
/// Conformers store one ``Timing`` value; this protocol gives it the names a
/// Core Animation user knows (`beginTime`, `speed`, `fillMode`, …).
public protocol MediaTiming: AnyObject {
  /// All eight timing properties together.
  var timing: Timing { get set }
}

extension MediaTiming {
  /// The begin point in the parent's time, seconds. See docs/timing.md, "The active window".
  public var beginTime: Double {
    get { timing.beginTime }
    set { timing.beginTime = newValue }
  }
  /// The length of one iteration, seconds; for animations 0 (or negative) becomes
  /// 0.25 s when added to a layer, for layers the default is `+∞`.
  public var duration: Double {
    get { timing.duration }
    set { timing.duration = newValue }
  }
  /// The rate of local time; 0 pauses at `timeOffset`, negative plays backwards.
  public var speed: Double {
    get { timing.speed }
    set { timing.speed = newValue }
  }
  /// Seconds added to local time after `speed`; wraps round the cycle (§2.3).
  public var timeOffset: Double {
    get { timing.timeOffset }
    set { timing.timeOffset = newValue }
  }
  /// Number of cycles; 0 plays once; `.infinity` repeats forever.
  public var repeatCount: Double {
    get { timing.repeatCount }
    set { timing.repeatCount = newValue }
  }
  /// The active duration in local seconds; 0 is unused.
  public var repeatDuration: Double {
    get { timing.repeatDuration }
    set { timing.repeatDuration = newValue }
  }
  /// Plays forwards then backwards in every cycle.
  public var autoreverses: Bool {
    get { timing.autoreverses }
    set { timing.autoreverses = newValue }
  }
  /// What shows before and after the active window.
  public var fillMode: FillMode {
    get { timing.fillMode }
    set { timing.fillMode = newValue }
  }
}
