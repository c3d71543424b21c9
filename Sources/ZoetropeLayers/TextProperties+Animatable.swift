// SPDX-License-Identifier: Apache-2.0
// Lets animations read and write a text layer's fontSize and foregroundColor.

import ZoetropeAnimation

extension LayerProperties {
  /// `fontSize` or `foregroundColor`; `nil` for a layer that is not a text layer.
  func textValue(of property: AnimatableKeyPath.Property) -> AnimationValue? {
    guard let text else { return nil }
    switch property {
    case .fontSize: return .number(text.fontSize)
    case .foregroundColor: return .color(text.foregroundColor)
    default: return nil
    }
  }

  /// Stores an animated `fontSize` (clamped to ≥ 0; NaN to 0, as the render
  /// server clamps sizes) or `foregroundColor`; values of other kinds, and
  /// layers without text, are ignored.
  mutating func setTextValue(_ value: AnimationValue, of property: AnimatableKeyPath.Property) {
    switch (property, value) {
    case (.fontSize, .number(let v)): text?.fontSize = v.isNaN ? 0 : Swift.max(v, 0)
    case (.foregroundColor, .color(let c)): text?.foregroundColor = c
    default: break
    }
  }
}
