// SPDX-License-Identifier: Apache-2.0
// Lets animations read and write layer properties by key path.

import ZoetropeAnimation
import ZoetropeGeometry

extension LayerProperties: AnimatableProperties {
  /// The value of `property`, or `nil` when this layer has no such property.
  package func value(of property: AnimatableKeyPath.Property) -> AnimationValue? {
    switch property {
    case .position: return .point(position)
    case .bounds: return .rect(bounds)
    case .anchorPoint: return .point(anchorPoint)
    case .zPosition: return .number(zPosition)
    case .opacity: return .number(opacity)
    case .hidden: return .bool(isHidden)
    case .backgroundColor: return .color(backgroundColor)
    case .cornerRadius: return .number(cornerRadius)
    case .borderWidth: return .number(borderWidth)
    case .borderColor: return .color(borderColor)
    case .transform: return .transform(transform)
    case .sublayerTransform: return .transform(sublayerTransform)
    case .path: return shape.map { .path($0.path) }
    case .fillColor: return shape.map { .color($0.fillColor) }
    case .strokeColor: return shape.map { .color($0.strokeColor) }
    case .lineWidth: return shape.map { .number($0.lineWidth) }
    case .miterLimit: return shape.map { .number($0.miterLimit) }
    case .lineDashPhase: return shape.map { .number($0.lineDashPhase) }
    case .strokeStart: return shape.map { .number($0.strokeStart) }
    case .strokeEnd: return shape.map { .number($0.strokeEnd) }
    case .colors: return gradient.map { .colors($0.colors ?? []) }
    case .locations: return gradient.map { .numbers($0.locations ?? []) }
    case .startPoint: return gradient.map { .point($0.startPoint) }
    case .endPoint: return gradient.map { .point($0.endPoint) }
    case .fontSize, .foregroundColor: return textValue(of: property)
    case .contents, .contentsRect, .contentsCenter, .contentsScale: return contentsValue(of: property)
    default: return compositingValue(of: property)
    }
  }

  /// Stores an animated value. As the render server does after each animation,
  /// opacity is clamped to 0…1 and radii, widths and font sizes to ≥ 0 (docs/timing.md, "Combining animations").
  /// A value of the wrong kind, or for a property this layer lacks, is ignored.
  package mutating func setValue(_ value: AnimationValue, of property: AnimatableKeyPath.Property) {
    switch (property, value) {
    case (.position, .point(let p)): position = p
    case (.bounds, .rect(let r)): bounds = r
    case (.anchorPoint, .point(let p)): anchorPoint = p
    case (.zPosition, .number(let v)): zPosition = v
    case (.opacity, .number(let v)): opacity = v.isNaN ? 0 : Swift.min(Swift.max(v, 0), 1)
    case (.hidden, .bool(let b)): isHidden = b
    case (.backgroundColor, .color(let c)): backgroundColor = c
    case (.cornerRadius, .number(let v)): cornerRadius = Swift.max(v, 0)
    case (.borderWidth, .number(let v)): borderWidth = Swift.max(v, 0)
    case (.borderColor, .color(let c)): borderColor = c
    case (.transform, .transform(let t)): transform = t
    case (.sublayerTransform, .transform(let t)): sublayerTransform = t
    case (.path, .path(let p)): shape?.path = p
    case (.fillColor, .color(let c)): shape?.fillColor = c
    case (.strokeColor, .color(let c)): shape?.strokeColor = c
    case (.lineWidth, .number(let v)): shape?.lineWidth = Swift.max(v, 0)
    case (.miterLimit, .number(let v)): shape?.miterLimit = v
    case (.lineDashPhase, .number(let v)): shape?.lineDashPhase = v
    case (.strokeStart, .number(let v)): shape?.strokeStart = v
    case (.strokeEnd, .number(let v)): shape?.strokeEnd = v
    case (.colors, .colors(let c)): gradient?.colors = c
    case (.locations, .numbers(let v)): gradient?.locations = v
    case (.startPoint, .point(let p)): gradient?.startPoint = p
    case (.endPoint, .point(let p)): gradient?.endPoint = p
    case (.fontSize, _), (.foregroundColor, _): setTextValue(value, of: property)
    case (.contents, _), (.contentsRect, _), (.contentsCenter, _), (.contentsScale, _): setContentsValue(value, of: property)
    default: setCompositingValue(value, of: property)
    }
  }
}
