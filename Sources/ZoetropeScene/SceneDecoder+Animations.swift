// SPDX-License-Identifier: Apache-2.0
// Decoding animations: basic, keyframe, group and spring, with their timing.

import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeTiming

extension SceneDecoder {
  /// The animation kinds of scene files (docs/scene-format.md).
  package enum AnimationType: String, CaseIterable, Sendable {
    case basic, keyframe, group, spring

    package init?(name: String) {
      switch name {
      case "basic", "CABasicAnimation": self = .basic
      case "keyframe", "CAKeyframeAnimation": self = .keyframe
      case "group", "CAAnimationGroup": self = .group
      case "spring", "CASpringAnimation": self = .spring
      default: return nil
      }
    }
  }

  /// Decodes a layer's `animations` array and adds each, in order, to `layer`.
  mutating func decodeAnimations(_ value: JSONValue, into layer: Layer, kind: LayerKind, at path: Int) {
    guard case .array(let items) = value else {
      report(path, "must be an array of animations (got \(value.compactDescription))")
      return
    }
    var keys: [String: Int] = [:]
    for (i, item) in items.enumerated() {
      let itemPath = paths.child(path, i)
      if case .string(let type) = item["type"] ?? .null, SceneDecoder.transitionTypeNames.contains(type) {
        decodeTransition(item, into: layer, kind: kind, at: itemPath)
        continue
      }
      guard let decoded = decodeAnimation(item, at: itemPath, layerKind: kind, depth: 0, isTopLevel: true) else {
        continue
      }
      if let key = decoded.key {
        if let first = keys[key] {
          warn(paths.child(itemPath, "key"), "replaces the animation with the same key at \(paths.render(first))")
        }
        keys[key] = itemPath
      }
      addedAnimations.append(AddedAnimation(layer: layer, path: itemPath, animation: decoded.animation,
                                            addedAt: decoded.addedAt))
      if let addedAt = decoded.addedAt {
        layer.add(decoded.animation, forKey: decoded.key, atMediaTime: addedAt)
      } else {
        layer.add(decoded.animation, forKey: decoded.key)
      }
    }
  }

  /// One animation; `nil` after reporting when it is unusable.
  mutating func decodeAnimation(
    _ value: JSONValue, at path: Int, layerKind: LayerKind, depth: Int, isTopLevel: Bool
  ) -> (animation: Animation, key: String?, addedAt: Double?)? {
    guard case .object = value else {
      report(path, "must be an animation, an object (got \(value.compactDescription))")
      return nil
    }
    guard let typeValue = value["type"] else {
      report(path, "an animation needs \"type\": \"basic\", \"keyframe\", \"group\", \"spring\" or \"transition\"")
      return nil
    }
    guard case .string(let typeName) = typeValue, let type = AnimationType(name: typeName) else {
      if case .string(let name) = typeValue, SceneDecoder.transitionTypeNames.contains(name) {
        report(paths.child(path, "type"), "a transition cannot be a group's child: add it to the layer's own "
          + "animations (it animates a change of the layer)")
        return nil
      }
      if case .string(let name) = typeValue, SceneDecoder.unsupportedAnimationTypes.contains(name) {
        report(paths.child(path, "type"), "\"\(name)\" is a Core Animation animation type Zoetrope does not "
          + "support yet; use \"basic\", \"keyframe\", \"group\" or \"spring\"")
        return nil
      }
      var note = ""
      if case .string(let name) = typeValue, TransitionType(name: name) != nil {
        note = " (a transition is \"type\": \"transition\" with \"transition\": \"\(name)\")"
      }
      report(paths.child(path, "type"), "must be \"basic\", \"keyframe\", \"group\", \"spring\" or \"transition\" "
        + "(got \(typeValue.compactDescription))" + note)
      return nil
    }
    let allowed = SceneDecoder.animationKeys(for: type)
    let required = type == .group ? ["animations"] : ["keyPath"]
    guard let members = checkKeys(value, at: path, allowed: allowed, required: required,
                                  what: "a \(type.rawValue) animation", hint: { key in
      for other in [AnimationType.basic, .keyframe, .group, .spring]
      where other != type && SceneDecoder.animationKeys(for: other).contains(key) {
        return " (\"\(key)\" belongs to \(other.rawValue) animations)"
      }
      return nil
    })
    else { return nil }

    let animation: Animation
    switch type {
    case .basic: animation = BasicAnimation(keyPath: nil)
    case .spring: animation = SpringAnimation(keyPath: nil)
    case .keyframe: animation = KeyframeAnimation(keyPath: nil)
    case .group: animation = AnimationGroup()
    }
    let issuesBefore = issues.count
    var key: String?
    var addedAt: Double?
    var keyPath: AnimatableKeyPath?
    var hasDuration = false

    // Common keys and the key path first: values are decoded by the key path's kind.
    for member in members {
      let p = paths.child(path, member.key)
      let v = member.value
      if decodeTiming(member, into: &animation.timing, at: p) {
        if member.key == "duration" { hasDuration = true }
        continue
      }
      switch member.key {
      case "key": key = string(v, at: p)
      case "removedOnCompletion": if let b = bool(v, at: p) { animation.isRemovedOnCompletion = b }
      case "timingFunction": if let f = timingFunction(v, at: p) { animation.timingFunction = f }
      case "addedAt":
        if !isTopLevel {
          report(p, "only animations added directly to a layer have \"addedAt\" (group children begin in group time)")
        } else if let t = number(v, at: p) {
          addedAt = t
        }
      case "keyPath":
        keyPath = decodeKeyPath(v, at: p, layerKind: layerKind)
      default: break
      }
    }
    if !isTopLevel && key != nil {
      report(paths.child(path, "key"), "only animations added directly to a layer have a key")
    }

    if let property = animation as? PropertyAnimation, let keyPath {
      property.keyPath = keyPath.description
      decodePropertyMembers(members, into: property, keyPath: keyPath, at: path)
    }
    if let group = animation as? AnimationGroup, let children = value["animations"] {
      let childrenPath = paths.child(path, "animations")
      if depth + 1 >= SceneDecoder.maximumGroupDepth {
        report(childrenPath, "animation groups nest deeper than \(SceneDecoder.maximumGroupDepth) levels")
      } else if case .array(let items) = children {
        var list: [Animation] = []
        for (i, item) in items.enumerated() {
          if let child = decodeAnimation(item, at: paths.child(childrenPath, i), layerKind: layerKind,
                                         depth: depth + 1, isTopLevel: false) {
            list.append(child.animation)
          }
        }
        group.animations = list
      } else {
        report(childrenPath, "must be an array of animations (got \(children.compactDescription))")
      }
    }
    if let spring = animation as? SpringAnimation, !hasDuration {
      // docs/scene-format.md: a spring with no duration lasts its settling duration.
      spring.duration = spring.settlingDuration
    }
    return issues.count == issuesBefore ? (animation, key, addedAt) : nil
  }

  /// Parses and checks a key path against the layer type.
  private mutating func decodeKeyPath(_ value: JSONValue, at p: Int, layerKind: LayerKind) -> AnimatableKeyPath? {
    guard let string = string(value, at: p) else { return nil }
    guard let keyPath = AnimatableKeyPath(string) else {
      let property = String(string.prefix { $0 != "." })
      if SceneDecoder.unsupportedLayerKeys.contains(property) {
        report(p, SceneDecoder.notSupportedYet(property))
        return nil
      }
      if property == "filters" {
        report(p, "\"\(string)\": a layer's filters are not animatable in Zoetrope; give them in \"filters\"")
        return nil
      }
      report(p, "\"\(string)\" is not an animatable key path"
        + SceneDecoder.suggestion(for: string, among: AnimatableKeyPath.allKeyPathStrings))
      return nil
    }
    switch (keyPath.property.owner, layerKind) {
    case (.shapeLayer, let k) where k != .shape:
      report(p, "\"\(string)\" animates a shape layer property, but this is \(SceneDecoder.phrase(layerKind))")
      return nil
    case (.gradientLayer, let k) where k != .gradient:
      report(p, "\"\(string)\" animates a gradient layer property, but this is \(SceneDecoder.phrase(layerKind))")
      return nil
    case (.textLayer, let k) where k != .text:
      report(p, "\"\(string)\" animates a text layer property, but this is \(SceneDecoder.phrase(layerKind))")
      return nil
    case (.replicatorLayer, let k) where k != .replicator:
      report(p, "\"\(string)\" animates a replicator layer property, but this is \(SceneDecoder.phrase(layerKind))")
      return nil
    default:
      return keyPath
    }
  }

  /// Whether values of this key path are angles (so `"90deg"` is accepted).
  private static func isAngle(_ keyPath: AnimatableKeyPath, valueFunction: ValueFunction?) -> Bool {
    if let valueFunction {
      return [.rotateX, .rotateY, .rotateZ].contains(valueFunction.name)
    }
    if case .transform(let c) = keyPath.field { return [.rotationX, .rotationY, .rotationZ].contains(c) }
    return false
  }

  /// The keys of basic, keyframe and spring animations that depend on the key path.
  private mutating func decodePropertyMembers(
    _ members: [JSONMember], into animation: PropertyAnimation, keyPath: AnimatableKeyPath, at path: Int
  ) {
    // The value function decides the value kind, so read it first.
    if let member = members.first(where: { $0.key == "valueFunction" }) {
      let p = paths.child(path, member.key)
      if keyPath.valueKind != .transform {
        report(p, "a value function builds a transform; \"\(keyPath)\" is not a transform key path")
      } else if let f = enumeration(member.value, at: p, ValueFunctionName.self, prefixes: ["kCAValueFunction"]) {
        animation.valueFunction = ValueFunction(name: f)
      }
    }
    let function = animation.valueFunction
    let kind: AnimationValueKind = function.map { $0.arity == 3 ? .numbers : .number } ?? keyPath.valueKind
    let angle = SceneDecoder.isAngle(keyPath, valueFunction: function)
    func value(_ decoder: inout SceneDecoder, _ v: JSONValue, _ p: Int) -> AnimationValue? {
      guard let decoded = decoder.animationValue(v, at: p, kind: kind, isAngle: angle) else { return nil }
      if let function, case .numbers(let list) = decoded, list.count != function.arity {
        decoder.report(p, "the \(function.name.rawValue) value function takes \(function.arity) numbers")
        return nil
      }
      return decoded
    }

    var values: [AnimationValue]?
    var keyTimes: (list: [Double], path: Int)?
    var functionsCount: (count: Int, path: Int)?
    for member in members {
      let p = paths.child(path, member.key)
      let v = member.value
      switch member.key {
      case "additive": if let b = bool(v, at: p) { animation.isAdditive = b }
      case "cumulative": if let b = bool(v, at: p) { animation.isCumulative = b }
      case "fromValue": (animation as? BasicAnimation)?.fromValue = value(&self, v, p)
      case "toValue": (animation as? BasicAnimation)?.toValue = value(&self, v, p)
      case "byValue": (animation as? BasicAnimation)?.byValue = value(&self, v, p)
      case "values":
        guard case .array(let items) = v else {
          report(p, "must be an array of \(kind.phrase) values (got \(v.compactDescription))")
          break
        }
        var list: [AnimationValue] = []
        for (i, item) in items.enumerated() {
          if let decoded = value(&self, item, paths.child(p, i)) { list.append(decoded) }
        }
        values = list
      case "keyTimes":
        if case .array(let items) = v, items.allSatisfy({ if case .number = $0 { true } else { false } }),
          case .some(let list) = numberList(v, at: p), KeyframeTrack.isNonDecreasingUnit(list)
        {
          keyTimes = (list, p)
        } else {
          report(p, "must be non-decreasing numbers in 0…1 (got \(v.compactDescription))")
        }
      case "timingFunctions":
        guard case .array(let items) = v else {
          report(p, "must be an array of timing functions (got \(v.compactDescription))")
          break
        }
        var list: [MediaTimingFunction] = []
        for (i, item) in items.enumerated() {
          if let f = timingFunction(item, at: paths.child(p, i)) { list.append(f) }
        }
        (animation as? KeyframeAnimation)?.timingFunctions = list
        functionsCount = (items.count, p)
      case "calculationMode":
        if let mode = enumeration(v, at: p, CalculationMode.self, prefixes: ["kCAAnimation"]) {
          (animation as? KeyframeAnimation)?.calculationMode = mode
        }
      case "tensionValues": (animation as? KeyframeAnimation)?.tensionValues = numberList(v, at: p)
      case "continuityValues": (animation as? KeyframeAnimation)?.continuityValues = numberList(v, at: p)
      case "biasValues": (animation as? KeyframeAnimation)?.biasValues = numberList(v, at: p)
      case "path":
        if keyPath.valueKind != .point || function != nil {
          report(p, "a keyframe path moves a point; \"\(keyPath)\" is not a point key path")
        } else if let decoded = self.path(v, at: p) {
          (animation as? KeyframeAnimation)?.path = decoded
        }
      case "rotationMode":
        if let mode = enumeration(v, at: p, RotationMode.self, prefixes: ["kCAAnimationRotate"]) {
          (animation as? KeyframeAnimation)?.rotationMode = mode
        }
      default:
        if let spring = animation as? SpringAnimation { decodeSpringMember(member, into: spring, at: p) }
      }
    }
    checkContentsAnimation(animation, keyPath: keyPath, at: path)
    if let keyframe = animation as? KeyframeAnimation {
      finishKeyframe(keyframe, values: values, keyTimes: keyTimes, functionsCount: functionsCount, at: path)
    }
    if let spring = animation as? SpringAnimation { finishSpring(spring, members: members, at: path) }
  }

  /// Cross-key rules of keyframe animations.
  private mutating func finishKeyframe(
    _ keyframe: KeyframeAnimation, values: [AnimationValue]?, keyTimes: (list: [Double], path: Int)?,
    functionsCount: (count: Int, path: Int)?, at path: Int
  ) {
    keyframe.values = values
    if keyframe.path == nil {
      if values == nil {
        report(path, "a keyframe animation needs \"values\" (or a \"path\" for a point key path)")
      } else if values?.isEmpty == true {
        report(paths.child(path, "values"), "must have at least one value")
      }
    }
    if keyframe.rotationMode != nil && keyframe.path == nil {
      report(paths.child(path, "rotationMode"), "only applies to an animation along a \"path\"")
    }
    let count = keyframe.path != nil ? nil : values?.count
    if let keyTimes {
      keyframe.keyTimes = keyTimes.list
      if let n = count {
        let mode = keyframe.calculationMode
        if mode == .paced || mode == .cubicPaced {
          warn(keyTimes.path, "ignored in \(mode.rawValue) mode")
        } else if KeyframeTrack.usableKeyTimes(keyTimes.list, count: n, mode: mode) == nil {
          warn(keyTimes.path, "do not fit \(mode.rawValue) mode with \(n) values (Core Animation then spaces "
            + "keyframes evenly); expected \(mode == .discrete ? "\(n) or \(n + 1)" : "\(n)") entries from 0 to 1")
        }
      }
    }
    if let functionsCount, let n = count, functionsCount.count != n - 1 {
      warn(functionsCount.path, "expected \(n - 1) timing functions, one per segment; they are ignored")
    }
  }

  /// Spring keys.
  private mutating func decodeSpringMember(_ member: JSONMember, into spring: SpringAnimation, at p: Int) {
    let v = member.value
    let positive = Double.leastNonzeroMagnitude...Double.greatestFiniteMagnitude
    switch member.key {
    case "mass": if let n = number(v, at: p, in: positive) { spring.mass = n }
    case "stiffness": if let n = number(v, at: p, in: positive) { spring.stiffness = n }
    case "damping": if let n = number(v, at: p, in: 0...Double.greatestFiniteMagnitude) { spring.damping = n }
    case "initialVelocity": if let n = number(v, at: p) { spring.initialVelocity = n }
    case "allowsOverdamping": if let b = bool(v, at: p) { spring.allowsOverdamping = b }
    default: break
    }
  }

  /// `perceptualDuration` + `bounce` instead of mass/stiffness/damping.
  private mutating func finishSpring(_ spring: SpringAnimation, members: [JSONMember], at path: Int) {
    let perceptual = members.first { $0.key == "perceptualDuration" }
    let bounce = members.first { $0.key == "bounce" }
    guard perceptual != nil || bounce != nil else { return }
    let physical = members.filter { ["mass", "stiffness", "damping"].contains($0.key) }
    if let first = physical.first {
      report(paths.child(path, first.key), "give either mass/stiffness/damping or perceptualDuration/bounce, not both")
      return
    }
    var duration = 0.5, bounceValue = 0.0
    if let perceptual {
      guard let d = number(perceptual.value, at: paths.child(path, "perceptualDuration"),
                           in: Double.leastNonzeroMagnitude...Double.greatestFiniteMagnitude) else { return }
      duration = d
    }
    if let bounce {
      let p = paths.child(path, "bounce")
      guard let b = number(bounce.value, at: p) else { return }
      guard b > -1 && b <= 1 else {
        report(p, "must be in (-1, 1] (got \(SceneDecoder.format(b)))")
        return
      }
      bounceValue = b
    }
    let velocity = spring.initialVelocity
    spring.spring = SpringCurve(perceptualDuration: duration, bounce: bounceValue)
    spring.initialVelocity = velocity
  }

  /// A timing function: a name or `[c1x, c1y, c2x, c2y]` with x values in 0…1.
  mutating func timingFunction(_ value: JSONValue, at path: Int) -> MediaTimingFunction? {
    switch value {
    case .string(let s):
      if let name = MediaTimingFunctionName(rawValue: SceneDecoder.constantName(s, prefixes: ["kCAMediaTimingFunction"])) {
        return MediaTimingFunction(name: name)
      }
      let names = MediaTimingFunctionName.allCases.map(\.rawValue)
      report(path, "unknown timing function \"\(s)\"\(SceneDecoder.constantSuggestion(for: s, among: names)); use one of "
        + names.map { "\"\($0)\"" }.joined(separator: ", ") + " or [c1x, c1y, c2x, c2y]")
      return nil
    case .array(let items) where items.count == 4:
      guard let v = numbers(value, at: path, count: 4, what: "[c1x, c1y, c2x, c2y]") else { return nil }
      // x outside 0…1 is clamped, as CSS does (docs/scene-format.md, timing functions).
      for i in [0, 2] where !(0...1).contains(v[i]) {
        warn(paths.child(path, i), "control point x \(SceneDecoder.format(v[i])) is clamped to 0…1")
      }
      return MediaTimingFunction(controlPoints: v[0], v[1], v[2], v[3])
    default:
      report(path, "must be a timing function name such as \"easeInEaseOut\" or [c1x, c1y, c2x, c2y] "
        + "(got \(value.compactDescription))")
      return nil
    }
  }
}
