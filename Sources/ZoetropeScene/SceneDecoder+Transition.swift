// SPDX-License-Identifier: Apache-2.0
// Decoding a CATransition: its type, subtype and progress, and the layer's state after the change ("to").

import ZoetropeAnimation
import ZoetropeLayers

extension SceneDecoder {
  /// The names `type` accepts for a transition.
  static let transitionTypeNames: Set<String> = ["transition", "CATransition"]

  /// Decodes a `"type": "transition"` animation of `layer` and adds it with
  /// the change its `to` describes; reports and adds nothing when unusable.
  mutating func decodeTransition(_ value: JSONValue, into layer: Layer, kind: LayerKind, at path: Int) {
    guard let members = checkKeys(value, at: path, allowed: SceneDecoder.transitionAnimationKeys,
                                  what: "a transition") else { return }
    let issuesBefore = issues.count
    let transition = Transition()
    var key: String?
    var addedAt: Double?
    var change: (value: JSONValue, path: Int)?
    for member in members {
      let p = paths.child(path, member.key)
      let v = member.value
      if decodeTiming(member, into: &transition.timing, at: p) { continue }
      switch member.key {
      case "key": key = string(v, at: p)
      case "removedOnCompletion": _ = bool(v, at: p)
      case "timingFunction": if let f = timingFunction(v, at: p) { transition.timingFunction = f }
      case "addedAt": if let t = number(v, at: p) { addedAt = t }
      case "transition":
        guard let name = string(v, at: p) else { break }
        if let type = TransitionType(name: name) {
          transition.type = type
        } else {
          report(p, "must be \"fade\", \"moveIn\", \"push\" or \"reveal\" (or kCATransitionFade, …) (got \"\(name)\")")
        }
      case "subtype":
        if case .null = v { break }
        guard let name = string(v, at: p) else { break }
        if let subtype = TransitionSubtype(name: name) {
          transition.subtype = subtype
        } else {
          report(p, "must be \"fromRight\", \"fromLeft\", \"fromTop\", \"fromBottom\" or null (got \"\(name)\")")
        }
      case "startProgress": if let n = number(v, at: p, in: 0...1) { transition.startProgress = n }
      case "endProgress": if let n = number(v, at: p, in: 0...1) { transition.endProgress = n }
      case "to": change = (v, p)
      default: break
      }
    }
    if transition.startProgress > transition.endProgress {
      report(paths.child(path, "endProgress"), "must be at least startProgress (\(transition.startProgress))")
    }
    if let previous = layer.transitions.last?.transition, transition.beginTime < previous.beginTime {
      report(paths.child(path, "beginTime"),
             "must be at or after the previous transition's beginTime (\(previous.beginTime)): transitions run in sequence")
    }
    var allowed = SceneDecoder.layerKeys(for: kind).subtracting(SceneDecoder.timingKeys)
    allowed.subtract(["type", "name", "animations"])
    var toMembers: [JSONMember] = []
    if let change {
      guard let checked = checkKeys(change.value, at: change.path, allowed: allowed,
                                    unsupported: SceneDecoder.unsupportedLayerKeys,
                                    what: "the layer's state after the change", hint: { key in
        ["type", "name", "animations"].contains(key) || SceneDecoder.timingKeys.contains(key)
          ? " (a transition changes properties and sublayers; \"\(key)\" stays the layer's own)" : nil
      }) else { return }
      toMembers = checked
    }
    guard issues.count == issuesBefore else { return }
    if let addedAt, transition.beginTime == 0 { transition.beginTime = layer.convertTime(addedAt, from: nil) }
    var pending: [PendingLayer] = []
    layer.add(transition, forKey: key) { (next: Layer) in
      guard let change else { return }
      decodeLayerMembers(toMembers, into: next, kind: kind, at: change.path)
      if let mask = change.value["mask"], mask != .null {
        pending.append(PendingLayer(value: mask, path: paths.child(change.path, "mask"), parent: next, isMask: true))
      }
      if let sublayers = change.value["sublayers"] {
        let sublayersPath = paths.child(change.path, "sublayers")
        guard case .array(let children) = sublayers else {
          report(sublayersPath, "must be an array of layers (got \(sublayers.compactDescription))")
          return
        }
        next.sublayers = []
        for (i, child) in children.enumerated().reversed() {
          pending.append(PendingLayer(value: child, path: paths.child(sublayersPath, i), parent: next, isMask: false))
        }
      }
    }
    decodePending(&pending)
  }
}
