// SPDX-License-Identifier: Apache-2.0
// Turns an animation conformance case into a Swift layer tree or a scene file. Not API.

import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeScene
import ZoetropeTiming

extension TimingCase {
  /// Whether the case animates a colour (its model value is an array).
  package var animatesColor: Bool { inputs["modelValue"]?.arrayValue != nil }

  /// The key path the case animates: `backgroundColor` for colour cases, else `position.x`.
  package var keyPath: String { animatesColor ? "backgroundColor" : "position.x" }

  /// Layer timings root-first; one default layer when the case has none.
  private var layerTimings: [JSONValue] {
    let list = inputs["layers"]?.arrayValue ?? []
    return list.isEmpty ? [.object([])] : list
  }

  /// Builds the case with the Swift API. Returns the root and the probe layer
  /// that holds the animations.
  package func makeLayers() -> (root: Layer, probe: Layer) {
    let root = Layer()
    var parent = root
    var probe = root
    let deferOffset = inputs["setup"] != nil
    for timing in layerTimings {
      let layer = Layer()
      layer.beginTime = timing["beginTime"]?.double ?? 0
      layer.speed = timing["speed"]?.double ?? 1
      if !deferOffset { layer.timeOffset = timing["timeOffset"]?.double ?? 0 }
      parent.addSublayer(layer)
      parent = layer
      probe = layer
    }
    setModelValue(on: probe)
    for value in inputs["animations"]?.arrayValue ?? [] {
      let animation = TimingCase.makeAnimation(value, keyPath: keyPath)
      if let addedAt = value["addedAt"]?.double {
        probe.add(animation, forKey: nil, atMediaTime: addedAt)
      } else {
        probe.add(animation, forKey: nil)
      }
    }
    if deferOffset {
      var layer: Layer? = root.sublayers?.first
      for timing in layerTimings {
        layer?.timeOffset = timing["timeOffset"]?.double ?? 0
        layer = layer?.sublayers?.first
      }
    }
    return (root, probe)
  }

  private func setModelValue(on layer: Layer) {
    if let components = inputs["modelValue"]?.arrayValue?.compactMap(\.double) {
      layer.backgroundColor = Color(red: components[0], green: components[1], blue: components[2],
                                    alpha: components[3])
    } else {
      layer.position.x = inputs["modelValue"]?.double ?? 0
    }
  }

  /// An animation object from the case's description of it.
  static func makeAnimation(_ value: JSONValue, keyPath: String) -> Animation {
    let kind = value["kind"]?.stringValue ?? "basic"
    let animation: Animation
    switch kind {
    case "group":
      let group = AnimationGroup()
      group.animations = (value["animations"]?.arrayValue ?? []).map { makeAnimation($0, keyPath: keyPath) }
      animation = group
    case "keyframe":
      let keyframe = KeyframeAnimation(keyPath: keyPath)
      keyframe.values = value["values"]?.arrayValue?.map(animationValue)
      keyframe.keyTimes = value["keyTimes"]?.arrayValue?.compactMap(\.double)
      if let mode = value["calculationMode"]?.stringValue { keyframe.calculationMode = CalculationMode(rawValue: mode)! }
      keyframe.timingFunctions = value["timingFunctions"]?.arrayValue?.map(timingFunction)
      animation = keyframe
    case "spring":
      let spring = SpringAnimation(keyPath: keyPath)
      fill(spring, from: value)
      animation = spring
    default:
      let basic = BasicAnimation(keyPath: keyPath)
      fill(basic, from: value)
      animation = basic
    }
    if let property = animation as? PropertyAnimation {
      property.isAdditive = value["additive"] == .bool(true)
      property.isCumulative = value["cumulative"] == .bool(true)
    }
    animation.beginTime = value["beginTime"]?.double ?? 0
    animation.duration = value["duration"]?.double ?? 0
    animation.speed = value["speed"]?.double ?? 1
    animation.timeOffset = value["timeOffset"]?.double ?? 0
    animation.repeatCount = value["repeatCount"]?.double ?? 0
    animation.repeatDuration = value["repeatDuration"]?.double ?? 0
    animation.autoreverses = value["autoreverses"] == .bool(true)
    if let fill = value["fillMode"]?.stringValue { animation.fillMode = FillMode(rawValue: fill)! }
    if case .bool(let removed)? = value["removedOnCompletion"] { animation.isRemovedOnCompletion = removed }
    if let function = value["timingFunction"] { animation.timingFunction = timingFunction(function) }
    return animation
  }

  private static func fill(_ basic: BasicAnimation, from value: JSONValue) {
    basic.fromValue = value["fromValue"].map(animationValue)
    basic.toValue = value["toValue"].map(animationValue)
    basic.byValue = value["byValue"].map(animationValue)
  }

  static func animationValue(_ value: JSONValue) -> AnimationValue {
    if let list = value.arrayValue { return .numbers(list.compactMap(\.double)) }
    return .number(value.double ?? 0)
  }

  static func timingFunction(_ value: JSONValue) -> MediaTimingFunction {
    if let name = value.stringValue { return MediaTimingFunction(name: MediaTimingFunctionName(rawValue: name)!) }
    let p = value.arrayValue?.compactMap(\.double) ?? [0, 0, 1, 1]
    return MediaTimingFunction(controlPoints: p[0], p[1], p[2], p[3])
  }

  /// The presentation value of the animated property at the case's time:
  /// one number, or four colour components.
  package static func probeValue(of properties: LayerProperties, color: Bool) -> [Double] {
    if color {
      let c = properties.backgroundColor ?? .clear
      return [c.red, c.green, c.blue, c.alpha]
    }
    return [properties.position.x]
  }

  /// The expected value as a list of numbers.
  package var expectedValues: [Double] {
    if let list = expected.arrayValue { return list.compactMap(\.double) }
    return expected.double.map { [$0] } ?? []
  }

  // MARK: Scene files

  /// The case as a scene file: nested layers, the innermost named `probe`
  /// holding the animations. `beginTime` is literal in scenes; `addedAt` gives
  /// the commit-time replacement (omitted for cases whose setup adds the
  /// animation at layer time 0).
  package func sceneJSON() -> String {
    let model: JSONValue = inputs["modelValue"] ?? .number(0)
    var layer: JSONValue = .object([JSONMember(key: "name", value: .string("probe"))])
    var members: [JSONMember] = [JSONMember(key: "name", value: .string("probe"))]
    if animatesColor {
      members.append(JSONMember(key: "backgroundColor", value: model))
    } else {
      members.append(JSONMember(key: "position", value: .array([model, .number(0)])))
    }
    let animations = (inputs["animations"]?.arrayValue ?? []).map { sceneAnimation($0) }
    members.append(JSONMember(key: "animations", value: .array(animations)))
    let timings = layerTimings
    members += timingMembers(timings[timings.count - 1])
    layer = .object(members)
    for timing in timings.dropLast().reversed() {
      layer = .object(timingMembers(timing) + [JSONMember(key: "sublayers", value: .array([layer]))])
    }
    let document: JSONValue = .object([
      JSONMember(key: "zoetrope", value: .number(1)),
      JSONMember(key: "canvas", value: .object([
        JSONMember(key: "width", value: .number(64)), JSONMember(key: "height", value: .number(64)),
      ])),
      JSONMember(key: "layers", value: .array([layer])),
    ])
    return document.jsonText
  }

  private func timingMembers(_ timing: JSONValue) -> [JSONMember] {
    ["beginTime", "speed", "timeOffset"].compactMap { key in timing[key].map { JSONMember(key: key, value: $0) } }
  }

  private func sceneAnimation(_ value: JSONValue) -> JSONValue {
    guard case .object(let members) = value else { return value }
    var out: [JSONMember] = []
    let kind = value["kind"]?.stringValue ?? "basic"
    out.append(JSONMember(key: "type", value: .string(kind)))
    if kind != "group" { out.append(JSONMember(key: "keyPath", value: .string(keyPath))) }
    for member in members {
      switch member.key {
      case "kind", "keyPath": continue
      case "addedAt": if inputs["setup"] == nil { out.append(member) }
      case "animations":
        out.append(JSONMember(key: "animations", value: .array((member.value.arrayValue ?? []).map(sceneAnimation))))
      default: out.append(member)
      }
    }
    return .object(out)
  }
}

extension JSONValue {
  /// Compact JSON text of the value (numbers in shortest round-trip form).
  package var jsonText: String {
    switch self {
    case .null: return "null"
    case .bool(let b): return b ? "true" : "false"
    case .number(let v): return Inspection.number(v)
    case .string(let s): return Inspection.string(s)
    case .array(let items): return "[" + items.map(\.jsonText).joined(separator: ",") + "]"
    case .object(let members):
      return "{" + members.map { Inspection.string($0.key) + ":" + $0.value.jsonText }.joined(separator: ",") + "}"
    }
  }
}
