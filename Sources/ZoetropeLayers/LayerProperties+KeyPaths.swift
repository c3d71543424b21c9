// SPDX-License-Identifier: Apache-2.0
// Reading and writing a layer's properties by animatable key path, as key-value coding does.

import ZoetropeAnimation

extension LayerProperties {
  /// The value at an animatable key path (`"opacity"`, `"position.x"`,
  /// `"transform.rotation.z"`), as `value(forKeyPath:)` reads a layer; `nil`
  /// when no layer animates the key path, or when this layer lacks the
  /// property (`"strokeEnd"` of a plain layer).
  ///
  ///     layer.model.value(forKeyPath: "transform.scale")   // .number(1)
  public func value(forKeyPath keyPath: String) -> AnimationValue? {
    guard let parsed = AnimatableKeyPath(keyPath), let whole = value(of: parsed.property) else { return nil }
    return parsed.read(from: whole)
  }

  /// Sets the value at an animatable key path, as `setValue(_:forKeyPath:)`
  /// writes a layer: `value` is first coerced to the key path's kind
  /// (``AnimationValue/coerced(to:)``) and stored as an animation's value is
  /// (opacity clamped to 0…1, radii and widths to ≥ 0). Returns `false`, and
  /// changes nothing, when no layer animates the key path, this layer lacks
  /// the property, or the value cannot be of its kind.
  @discardableResult
  public mutating func setValue(_ value: AnimationValue, forKeyPath keyPath: String) -> Bool {
    guard let parsed = AnimatableKeyPath(keyPath), let whole = self.value(of: parsed.property),
      let part = value.coerced(to: parsed.valueKind)
    else { return false }
    setValue(parsed.write(part, into: whole), of: parsed.property)
    return true
  }
}
