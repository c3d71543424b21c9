// SPDX-License-Identifier: Apache-2.0
// `validate`'s warnings about animations that change nothing one can see, each at the animation's key path.

import Testing
import ZoetropeScene

@Suite struct SceneEffectAdviceTests {
  static func advice(_ layers: String) throws -> [String] {
    let json = #"{"canvas": {"width": 100, "height": 100, "duration": 1}, "layers": [\#(layers)]}"#
    return try SceneDecoder.decode(Array(json.utf8), fileName: "scene.json").advice.map(\.description)
  }

  static func animation(_ keyPath: String, _ values: String = #""fromValue": 0, "toValue": 1"#) -> String {
    #"{"type": "basic", "keyPath": "\#(keyPath)", \#(values), "duration": 1}"#
  }

  @Test func aScaleOfATransformThatScalesToZeroIsFlagged() throws {
    let zero = try Self.advice(#"{"transform": [{"scale": [0, 0]}], "backgroundColor": "red", "animations": [\#(Self.animation("transform.scale"))]}"#)
    #expect(zero.count == 1)
    #expect(zero.first?.hasPrefix(#"layers[0].animations[0].keyPath: "transform.scale" has no visible effect: the layer's "transform" cannot be decomposed"#) == true, "\(zero)")
    // Rotation too, under sublayerTransform too; a zero on one axis is enough.
    let rotation = try Self.advice(#"{"transform": [{"scale": [1, 0]}], "backgroundColor": "red", "animations": [\#(Self.animation("transform.rotation.z"))]}"#)
    #expect(rotation.count == 1, "\(rotation)")
    let sublayer = try Self.advice(#"{"sublayerTransform": [{"scale": [0, 0]}], "sublayers": [{"backgroundColor": "red"}], "animations": [\#(Self.animation("sublayerTransform.scale.x"))]}"#)
    #expect(sublayer.count == 1, "\(sublayer)")
    // A tiny scale decomposes; translations always apply; a whole-transform animation may give it one.
    #expect(try Self.advice(#"{"transform": [{"scale": [0.001, 0.001]}], "backgroundColor": "red", "animations": [\#(Self.animation("transform.scale"))]}"#).isEmpty)
    #expect(try Self.advice(#"{"transform": [{"scale": [0, 0]}], "backgroundColor": "red", "animations": [\#(Self.animation("transform.translation.x"))]}"#).isEmpty)
    let whole = #"{"type": "basic", "keyPath": "transform", "toValue": [{"scale": [1, 1]}], "duration": 1}"#
    #expect(try Self.advice(#"{"transform": [{"scale": [0, 0]}], "backgroundColor": "red", "animations": [\#(whole), \#(Self.animation("transform.scale"))]}"#).isEmpty)
  }

  @Test func aGroupsChildIsFlaggedAtItsOwnPath() throws {
    let group = #"{"type": "group", "duration": 1, "animations": [\#(Self.animation("opacity")), \#(Self.animation("transform.scale"))]}"#
    let advice = try Self.advice(#"{"transform": [{"scale": [0, 0]}], "backgroundColor": "red", "animations": [\#(group)]}"#)
    #expect(advice.count == 1)
    #expect(advice.first?.hasPrefix(#"layers[0].animations[0].animations[1].keyPath: "transform.scale""#) == true, "\(advice)")
  }

  @Test func aHiddenOrTransparentLayerIsFlaggedUnlessItIsShown() throws {
    let hidden = try Self.advice(#"{"name": "card", "hidden": true, "sublayers": [{"backgroundColor": "red", "animations": [\#(Self.animation("position.x"))]}]}"#)
    #expect(hidden == [#"layers[0].sublayers[0].animations[0].keyPath: "position.x" has no visible effect: its superlayer "card" is hidden ("hidden": true) and no animation shows it"#])
    let transparent = try Self.advice(#"{"opacity": 0, "backgroundColor": "red", "animations": [\#(Self.animation("cornerRadius"))]}"#)
    #expect(transparent.first?.contains(#"the layer has "opacity": 0"#) == true, "\(transparent)")
    // Animating what hides it is the way to show it.
    #expect(try Self.advice(#"{"opacity": 0, "backgroundColor": "red", "animations": [\#(Self.animation("opacity")), \#(Self.animation("cornerRadius"))]}"#).isEmpty)
  }

  static let undrawnCases: [(layer: String, expected: String?)] = [
    (#"{"animations": [\#(animation("shadowRadius"))]}"#, #""shadowOpacity" is 0"#),
    (#"{"shadowOpacity": 0.5, "animations": [\#(animation("shadowRadius"))]}"#, nil),
    (#"{"animations": [\#(animation("shadowOpacity")), \#(animation("shadowRadius"))]}"#, nil),
    (#"{"animations": [\#(animation("borderColor", #""toValue": "red""#))]}"#, #""borderWidth" is 0"#),
    (#"{"type": "shape", "path": "M 0 0 L 10 10", "animations": [\#(animation("cornerRadius"))]}"#, "a shape layer's path is not rounded"),
    (#"{"backgroundColor": "red", "animations": [\#(animation("cornerRadius"))]}"#, nil),
    (#"{"masksToBounds": true, "animations": [\#(animation("cornerRadius"))]}"#, nil),
    (#"{"type": "shape", "path": "M 0 0 L 10 10", "animations": [\#(animation("strokeEnd"))]}"#, #"no "strokeColor""#),
    (#"{"type": "shape", "path": "M 0 0 L 10 10", "strokeColor": "red", "animations": [\#(animation("strokeEnd"))]}"#, nil),
    (#"{"type": "shape", "strokeColor": "red", "animations": [\#(animation("strokeEnd"))]}"#, #"no "path""#),
    (#"{"type": "shape", "path": "M 0 0 L 10 10", "strokeColor": "red", "animations": [\#(animation("lineDashPhase"))]}"#, #"no "lineDashPattern""#),
    (#"{"animations": [\#(animation("sublayerTransform.rotation.z"))]}"#, "no sublayers"),
    (#"{"animations": [\#(animation("contentsRect.origin.x"))]}"#, #"no "contents""#),
    (#"{"type": "text", "animations": [\#(animation("fontSize"))]}"#, #"no "string""#),
    (#"{"type": "text", "string": "Hi", "animations": [\#(animation("fontSize"))]}"#, nil),
    (#"{"type": "replicator", "animations": [\#(animation("instanceDelay"))]}"#, #""instanceCount" is 1"#),
    (#"{"type": "replicator", "instanceCount": 3, "animations": [\#(animation("instanceDelay"))]}"#, nil),
    (#"{"type": "gradient", "animations": [\#(animation("startPoint.x"))]}"#, #"no "colors""#),
    (#"{"backgroundColor": "red", "animations": [\#(animation("opacity")), \#(animation("position.y"))]}"#, nil),
  ]

  @Test(arguments: undrawnCases.indices)
  func aKeyTheLayerDoesNotDrawIsFlagged(_ index: Int) throws {
    let (layer, expected) = Self.undrawnCases[index]
    let advice = try Self.advice(layer)
    if let expected {
      #expect(advice.count == 1 && advice[0].contains(expected) && advice[0].contains("has no visible effect"),
              "\(advice)")
    } else {
      #expect(advice.isEmpty, "\(advice)")
    }
  }
}
