// SPDX-License-Identifier: Apache-2.0
// CAAnimation: the timing every animation shares.

import ZoetropeTiming

/// The abstract base of every animation, as `CAAnimation`: timing, removal on
/// completion and a timing function.
///
/// Animations are mutable objects, as in Core Animation; adding one to a layer
/// stores a copy, so later changes to the original do not affect the layer.
public class Animation: MediaTiming {
  /// The eight timing properties (also reachable by name: `beginTime`, `speed`, …).
  public var timing = Timing.animationDefault
  /// When true (the default), a top-level animation is gone once its active
  /// window ends, whatever its `fillMode`. Ignored for group children.
  public var isRemovedOnCompletion = true
  /// The easing of each iteration's progress; `nil` is linear.
  public var timingFunction: MediaTimingFunction?

  /// Creates an animation with Core Animation's defaults.
  public init() {}

  /// A deep copy of the animation (group children are copied too).
  public func copy() -> Animation {
    let result = Animation()
    result.copyAnimationFields(from: self)
    return result
  }

  /// Copies the fields declared by `Animation` from `other`.
  func copyAnimationFields(from other: Animation) {
    timing = other.timing
    isRemovedOnCompletion = other.isRemovedOnCompletion
    timingFunction = other.timingFunction
  }
}

/// An animation of one key path, as `CAPropertyAnimation`.
public class PropertyAnimation: Animation {
  /// The animated key path, e.g. `"position.y"` or `"transform.rotation.z"`.
  /// An unknown key path animates nothing.
  public var keyPath: String?
  /// Adds the animation's value to the value below it instead of replacing it (§4.2).
  public var isAdditive = false
  /// Each repeat cycle starts where the previous one ended (§4.3).
  public var isCumulative = false
  /// Turns the interpolated numbers into a transform (§4.4).
  public var valueFunction: ValueFunction?

  /// Creates an animation of `keyPath`.
  public init(keyPath: String?) {
    self.keyPath = keyPath
    super.init()
  }

  /// Creates an animation of no key path (set `keyPath` later).
  public override convenience init() { self.init(keyPath: nil) }

  public override func copy() -> Animation {
    let result = PropertyAnimation(keyPath: keyPath)
    result.copyPropertyFields(from: self)
    return result
  }

  /// Copies the fields declared by `PropertyAnimation` and its base.
  func copyPropertyFields(from other: PropertyAnimation) {
    copyAnimationFields(from: other)
    keyPath = other.keyPath
    isAdditive = other.isAdditive
    isCumulative = other.isCumulative
    valueFunction = other.valueFunction
  }
}
