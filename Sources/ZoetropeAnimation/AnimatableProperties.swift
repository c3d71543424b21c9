// SPDX-License-Identifier: Apache-2.0
// The interface through which animations read and write a layer's properties.

/// Storage of animatable properties that animations read and write: a layer's
/// presentation values while they are being computed.
///
/// Conformers store whole properties; animations of sub-key paths
/// (`position.x`) read the whole value, change the field and write it back.
package protocol AnimatableProperties {
  /// The current value of a property, or `nil` when this layer has no such
  /// property (a shape property on a plain layer).
  func value(of property: AnimatableKeyPath.Property) -> AnimationValue?
  /// Stores a new value (already of the property's kind). Conformers may clamp
  /// it (opacity to 0…1, radii to ≥ 0) as the render server does.
  mutating func setValue(_ value: AnimationValue, of property: AnimatableKeyPath.Property)
}
