// SPDX-License-Identifier: Apache-2.0
// The JSON Schema (draft 2020-12) of scene files, built from the decoder's own key sets.

import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeTiming

/// The JSON Schema of scene files, for editors and validators: what
/// `zoetrope schema` prints and `docs/scene.schema.json` holds.
///
/// Every object's `properties` are built from the same key sets the decoder
/// accepts (`SceneDecoder+Keys.swift`), each key's value from the fragment
/// tables below; unknown keys fail (`additionalProperties: false`) except
/// `x-…` extensions. Rules that need more than a schema (unique names, values
/// fitting the key path, key times fitting the mode) stay with the decoder.
package enum SceneSchema {
  /// The schema as text: sorted keys, two-space indentation, a final newline.
  package static var text: String { document.serialized }

  /// The kinds of object the schema describes, each with the keys the decoder accepts.
  package static let objects: [(definition: String, keys: Set<String>)] = [
    ("canvas", SceneDecoder.canvasKeys),
    ("rootLayer", SceneDecoder.rootLayerKeys),
  ] + LayerKind.allCases.map { (layerDefinition($0), SceneDecoder.layerKeys(for: $0)) } + [
    ("basicAnimation", SceneDecoder.animationKeys(for: .basic)),
    ("keyframeAnimation", SceneDecoder.animationKeys(for: .keyframe)),
    ("springAnimation", SceneDecoder.animationKeys(for: .spring)),
    ("groupAnimation", SceneDecoder.animationKeys(for: .group)),
    ("transitionAnimation", SceneDecoder.transitionAnimationKeys),
    ("transformOperation", SceneDecoder.transformOperationKeys),
    ("shapePath", SceneDecoder.shapePathKeys),
    ("arc", SceneDecoder.arcKeys),
  ]

  /// The schema fragment of `key` in an object of `definition` (see ``objects``);
  /// `nil` when the tables have none, which a test forbids.
  package static func fragment(for key: String, in definition: String) -> SchemaValue? {
    if definition == "rootLayer" || layerKind(of: definition) != nil {
      return key == "type" ? layerTypeFragment(definition) : layerFragments[key]
    }
    return switch definition {
    case "canvas": canvasFragments[key]
    case "transformOperation": transformOperationFragments[key]
    case "shapePath": shapePathFragments[key]
    case "arc": arcFragments[key]
    default:
      key == "type" ? animationTypeFragment(definition) : animationFragments[key]
    }
  }

  // MARK: The document

  static var document: SchemaValue {
    var definitions = valueDefinitions
    for (name, keys) in objects {
      var properties: [String: SchemaValue] = [:]
      for key in keys { properties[key] = fragment(for: key, in: name) ?? [:] }
      definitions[name] = object(properties, required: required(name), extra: extras(name))
    }
    // "type" picks the kind; a layer without one is a plain layer.
    var layerChain = ref(layerDefinition(.layer))
    for kind in LayerKind.allCases.reversed() where kind != .layer {
      layerChain = [
        "if": ["properties": ["type": ["enum": names(SceneDecoder.layerTypeNames(kind))]], "required": ["type"]],
        "then": ref(layerDefinition(kind)),
        "else": layerChain,
      ]
    }
    if case .object(var members) = layerChain {
      members["description"] = "A layer; \"type\" picks the kind (default \"layer\")."
      members["type"] = "object"
      layerChain = .object(members)
    }
    definitions["layer"] = layerChain
    let kinds: [(String, [String])] = [
      ("basicAnimation", ["basic", "CABasicAnimation"]), ("keyframeAnimation", ["keyframe", "CAKeyframeAnimation"]),
      ("springAnimation", ["spring", "CASpringAnimation"]), ("groupAnimation", ["group", "CAAnimationGroup"]),
      ("transitionAnimation", ["transition", "CATransition"]),
    ]
    var chain: SchemaValue = [:]
    for (definition, typeNames) in kinds.reversed() {
      chain = [
        "if": ["properties": ["type": ["enum": names(typeNames)]], "required": ["type"]],
        "then": ref(definition),
        "else": chain,
      ]
    }
    if case .object(var members) = chain {
      members["description"] = "An animation; \"type\" picks the kind."
      members["type"] = "object"
      members["required"] = ["type"]
      members["properties"] = ["type": animationTypeFragment(nil)]
      chain = .object(members)
    }
    definitions["animation"] = chain
    var properties: [String: SchemaValue] = [
      "$schema": ["type": "string", "description": "This schema, for editors; ignored by Zoetrope."],
      "zoetrope": ["const": 1, "description": "The format version: 1."],
      "canvas": ref("canvas"),
      "layers": ["type": "array", "items": ref("layer"), "description": "The root layer's sublayers, back to front."],
      "root": ref("rootLayer"),
    ]
    precondition(Set(properties.keys) == SceneDecoder.documentKeys, "the document's keys changed")
    properties = properties.filter { SceneDecoder.documentKeys.contains($0.key) }
    var schema = object(properties, required: ["canvas"])
    if case .object(var members) = schema {
      members["$schema"] = "https://json-schema.org/draft/2020-12/schema"
      members["title"] = "Zoetrope scene (format 1)"
      members["description"] = .string("A clip for Zoetrope: a canvas, a layer tree and its animations, in Core "
        + "Animation's vocabulary. Reference: docs/scene-format.md.")
      members["$defs"] = .object(definitions)
      schema = .object(members)
    }
    return schema
  }

  /// An object of `properties` that allows `x-…` extensions and nothing else.
  static func object(_ properties: [String: SchemaValue], required: [String] = [],
                     extra: [String: SchemaValue] = [:]) -> SchemaValue {
    var members: [String: SchemaValue] = [
      "type": "object",
      "properties": .object(properties),
      "patternProperties": ["^x-": [:]],
      "additionalProperties": false,
    ]
    if !required.isEmpty { members["required"] = .array(required.sorted().map { .string($0) }) }
    members.merge(extra) { _, new in new }
    return .object(members)
  }

  static func required(_ definition: String) -> [String] {
    switch definition {
    case "canvas": ["height", "width"]
    case _ where layerKind(of: definition).map { $0 != .layer } ?? false: ["type"]
    case "basicAnimation", "keyframeAnimation", "springAnimation": ["keyPath", "type"]
    case "groupAnimation": ["animations", "type"]
    case "transitionAnimation": ["type"]
    case "arc": ["center", "endAngle", "radius", "startAngle"]
    default: []
    }
  }

  /// Rules beyond the keys: one operation per transform step, one shape per path object.
  static func extras(_ definition: String) -> [String: SchemaValue] {
    switch definition {
    case "transformOperation":
      ["oneOf": .array(["translate", "scale", "rotate", "perspective"].map { ["required": [.string($0)]] }),
       "dependentRequired": ["axis": ["rotate"]]]
    case "shapePath":
      ["oneOf": .array(["rect", "roundedRect", "ellipse", "arc", "polyline", "text"].map { ["required": [.string($0)]] }),
       "dependentRequired": ["cornerRadius": ["roundedRect"], "closed": ["polyline"], "font": ["text"],
                             "size": ["text"], "fontWeight": ["text"], "fontStyle": ["text"]]]
    case _ where layerKind(of: definition) != nil:
      ["not": ["anyOf": [["required": ["frame", "bounds"]], ["required": ["frame", "position"]]]]]
    default: [:]
    }
  }

  static func ref(_ name: String) -> SchemaValue { ["$ref": .string("#/$defs/\(name)")] }

  static func names(_ list: [String]) -> SchemaValue { .array(list.map { .string($0) }) }

  /// Adds a description to a fragment.
  static func described(_ fragment: SchemaValue, _ text: String) -> SchemaValue {
    guard case .object(var members) = fragment else { return fragment }
    members["description"] = .string(text)
    return .object(members)
  }

  /// The names of an enumeration and their Core Animation constant spellings (`kCAFillModeForwards`).
  static func constants(_ names: [String], prefix: String) -> SchemaValue {
    .array((names + names.map { prefix + $0.prefix(1).uppercased() + $0.dropFirst() }).map { .string($0) })
  }

  /// The schema definition of a kind of layer: `plainLayer`, `shapeLayer`, …
  static func layerDefinition(_ kind: LayerKind) -> String {
    kind == .layer ? "plainLayer" : kind.rawValue.hasSuffix("Layer") ? kind.rawValue : kind.rawValue + "Layer"
  }

  /// The kind of layer a definition describes, or `nil` when it is not one.
  static func layerKind(of definition: String) -> LayerKind? {
    LayerKind.allCases.first { layerDefinition($0) == definition }
  }

  static func layerTypeFragment(_ definition: String) -> SchemaValue {
    let kind = layerKind(of: definition) ?? .layer
    let all = LayerKind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    return ["enum": names(SceneDecoder.layerTypeNames(kind)), "description": .string("The kind of layer: \(all).")]
  }

  static func animationTypeFragment(_ definition: String?) -> SchemaValue {
    let list: [String] = switch definition {
    case "basicAnimation": ["basic", "CABasicAnimation"]
    case "keyframeAnimation": ["keyframe", "CAKeyframeAnimation"]
    case "springAnimation": ["spring", "CASpringAnimation"]
    case "groupAnimation": ["group", "CAAnimationGroup"]
    case "transitionAnimation": ["transition", "CATransition"]
    default:
      ["basic", "keyframe", "spring", "group", "transition", "CABasicAnimation", "CAKeyframeAnimation",
       "CASpringAnimation", "CAAnimationGroup", "CATransition"]
    }
    return ["enum": names(list), "description": "The kind of animation: basic, keyframe, spring, group or transition."]
  }
}
