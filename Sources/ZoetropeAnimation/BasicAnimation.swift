// SPDX-License-Identifier: Apache-2.0
// CABasicAnimation: one interpolation between two values.

/// An animation from one value to another, as `CABasicAnimation`.
///
/// Any two of `fromValue`, `toValue` and `byValue` (or one, or none) define the
/// interpolation; a missing end is the value below the animation (the model
/// value, or what earlier animations made of it). See docs/scene-format.md, "Basic animations".
///
///     let fade = BasicAnimation(keyPath: "opacity")
///     fade.fromValue = 1; fade.toValue = 0; fade.duration = 0.5
public class BasicAnimation: PropertyAnimation {
  /// The start value, or `nil`.
  public var fromValue: AnimationValue?
  /// The end value, or `nil`.
  public var toValue: AnimationValue?
  /// The change from start to end, or `nil`. With all three set, it is ignored.
  public var byValue: AnimationValue?

  public override func copy() -> Animation {
    let result = BasicAnimation(keyPath: keyPath)
    result.copyBasicFields(from: self)
    return result
  }

  /// Copies the fields declared by `BasicAnimation` and its bases.
  func copyBasicFields(from other: BasicAnimation) {
    copyPropertyFields(from: other)
    fromValue = other.fromValue
    toValue = other.toValue
    byValue = other.byValue
  }
}
