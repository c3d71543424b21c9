// SPDX-License-Identifier: Apache-2.0
// Animations that change nothing one can see: what `zoetrope validate` warns about, at each one's key path.

import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers

extension SceneDecoder {
  /// A property animation found in a layer's animations (groups opened), with its JSON path.
  private struct FoundAnimation {
    var layer: Layer
    var keyPath: AnimatableKeyPath
    var valueFunction: ValueFunction?
    var path: Int
  }

  /// What each layer animates: every property, and the properties animated as a whole.
  private struct Animated {
    var properties: Set<AnimatableKeyPath.Property> = []
    var wholeProperties: Set<AnimatableKeyPath.Property> = []
  }

  /// One warning at the `keyPath` of every animation that cannot change what
  /// is drawn, whatever its values: its layer or a superlayer is hidden or
  /// transparent for good; it animates a rotation or scale of a transform
  /// that cannot be decomposed (Core Animation leaves such a transform as it
  /// is, docs/timing.md, "Combining animations"); or it animates a key this
  /// layer does not draw as it stands (a shadow without `shadowOpacity`, a
  /// stroke's end without a stroke colour, corners of nothing, …). Each rule
  /// holds only when nothing animates what would make the key show, so a
  /// warning is never wrong about a scene; some silent animations go unwarned.
  mutating func animationsWithoutEffect() -> [SceneIssue] {
    var found: [FoundAnimation] = []
    var pending = addedAnimations.map { ($0.layer, $0.animation, $0.path) }.reversed() as [(Layer, Animation, Int)]
    while let (layer, animation, path) = pending.popLast() {
      if let group = animation as? AnimationGroup {
        let children = paths.child(path, "animations")
        for (i, child) in (group.animations ?? []).enumerated().reversed() {
          pending.append((layer, child, paths.child(children, i)))
        }
      } else if let property = animation as? PropertyAnimation, let string = property.keyPath,
        let keyPath = AnimatableKeyPath(string)
      {
        found.append(FoundAnimation(layer: layer, keyPath: keyPath, valueFunction: property.valueFunction,
                                    path: paths.child(path, "keyPath")))
      }
    }
    var animated: [ObjectIdentifier: Animated] = [:]
    for item in found {
      animated[ObjectIdentifier(item.layer), default: Animated()].properties.insert(item.keyPath.property)
      if item.keyPath.field == .whole {
        animated[ObjectIdentifier(item.layer), default: Animated()].wholeProperties.insert(item.keyPath.property)
      }
    }
    var result: [SceneIssue] = []
    for item in found {
      let reason = SceneDecoder.hiddenReason(item, animated: animated)
        ?? SceneDecoder.singularReason(item, animated: animated[ObjectIdentifier(item.layer)] ?? Animated())
        ?? SceneDecoder.undrawnReason(item, animated: animated[ObjectIdentifier(item.layer)]?.properties ?? [])
      if let reason {
        result.append(SceneIssue(path: paths.render(item.path),
                                 message: "\"\(item.keyPath)\" has no visible effect: \(reason)"))
      }
    }
    return result
  }

  /// Why nothing of the layer ever shows: it or a superlayer is hidden, or
  /// fully transparent, and no animation changes that.
  private static func hiddenReason(_ item: FoundAnimation, animated: [ObjectIdentifier: Animated]) -> String? {
    var current: Layer? = item.layer
    while let layer = current {
      let own = animated[ObjectIdentifier(layer)]?.properties ?? []
      let who = layer === item.layer ? "the layer" : "its superlayer" + (layer.name.map { " \"\($0)\"" } ?? "")
      if layer.isHidden && !own.contains(.hidden) {
        return "\(who) is hidden (\"hidden\": true) and no animation shows it"
      }
      if !(layer.opacity > 0) && !own.contains(.opacity) {
        return "\(who) has \"opacity\": 0 and no animation changes it"
      }
      current = layer.superlayer
    }
    return nil
  }

  /// Why a rotation or scale component cannot change the transform under it:
  /// the model transform cannot be decomposed (a zero scale on some axis) and
  /// no whole-transform animation on the layer gives it one that can.
  private static func singularReason(_ item: FoundAnimation, animated: Animated) -> String? {
    guard case .transform(let component) = item.keyPath.field, item.valueFunction == nil,
      !animated.wholeProperties.contains(item.keyPath.property),
      case .transform(let model)? = item.layer.model.value(of: item.keyPath.property),
      !model.canSetComponent(component)
    else { return nil }
    return "the layer's \"\(item.keyPath.property)\" cannot be decomposed (it scales some axis to zero), and Core "
      + "Animation leaves such a transform as it is under a rotation or scale animation; give the model "
      + "\"\(item.keyPath.property)\" a small non-zero scale (such as 0.001) instead"
  }

  /// Why the layer does not draw the key as it stands: what the key changes
  /// is not drawn, and no animation of the layer makes it drawn.
  private static func undrawnReason(_ item: FoundAnimation, animated: Set<AnimatableKeyPath.Property>) -> String? {
    let m = item.layer.model
    func absent(_ property: AnimatableKeyPath.Property, _ isAbsent: Bool) -> Bool {
      isAbsent && !animated.contains(property)
    }
    func clear(_ color: Color?) -> Bool { !((color?.alpha ?? 0) > 0) }
    switch item.keyPath.property {
    case .shadowColor, .shadowOffset, .shadowRadius, .shadowPath:
      if absent(.shadowOpacity, !(m.shadowOpacity > 0)) {
        return "\"shadowOpacity\" is 0, so the layer casts no shadow"
      }
    case .borderColor:
      if absent(.borderWidth, !(m.borderWidth > 0)) { return "\"borderWidth\" is 0, so no border is drawn" }
    case .cornerRadius:
      if absent(.backgroundColor, clear(m.backgroundColor)), absent(.borderWidth, !(m.borderWidth > 0)),
        !m.masksToBounds
      {
        return "the corners shape only the background, the border and a \"masksToBounds\" clip, and the layer "
          + "has none of them (a shape layer's path is not rounded)"
      }
    case .sublayerTransform:
      if (item.layer.sublayers ?? []).isEmpty { return "the layer has no sublayers" }
    case .contentsRect, .contentsCenter, .contentsScale:
      if absent(.contents, m.content.contents == nil) { return "the layer has no \"contents\"" }
    case .fillColor:
      if absent(.path, m.shape?.path == nil) { return "the shape layer has no \"path\"" }
    case .strokeStart, .strokeEnd, .lineWidth, .lineDashPhase, .miterLimit:
      if absent(.path, m.shape?.path == nil) { return "the shape layer has no \"path\"" }
      if absent(.strokeColor, clear(m.shape?.strokeColor)) {
        return "the shape layer has no \"strokeColor\", so no stroke is drawn (\"\(item.keyPath.property)\" "
          + "trims or shapes the stroke only, never the fill)"
      }
      if item.keyPath.property == .lineDashPhase, m.shape?.lineDashPattern == nil {
        return "the shape layer has no \"lineDashPattern\""
      }
      if item.keyPath.property == .miterLimit, m.shape?.lineJoin != .miter {
        return "the limit applies to \"lineJoin\": \"miter\" only"
      }
    case .colors, .locations, .startPoint, .endPoint:
      if item.keyPath.property != .colors, absent(.colors, (m.gradient?.colors ?? []).isEmpty) {
        return "the gradient layer has no \"colors\""
      }
    case .fontSize, .foregroundColor:
      if (m.text?.string ?? "").isEmpty { return "the text layer has no \"string\"" }
    case .instanceDelay, .instanceTransform, .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset,
      .instanceAlphaOffset:
      if absent(.instanceCount, (m.replicator?.instanceCount ?? 1) <= 1) {
        return "\"instanceCount\" is 1, and this changes the copies after the first only"
      }
    default: break
    }
    return nil
  }
}
