// SPDX-License-Identifier: Apache-2.0
// CAKeyframeAnimation: a sequence of values, or a path, over time.

import ZoetropeGeometry
import ZoetropeTiming

/// How a keyframe animation computes the values between keyframes
/// (`CAAnimationCalculationMode`; raw values are Core Animation's strings).
public enum CalculationMode: String, Hashable, Sendable, CaseIterable {
  /// Straight interpolation between neighbours, timed by `keyTimes` (default).
  case linear
  /// No interpolation: each value holds until the next key time.
  case discrete
  /// Constant speed: key times follow the distance between values.
  case paced
  /// A Kochanek–Bartels spline through the values, timed by `keyTimes`.
  case cubic
  /// The spline, travelled at constant speed.
  case cubicPaced
}

/// Whether a layer moved along a `path` turns to follow it
/// (`CAAnimationRotationMode`).
public enum RotationMode: String, Hashable, Sendable, CaseIterable {
  /// The layer's x axis follows the path's tangent.
  case auto = "auto"
  /// The same, turned by 180°.
  case autoReverse = "autoReverse"
}

/// An animation through a sequence of values or along a path, as
/// `CAKeyframeAnimation` (docs/scene-format.md, "Keyframe animations").
///
///     let wobble = KeyframeAnimation(keyPath: "transform.rotation.z")
///     wobble.values = [0, 0.2, -0.2, 0]; wobble.keyTimes = [0, 0.25, 0.75, 1]
public final class KeyframeAnimation: PropertyAnimation {
  /// The keyframe values, in order.
  public var values: [AnimationValue]?
  /// A path for a point property to follow; overrides `values`.
  public var path: Path?
  /// When each keyframe is reached, as fractions 0…1 of the duration. An array
  /// that breaks the rules of §5.2 for the mode is ignored (uniform spacing).
  public var keyTimes: [Double]?
  /// One easing per segment (n − 1 of them), after the animation's own.
  public var timingFunctions: [MediaTimingFunction]?
  /// How values between keyframes are computed.
  public var calculationMode: CalculationMode = .linear
  /// Kochanek–Bartels tension per keyframe (cubic modes); missing entries are 0.
  public var tensionValues: [Double]?
  /// Kochanek–Bartels continuity per keyframe; missing entries are 0.
  public var continuityValues: [Double]?
  /// Kochanek–Bartels bias per keyframe; missing entries are 0.
  public var biasValues: [Double]?
  /// Turns the layer to follow `path`; `nil` does not.
  public var rotationMode: RotationMode?

  public override func copy() -> Animation {
    let result = KeyframeAnimation(keyPath: keyPath)
    result.copyPropertyFields(from: self)
    result.values = values
    result.path = path
    result.keyTimes = keyTimes
    result.timingFunctions = timingFunctions
    result.calculationMode = calculationMode
    result.tensionValues = tensionValues
    result.continuityValues = continuityValues
    result.biasValues = biasValues
    result.rotationMode = rotationMode
    return result
  }
}
