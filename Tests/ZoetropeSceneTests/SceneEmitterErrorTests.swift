// SPDX-License-Identifier: Apache-2.0
// An emitter the decoder refuses, each with the JSON path of what is wrong: hostile rates, depths and names.

import Testing
import ZoetropeScene

@Suite struct SceneEmitterErrorTests {
  static func emitter(_ cells: String, _ members: String = "") -> String {
    SceneErrorTests.scene(layer: #"{"type": "emitter", \#(members)"emitterCells": \#(cells)}"#)
  }

  /// Cells nested `depth` deep, each emitting one particle a second for a second.
  static func nested(_ depth: Int) -> String {
    var cell = #"{"birthRate": 1, "lifetime": 1}"#
    for _ in 1..<depth { cell = #"{"birthRate": 1, "lifetime": 1, "emitterCells": [\#(cell)]}"# }
    return "[\(cell)]"
  }

  static let cases: [(json: String, path: String, message: String)] = [
    (emitter(#"[{"name": "flood", "birthRate": 1e9, "lifetime": 1}]"#), "layers[0].emitterCells[0].birthRate",
     #"the cell ("flood") keeps 1000000000 particles alive at once (birthRate × lifetime), more than the 100000"#),
    // 300 parents alive, each keeping 300 sparks: the sum, not the one cell, passes the budget.
    (emitter(#"[{"birthRate": 300, "lifetime": 1, "emitterCells": [{"name": "a", "birthRate": 300, "lifetime": 1},"#
      + #"{"name": "b", "birthRate": 300, "lifetime": 1}]}]"#),
     "layers[0].emitterCells[0].emitterCells[0].birthRate",
     "keeps 90000 particles alive at once (birthRate × lifetime × its parent's particles), 180300 with the cells before it,"),
    (emitter(nested(100)), "layers[0]" + String(repeating: ".emitterCells[0]", count: 32) + ".emitterCells",
     "emitter cells nest deeper than 32 levels"),
    (emitter(#"[{"birthRate": -1}]"#), "layers[0].emitterCells[0].birthRate", "≥ 0"),
    (emitter(#"[{"velocity": "fast"}]"#), "layers[0].emitterCells[0].velocity", "must be a number"),
    (emitter(#"[{"duration": -1}]"#), "layers[0].emitterCells[0].duration", "≥ 0"),
    (emitter("[]", #""renderMode": "glow", "#), "layers[0].renderMode", "\"additive\""),
    (emitter("[]", #""seed": 1.5, "#), "layers[0].seed", "whole number"),
    (emitter(#"[{"birthrate": 1}]"#), "layers[0].emitterCells[0].birthrate", "birthRate"),
  ]

  @Test(arguments: cases.indices)
  func aBadEmitterIsRefusedWithItsJSONPath(_ index: Int) {
    let entry = Self.cases[index]
    let issues = SceneErrorTests.issues(entry.json)
    let match = issues.first { $0.path == entry.path && $0.message.contains(entry.message) }
    #expect(match != nil, "\(entry.json.prefix(200)): \(issues.map(\.description))")
  }

  /// 32 levels are allowed, and the budget counts them without overflowing.
  @Test func cellsThirtyTwoDeepAreAccepted() {
    #expect(SceneErrorTests.issues(Self.emitter(Self.nested(32))).isEmpty)
  }
}
