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
  /// The value a key path names, or `nil` when this layer has no such
  /// property. The default reads the whole property and picks the field.
  func value(at keyPath: AnimatableKeyPath) -> AnimationValue?
  /// Stores the value a key path names. The default writes the field into
  /// the whole property.
  mutating func setValue(_ value: AnimationValue, at keyPath: AnimatableKeyPath)
}

extension AnimatableProperties {
  package func value(at keyPath: AnimatableKeyPath) -> AnimationValue? {
    value(of: keyPath.property).flatMap { keyPath.read(from: $0) }
  }

  package mutating func setValue(_ value: AnimationValue, at keyPath: AnimatableKeyPath) {
    guard let whole = self.value(of: keyPath.property) else { return }
    setValue(keyPath.write(value, into: whole), of: keyPath.property)
  }
}
