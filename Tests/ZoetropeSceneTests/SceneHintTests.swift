// SPDX-License-Identifier: Apache-2.0
// What the decoder says about keys it does not take, and the mistakes `validate` warns about.

import Testing
import ZoetropeLayers
import ZoetropeScene

@Suite struct SceneHintTests {
  static func scene(layer: String, canvas: String = #"{"width": 100, "height": 100}"#) -> String {
    #"{"canvas": \#(canvas), "layers": [\#(layer)]}"#
  }

  static func messages(_ json: String) -> [String] {
    do {
      _ = try SceneDecoder.decode(Array(json.utf8), fileName: "scene.json")
      return []
    } catch {
      return error.issues.map(\.description)
    }
  }

  static func advice(_ json: String) throws -> [String] {
    try SceneDecoder.decode(Array(json.utf8), fileName: "scene.json").advice.map(\.description)
  }

  static let namingCases: [(json: String, expected: String)] = [
    (scene(layer: #"{"bakgroundColor": "red"}"#),
     #"layers[0].bakgroundColor: unknown key in a plain layer (did you mean "backgroundColor"?)"#),
    (scene(layer: #"{"type": "shape", "strokWidth": 2}"#), "layers[0].strokWidth: unknown key in a shape layer"),
    (scene(layer: #"{"type": "gradient", "colours": []}"#),
     #"layers[0].colours: unknown key in a gradient layer (did you mean "colors"?)"#),
    (scene(layer: #"{"animations": [{"type": "basic", "keyPath": "strokeEnd"}]}"#),
     #"layers[0].animations[0].keyPath: "strokeEnd" animates a shape layer property, but this is a plain layer"#),
    (scene(layer: #"{"type": "shape", "animations": [{"type": "basic", "keyPath": "instanceCount"}]}"#),
     #"layers[0].animations[0].keyPath: "instanceCount" animates a replicator layer property, but this is a shape layer"#),
    (scene(layer: #"{"type": "replicator", "instanceCont": 3}"#),
     #"layers[0].instanceCont: unknown key in a replicator layer (did you mean "instanceCount"?)"#),
    (scene(layer: #"{"instanceCount": 3}"#),
     #"layers[0].instanceCount: unknown key in a plain layer ("instanceCount" belongs to replicator layers"#),
  ]

  @Test(arguments: namingCases.indices)
  func layerKindsAreNamedAsPeopleSayThem(_ index: Int) {
    let (json, expected) = Self.namingCases[index]
    #expect(Self.messages(json).contains { $0.hasPrefix(expected) }, "\(Self.messages(json))")
  }

  static let unsupportedCases: [(json: String, expected: String)] = [
    (scene(layer: #"{"shouldRasterize": true}"#),
     #"layers[0].shouldRasterize: "shouldRasterize" is a Core Animation property Zoetrope does not support yet"#),
    (#"{"canvas": {"width": 10, "height": 10}, "root": {"backgroundFilters": null}}"#,
     #"root.backgroundFilters: "backgroundFilters" is a Core Animation property Zoetrope does not support yet"#),
    (scene(layer: #"{"type": "shape", "contentsFormat": "RGBA8Uint"}"#),
     #"layers[0].contentsFormat: "contentsFormat" is a Core Animation property Zoetrope does not support yet"#),
    (scene(layer: #"{"animations": [{"type": "basic", "keyPath": "rasterizationScale", "toValue": 4}]}"#),
     #"layers[0].animations[0].keyPath: "rasterizationScale" is a Core Animation property Zoetrope does not support yet"#),
    (scene(layer: #"{"animations": [{"type": "basic", "keyPath": "filters.gaussianBlur.inputRadius", "toValue": 4}]}"#),
     #"layers[0].animations[0].keyPath: "filters.gaussianBlur.inputRadius": a layer's filters are not animatable"#),
    (scene(layer: #"{"type": "CATiledLayer"}"#),
     #"layers[0].type: "CATiledLayer" is a Core Animation layer type Zoetrope does not support yet"#),
  ]

  @Test(arguments: unsupportedCases.indices)
  func coreAnimationPropertiesNotSupportedYetSaySo(_ index: Int) {
    let (json, expected) = Self.unsupportedCases[index]
    let messages = Self.messages(json)
    #expect(messages.contains { $0.hasPrefix(expected) }, "\(messages)")
    #expect(!messages.contains { $0.contains("unknown key") }, "\(messages)")
  }

  @Test func unsupportedKeysAreNotAcceptedByAnyLayer() {
    let accepted = LayerKind.allCases.reduce(into: Set<String>()) { $0.formUnion(SceneDecoder.layerKeys(for: $1)) }
    #expect(SceneDecoder.unsupportedLayerKeys.isDisjoint(with: accepted))
    for alias in SceneDecoder.keyAliases.values {
      let everyKey = accepted.union(SceneDecoder.canvasKeys).union(SceneDecoder.animationKeys(for: .spring))
        .union(SceneDecoder.animationKeys(for: .keyframe)).union(SceneDecoder.animationKeys(for: .group))
        .union(SceneDecoder.allEmitterCellKeys)
      #expect(everyKey.contains(alias.key), "the alias target \(alias.key) is not a key")
    }
  }

  static let spellingCases: [(json: String, expected: String)] = [
    (scene(layer: #"{"isHidden": true}"#), #"layers[0].isHidden: unknown key in a plain layer (did you mean "hidden"?)"#),
    (scene(layer: #"{"alpha": 0.5}"#), #"(did you mean "opacity"?)"#),
    (scene(layer: #"{"clipsToBounds": true}"#), #"(did you mean "masksToBounds"?)"#),
    (scene(layer: #"{"borderRadius": 4}"#), #"(did you mean "cornerRadius"?)"#),
    (scene(layer: #"{"corner_radius": 4}"#), #"(did you mean "cornerRadius"?)"#),
    (scene(layer: #"{"cornerradius": 4}"#), #"(did you mean "cornerRadius"?)"#),
    (scene(layer: #"{"animations": [{"type": "basic", "keyPath": "opacity", "timingFunction": "easeInOut"}]}"#),
     #"layers[0].animations[0].timingFunction: unknown timing function "easeInOut" (did you mean "easeInEaseOut"?)"#),
    (scene(layer: #"{"animations": [{"type": "basic", "keyPath": "opacity", "fillMode": "none"}]}"#),
     #"(did you mean "removed"?)"#),
    (scene(layer: #"{"animations": [{"type": "spring", "keyPath": "opacity", "dampingRatio": 0.7}]}"#),
     #"layers[0].animations[0].dampingRatio: unknown key in a spring animation (did you mean "bounce"? a damping ratio"#),
    (scene(layer: #"{"animations": [{"type": "spring", "keyPath": "opacity", "response": 0.5}]}"#),
     #"(did you mean "perceptualDuration"?)"#),
    (scene(layer: #"{"animations": [{"type": "basic", "keyPath": "opacity", "isRemovedOnCompletion": false}]}"#),
     #"(did you mean "removedOnCompletion"?)"#),
    (scene(layer: "{}", canvas: #"{"width": 10, "height": 10, "frameRate": 60}"#), #"(did you mean "fps"?)"#),
  ]

  @Test(arguments: spellingCases.indices)
  func didYouMeanKnowsUIKitAndSwiftUISpellings(_ index: Int) {
    let (json, expected) = Self.spellingCases[index]
    let messages = Self.messages(json)
    #expect(messages.count == 1 && messages[0].contains(expected), "\(messages)")
  }

  /// `x-` keys are allowed on every object, transform operations and arcs included.
  @Test func extensionKeysAreAllowedOnEveryObject() throws {
    let json = #"""
      {"x-doc": 1, "canvas": {"width": 20, "height": 20, "x-a": 1}, "root": {"x-b": 1}, "layers": [
        {"x-c": 1, "type": "shape", "transform": [{"x-d": 1, "rotate": "90deg", "axis": [0, 0, 1]}, {"translate": [1, 2], "x-e": 2}],
         "path": [{"x-f": 1, "arc": {"x-g": 1, "center": [10, 10], "radius": 5, "startAngle": 0, "endAngle": "90deg"}},
                  {"x-h": true, "polyline": [[0, 0], [5, 5]], "closed": true}],
         "animations": [{"x-i": 1, "type": "group", "animations": [{"x-j": 1, "type": "basic", "keyPath": "opacity"}]}]}]}
      """#
    let scene = try SceneDecoder.decode(Array(json.utf8), fileName: "scene.json")
    #expect(scene.decodingWarnings.isEmpty)
    #expect(Self.messages(#"{"canvas": {"width": 1, "height": 1}, "layers": [{"transform": [{"x-only": 1}]}]}"#)
      .first?.hasPrefix("layers[0].transform[0]: must be a transform operation") == true)
  }

  // MARK: Advice

  @Test func forwardsFillWithoutRemovedOnCompletionFalseIsFlagged() throws {
    let removed = Self.scene(layer: #"{"animations": [{"type": "basic", "keyPath": "opacity", "toValue": 0, "duration": 1, "fillMode": "forwards"}]}"#)
    let advice = try Self.advice(removed)
    #expect(advice.count == 1)
    #expect(advice.first?.hasPrefix("layers[0].animations[0].fillMode: fills forwards, but the animation is removed") == true)
    let kept = Self.scene(layer: #"{"animations": [{"type": "basic", "keyPath": "opacity", "toValue": 0, "duration": 1, "fillMode": "both", "removedOnCompletion": false}]}"#)
    #expect(try Self.advice(kept).isEmpty)
    let backwards = Self.scene(layer: #"{"animations": [{"type": "basic", "keyPath": "opacity", "toValue": 0, "duration": 1, "fillMode": "backwards"}]}"#)
    #expect(try Self.advice(backwards).isEmpty)
    // Group children are never removed before their group: their fill is fine.
    let child = Self.scene(layer: #"{"animations": [{"type": "group", "duration": 2, "removedOnCompletion": false, "fillMode": "forwards", "animations": [{"type": "basic", "keyPath": "opacity", "toValue": 0, "duration": 1, "fillMode": "forwards"}]}]}"#)
    #expect(try Self.advice(child).isEmpty)
  }

  @Test func aLoopThatJumpsIsFlagged() throws {
    func scene(period: Double, duration: Double, layerSpeed: Double = 1, begin: Double = 0) -> String {
      Self.scene(layer: #"{"speed": \#(layerSpeed), "animations": [{"type": "basic", "keyPath": "opacity", "toValue": 0, "duration": \#(period), "beginTime": \#(begin), "repeatCount": "infinity"}]}"#,
                 canvas: #"{"width": 10, "height": 10, "duration": \#(duration)}"#)
    }
    let jumps = try Self.advice(scene(period: 0.8, duration: 2))
    #expect(jumps == ["layers[0].animations[0]: repeats every 0.8 s, which does not divide the 2 s it runs in the clip (2.5 periods): a looping clip jumps where it wraps"])
    #expect(try Self.advice(scene(period: 0.5, duration: 2)).isEmpty)
    // The layer's speed and the begin time count: 0.8 s at speed 2 is 0.4 s of clip; beginning at the layer's
    // time 0.8 (clip time 0.4), it runs 1.6 s of the clip, four periods.
    #expect(try Self.advice(scene(period: 0.8, duration: 2, layerSpeed: 2, begin: 0.8)).isEmpty)
    #expect(try Self.advice(scene(period: 0.8, duration: 2, layerSpeed: 2, begin: 0.5)).count == 1)
    // A finite repeat that ends within the clip does not loop.
    let finite = Self.scene(layer: #"{"animations": [{"type": "basic", "keyPath": "opacity", "toValue": 0, "duration": 0.3, "repeatCount": 2}]}"#,
                            canvas: #"{"width": 10, "height": 10, "duration": 1}"#)
    #expect(try Self.advice(finite).isEmpty)
  }

  @Test func aDefaultDurationBecauseNothingEndsIsFlagged() throws {
    let forever = Self.scene(layer: #"{"animations": [{"type": "basic", "keyPath": "opacity", "toValue": 0, "duration": 0.5, "repeatCount": "infinity"}]}"#)
    let advice = try Self.advice(forever)
    #expect(advice.contains { $0.hasPrefix("canvas: no \"duration\", and no animation ends") }, "\(advice)")
    let paused = Self.scene(layer: #"{"speed": 0, "animations": [{"type": "basic", "keyPath": "opacity", "toValue": 0, "duration": 0.5}]}"#)
    #expect(try Self.advice(paused).contains { $0.hasPrefix("canvas:") })
    let explicit = Self.scene(layer: #"{"animations": [{"type": "basic", "keyPath": "opacity", "toValue": 0, "duration": 0.5, "repeatCount": "infinity"}]}"#,
                              canvas: #"{"width": 10, "height": 10, "duration": 1}"#)
    #expect(try Self.advice(explicit).isEmpty)
    #expect(try Self.advice(Self.scene(layer: "{}")).isEmpty)
  }
}
