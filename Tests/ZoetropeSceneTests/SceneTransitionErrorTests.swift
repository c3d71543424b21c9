// SPDX-License-Identifier: Apache-2.0
// A transition the decoder refuses, each with the JSON path of what is wrong.

import Testing
import ZoetropeScene

@Suite struct SceneTransitionErrorTests {
  static func transition(_ members: String) -> String {
    SceneErrorTests.scene(layer: #"{"frame": [0, 0, 10, 10], "animations": [{"type": "transition", \#(members)}]}"#)
  }

  static let cases: [(json: String, path: String, message: String)] = [
    (transition(#""to": {"opacity": 7}"#), "layers[0].animations[0].to.opacity", "must be in 0…1"),
    (transition(#""to": {"animations": []}"#), "layers[0].animations[0].to.animations", "stays the layer's own"),
    (transition(#""to": {"beginTime": 2}"#), "layers[0].animations[0].to.beginTime", "stays the layer's own"),
    (transition(#""to": {"sublayers": [{"bakgroundColor": "red"}]}"#),
     "layers[0].animations[0].to.sublayers[0].bakgroundColor", "backgroundColor"),
    (transition(#""to": {"sublayers": 3}"#), "layers[0].animations[0].to.sublayers", "must be an array"),
    (transition(#""to": 5"#), "layers[0].animations[0].to", "an object"),
    (transition(#""to": {"path": "M 0 0"}"#), "layers[0].animations[0].to.path", "unknown key"),
    (transition(#""duration": -1"#), "layers[0].animations[0].duration", "≥ 0"),
    (transition(#""transition": "cube""#), "layers[0].animations[0].transition", "must be \"fade\""),
    (transition(#""subtype": "fromAbove""#), "layers[0].animations[0].subtype", "must be \"fromRight\""),
    (transition(#""startProgress": 0.8, "endProgress": 0.2"#), "layers[0].animations[0].endProgress",
     "at least startProgress"),
    (transition(#""endProgress": 2"#), "layers[0].animations[0].endProgress", "must be in 0…1"),
    (transition(#""keyPath": "opacity""#), "layers[0].animations[0].keyPath", "unknown key"),
    (SceneErrorTests.scene(layer: #"{"animations": [{"type": "transition", "beginTime": 2}, {"type": "transition", "beginTime": 1}]}"#),
     "layers[0].animations[1].beginTime", "run in sequence"),
    (SceneErrorTests.scene(layer: #"{"animations": [{"type": "group", "animations": [{"type": "transition"}]}]}"#),
     "layers[0].animations[0].animations[0].type", "cannot be a group's child"),
  ]

  @Test(arguments: cases.indices)
  func aBadTransitionIsRefusedWithItsJSONPath(_ index: Int) {
    let entry = Self.cases[index]
    let issues = SceneErrorTests.issues(entry.json)
    let match = issues.first { $0.path == entry.path && $0.message.contains(entry.message) }
    #expect(match != nil, "\(entry.json): \(issues.map(\.description))")
  }

  @Test func aZeroDurationIsAcceptedAsAQuarterOfASecond() {
    #expect(SceneErrorTests.issues(Self.transition(#""duration": 0, "to": {}"#)).isEmpty)
  }
}
