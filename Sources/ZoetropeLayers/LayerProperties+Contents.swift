// SPDX-License-Identifier: Apache-2.0
// Reading and writing the animatable contents properties by key path.

import ZoetropeAnimation
import ZoetropeGeometry

extension LayerProperties {
  /// The value of a contents property; `nil` for any other property.
  func contentsValue(of property: AnimatableKeyPath.Property) -> AnimationValue? {
    switch property {
    case .contents: .image(content.contents)
    case .contentsRect: .rect(content.contentsRect)
    case .contentsCenter: .rect(content.contentsCenter)
    case .contentsScale: .number(content.contentsScale)
    default: nil
    }
  }

  /// Stores an animated contents property; values of the wrong kind are ignored.
  /// `contentsScale` keeps its last usable value when the animated one is not
  /// positive and finite.
  mutating func setContentsValue(_ value: AnimationValue, of property: AnimatableKeyPath.Property) {
    switch (property, value) {
    case (.contents, .image(let image)): content.contents = image
    case (.contentsRect, .rect(let r)): content.contentsRect = r
    case (.contentsCenter, .rect(let r)): content.contentsCenter = r
    case (.contentsScale, .number(let v)) where v > 0 && v.isFinite: content.contentsScale = v
    default: break
    }
  }
}
