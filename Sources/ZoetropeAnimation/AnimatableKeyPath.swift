// SPDX-License-Identifier: Apache-2.0
// A parsed animatable key path: a layer property and, optionally, one field of it.

import ZoetropeGeometry

/// An animatable key path such as `"position.y"` or `"transform.rotation.z"`,
/// parsed once so evaluation never looks at strings.
///
/// The vocabulary is Core Animation's key-value coding extensions (see
/// docs/scene-format.md, "Animatable key paths").
package struct AnimatableKeyPath: Hashable, Sendable, CustomStringConvertible {
  /// The layer property a key path starts with.
  package enum Property: String, Hashable, Sendable, CaseIterable {
    case position, bounds, anchorPoint, zPosition, opacity, hidden, backgroundColor, cornerRadius
    case borderWidth, borderColor, transform, sublayerTransform
    case path, fillColor, strokeColor, lineWidth, miterLimit, lineDashPhase, strokeStart, strokeEnd
    case colors, locations, startPoint, endPoint
    case fontSize, foregroundColor
    case contents, contentsRect, contentsCenter, contentsScale
    case shadowColor, shadowOpacity, shadowOffset, shadowRadius, shadowPath
    case instanceCount, instanceDelay, instanceTransform, instanceColor
    case instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset
    case emitterPosition, emitterZPosition, emitterSize, emitterDepth, birthRate, lifetime, velocity, scale, spin
    /// A cell's property: the field is ``Field/emitterCell(_:_:)``.
    case emitterCells

    /// The kind of the whole property's value.
    package var valueKind: AnimationValueKind {
      switch self {
      case .position, .anchorPoint, .startPoint, .endPoint, .emitterPosition: .point
      case .bounds, .contentsRect, .contentsCenter: .rect
      case .zPosition, .opacity, .cornerRadius, .borderWidth, .lineWidth, .miterLimit, .lineDashPhase,
        .strokeStart, .strokeEnd, .fontSize, .contentsScale, .shadowOpacity, .shadowRadius, .instanceCount,
        .instanceDelay, .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset,
        .emitterZPosition, .emitterDepth, .birthRate, .lifetime, .velocity, .scale, .spin, .emitterCells:
        .number
      case .shadowOffset, .emitterSize: .size
      case .hidden: .bool
      case .backgroundColor, .borderColor, .fillColor, .strokeColor, .foregroundColor, .shadowColor, .instanceColor:
        .color
      case .transform, .sublayerTransform, .instanceTransform: .transform
      case .path, .shadowPath: .path
      case .colors: .colors
      case .locations: .numbers
      case .contents: .image
      }
    }

    /// The layer class that has this property.
    package var owner: Owner {
      switch self {
      case .path, .fillColor, .strokeColor, .lineWidth, .miterLimit, .lineDashPhase, .strokeStart, .strokeEnd:
        .shapeLayer
      case .colors, .locations, .startPoint, .endPoint: .gradientLayer
      case .fontSize, .foregroundColor: .textLayer
      case .instanceCount, .instanceDelay, .instanceTransform, .instanceColor, .instanceRedOffset,
        .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset:
        .replicatorLayer
      case .emitterPosition, .emitterZPosition, .emitterSize, .emitterDepth, .birthRate, .lifetime, .velocity, .scale,
        .spin, .emitterCells:
        .emitterLayer
      default: .layer
      }
    }
  }

  /// Which layer class declares a property.
  package enum Owner: String, Hashable, Sendable {
    case layer, shapeLayer, gradientLayer, textLayer, replicatorLayer, emitterLayer
  }

  /// The part of the property a key path names.
  package enum Field: Hashable, Sendable {
    /// The whole value.
    case whole
    /// `.x` / `.y` of a point.
    case x, y
    /// `bounds.origin`, `bounds.size`.
    case origin, size
    /// `bounds.size.width` / `.height`, or `.width` / `.height` of a size
    /// (`shadowOffset.width`).
    case width, height
    /// `bounds.origin.x` / `.y`.
    case originX, originY
    /// A component of a transform (`transform.rotation.z`, `transform.scale`, …).
    case transform(TransformComponent)
    /// `transform.translation`, a size (x, y).
    case translation
    /// `emitterCells.NAME.key` (`emitterCells.A.emitterCells.B.key` for a
    /// sub-cell): a property of the cell reached by those names.
    case emitterCell([String], EmitterCellKey)
  }

  /// The property.
  package let property: Property
  /// The part of it.
  package let field: Field

  /// Creates a key path from its parts; no validation.
  package init(property: Property, field: Field = .whole) {
    self.property = property
    self.field = field
  }

  /// Parses a key path string; `nil` when it is not animatable.
  ///
  ///     AnimatableKeyPath("transform.rotation")  // transform, rotation about z
  package init?(_ string: String) {
    let parts = string.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard let first = parts.first, let property = Property(rawValue: first) else { return nil }
    let rest = Array(parts.dropFirst())
    let field: Field
    switch property.valueKind {
    case .point:
      switch rest {
      case []: field = .whole
      case ["x"]: field = .x
      case ["y"]: field = .y
      default: return nil
      }
    case .rect:
      switch rest {
      case []: field = .whole
      case ["origin"]: field = .origin
      case ["size"]: field = .size
      case ["origin", "x"]: field = .originX
      case ["origin", "y"]: field = .originY
      case ["size", "width"]: field = .width
      case ["size", "height"]: field = .height
      default: return nil
      }
    case .size:
      switch rest {
      case []: field = .whole
      case ["width"]: field = .width
      case ["height"]: field = .height
      default: return nil
      }
    case .transform:
      switch rest {
      case []: field = .whole
      case ["rotation"], ["rotation", "z"]: field = .transform(.rotationZ)
      case ["rotation", "x"]: field = .transform(.rotationX)
      case ["rotation", "y"]: field = .transform(.rotationY)
      case ["scale"]: field = .transform(.scale)
      case ["scale", "x"]: field = .transform(.scaleX)
      case ["scale", "y"]: field = .transform(.scaleY)
      case ["scale", "z"]: field = .transform(.scaleZ)
      case ["translation"]: field = .translation
      case ["translation", "x"]: field = .transform(.translationX)
      case ["translation", "y"]: field = .transform(.translationY)
      case ["translation", "z"]: field = .transform(.translationZ)
      default: return nil
      }
    default:
      if property == .emitterCells {
        // NAME (emitterCells NAME)* KEY
        guard rest.count >= 2, rest.count % 2 == 0, let key = EmitterCellKey(rawValue: rest[rest.count - 1])
        else { return nil }
        var names: [String] = []
        for (i, part) in rest.dropLast().enumerated() {
          if i % 2 == 0 {
            guard !part.isEmpty else { return nil }
            names.append(part)
          } else if part != "emitterCells" {
            return nil
          }
        }
        field = .emitterCell(names, key)
        break
      }
      guard rest.isEmpty else { return nil }
      field = .whole
    }
    self.init(property: property, field: field)
  }

  /// The kind of value this key path reads and writes.
  package var valueKind: AnimationValueKind {
    switch field {
    case .whole: property.valueKind
    case .x, .y, .width, .height, .originX, .originY, .transform: .number
    case .origin: .point
    case .size, .translation: .size
    case .emitterCell(_, let key): key.valueKind
    }
  }

  /// The key path in Core Animation's spelling.
  package var description: String {
    let suffix: String
    switch field {
    case .whole: suffix = ""
    case .x: suffix = ".x"
    case .y: suffix = ".y"
    case .origin: suffix = ".origin"
    case .size: suffix = ".size"
    case .width: suffix = property.valueKind == .size ? ".width" : ".size.width"
    case .height: suffix = property.valueKind == .size ? ".height" : ".size.height"
    case .originX: suffix = ".origin.x"
    case .originY: suffix = ".origin.y"
    case .translation: suffix = ".translation"
    case .emitterCell(let names, let key): suffix = "." + names.joined(separator: ".emitterCells.") + "." + key.rawValue
    case .transform(let c):
      switch c {
      case .rotationX: suffix = ".rotation.x"
      case .rotationY: suffix = ".rotation.y"
      case .rotationZ: suffix = ".rotation.z"
      case .scale: suffix = ".scale"
      case .scaleX: suffix = ".scale.x"
      case .scaleY: suffix = ".scale.y"
      case .scaleZ: suffix = ".scale.z"
      case .translationX: suffix = ".translation.x"
      case .translationY: suffix = ".translation.y"
      case .translationZ: suffix = ".translation.z"
      }
    }
    return property.rawValue + suffix
  }

  /// Every animatable key path string, for error messages and documentation.
  package static let allKeyPathStrings: [String] = {
    var list: [String] = []
    for p in Property.allCases {
      list.append(p.rawValue)
      switch p.valueKind {
      case .point: list += [".x", ".y"].map { p.rawValue + $0 }
      case .size: list += [".width", ".height"].map { p.rawValue + $0 }
      case .rect:
        list += [".origin", ".size", ".origin.x", ".origin.y", ".size.width", ".size.height"].map { p.rawValue + $0 }
      case .transform:
        list += [".rotation", ".rotation.x", ".rotation.y", ".rotation.z", ".scale", ".scale.x", ".scale.y",
                 ".scale.z", ".translation", ".translation.x", ".translation.y", ".translation.z"].map { p.rawValue + $0 }
      default: break
      }
    }
    return list
  }()
}

extension AnimatableKeyPath {
  /// The part of a whole property value this key path names; `nil` when the
  /// value has the wrong kind.
  package func read(from whole: AnimationValue) -> AnimationValue? {
    switch (field, whole) {
    case (.whole, _): return whole
    case (.x, .point(let p)): return .number(p.x)
    case (.y, .point(let p)): return .number(p.y)
    case (.origin, .rect(let r)): return .point(r.origin)
    case (.size, .rect(let r)): return .size(r.size)
    case (.originX, .rect(let r)): return .number(r.origin.x)
    case (.originY, .rect(let r)): return .number(r.origin.y)
    case (.width, .rect(let r)): return .number(r.size.width)
    case (.height, .rect(let r)): return .number(r.size.height)
    case (.width, .size(let s)): return .number(s.width)
    case (.height, .size(let s)): return .number(s.height)
    case (.transform(let c), .transform(let t)): return .number(t.component(c))
    case (.translation, .transform(let t)):
      return .size(Size(width: t.component(.translationX), height: t.component(.translationY)))
    default: return nil
    }
  }

  /// The whole property value with the named part replaced by `part`; `whole`
  /// unchanged when the kinds do not fit.
  package func write(_ part: AnimationValue, into whole: AnimationValue) -> AnimationValue {
    switch (field, whole, part) {
    case (.whole, _, _): return part
    case (.x, .point(var p), .number(let v)): p.x = v; return .point(p)
    case (.y, .point(var p), .number(let v)): p.y = v; return .point(p)
    case (.origin, .rect(var r), .point(let v)): r.origin = v; return .rect(r)
    case (.size, .rect(var r), .size(let v)): r.size = v; return .rect(r)
    case (.originX, .rect(var r), .number(let v)): r.origin.x = v; return .rect(r)
    case (.originY, .rect(var r), .number(let v)): r.origin.y = v; return .rect(r)
    case (.width, .rect(var r), .number(let v)): r.size.width = v; return .rect(r)
    case (.height, .rect(var r), .number(let v)): r.size.height = v; return .rect(r)
    case (.width, .size(var s), .number(let v)): s.width = v; return .size(s)
    case (.height, .size(var s), .number(let v)): s.height = v; return .size(s)
    case (.transform(let c), .transform(let t), .number(let v)): return .transform(t.settingComponent(c, to: v))
    case (.translation, .transform(let t), .size(let v)):
      return .transform(t.settingComponent(.translationX, to: v.width).settingComponent(.translationY, to: v.height))
    default: return whole
    }
  }
}
