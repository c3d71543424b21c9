// SPDX-License-Identifier: Apache-2.0
// Scene keys of masks, shadows, replicators, blend modes and corners: decoded, refused with their paths, inspected.

import Testing
import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeScene

@Suite struct SceneCompositingTests {
  static func decode(_ layers: String) throws -> Scene {
    let json = #"{"zoetrope": 1, "canvas": {"width": 100, "height": 100}, "layers": [\#(layers)]}"#
    return try SceneDecoder.decode(Array(json.utf8), fileName: "scene.json")
  }

  @Test func everyCompositingKeyIsDecoded() throws {
    let scene = try Self.decode(#"""
      {"name": "card", "shadowColor": "#FF000080", "shadowOpacity": 0.4, "shadowOffset": [2, 6], "shadowRadius": 12,
       "shadowPath": "M 0 0 L 10 0 L 10 10 Z", "compositingFilter": "multiply", "cornerRadius": 8,
       "maskedCorners": ["minXMinY", "kCALayerMaxXMaxYCorner", "layerMaxXMinYCorner"], "cornerCurve": "continuous",
       "mask": {"type": "shape", "name": "shape", "path": "M 0 0 L 5 5 L 0 5 Z", "sublayers": [{"name": "inner"}]}},
      {"type": "CAReplicatorLayer", "name": "spinner", "instanceCount": 12, "instanceDelay": 0.1,
       "instanceTransform": [{"rotate": "30deg"}], "instanceColor": "white", "instanceRedOffset": -0.1,
       "instanceGreenOffset": -0.2, "instanceBlueOffset": -0.3, "instanceAlphaOffset": -0.05, "preservesDepth": true,
       "compositingFilter": "CIScreenBlendMode"}
      """#)
    let card = try #require(scene.root.sublayers?[0])
    #expect(card.shadowColor == Color(red: 1, green: 0, blue: 0, alpha: 128.0 / 255))
    #expect(card.shadowOpacity == 0.4 && card.shadowOffset == Size(width: 2, height: 6) && card.shadowRadius == 12)
    #expect(card.shadowPath != nil)
    #expect(card.compositingFilter == .multiply)
    #expect(card.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMaxYCorner, .layerMaxXMinYCorner])
    #expect(card.cornerCurve == .continuous)
    let mask = try #require(card.mask as? ShapeLayer)
    #expect(mask.name == "shape" && mask.sublayers?.first?.name == "inner" && mask.superlayer == nil)
    #expect(card.sublayers == nil, "the mask is not a sublayer")
    let spinner = try #require(scene.root.sublayers?[1] as? ReplicatorLayer)
    #expect(spinner.instanceCount == 12 && spinner.instanceDelay == 0.1 && spinner.preservesDepth)
    #expect(abs(spinner.instanceTransform.component(.rotationZ) - .pi / 6) < 1e-12)
    #expect(spinner.instanceRedOffset == -0.1 && spinner.instanceAlphaOffset == -0.05)
    #expect(spinner.compositingFilter == .screen)
    #expect(scene.decodingWarnings.isEmpty)
  }

  static let errors: [(name: String, layer: String, path: String, message: String)] = [
    ("unknownBlendMode", #"{"compositingFilter": "multiplyy"}"#, "layers[0].compositingFilter",
     #"did you mean "multiply""#),
    ("unknownLongBlendMode", #"{"compositingFilter": "softLigthBlendMode"}"#, "layers[0].compositingFilter",
     #"did you mean "softLightBlendMode""#),
    ("blendModeNotAString", #"{"compositingFilter": 3}"#, "layers[0].compositingFilter", "blend mode name"),
    ("negativeInstanceCount", #"{"type": "replicator", "instanceCount": -1}"#, "layers[0].instanceCount",
     "whole number of copies"),
    ("fractionalInstanceCount", #"{"type": "replicator", "instanceCount": 2.5}"#, "layers[0].instanceCount",
     "whole number"),
    ("instanceCountOverTheBudget",
     #"{"type": "replicator", "instanceCount": 1000, "sublayers": [{"type": "replicator", "instanceCount": 1000, "sublayers": [{}]}]}"#,
     "layers[0].sublayers[0].instanceCount", "a frame draws at most 100000"),
    ("hugeInstanceCount", #"{"type": "replicator", "instanceCount": 1e12}"#, "layers[0].instanceCount", "0…2147483647"),
    ("replicatorKeyOnPlainLayer", #"{"instanceCount": 3}"#, "layers[0].instanceCount", #""type": "replicator""#),
    ("replicatorKeyPathOnPlainLayer",
     #"{"animations": [{"type": "basic", "keyPath": "instanceDelay", "toValue": 1}]}"#,
     "layers[0].animations[0].keyPath", "replicator layer property"),
    ("negativeShadowRadius", #"{"shadowRadius": -2}"#, "layers[0].shadowRadius", "≥ 0"),
    ("shadowOpacityOutOfRange", #"{"shadowOpacity": 2}"#, "layers[0].shadowOpacity", "0…1"),
    ("badShadowOffset", #"{"shadowOffset": [1]}"#, "layers[0].shadowOffset", "a size"),
    ("unknownCorner", #"{"maskedCorners": ["minXMinY", "topLeft"]}"#, "layers[0].maskedCorners[1]", "must be a corner"),
    ("cornersNotAList", #"{"maskedCorners": "minXMinY"}"#, "layers[0].maskedCorners", "a list of corners"),
    ("unknownCornerCurve", #"{"cornerCurve": "continous"}"#, "layers[0].cornerCurve", #"did you mean "continuous""#),
    ("badMask", #"{"mask": 3}"#, "layers[0].mask", "must be a layer"),
    ("errorInsideMask", #"{"mask": {"sublayers": [{"opacity": 7}]}}"#, "layers[0].mask.sublayers[0].opacity", "0…1"),
  ]

  @Test(arguments: errors.indices)
  func badCompositingInputIsRefusedWithItsJSONPath(_ index: Int) {
    let entry = Self.errors[index]
    let issues = SceneErrorTests.issues(SceneErrorTests.scene(layer: entry.layer))
    #expect(issues.contains { $0.path == entry.path && $0.message.contains(entry.message) },
            "\(entry.name): \(issues.map(\.description))")
  }

  @Test func aNaNShadowRadiusInYAMLIsAnError() {
    let yaml = "canvas: {width: 10, height: 10}\nlayers:\n  - shadowRadius: .nan\n"
    do {
      _ = try SceneDecoder.decode(Array(yaml.utf8), fileName: "scene.yaml")
      Issue.record("accepted")
    } catch {
      // The YAML reader refuses it first, with its line and column.
      #expect(error.description.contains("line 3") && error.description.contains("not a finite number"))
    }
  }

  @Test func aHugeShadowRadiusIsAccepted() throws {
    let scene = try Self.decode(#"{"shadowRadius": 1e9, "shadowOpacity": 1}"#)
    #expect(scene.root.sublayers?[0].shadowRadius == 1e9)
  }

  @Test func aMasksOwnMaskIsIgnoredWithAWarning() throws {
    let scene = try Self.decode(#"{"mask": {"mask": {"opacity": 0.5}}}"#)
    #expect(scene.decodingWarnings.map(\.path) == ["layers[0].mask.mask"])
    #expect(scene.decodingWarnings.first?.message.contains("ignored") == true)
    #expect(scene.root.sublayers?[0].mask?.mask == nil)
  }

  @Test func theRootLayerCanHaveAMask() throws {
    let json = #"{"canvas": {"width": 10, "height": 10}, "root": {"mask": {"frame": [0, 0, 5, 5]}}}"#
    let scene = try SceneDecoder.decode(Array(json.utf8), fileName: "scene.json")
    #expect(scene.root.mask?.bounds.size == Size(width: 5, height: 5))
  }

  @Test func shortAndLongBlendModeNamesAreTheSame() {
    for mode in BlendMode.allCases {
      #expect(BlendMode(name: mode.rawValue) == mode)
      #expect(BlendMode(name: mode.shortName) == mode)
      #expect(BlendMode(name: "CI" + mode.rawValue.prefix(1).uppercased() + mode.rawValue.dropFirst()) == mode)
    }
    #expect(BlendMode(name: "normal") == nil)
  }

  @Test func newKeyPathsAnimate() throws {
    let scene = try Self.decode(#"""
      {"type": "replicator", "instanceCount": 2, "animations": [
        {"type": "basic", "keyPath": "shadowOffset.height", "fromValue": 0, "toValue": 10, "duration": 1},
        {"type": "basic", "keyPath": "shadowOpacity", "fromValue": 0, "toValue": 3, "duration": 1},
        {"type": "basic", "keyPath": "shadowRadius", "fromValue": 0, "toValue": -8, "duration": 1},
        {"type": "basic", "keyPath": "instanceCount", "fromValue": 2, "toValue": 6, "duration": 1},
        {"type": "basic", "keyPath": "instanceTransform.rotation.z", "fromValue": 0, "toValue": 1, "duration": 1},
        {"type": "basic", "keyPath": "instanceAlphaOffset", "fromValue": 0, "toValue": -1, "duration": 1},
        {"type": "basic", "keyPath": "shadowColor", "fromValue": "black", "toValue": "white", "duration": 1}]}
      """#)
    let tree = PresentationEvaluator(scene.snapshot()).presentation(atTime: 0.5)
    let p = tree.layers[1].properties
    #expect(p.shadowOffset == Size(width: 0, height: 5))
    #expect(p.shadowOpacity == 1, "clamped to 0…1 after the animation")
    #expect(p.shadowRadius == 0, "clamped at 0")
    #expect(p.replicator?.instanceCount == 4)
    #expect(abs((p.replicator?.instanceTransform.component(.rotationZ) ?? 0) - 0.5) < 1e-12)
    #expect(p.replicator?.instanceAlphaOffset == -0.5)
    #expect(p.shadowColor == Color(white: 0.5))
  }

  @Test func inspectListsEveryCopyAndTheMask() throws {
    let scene = try Self.decode(#"""
      {"type": "replicator", "name": "r", "instanceCount": 3, "instanceDelay": 0.5,
       "mask": {"name": "m"}, "sublayers": [{"name": "dot", "sublayers": [{"name": "inner"}]}]}
      """#)
    let tree = scene.snapshot()
    let json = Inspection(tree).json(for: PresentationEvaluator(tree).presentation(atTime: 1))
    let order = ["\"name\": \"r\"", "\"name\": \"m\", \"path\": \"layers[0].mask\"",
                 "\"name\": \"dot\", \"path\": \"layers[0].sublayers[0]\", \"instance\": 0, \"localTime\": 1,",
                 "\"name\": \"inner\", \"path\": \"layers[0].sublayers[0].sublayers[0]\", \"instance\": 0",
                 "\"name\": \"dot\", \"path\": \"layers[0].sublayers[0]\", \"instance\": 1, \"localTime\": 0.5,",
                 "\"name\": \"inner\", \"path\": \"layers[0].sublayers[0].sublayers[0]\", \"instance\": 1",
                 "\"name\": \"dot\", \"path\": \"layers[0].sublayers[0]\", \"instance\": 2, \"localTime\": 0,"]
    var rest = Substring(json)
    for piece in order {
      guard let range = rest.range(of: piece) else {
        Issue.record("missing or out of order: \(piece)\nin \(json)")
        return
      }
      rest = rest[range.upperBound...]
    }
    #expect(json.contains("\"instanceCount\": 3"))
    #expect(json.contains("\"shadowOffset\": [0, -3]"))
    #expect(json.contains("\"maskedCorners\": [\"minXMinY\", \"maxXMinY\", \"minXMaxY\", \"maxXMaxY\"]"))
  }

  @Test func nestedReplicatorsReportTheirCopyPaths() throws {
    let scene = try Self.decode(#"""
      {"type": "replicator", "instanceCount": 2, "sublayers": [
        {"type": "replicator", "instanceCount": 3, "sublayers": [{"name": "dot"}]}]}
      """#)
    let tree = scene.snapshot()
    let presentation = PresentationEvaluator(tree).presentation(atTime: 0)
    let dots = presentation.layers.indices.filter { presentation.layers[$0].node == 3 }
    #expect(Set(dots.map { presentation.copyPath(of: $0) }) == [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]])
    let json = Inspection(tree).json(for: presentation)
    #expect(json.contains("\"instance\": 2, \"instancePath\": [1, 2]"))
  }

  @Test func inspectListsTextAndImageLayersInEveryCopy() throws {
    let scene = try Self.decode(#"""
      {"type": "replicator", "instanceCount": 2, "instanceDelay": 0.25, "sublayers": [
        {"name": "label", "type": "text", "string": "Hi", "font": "DejaVu Sans", "mask": {"name": "cut"},
         "animations": [{"type": "basic", "keyPath": "fontSize", "fromValue": 10, "toValue": 20, "duration": 1}]}]}
      """#)
    let tree = scene.snapshot()
    let json = Inspection(tree).json(for: PresentationEvaluator(tree).presentation(atTime: 0.5))
    let order = ["\"name\": \"label\", \"path\": \"layers[0].sublayers[0]\", \"instance\": 0, \"localTime\": 0.5,",
                 "\"string\": \"Hi\"", "\"fontSize\": 15,",
                 "\"name\": \"cut\", \"path\": \"layers[0].sublayers[0].mask\", \"instance\": 0",
                 "\"name\": \"label\", \"path\": \"layers[0].sublayers[0]\", \"instance\": 1, \"localTime\": 0.25,",
                 "\"fontSize\": 12.5,",
                 "\"name\": \"cut\", \"path\": \"layers[0].sublayers[0].mask\", \"instance\": 1"]
    var rest = Substring(json)
    for piece in order {
      guard let range = rest.range(of: piece) else {
        Issue.record("missing or out of order: \(piece)\nin \(json)")
        return
      }
      rest = rest[range.upperBound...]
    }
  }
}
