// SPDX-License-Identifier: Apache-2.0
// What `inspect` says of a layer with transitions: the state shown, and the transition running with its progress.

import Testing
import ZoetropeLayers
import ZoetropeScene

@Suite struct SceneTransitionInspectionTests {
  /// A blue card that changes to green at 1 s (a second-long transition of
  /// `members`), then to red at 3 s with a fade and no subtype.
  static func inspect(_ members: String, at time: Double) throws -> String {
    let json = #"""
      {"zoetrope": 1, "canvas": {"width": 40, "height": 40, "duration": 5}, "layers": [
        {"name": "card", "frame": [0, 0, 40, 40], "backgroundColor": "#0000FF", "animations": [
          {"type": "transition", "beginTime": 1, "duration": 1, \#(members), "to": {"backgroundColor": "#00FF00"}},
          {"type": "transition", "beginTime": 3, "duration": 1, "to": {"backgroundColor": "#FF0000"}}]}]}
      """#
    let tree = try SceneDecoder.decode(Array(json.utf8), fileName: "scene.json").snapshot()
    return Inspection(tree).json(for: PresentationEvaluator(tree).presentation(atTime: time))
  }

  @Test func aRunningTransitionIsReportedWithItsTypeSubtypeAndProgress() throws {
    let json = try Self.inspect(#""transition": "push", "subtype": "fromRight""#, at: 1.25)
    #expect(json.contains(#""backgroundColor": [0, 1, 0, 1]"#), "the new state's values: \(json)")
    #expect(json.hasSuffix(#", "transition": {"type": "push", "subtype": "fromRight", "progress": 0.25}}]}"#), "\(json)")
  }

  @Test func theProgressIsEasedAndRunsFromStartToEndProgress() throws {
    // Half way through an ease-in, the curve (0.42, 0, 1, 1) is at 0.3153…;
    // the progress runs 0.2 → 0.6 over it.
    let json = try Self.inspect(#""transition": "reveal", "subtype": "fromTop", "timingFunction": "easeIn", "#
      + #""startProgress": 0.2, "endProgress": 0.6"#, at: 1.5)
    let marker = #""transition": {"type": "reveal", "subtype": "fromTop", "progress": "#
    let tail = try #require(json.range(of: marker)).upperBound
    let progress = try #require(Double(json[tail...].prefix { $0 != "}" }))
    #expect(abs(progress - (0.2 + 0.4 * 0.31535681)) < 1e-4, "\(json)")
  }

  @Test(arguments: [(0.5, [0.0, 0, 1, 1]), (2.5, [0.0, 1, 0, 1]), (4.5, [1.0, 0, 0, 1])])
  func beforeBetweenAndAfterTransitionsNoneIsReported(_ time: Double, _ colour: [Double]) throws {
    let json = try Self.inspect(#""transition": "moveIn""#, at: time)
    #expect(!json.contains(#""transition""#), "\(json)")
    let text = colour.map { $0 == 0 ? "0" : "1" }.joined(separator: ", ")
    #expect(json.contains(#""backgroundColor": ["# + text + "]"), "\(json)")
  }

  @Test func aTransitionWithoutSubtypeIsReportedFromTheLeft() throws {
    let json = try Self.inspect(#""transition": "fade""#, at: 3.5)
    #expect(json.contains(#""transition": {"type": "fade", "subtype": "fromLeft", "progress": 0.5}"#), "\(json)")
  }
}
