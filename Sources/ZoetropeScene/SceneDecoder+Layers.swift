// SPDX-License-Identifier: Apache-2.0
// Decoding layers: type, properties, timing, sublayers and animations.

import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeTiming

extension SceneDecoder {
  /// "a plain layer", "a shape layer", "a gradient layer": a layer kind in messages.
  static func phrase(_ kind: LayerKind) -> String {
    switch kind {
    case .layer: "a plain layer"
    case .shape: "a shape layer"
    case .gradient: "a gradient layer"
    case .text: "a text layer"
    case .replicator: "a replicator layer"
    case .transformLayer: "a transform layer"
    case .emitter: "an emitter layer"
    }
  }

  /// The names `type` accepts for each kind of layer: the scene format's
  /// and Core Animation's class name.
  package static func layerTypeNames(_ kind: LayerKind) -> [String] {
    switch kind {
    case .layer: ["layer", "CALayer"]
    case .shape: ["shape", "CAShapeLayer"]
    case .gradient: ["gradient", "CAGradientLayer"]
    case .text: ["text", "CATextLayer"]
    case .replicator: ["replicator", "CAReplicatorLayer"]
    case .transformLayer: ["transformLayer", "CATransformLayer"]
    case .emitter: ["emitter", "CAEmitterLayer"]
    }
  }

  /// The layer kind `type` names, or `nil`.
  static func layerKind(named name: String) -> LayerKind? {
    LayerKind.allCases.first { layerTypeNames($0).contains(name) }
  }

  /// `"layer", "shape", … or "replicator"`: the scene format's layer types, for messages.
  static var layerTypeList: String {
    let names = LayerKind.allCases.map { "\"\(layerTypeNames($0)[0])\"" }
    return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
  }

  /// Decodes the scene's `layers` into sublayers of `root`, iteratively: depth
  /// costs heap, not stack. More than ``Limits/maximumLayers`` layers are
  /// refused at the first one past the budget.
  mutating func decodeLayers(_ items: [JSONValue], under root: Layer, at path: Int) {
    var pending: [PendingLayer] = []
    for (i, item) in items.enumerated().reversed() {
      pending.append(PendingLayer(value: item, path: paths.child(path, i), parent: root, isMask: false))
    }
    decodePending(&pending)
  }

  /// A layer value still to decode, and where it goes: a sublayer of
  /// `parent`, or its mask.
  struct PendingLayer {
    var value: JSONValue
    var path: Int
    var parent: Layer
    var isMask: Bool
  }

  /// Decodes layers and everything under them (masks, sublayers) until none
  /// is pending. Masks count as layers; past ``Limits/maximumLayers`` the
  /// first layer over the budget is reported and decoding stops.
  mutating func decodePending(_ pending: inout [PendingLayer]) {
    while let item = pending.popLast() {
      let (value, layerPath, parent) = (item.value, item.path, item.parent)
      decodedLayerCount += 1
      if decodedLayerCount > Limits.maximumLayers {
        report(layerPath, "the scene has more than \(Limits.maximumLayers) layers (Limits.maximumLayers)")
        pending.removeAll()
        return
      }
      guard let layer = decodeLayer(value, at: layerPath, parent: parent, isMask: item.isMask) else { continue }
      if let mask = value["mask"] {
        let maskPath = paths.child(layerPath, "mask")
        if item.isMask {
          warn(maskPath, "a mask's own mask is ignored, as Core Animation ignores it")
        } else if case .null = mask {
          layer.mask = nil
        } else {
          pending.append(PendingLayer(value: mask, path: maskPath, parent: layer, isMask: true))
        }
      }
      if let sublayers = value["sublayers"] {
        let sublayersPath = paths.child(layerPath, "sublayers")
        guard case .array(let children) = sublayers else {
          report(sublayersPath, "must be an array of layers (got \(sublayers.compactDescription))")
          continue
        }
        for (i, child) in children.enumerated().reversed() {
          pending.append(PendingLayer(value: child, path: paths.child(sublayersPath, i), parent: layer, isMask: false))
        }
      }
    }
  }

  /// The root layer's own properties and timing (`"root": {…}`): any layer key
  /// but `frame`, `type` and `sublayers`.
  mutating func decodeRootLayer(_ value: JSONValue, into root: Layer, at path: Int) {
    let allowed = SceneDecoder.rootLayerKeys
    guard let members = checkKeys(value, at: path, allowed: allowed, unsupported: SceneDecoder.unsupportedLayerKeys,
                                  what: "the root layer", hint: { key in
      key == "frame" || key == "sublayers" || key == "type"
        ? " (the root layer's frame is the canvas; put layers in the top-level \"layers\")" : nil
    }) else { return }
    decodeLayerMembers(members, into: root, kind: .layer, at: path)
    if let mask = value["mask"], mask != .null {
      var pending = [PendingLayer(value: mask, path: paths.child(path, "mask"), parent: root, isMask: true)]
      decodePending(&pending)
    }
  }

  /// One layer (without its sublayers), attached to `parent` as a sublayer
  /// or as its mask; `nil` if unusable.
  private mutating func decodeLayer(_ value: JSONValue, at path: Int, parent: Layer, isMask: Bool) -> Layer? {
    guard case .object = value else {
      report(path, "must be a layer, an object (got \(value.compactDescription))")
      return nil
    }
    var kind = LayerKind.layer
    if let typeValue = value["type"] {
      let typePath = paths.child(path, "type")
      if case .string(let name) = typeValue, let known = SceneDecoder.layerKind(named: name) {
        kind = known
      } else if case .string(let name) = typeValue, SceneDecoder.unsupportedLayerTypes.contains(name) {
        report(typePath, "\"\(name)\" is a Core Animation layer type Zoetrope does not support yet; "
          + "use \(SceneDecoder.layerTypeList)")
      } else {
        report(typePath, "must be \(SceneDecoder.layerTypeList) (got \(typeValue.compactDescription))")
      }
    }
    let allowed = SceneDecoder.layerKeys(for: kind)
    let members = checkKeys(value, at: path, allowed: allowed, unsupported: SceneDecoder.unsupportedLayerKeys,
                            what: SceneDecoder.phrase(kind), hint: { key in
      if SceneDecoder.shapeKeys.contains(key) { return " (\"\(key)\" belongs to shape layers: add \"type\": \"shape\")" }
      if SceneDecoder.gradientKeys.contains(key) {
        return " (\"\(key)\" belongs to gradient layers: add \"type\": \"gradient\")"
      }
      if SceneDecoder.textKeys.contains(key) { return " (\"\(key)\" belongs to text layers: add \"type\": \"text\")" }
      if SceneDecoder.replicatorKeys.contains(key) {
        return " (\"\(key)\" belongs to replicator layers: add \"type\": \"replicator\")"
      }
      return nil
    })
    let layer: Layer = switch kind {
    case .shape: ShapeLayer()
    case .gradient: GradientLayer()
    case .text: TextLayer()
    case .replicator: ReplicatorLayer()
    case .transformLayer: TransformLayer()
    case .emitter: EmitterLayer()
    case .layer: Layer()
    }
    if isMask { parent.mask = layer } else { parent.addSublayer(layer) }
    if kind == .replicator { replicatorPaths.append((layer, path)) }
    if kind == .emitter { emitterPaths.append((layer, path)) }
    let known: [JSONMember]
    if let members {
      known = members
    } else if case .object(let all) = value {
      known = all.filter { allowed.contains($0.key) }
    } else {
      known = []
    }
    decodeLayerMembers(known, into: layer, kind: kind, at: path)
    return layer
  }

  /// Applies a layer's keys (all but `type` and `sublayers`) to `layer`.
  mutating func decodeLayerMembers(_ members: [JSONMember], into layer: Layer, kind: LayerKind, at path: Int) {
    var frame: (Rect, Int)?
    var placement: [String] = []
    var animations: JSONValue?
    for member in members {
      let p = paths.child(path, member.key)
      let v = member.value
      if decodeTiming(member, into: &layer.timing, at: p) { continue }
      if decodeContentsMember(member, into: layer, at: p) { continue }
      switch member.key {
      case "type", "sublayers", "mask": break
      case "name":
        guard let name = string(v, at: p) else { break }
        if let first = names[name] {
          report(p, "the name \"\(name)\" is already used by \(paths.render(first)); names must be unique")
        } else {
          names[name] = path
          layer.name = name
        }
      case "bounds": if let r = rect(v, at: p) { layer.bounds = r; placement.append("bounds") }
      case "position": if let pt = point(v, at: p) { layer.position = pt; placement.append("position") }
      case "frame": if let r = rect(v, at: p) { frame = (r, p) }
      case "anchorPoint": if let pt = point(v, at: p) { layer.anchorPoint = pt }
      case "zPosition": if let n = number(v, at: p) { layer.zPosition = n }
      case "transform": if let t = transform(v, at: p) { layer.transform = t }
      case "sublayerTransform": if let t = transform(v, at: p) { layer.sublayerTransform = t }
      case "opacity": if let n = number(v, at: p, in: 0...1) { layer.opacity = n }
      case "hidden": if let b = bool(v, at: p) { layer.isHidden = b }
      case "backgroundColor": if let c = optionalColor(v, at: p) { layer.backgroundColor = c }
      case "cornerRadius": if let n = number(v, at: p, in: 0...Double.greatestFiniteMagnitude) { layer.cornerRadius = n }
      case "borderWidth": if let n = number(v, at: p, in: 0...Double.greatestFiniteMagnitude) { layer.borderWidth = n }
      case "borderColor": if let c = optionalColor(v, at: p) { layer.borderColor = c }
      case "masksToBounds": if let b = bool(v, at: p) { layer.masksToBounds = b }
      case "animations": animations = v
      default:
        if decodeCompositingMember(member, into: layer, at: p) { break }
        if let replicator = layer as? ReplicatorLayer { decodeReplicatorMember(member, into: replicator, at: p) }
        if let emitter = layer as? EmitterLayer { decodeEmitterMember(member, into: emitter, at: p) }
        if let shape = layer as? ShapeLayer { decodeShapeMember(member, into: shape, at: p) }
        if let gradient = layer as? GradientLayer { decodeGradientMember(member, into: gradient, at: p) }
        if let text = layer as? TextLayer { decodeTextMember(member, into: text, at: p) }
      }
    }
    if let (r, framePath) = frame {
      if !placement.isEmpty {
        report(framePath, "\"frame\" cannot be combined with \(placement.map { "\"\($0)\"" }.joined(separator: " or "))")
      } else {
        layer.frame = r
      }
    }
    if let gradient = layer as? GradientLayer, let locations = gradient.locations {
      let count = gradient.colors?.count ?? 0
      if locations.count != count {
        report(paths.child(path, "locations"), "must have one entry per colour (\(count)), got \(locations.count)")
      }
    }
    if let text = layer as? TextLayer { resolveFont(of: text, members: members, at: path) }
    if let animations {
      decodeAnimations(animations, into: layer, kind: kind, at: paths.child(path, "animations"))
    }
  }

  private mutating func decodeShapeMember(_ member: JSONMember, into shape: ShapeLayer, at p: Int) {
    let v = member.value
    let nonNegative = 0...Double.greatestFiniteMagnitude
    switch member.key {
    case "path":
      if case .null = v { shape.path = nil } else if let path = path(v, at: p) { shape.path = path }
    case "fillColor": if let c = optionalColor(v, at: p) { shape.fillColor = c }
    case "strokeColor": if let c = optionalColor(v, at: p) { shape.strokeColor = c }
    case "fillRule":
      if let r = enumeration(v, at: p, FillRule.self, prefixes: ["kCAFillRule"]) { shape.fillRule = r }
    case "lineCap": if let c = enumeration(v, at: p, LineCap.self, prefixes: ["kCALineCap"]) { shape.lineCap = c }
    case "lineJoin": if let j = enumeration(v, at: p, LineJoin.self, prefixes: ["kCALineJoin"]) { shape.lineJoin = j }
    case "lineWidth": if let n = number(v, at: p, in: nonNegative) { shape.lineWidth = n }
    case "miterLimit": if let n = number(v, at: p, in: nonNegative) { shape.miterLimit = n }
    case "lineDashPhase": if let n = number(v, at: p) { shape.lineDashPhase = n }
    case "strokeStart": if let n = number(v, at: p, in: 0...1) { shape.strokeStart = n }
    case "strokeEnd": if let n = number(v, at: p, in: 0...1) { shape.strokeEnd = n }
    case "lineDashPattern":
      if case .null = v {
        shape.lineDashPattern = nil
      } else if let pattern = numberList(v, at: p, in: nonNegative) {
        if !pattern.isEmpty && !pattern.contains(where: { $0 > 0 }) {
          report(p, "must contain at least one positive length (got \(v.compactDescription))")
        } else {
          shape.lineDashPattern = pattern.isEmpty ? nil : pattern
        }
      }
    default: break
    }
  }

  private mutating func decodeGradientMember(_ member: JSONMember, into gradient: GradientLayer, at p: Int) {
    let v = member.value
    switch member.key {
    case "colors":
      if case .colors(let colors)? = animationValue(v, at: p, kind: .colors, isAngle: false) { gradient.colors = colors }
    case "locations":
      if case .null = v { gradient.locations = nil } else if let list = numberList(v, at: p, in: 0...1) {
        gradient.locations = list
      }
    case "startPoint": if let pt = point(v, at: p) { gradient.startPoint = pt }
    case "endPoint": if let pt = point(v, at: p) { gradient.endPoint = pt }
    case "focalPoint":
      if case .null = v { gradient.focalPoint = nil } else if let pt = point(v, at: p) { gradient.focalPoint = pt }
    case "gradientType":
      if let t = enumeration(v, at: p, GradientType.self, prefixes: ["kCAGradientLayer"]) { gradient.type = t }
    default: break
    }
  }

  /// A string naming a case of `type` (Core Animation's `kCA…` spellings too).
  mutating func enumeration<E: RawRepresentable & CaseIterable>(
    _ value: JSONValue, at path: Int, _ type: E.Type, prefixes: [String]
  ) -> E? where E.RawValue == String {
    let names = E.allCases.map(\.rawValue)
    if case .string(let s) = value {
      if let known = E(rawValue: SceneDecoder.constantName(s, prefixes: prefixes)) { return known }
      report(path, "must be one of \(names.map { "\"\($0)\"" }.joined(separator: ", "))"
        + " (got \"\(s)\")\(SceneDecoder.constantSuggestion(for: s, among: names))")
      return nil
    }
    report(path, "must be one of \(names.map { "\"\($0)\"" }.joined(separator: ", ")) (got \(value.compactDescription))")
    return nil
  }

  /// Decodes a timing key into `timing`; returns false for other keys.
  mutating func decodeTiming(_ member: JSONMember, into timing: inout Timing, at p: Int) -> Bool {
    let v = member.value
    let nonNegative = 0...Double.greatestFiniteMagnitude
    switch member.key {
    case "beginTime": if let n = number(v, at: p) { timing.beginTime = n }
    case "speed": if let n = number(v, at: p) { timing.speed = n }
    case "timeOffset": if let n = number(v, at: p) { timing.timeOffset = n }
    case "duration": if let n = number(v, at: p, in: nonNegative) { timing.duration = n }
    case "repeatDuration": if let n = number(v, at: p, in: nonNegative) { timing.repeatDuration = n }
    case "autoreverses": if let b = bool(v, at: p) { timing.autoreverses = b }
    case "repeatCount":
      if case .string(let s) = v {
        if ["infinity", "inf", "HUGE_VALF"].contains(s) { timing.repeatCount = .infinity } else {
          report(p, "must be a number ≥ 0 or \"infinity\" (got \"\(s)\")")
        }
      } else if let n = number(v, at: p, in: nonNegative) {
        timing.repeatCount = n
      }
    case "fillMode":
      if let f = enumeration(v, at: p, FillMode.self, prefixes: ["kCAFillMode"]) { timing.fillMode = f }
    default: return false
    }
    return true
  }
}
