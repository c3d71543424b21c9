// SPDX-License-Identifier: Apache-2.0
// Scene files decode into the model the Swift API builds; the original format's examples decode.

import Testing
import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeMedia
import ZoetropeScene
import ZoetropeTiming
import _ZoetropeTestSupport

@Suite struct SceneDecoderTests {
  static func decode(_ json: String) throws -> Scene {
    try SceneDecoder.decode(Array(json.utf8), fileName: "test.json")
  }

  @Test func documentExampleOfSceneFormatDecodes() throws {
    let scene = try SceneDecoderTests.decode("""
      {
        "zoetrope": 1,
        "canvas": { "width": 640, "height": 360, "fps": 60, "duration": 2.5,
                    "background": "white", "scale": 1 },
        "layers": [ { "name": "card", "frame": [40, 40, 200, 120],
                      "backgroundColor": "#FFB900", "cornerRadius": 12,
                      "animations": [ { "type": "basic", "keyPath": "backgroundColor",
                                        "toValue": "#4AA5E3", "duration": 1.5,
                                        "beginTime": 1.0, "fillMode": "backwards" } ] } ]
      }
      """)
    #expect(scene.canvas.frameRate == FrameRate(60))
    #expect(scene.canvas.frameCount == 150)
    let card = try #require(scene.root.sublayers?.first)
    #expect(card.position == Point(x: 140, y: 100))
    #expect(card.bounds == Rect(x: 0, y: 0, width: 200, height: 120))
    #expect(card.backgroundColor == Color(hex: "#FFB900"))
    let tree = scene.snapshot()
    let atHalf = PresentationEvaluator(tree).presentation(atTime: 0.5).layers[1].properties
    #expect(atHalf.backgroundColor == Color(hex: "#FFB900"))
  }

  @Test func everyValueFormOfSceneFormatDecodes() throws {
    let scene = try SceneDecoderTests.decode(#"""
      {"canvas": {"width": 100, "height": 100, "fps": "30000/1001", "background": "clear"},
       "root": {"speed": 2, "backgroundColor": [1, 1, 1]},
       "layers": [
        {"type": "shape", "name": "s", "bounds": [0, 0, 10, 10], "position": [5, 5],
         "path": [{"rect": [0, 0, 4, 4]}, {"roundedRect": [0, 0, 8, 8], "cornerRadius": 2}, {"ellipse": [0, 0, 3, 3]},
                  {"arc": {"center": [5, 5], "radius": 3, "startAngle": 0, "endAngle": "90deg", "clockwise": true}},
                  {"polyline": [[0, 0], [1, 1], [2, 0]], "closed": true}, "M 0 0 h 10 v 10 z"],
         "fillColor": null, "fillRule": "evenOdd", "strokeColor": "orange", "lineWidth": 2, "lineCap": "round",
         "lineJoin": "bevel", "miterLimit": 4, "lineDashPattern": [2, 1], "lineDashPhase": 0.5,
         "strokeStart": 0.1, "strokeEnd": 0.9,
         "transform": [{"translate": [1, 2]}, {"rotate": "90deg"}, {"scale": [2, 2, 1]}, {"perspective": 500}],
         "sublayerTransform": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1]},
        {"type": "CAGradientLayer", "colors": ["#FF0000", "#00FF0080", [0, 0, 1, 1]], "locations": [0, 0.5, 1],
         "startPoint": [0, 0], "endPoint": [1, 1], "gradientType": "conic", "zPosition": 2, "hidden": true,
         "masksToBounds": true, "borderWidth": 1, "borderColor": "darkGray", "anchorPoint": [0, 0]}
       ]}
      """#)
    #expect(scene.canvas.frameRate == FrameRate(numerator: 30000, denominator: 1001))
    #expect(scene.canvas.background == .clear)
    #expect(scene.root.speed == 2)
    let shape = try #require(scene.root.sublayers?.first as? ShapeLayer)
    #expect(shape.fillColor == nil && shape.fillRule == .evenOdd && shape.lineCap == .round)
    #expect(shape.strokeColor == Color(red: 1, green: 0.5, blue: 0))
    #expect(shape.transform.m34 != 0)
    let gradient = try #require(scene.root.sublayers?.last as? GradientLayer)
    #expect(gradient.colors?.count == 3 && gradient.type == .conic && gradient.isHidden)
    #expect(gradient.borderColor == Color(white: 1.0 / 3))
  }

  @Test func yamlSceneDecodesLikeTheJSONOne() throws {
    let yaml = """
      zoetrope: 1
      canvas: {width: 100, height: 50}
      layers:
        - name: box
          frame: [10, 10, 20, 20]
          backgroundColor: "#FFB900"
          animations:
            - {type: basic, keyPath: position.x, fromValue: 0, toValue: 100, duration: 2}
      """
    let fromYAML = try SceneDecoder.decode(Array(yaml.utf8), fileName: "scene.yaml").snapshot()
    let fromJSON = try SceneDecoderTests.decode(#"""
      {"zoetrope": 1, "canvas": {"width": 100, "height": 50}, "layers": [{"name": "box", "frame": [10, 10, 20, 20],
       "backgroundColor": "#FFB900", "animations": [{"type": "basic", "keyPath": "position.x", "fromValue": 0,
       "toValue": 100, "duration": 2}]}]}
      """#).snapshot()
    for t in [0.0, 0.5, 1.9] {
      let a = PresentationEvaluator(fromYAML).presentation(atTime: t).layers[1].properties
      let b = PresentationEvaluator(fromJSON).presentation(atTime: t).layers[1].properties
      #expect(a == b)
    }
  }

  @Test func defaultDurationIsTheEndOfTheLastFiniteAnimation() throws {
    let scene = try SceneDecoderTests.decode(#"""
      {"canvas": {"width": 10, "height": 10}, "layers": [{"animations": [
        {"type": "basic", "keyPath": "opacity", "toValue": 0, "beginTime": 1, "duration": 0.5, "repeatCount": 2},
        {"type": "basic", "keyPath": "zPosition", "toValue": 1, "repeatCount": "infinity"}]}]}
      """#)
    #expect(scene.canvas.duration == 2)
    let still = try SceneDecoderTests.decode(#"{"canvas": {"width": 10, "height": 10}}"#)
    #expect(still.canvas.duration == 1)
  }

  @Test func springWithoutDurationLastsItsSettlingDuration() throws {
    let scene = try SceneDecoderTests.decode(#"""
      {"canvas": {"width": 10, "height": 10}, "layers": [{"animations": [
        {"type": "spring", "keyPath": "position.x", "fromValue": 0, "toValue": 100, "damping": 15}]}]}
      """#)
    let resolved = try #require(scene.snapshot().nodes[1].animations.first)
    #expect(abs(resolved.timing.duration - SpringCurve(damping: 15).settlingDuration) < 1e-12)
  }

  @Test func addedAtReplacesAZeroBeginTimeWithTheLayerTime() throws {
    let scene = try SceneDecoderTests.decode(#"""
      {"canvas": {"width": 10, "height": 10}, "layers": [{"name": "l", "beginTime": 2, "speed": 2, "animations": [
        {"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 1, "duration": 1, "addedAt": 10}]}]}
      """#)
    let tree = scene.snapshot()
    let x = PresentationEvaluator(tree).presentation(atTime: 10.25).layers[1].properties.position.x
    #expect(x == 0.5)
  }

  @Test func tensOfThousandsOfNestedLayersDecodeAndEvaluate() throws {
    let depth = 30_000
    var json = #"{"canvas": {"width": 10, "height": 10}, "layers": ["#
    for i in 0..<depth { json += #"{"name": "n\#(i)", "speed": 1.0, "sublayers": ["# }
    json += String(repeating: "]}", count: depth) + "]}"
    let document = json
    try LargeStack.run {
      let scene = try SceneDecoderTests.decode(document)
      let tree = scene.snapshot()
      #expect(tree.count == depth + 1)
      let presentation = PresentationEvaluator(tree).presentation(atTime: 1)
      #expect(presentation.layers.last?.localTime == 1)
    }
  }

  @Test func deeplyNestedArraysAreRefusedWithoutCrashing() {
    let json = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
    #expect(!SceneErrorTests.issues(json).isEmpty)
  }

  @Test(arguments: try Fixtures.sceneFiles(in: "Scenes") + Fixtures.sceneFiles(in: "Bench"))
  func bundledSceneIsValid(_ file: String) throws {
    let scene = try Fixtures.scene(file)
    #expect(scene.decodingWarnings.isEmpty, "\(scene.decodingWarnings)")
  }

  @Test func aRotationsAxisMayComeBeforeItsAngle() throws {
    // Members of a JSON object have no order: `jq -S` and sorted-key writers put "axis" first.
    func transform(_ operation: String) throws -> Transform3D? {
      let scene = try SceneDecoderTests.decode("""
        {"zoetrope": 1, "canvas": {"width": 8, "height": 8}, "layers": [{"transform": [\(operation)]}]}
        """)
      return scene.root.sublayers?.first?.transform
    }
    let sorted = try transform(#"{"axis": [0, 1, 0], "rotate": "30deg"}"#)
    let written = try transform(#"{"rotate": "30deg", "axis": [0, 1, 0]}"#)
    let aboutZ = try transform(#"{"rotate": "30deg"}"#)
    #expect(sorted != nil && sorted == written)
    #expect(sorted != aboutZ)
    // An axis alone, or beside another operation, is still refused.
    #expect(throws: (any Error).self) { try transform(#"{"axis": [0, 1, 0]}"#) }
    #expect(throws: (any Error).self) { try transform(#"{"axis": [0, 1, 0], "translate": [1, 2]}"#) }
  }
}

@Suite struct SceneLimitTests {
  @Test func farAnimationEndsAreClampedToADay() throws {
    let scene = try SceneDecoder.decode(Array(#"""
      {"canvas": {"width": 10, "height": 10}, "layers": [{"animations": [
        {"type": "basic", "keyPath": "opacity", "toValue": 0, "beginTime": 1e300, "duration": 1}]}]}
      """#.utf8), fileName: "far.json")
    #expect(scene.canvas.duration == SceneDecoder.maximumDuration)
    #expect(scene.canvas.frameCount == 30 * 86_400)
  }

  @Test func frameCountNeverTraps() {
    var canvas = Canvas(width: 10, height: 10)
    canvas.duration = .greatestFiniteMagnitude
    #expect(canvas.frameCount == 1_000_000_000_000)
    canvas.duration = .nan
    #expect(canvas.frameCount == 1)
  }

}
