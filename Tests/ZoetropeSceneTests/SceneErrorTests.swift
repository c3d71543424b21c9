// SPDX-License-Identifier: Apache-2.0
// One test per class of bad input: each names the JSON path and what was expected.

import Testing
import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeScene
import ZoetropeTiming

@Suite struct SceneErrorTests {
  /// A scene with one layer made of `layer` (JSON object text).
  static func scene(layer: String, canvas: String = #"{"width": 100, "height": 100}"#) -> String {
    #"{"zoetrope": 1, "canvas": \#(canvas), "layers": [\#(layer)]}"#
  }

  /// Decodes `json` and returns the issues (empty if it decoded).
  static func issues(_ json: String, file: String = "scene.json") -> [SceneIssue] {
    do {
      _ = try SceneDecoder.decode(Array(json.utf8), fileName: file)
      return []
    } catch {
      #expect(error.file == file)
      return error.issues
    }
  }

  static let cases: [(name: String, json: String, path: String, message: String)] = [
    ("wrongType", scene(layer: #"{"opacity": "half"}"#), "layers[0].opacity", "must be a number"),
    ("outOfRange", scene(layer: #"{"opacity": 1.5}"#), "layers[0].opacity", "must be in 0…1"),
    ("negativeCornerRadius", scene(layer: #"{"cornerRadius": -2}"#), "layers[0].cornerRadius", "≥ 0"),
    ("unknownKey", scene(layer: #"{"bakgroundColor": "red"}"#), "layers[0].bakgroundColor",
     #"did you mean "backgroundColor""#),
    ("shapeKeyOnPlainLayer", scene(layer: #"{"strokeEnd": 0.5}"#), "layers[0].strokeEnd", #""type": "shape""#),
    ("unknownKeyPath", scene(layer: #"{"animations": [{"type": "basic", "keyPath": "postion.x", "toValue": 1}]}"#),
     "layers[0].animations[0].keyPath", #"did you mean "position.x""#),
    ("keyPathOfOtherLayerType",
     scene(layer: #"{"animations": [{"type": "basic", "keyPath": "strokeEnd", "toValue": 1}]}"#),
     "layers[0].animations[0].keyPath", "shape layer property"),
    ("valueDoesNotFitKeyPath",
     scene(layer: #"{"animations": [{"type": "basic", "keyPath": "position", "toValue": 3}]}"#),
     "layers[0].animations[0].toValue", "a point [x, y]"),
    ("keyTimesDecreasing",
     scene(layer: #"{"animations": [{"type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 0.7, 0.4]}]}"#),
     "layers[0].animations[0].keyTimes", "must be non-decreasing numbers in 0…1 (got [0, 0.7, 0.4])"),
    ("keyTimesOutOfRange",
     scene(layer: #"{"animations": [{"type": "keyframe", "keyPath": "opacity", "values": [0, 1], "keyTimes": [0, 1.2]}]}"#),
     "layers[0].animations[0].keyTimes", "non-decreasing numbers in 0…1"),
    ("duplicateName", #"{"canvas": {"width": 10, "height": 10}, "layers": [{"name": "a"}, {"name": "a"}]}"#,
     "layers[1].name", #"already used by layers[0]"#),
    ("badColorHex", scene(layer: ##"{"backgroundColor": "#12345"}"##), "layers[0].backgroundColor", "hexadecimal"),
    ("badColorName", scene(layer: #"{"backgroundColor": "redd"}"#), "layers[0].backgroundColor",
     #"did you mean "red""#),
    ("colorComponentOutOfRange", scene(layer: #"{"backgroundColor": [1, 2, 0]}"#), "layers[0].backgroundColor[1]",
     "0…1"),
    ("badPathData", scene(layer: #"{"type": "shape", "path": "M 0 0 L 10"}"#), "layers[0].path", "bad SVG path data"),
    ("canvasTooLarge", scene(layer: "{}", canvas: #"{"width": 20000, "height": 100}"#), "canvas.width",
     "16384 pixels"),
    ("canvasTooLargeAfterScale", scene(layer: "{}", canvas: #"{"width": 9000, "height": 100, "scale": 2}"#),
     "canvas.width", "16384 pixels"),
    ("zeroCanvas", scene(layer: "{}", canvas: #"{"width": 0, "height": 100}"#), "canvas.width", "must be > 0 (got 0)"),
    ("absurdDuration", scene(layer: "{}", canvas: #"{"width": 10, "height": 10, "duration": 1e300}"#),
     "canvas.duration", "must be > 0 and ≤ 86400 (got 1e+300)"),
    ("missingCanvas", #"{"layers": []}"#, "", #"needs "canvas""#),
    ("frameWithPosition", scene(layer: #"{"frame": [0, 0, 10, 10], "position": [1, 1]}"#), "layers[0].frame",
     "cannot be combined"),
    ("unknownAnimationType", scene(layer: #"{"animations": [{"type": "tween", "keyPath": "opacity"}]}"#),
     "layers[0].animations[0].type", #""basic""#),
    ("keyOfOtherAnimationType",
     scene(layer: #"{"animations": [{"type": "basic", "keyPath": "opacity", "values": [0, 1]}]}"#),
     "layers[0].animations[0].values", "keyframe animations"),
    ("badFillMode", scene(layer: #"{"animations": [{"type": "basic", "keyPath": "opacity", "fillMode": "forward"}]}"#),
     "layers[0].animations[0].fillMode", #"did you mean "forwards""#),
    ("badTimingFunction",
     scene(layer: #"{"animations": [{"type": "basic", "keyPath": "opacity", "timingFunction": "easeInOut"}]}"#),
     "layers[0].animations[0].timingFunction", "unknown timing function"),
    ("negativeDuration", scene(layer: #"{"animations": [{"type": "basic", "keyPath": "opacity", "duration": -1}]}"#),
     "layers[0].animations[0].duration", "≥ 0"),
    ("badRepeatCount",
     scene(layer: #"{"animations": [{"type": "basic", "keyPath": "opacity", "repeatCount": "forever"}]}"#),
     "layers[0].animations[0].repeatCount", "infinity"),
    ("invalidSpring", scene(layer: #"{"animations": [{"type": "spring", "keyPath": "opacity", "mass": 0}]}"#),
     "layers[0].animations[0].mass", "must be > 0 (got 0)"),
    ("groupWithoutChildren", scene(layer: #"{"animations": [{"type": "group", "duration": 1}]}"#),
     "layers[0].animations[0]", #"needs "animations""#),
    ("nestedSublayerError", scene(layer: #"{"sublayers": [{"sublayers": [{"zPosition": null}]}]}"#),
     "layers[0].sublayers[0].sublayers[0].zPosition", "must be a number"),
    ("unsupportedVersion", #"{"zoetrope": 2, "canvas": {"width": 10, "height": 10}}"#, "zoetrope",
     "unsupported format version 2"),
    ("badFrameRate", scene(layer: "{}", canvas: #"{"width": 10, "height": 10, "fps": "thirty"}"#), "canvas.fps",
     "frame rate"),
    ("keyframePathOnNumber",
     scene(layer: #"{"animations": [{"type": "keyframe", "keyPath": "opacity", "path": "M 0 0 L 1 1"}]}"#),
     "layers[0].animations[0].path", "not a point key path"),
    ("locationsCountMismatch",
     scene(layer: #"{"type": "gradient", "colors": ["red", "blue"], "locations": [0, 0.5, 1]}"#),
     "layers[0].locations", "one entry per colour"),
    // Issue 34: said "must be in ≥ 5e-324 (got 0)"; the docs say > 0.
    ("zeroContentsScale", scene(layer: #"{"contentsScale": 0}"#), "layers[0].contentsScale", "must be > 0 (got 0)"),
  ]

  @Test(arguments: cases.indices)
  func badInputIsRefusedWithItsJSONPath(_ index: Int) {
    let entry = SceneErrorTests.cases[index]
    let issues = SceneErrorTests.issues(entry.json)
    #expect(!issues.isEmpty, "\(entry.name) was accepted")
    let match = issues.first { $0.path == entry.path && $0.message.contains(entry.message) }
    #expect(match != nil, "\(entry.name): \(issues.map(\.description))")
  }

  @Test func everyErrorIsListedNotJustTheFirst() {
    let json = SceneErrorTests.scene(layer: #"{"opacity": 3, "zPosition": "x", "sublayers": [{"hidden": 1}]}"#)
    let paths = Set(SceneErrorTests.issues(json).map(\.path))
    #expect(paths == ["layers[0].opacity", "layers[0].zPosition", "layers[0].sublayers[0].hidden"])
  }

  @Test func descriptionNamesFileAndPath() {
    let json = SceneErrorTests.scene(
      layer: #"{"animations": [{"type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 0.7, 0.4]}]}"#)
    do {
      _ = try SceneDecoder.decode(Array(json.utf8), fileName: "scene.json")
      Issue.record("accepted")
    } catch {
      #expect(error.description
        == "scene.json: layers[0].animations[0].keyTimes: must be non-decreasing numbers in 0…1 (got [0, 0.7, 0.4])")
    }
  }

  @Test func truncatedFileIsAnError() {
    let issues = SceneErrorTests.issues(#"{"canvas": {"width": 10, "#)
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("line 1") == true)
  }

  @Test func nonUTF8FileIsAnError() {
    var bytes = Array(#"{"canvas": {"width": 10, "height": 10}, "layers": [{"name": "x"#.utf8)
    bytes += [0xFF, 0xFE]
    bytes += Array(#""}]}"#.utf8)
    do {
      _ = try SceneDecoder.decode(bytes, fileName: "bad.json")
      Issue.record("accepted")
    } catch {
      #expect(error.description.contains("UTF-8"))
    }
  }

  @Test func emptyFileIsAnError() {
    #expect(!SceneErrorTests.issues("").isEmpty)
    #expect(!SceneErrorTests.issues("[]").isEmpty)
    #expect(!SceneErrorTests.issues("null").isEmpty)
  }

  @Test func missingFileIsAnError() {
    do {
      _ = try SceneDecoder.decode(contentsOf: "/nonexistent/scene.json")
      Issue.record("accepted")
    } catch {
      #expect(error.description.hasPrefix("/nonexistent/scene.json: cannot read the file"))
    }
  }

  @Test func userKeysWithXPrefixAreIgnored() {
    let json = #"{"canvas": {"width": 10, "height": 10}, "x-notes": {"anything": [1]}, "layers": [{"x-id": 3}]}"#
    #expect(SceneErrorTests.issues(json).isEmpty)
  }

  @Test func timingFunctionXOutsideTheUnitIntervalIsClampedWithAWarning() throws {
    let json = SceneErrorTests.scene(
      layer: #"{"animations": [{"type": "basic", "keyPath": "opacity", "toValue": 0, "timingFunction": [1.5, 0, -0.2, 1]}]}"#)
    let scene = try SceneDecoder.decode(Array(json.utf8), fileName: "scene.json")
    #expect(scene.decodingWarnings.map(\.path) == ["layers[0].animations[0].timingFunction[0]",
                                                    "layers[0].animations[0].timingFunction[2]"])
    let function = try #require(scene.snapshot().nodes[1].animations.first?.timingFunction)
    #expect(function.c1x == 1 && function.c2x == 0)
  }

  @Test func keyTimesThatDoNotFitTheModeAreAWarningNotAnError() throws {
    let json = SceneErrorTests.scene(
      layer: #"{"animations": [{"type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 1]}]}"#)
    let scene = try SceneDecoder.decode(Array(json.utf8), fileName: "scene.json")
    #expect(scene.decodingWarnings.map(\.path) == ["layers[0].animations[0].keyTimes"])
  }

  @Test func aDescriptionListsTheFirstHundredProblemsAndCountsTheRest() {
    let layers = Array(repeating: #"{"opacity": 2}"#, count: 250).joined(separator: ", ")
    let json = #"{"zoetrope": 1, "canvas": {"width": 100, "height": 100}, "layers": [\#(layers)]}"#
    do {
      _ = try SceneDecoder.decode(Array(json.utf8), fileName: "big.json")
      Issue.record("a scene of 250 bad layers decoded")
    } catch {
      #expect(error.issues.count == 250)
      let lines = error.description.split(separator: "\n")
      #expect(lines.count == SceneError.describedIssues + 1)
      #expect(lines[99].hasPrefix("big.json: layers[99].opacity:"))
      #expect(lines.last == "big.json: … and 150 more problems")
    }
    // A hundred and one: the last line counts one.
    let one = SceneError(file: "f", issues: Array(repeating: SceneIssue(path: "p", message: "m"), count: 101))
    #expect(one.description.hasSuffix("\nf: … and 1 more problem"))
    let hundred = SceneError(file: "f", issues: Array(repeating: SceneIssue(path: "p", message: "m"), count: 100))
    #expect(hundred.description.split(separator: "\n").count == 100 && !hundred.description.contains("more"))
  }
}
