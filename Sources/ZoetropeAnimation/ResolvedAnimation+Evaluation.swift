// SPDX-License-Identifier: Apache-2.0
// Applies a frozen animation to presentation values at one parent time.

import ZoetropeGeometry
import ZoetropeTiming

extension ResolvedAnimation {
  /// The animation's local time at `parentTime`, or `nil` when it shows nothing.
  ///
  /// `isTopLevel` is true for an animation added directly to a layer: only
  /// those are removed on completion (docs/timing.md, "Fill modes and removedOnCompletion").
  package func localTime(forParentTime parentTime: Double, isTopLevel: Bool,
                        parentIsLimitFromBelow: Bool = false) -> LocalTime? {
    timing.localTime(forParentTime: parentTime, duration: timing.duration,
                     keepsForwardFill: !isTopLevel || !isRemovedOnCompletion,
                     parentIsLimitFromBelow: parentIsLimitFromBelow)
  }

  /// Applies the animation to `properties` as it shows at `parentTime` (the host
  /// layer's local time, or the enclosing group's time). An animation that does
  /// not show at that time leaves them untouched (docs/timing.md, "Combining animations").
  package func apply<Properties: AnimatableProperties>(
    to properties: inout Properties, parentTime: Double, isTopLevel: Bool = true, parentIsLimitFromBelow: Bool = false
  ) {
    guard let local = localTime(forParentTime: parentTime, isTopLevel: isTopLevel,
                                parentIsLimitFromBelow: parentIsLimitFromBelow) else { return }
    switch content {
    case .group(let children):
      // A group's timing function warps the time its children see.
      var childTime = local.basicTime
      if let timingFunction {
        childTime = timingFunction.solve(forInput: local.fraction) * local.duration
      }
      for child in children {
        child.apply(to: &properties, parentTime: childTime, isTopLevel: false,
                    parentIsLimitFromBelow: local.isLimitFromBelow)
      }
    case .property(let track):
      track.apply(to: &properties, at: local, timingFunction: timingFunction)
    }
  }
}

extension PropertyTrack {
  /// Writes this track's value at `local` into `properties`.
  func apply<Properties: AnimatableProperties>(
    to properties: inout Properties, at local: LocalTime, timingFunction: MediaTimingFunction?
  ) {
    guard let below = properties.value(at: keyPath) else { return }
    // With a value function the interpolated values are raw numbers; a missing
    // end stands for the function's identity input.
    let underlying = valueFunction?.identityInput ?? below
    let eased = timingFunction?.solve(forInput: local.fraction) ?? local.fraction
    var value: AnimationValue
    var cycleEnd: AnimationValue
    var pathAngle: Double?
    switch curve {
    case .basic(let from, let to, let by):
      let (start, end) = PropertyTrack.endpoints(from: from, to: to, by: by, underlying: underlying)
      value = start.interpolated(to: end, fraction: eased)
      cycleEnd = end
    case .spring(let spring, let from, let to, let by):
      let (start, end) = PropertyTrack.endpoints(from: from, to: to, by: by, underlying: underlying)
      value = start.interpolated(to: end, fraction: spring.progress(at: local.basicTime))
      cycleEnd = end
    case .keyframes(let track):
      value = track.value(at: eased)
      cycleEnd = track.values[track.values.count - 1]
    case .path(let track, let rotationMode):
      let sample = track.sample(at: eased)
      value = .point(sample.point)
      cycleEnd = .point(track.segments[track.segments.count - 1].end)
      if let rotationMode { pathAngle = sample.angle + (rotationMode == .autoReverse ? Double.pi : 0) }
    }
    if isCumulative, local.iteration != 0, let offset = cycleEnd.scaled(by: Double(local.iteration)) {
      value = offset.adding(value)
    }
    if let valueFunction {
      guard let transform = valueFunction.transform(for: value) else { return }
      value = .transform(transform)
    }
    let result = isAdditive ? below.adding(value) : value
    properties.setValue(result, at: keyPath)

    if let pathAngle, case .transform(let transform)? = properties.value(of: .transform) {
      let turn = Transform3D.rotation(angle: pathAngle, x: 0, y: 0, z: 1)
      properties.setValue(.transform(turn.concatenating(transform)), of: .transform)
    }
  }

  /// The start and end of a from/to/by interpolation (docs/scene-format.md, "Basic animations"); a
  /// missing end is `underlying`. All three set: `byValue` is ignored.
  static func endpoints(
    from: AnimationValue?, to: AnimationValue?, by: AnimationValue?, underlying: AnimationValue
  ) -> (AnimationValue, AnimationValue) {
    switch (from, to, by) {
    case (let f?, let t?, _): return (f, t)
    case (let f?, nil, let b?): return (f, f.adding(b))
    case (nil, let t?, let b?): return (t.subtracting(b), t)
    case (let f?, nil, nil): return (f, underlying)
    case (nil, let t?, nil): return (underlying, t)
    case (nil, nil, let b?): return (underlying, underlying.adding(b))
    case (nil, nil, nil): return (underlying, underlying)
    }
  }
}
