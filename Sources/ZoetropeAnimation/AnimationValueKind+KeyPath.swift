// SPDX-License-Identifier: Apache-2.0
// The kind of value an animatable key path takes, by its string.

extension AnimationValueKind {
  /// The kind of value the animatable key path `keyPath` reads and writes:
  /// `"position"` a point, `"position.x"` and `"transform.rotation.z"` a
  /// number, `"transform.translation"` and `"bounds.size"` a size; `nil` for a
  /// key path no layer animates (docs/scene-format.md, "Animatable key paths").
  /// Which layer class has the property is not checked.
  ///
  ///     AnimationValueKind(animatableKeyPath: "strokeEnd")   // .number
  public init?(animatableKeyPath keyPath: String) {
    guard let parsed = AnimatableKeyPath(keyPath) else { return nil }
    self = parsed.valueKind
  }
}
