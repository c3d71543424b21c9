// SPDX-License-Identifier: Apache-2.0
// The eight CAMediaTiming properties as one value.

/// The eight `CAMediaTiming` properties of a layer or an animation, as a value.
///
/// Defaults are Core Animation's (docs/scene-format.md, "Timing keys"). The same fields mean the
/// same for layers and animations, except that a layer's `duration` defaults to
/// `+∞` (``Timing/layerDefault``) where an animation's is 0, which becomes 0.25 s
/// when the animation is added to a layer.
public struct Timing: Hashable, Sendable {
  /// The begin point in the parent's time, seconds.
  public var beginTime: Double
  /// The length of one iteration (one direction), seconds. 0 means "default".
  public var duration: Double
  /// Rate of local time against parent time. 0 pauses; negative runs backwards.
  public var speed: Double
  /// Added to local time after scaling by `speed` (seconds of local time).
  public var timeOffset: Double
  /// How many cycles play; 0 means one. Fractional counts cut the last cycle.
  /// `.infinity` or `Double(Float.greatestFiniteMagnitude)` repeat forever.
  public var repeatCount: Double
  /// The active duration in local time, seconds; 0 means unused.
  public var repeatDuration: Double
  /// Plays each iteration forwards then backwards; a cycle is then `2 × duration`.
  public var autoreverses: Bool
  /// What shows outside the active window.
  public var fillMode: FillMode

  /// Creates timing with Core Animation's animation defaults unless given.
  public init(
    beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
    repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
    fillMode: FillMode = .removed
  ) {
    self.beginTime = beginTime
    self.duration = duration
    self.speed = speed
    self.timeOffset = timeOffset
    self.repeatCount = repeatCount
    self.repeatDuration = repeatDuration
    self.autoreverses = autoreverses
    self.fillMode = fillMode
  }

  /// An animation's defaults: every field zero or false, `speed` 1, fill `removed`.
  public static let animationDefault = Timing()

  /// A layer's defaults: as an animation's, but `duration` is `+∞`, so the layer
  /// never ends or repeats (docs/timing.md, "Clocks inside clocks").
  public static let layerDefault = Timing(duration: .infinity)

  /// Core Animation's duration for an animation whose `duration` is zero or
  /// negative when it is added to a layer: 0.25 s.
  public static let defaultAnimationDuration: Double = 0.25

  /// `repeatCount` at or above this value repeats forever, as `HUGE_VALF` and
  /// `Float.greatestFiniteMagnitude` do in Core Animation.
  public static let repeatForever: Double = Double(Float.greatestFiniteMagnitude)
}
