// SPDX-License-Identifier: Apache-2.0
// Key-path access to the shadow and replicator properties, for animations.

import ZoetropeAnimation
import ZoetropeGeometry

extension LayerProperties {
  /// The value of a shadow or replicator property; `nil` for another
  /// property, or a replicator property of a layer that is not a replicator.
  func compositingValue(of property: AnimatableKeyPath.Property) -> AnimationValue? {
    switch property {
    case .shadowColor: return .color(shadowColor)
    case .shadowOpacity: return .number(shadowOpacity)
    case .shadowOffset: return .size(shadowOffset)
    case .shadowRadius: return .number(shadowRadius)
    case .shadowPath: return .path(shadowPath)
    case .instanceCount: return replicator.map { .number(Double($0.instanceCount)) }
    case .instanceDelay: return replicator.map { .number($0.instanceDelay) }
    case .instanceTransform: return replicator.map { .transform($0.instanceTransform) }
    case .instanceColor: return replicator.map { .color($0.instanceColor) }
    case .instanceRedOffset: return replicator.map { .number($0.instanceRedOffset) }
    case .instanceGreenOffset: return replicator.map { .number($0.instanceGreenOffset) }
    case .instanceBlueOffset: return replicator.map { .number($0.instanceBlueOffset) }
    case .instanceAlphaOffset: return replicator.map { .number($0.instanceAlphaOffset) }
    default: return emitterValue(of: property)
    }
  }

  /// Stores an animated shadow or replicator value. As the render server
  /// clamps `opacity`, `shadowOpacity` is clamped to 0…1 (NaN to 0) and
  /// `shadowRadius` to ≥ 0 after each animation; `instanceCount` is
  /// truncated towards zero (as converting to `NSInteger` does) within
  /// ±2³¹; a `nil` `instanceColor` is opaque white. Values of the wrong kind
  /// are ignored.
  mutating func setCompositingValue(_ value: AnimationValue, of property: AnimatableKeyPath.Property) {
    switch (property, value) {
    case (.shadowColor, .color(let c)): shadowColor = c
    case (.shadowOpacity, .number(let v)): shadowOpacity = v.isNaN ? 0 : Swift.min(Swift.max(v, 0), 1)
    case (.shadowOffset, .size(let s)): shadowOffset = s
    case (.shadowRadius, .number(let v)): shadowRadius = v.isNaN ? 0 : Swift.max(v, 0)
    case (.shadowPath, .path(let p)): shadowPath = p
    case (.instanceCount, .number(let v)):
      let limit = Double(Int32.max)
      replicator?.instanceCount = v.isNaN ? 0 : Int(Swift.min(Swift.max(v, -limit), limit))
    case (.instanceDelay, .number(let v)): replicator?.instanceDelay = v
    case (.instanceTransform, .transform(let t)): replicator?.instanceTransform = t
    case (.instanceColor, .color(let c)): replicator?.instanceColor = c ?? .white
    case (.instanceRedOffset, .number(let v)): replicator?.instanceRedOffset = v
    case (.instanceGreenOffset, .number(let v)): replicator?.instanceGreenOffset = v
    case (.instanceBlueOffset, .number(let v)): replicator?.instanceBlueOffset = v
    case (.instanceAlphaOffset, .number(let v)): replicator?.instanceAlphaOffset = v
    default: setEmitterValue(value, of: property)
    }
  }
}
