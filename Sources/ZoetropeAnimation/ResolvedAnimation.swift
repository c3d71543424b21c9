// SPDX-License-Identifier: Apache-2.0
// An animation frozen when added to a layer: validated, durations resolved, ready to evaluate.

import ZoetropeGeometry
import ZoetropeTiming

/// An animation as a layer keeps it once added: an immutable, thread-safe value
/// with its key path parsed, its values coerced to the key path's kind and its
/// durations resolved (0 → 0.25 s at the top level, the group's duration for a
/// group child; docs/timing.md, "The active window").
///
/// Evaluating it is pure: ``apply(to:parentTime:isTopLevel:)`` reads and writes
/// only the properties passed in.
package struct ResolvedAnimation: Sendable {
  /// The key the animation was added under, if any.
  package var key: String?
  /// The timing, with `duration > 0`.
  package var timing: Timing
  /// Whether a top-level animation is gone after its window.
  package var isRemovedOnCompletion: Bool
  /// The easing of each iteration's progress.
  package var timingFunction: MediaTimingFunction?
  /// What the animation does.
  package var content: Content

  /// What an animation does: animate one key path, or run children.
  package indirect enum Content: Sendable {
    /// A property animation (basic, spring, keyframe).
    case property(PropertyTrack)
    /// A group's children, in order.
    case group([ResolvedAnimation])
  }

  /// Freezes `animation`; `nil` when it can animate nothing (no or unknown key
  /// path, values that do not fit the key path, an invalid spring, no keyframes).
  ///
  /// `parentDuration` is the enclosing group's duration for a group child and
  /// `nil` at the top level.
  package init?(_ animation: Animation, key: String? = nil, parentDuration: Double? = nil) {
    var timing = animation.timing
    if !(timing.duration > 0) {
      timing.duration = parentDuration ?? Timing.defaultAnimationDuration
    }
    guard timing.duration > 0, !timing.speed.isNaN, !timing.beginTime.isNaN, !timing.timeOffset.isNaN else {
      return nil
    }
    self.key = key
    self.timing = timing
    self.isRemovedOnCompletion = animation.isRemovedOnCompletion
    self.timingFunction = animation.timingFunction.flatMap { $0.isLinear ? nil : $0 }
    if let group = animation as? AnimationGroup {
      let children = (group.animations ?? []).compactMap {
        ResolvedAnimation($0, key: nil, parentDuration: timing.duration)
      }
      content = .group(children)
    } else if let property = animation as? PropertyAnimation, let track = PropertyTrack(property) {
      content = .property(track)
    } else {
      return nil
    }
  }

  /// The end of the active window in the parent's time (`.infinity` if it never ends).
  package var endTime: Double { timing.endTime(forDuration: timing.duration) }
}

/// What a property animation does once frozen.
package struct PropertyTrack: Sendable {
  /// The animated key path.
  package var keyPath: AnimatableKeyPath
  /// Adds to the value below.
  package var isAdditive: Bool
  /// Accumulates over repeat cycles.
  package var isCumulative: Bool
  /// Builds a transform from the interpolated numbers, if set.
  package var valueFunction: ValueFunction?
  /// How values over time are produced.
  package var curve: Curve

  /// How a property animation produces values.
  package indirect enum Curve: Sendable {
    /// `CABasicAnimation`'s from/to/by.
    case basic(from: AnimationValue?, to: AnimationValue?, by: AnimationValue?)
    /// `CASpringAnimation`: from/to/by with spring progress.
    case spring(SpringCurve, from: AnimationValue?, to: AnimationValue?, by: AnimationValue?)
    /// Keyframe values.
    case keyframes(KeyframeTrack)
    /// Keyframes along a path, optionally turning the layer.
    case path(PathTrack, rotationMode: RotationMode?)
  }

  /// Freezes a property animation; `nil` when it cannot animate anything.
  init?(_ animation: PropertyAnimation) {
    guard let string = animation.keyPath, let keyPath = AnimatableKeyPath(string) else { return nil }
    self.keyPath = keyPath
    isAdditive = animation.isAdditive
    isCumulative = animation.isCumulative
    valueFunction = keyPath.valueKind == .transform ? animation.valueFunction : nil
    let function = valueFunction
    // Values are coerced to the key path's kind, or kept raw for a value function.
    func fit(_ value: AnimationValue?) -> AnimationValue?? {
      guard let value else { return .some(nil) }
      if let function {
        if function.arity == 1, let n = value.numberValue { return .number(n) }
        if function.arity == 3, case .numbers(let v) = value, v.count == 3 { return value }
        if function.arity == 3, let n = value.numberValue { return .numbers([n, n, n]) }
        return nil
      }
      guard let coerced = value.coerced(to: keyPath.valueKind) else { return nil }
      return .some(coerced)
    }
    switch animation {
    case let spring as SpringAnimation:
      guard spring.spring.isValid, let from = fit(spring.fromValue), let to = fit(spring.toValue),
        let by = fit(spring.byValue)
      else { return nil }
      curve = .spring(spring.spring, from: from, to: to, by: by)
    case let basic as BasicAnimation:
      guard let from = fit(basic.fromValue), let to = fit(basic.toValue), let by = fit(basic.byValue) else {
        return nil
      }
      curve = .basic(from: from, to: to, by: by)
    case let keyframe as KeyframeAnimation:
      if let path = keyframe.path, keyPath.valueKind == .point, function == nil {
        guard let track = PathTrack(path: path, animation: keyframe) else { return nil }
        curve = .path(track, rotationMode: keyPath.field == .whole && keyPath.property == .position
                        ? keyframe.rotationMode : nil)
      } else {
        var values: [AnimationValue] = []
        for value in keyframe.values ?? [] {
          guard let fitted = fit(value), let fitted else { return nil }
          values.append(fitted)
        }
        guard let track = KeyframeTrack(values: values, animation: keyframe) else { return nil }
        curve = .keyframes(track)
      }
    default:
      return nil
    }
  }
}

extension ResolvedAnimation {
  /// Whether the animation (or, for a group, any of its children) animates
  /// `property` or one of its components.
  package func animates(_ property: AnimatableKeyPath.Property) -> Bool {
    switch content {
    case .property(let track): track.keyPath.property == property
    case .group(let children): children.contains { $0.animates(property) }
    }
  }
}
