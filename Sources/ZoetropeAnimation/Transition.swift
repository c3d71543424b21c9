// SPDX-License-Identifier: Apache-2.0
// CATransition: an animation of a change of a layer's state — the old and the new drawn moving or fading.

import ZoetropeTiming

/// How a transition draws the old and the new state, as `CATransitionType`.
public enum TransitionType: String, Hashable, Sendable, CaseIterable {
  /// A cross-fade: the old state fades out as the new one fades in (the default).
  case fade
  /// The new state slides in from the `subtype`'s side over the old one, which stays.
  case moveIn
  /// The new state slides in from the `subtype`'s side and pushes the old one
  /// out the other side: both move together by the layer's width (or height).
  case push
  /// The old state slides away towards the side opposite the `subtype`'s,
  /// uncovering the new one, which stays.
  case reveal

  /// The type a scene names: `push` or Core Animation's `kCATransitionPush`; `nil` for anything else.
  public init?(name: String) {
    let short = name.hasPrefix("kCATransition") ? String(name.dropFirst("kCATransition".count)) : name
    let lowered = short.prefix(1).lowercased() + short.dropFirst()
    guard let type = TransitionType(rawValue: lowered) else { return nil }
    self = type
  }
}

/// The side a transition's motion starts from, as `CATransitionSubtype`.
/// y points down, as on iOS: `fromTop` enters at the top edge (minimum y)
/// and moves down.
public enum TransitionSubtype: String, Hashable, Sendable, CaseIterable {
  /// From the right edge, moving left.
  case fromRight
  /// From the left edge, moving right (what no subtype means).
  case fromLeft
  /// From the top edge, moving down.
  case fromTop
  /// From the bottom edge, moving up.
  case fromBottom

  /// The subtype a scene names: `fromRight` or `kCATransitionFromRight`; `nil` for anything else.
  public init?(name: String) {
    let short = name.hasPrefix("kCATransition") ? String(name.dropFirst("kCATransition".count)) : name
    let lowered = short.prefix(1).lowercased() + short.dropFirst()
    guard let subtype = TransitionSubtype(rawValue: lowered) else { return nil }
    self = subtype
  }

  /// The unit direction the motion goes in (x, y), y down: `fromRight` is (−1, 0).
  public var direction: (x: Double, y: Double) {
    switch self {
    case .fromRight: (-1, 0)
    case .fromLeft: (1, 0)
    case .fromTop: (0, 1)
    case .fromBottom: (0, -1)
    }
  }
}

/// An animation of a change of a layer's state, as `CATransition`: added to
/// a layer with the change (``Layer/add(_:forKey:change:)``), it draws the
/// layer as it was and as it is after the change — its properties,
/// contents and sublayers — moving or fading between them.
///
/// Timing is an animation's: `duration` 0 (the default) or negative is
/// Core Animation's 0.25 s, `timingFunction` `nil` is linear.
/// ``startProgress`` and ``endProgress`` pick the part of the effect played
/// (`0…1`, the default): progress runs from the first to the second over
/// the duration.
public final class Transition: Animation {
  /// How the two states are drawn; default ``TransitionType/fade``.
  public var type = TransitionType.fade
  /// The side the motion starts from; `nil` (the default) moves as
  /// ``TransitionSubtype/fromLeft``. A fade ignores it.
  public var subtype: TransitionSubtype?
  /// The progress at the start of the transition, 0…1; default 0.
  /// Values outside 0…1 are clamped.
  public var startProgress = 0.0
  /// The progress at its end, 0…1; default 1. Values outside 0…1 are clamped.
  public var endProgress = 1.0

  /// A fade of 0.25 s, Core Animation's defaults.
  public override init() { super.init() }

  public override func copy() -> Animation {
    let result = Transition()
    result.copyAnimationFields(from: self)
    result.type = type
    result.subtype = subtype
    result.startProgress = startProgress
    result.endProgress = endProgress
    return result
  }
}

/// A transition as a layer keeps it: frozen, its duration resolved.
package struct ResolvedTransition: Sendable {
  /// The timing (`duration > 0`), in the host layer's time.
  package var timing: Timing
  /// The easing of the progress; `nil` is linear.
  package var timingFunction: MediaTimingFunction?
  /// How the states are drawn.
  package var type: TransitionType
  /// The side the motion starts from (`fromLeft` for none).
  package var subtype: TransitionSubtype
  /// The progress at the start and at the end, each clamped to 0…1.
  package var startProgress: Double, endProgress: Double

  /// Freezes `transition`: a duration that is not positive becomes 0.25 s; a
  /// NaN begin time or speed becomes 0 or 1.
  package init(_ transition: Transition) {
    var timing = transition.timing
    if !(timing.duration > 0) || !timing.duration.isFinite { timing.duration = Timing.defaultAnimationDuration }
    if timing.beginTime.isNaN { timing.beginTime = 0 }
    if timing.speed.isNaN { timing.speed = 1 }
    if timing.timeOffset.isNaN { timing.timeOffset = 0 }
    self.timing = timing
    timingFunction = transition.timingFunction.flatMap { $0.isLinear ? nil : $0 }
    type = transition.type
    subtype = transition.subtype ?? .fromLeft
    func clamp(_ v: Double) -> Double { v.isNaN ? 0 : Swift.min(Swift.max(v, 0), 1) }
    startProgress = clamp(transition.startProgress)
    endProgress = transition.endProgress.isNaN ? 1 : clamp(transition.endProgress)
  }

  /// Where the transition is at the host layer's local time `time`:
  /// `.before` its `beginTime` (the old state shows), `.after` its end (the
  /// new state shows), or `.running` with the progress (0 shows only the
  /// old state, 1 only the new).
  package func phase(atLayerTime time: Double) -> TransitionPhase {
    guard !time.isNaN, time >= timing.beginTime else { return .before }
    guard time < timing.endTime(forDuration: timing.duration),
      let local = timing.localTime(forParentTime: time, duration: timing.duration, keepsForwardFill: false)
    else { return .after }
    let eased = timingFunction?.solve(forInput: local.fraction) ?? local.fraction
    return .running(startProgress + (endProgress - startProgress) * eased)
  }
}

/// Where a transition is at an instant.
package enum TransitionPhase: Equatable, Sendable {
  /// Not begun: the state before the change shows.
  case before
  /// Under way, with the progress 0…1.
  case running(Double)
  /// Ended: the state after the change shows.
  case after
}
