// SPDX-License-Identifier: Apache-2.0
// `inspect` measures text: each line's baseline, typographic and ink boxes, and a shape's pathBounds, checked
// against HarfBuzz's hb-shape and FreeType (freetype-py) run on the same font file by Tests/Scripts/text-metrics.py.

import Foundation
import Testing
import _ZoetropeTestSupport

@Suite struct InspectMeasureCommandTests {
  /// The properties of the layer named `name` in `inspect`'s output at time 0.
  static func inspect(_ scene: URL, layer name: String) throws -> [String: Any] {
    let result = try CLI.run(["inspect", scene.path, "--time", "0", "--layer", name])
    #expect(result.status == 0, "\(result.standardError)")
    let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
    let layers = object?["layers"] as? [[String: Any]]
    return try #require(layers?.first?["properties"] as? [String: Any])
  }

  /// What the reference script measures for `lines` set in `font` (file, face index) at `size`.
  static func reference(font: String, index: Int = 0, size: Double, lines: [String], bounds: [Double],
                        alignment: String) throws -> [[String: Any]] {
    let request: [String: Any] = ["font": font, "index": index, "size": size, "lines": lines, "bounds": bounds,
                                  "alignment": alignment]
    let input = TestFiles.url("text-metrics-\(UUID().uuidString).json")
    try JSONSerialization.data(withJSONObject: request).write(to: input)
    let script = Fixtures.packageRoot.appendingPathComponent("Tests/Scripts/text-metrics.py").path
    let result = try CLI.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "/usr/bin/python3 \"$0\" < \"$1\"", script, input.path])
    try #require(result.status == 0, """
      the reference needs Debian's python3-freetype and libharfbuzz-bin (scripts/dependencies.sh installs them): \
      \(result.standardError)
      """)
    return try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
  }

  static func expectClose(_ actual: Any?, _ expected: Any?, _ what: String) {
    switch (actual, expected) {
    case (let a as Double, let e as Double):
      #expect(abs(a - e) <= 1e-9, "\(what): \(a) vs \(e)")
    case (let a as [Double], let e as [Double]):
      #expect(a.count == e.count && zip(a, e).allSatisfy { abs($0 - $1) <= 1e-9 }, "\(what): \(a) vs \(e)")
    case (is NSNull, is NSNull):
      break
    default:
      Issue.record("\(what): \(String(describing: actual)) vs \(String(describing: expected))")
    }
  }

  static let cases: [(font: String, weight: String, size: Double, string: String, bounds: [Double], alignment: String)] = [
    ("DejaVu Sans", "regular", 17, "Pull to refresh", [0, 0, 160, 44], "center"),
    ("Inter", "semibold", 24, "Hello\nWorld, quiz", [5, -3, 180, 80], "left"),
    ("Helvetica", "regular", 13, "Quiz Ajg €1", [-10, 2, 120, 30], "right"),
  ]

  @Test(arguments: cases.indices)
  func textLinesMatchHarfBuzzAndFreeType(_ index: Int) throws {
    let c = Self.cases[index]
    let scene = try CLI.temporaryScene("""
      {"canvas": {"width": 200, "height": 100},
       "layers": [{"name": "label", "type": "text", "string": \(try Self.json(c.string)), "font": "\(c.font)",
                   "fontWeight": "\(c.weight)", "fontSize": \(c.size), "alignmentMode": "\(c.alignment)",
                   "position": [100, 50], "bounds": \(c.bounds)}]}
      """)
    let properties = try Self.inspect(scene, layer: "label")
    let file = try #require(properties["fontFile"] as? String)
    let lines = try #require(properties["lines"] as? [[String: Any]])
    let expected = try Self.reference(font: file, size: c.size, lines: c.string.components(separatedBy: "\n"),
                                      bounds: c.bounds, alignment: c.alignment)
    #expect(lines.count == expected.count)
    for (k, (line, reference)) in zip(lines, expected).enumerated() {
      for key in ["baseline", "typographicBounds", "inkBounds"] {
        Self.expectClose(line[key], reference[key], "\(c.font) line \(k) \(key)")
      }
    }
  }

  @Test func aTextPathsBoundsAreItsInk() throws {
    let scene = try CLI.temporaryScene("""
      {"canvas": {"width": 200, "height": 100},
       "layers": [{"name": "word", "type": "shape", "position": [20, 20],
                   "path": {"text": "Hey\\nyou", "font": "DejaVu Sans", "size": 20}},
                  {"name": "font", "type": "text", "string": "x", "font": "DejaVu Sans"}]}
      """)
    let bounds = try #require(try Self.inspect(scene, layer: "word")["pathBounds"] as? [Double])
    let file = try #require(try Self.inspect(scene, layer: "font")["fontFile"] as? String)
    // A text path is laid out from (0, 0), left-aligned: its box is the union of its lines' ink.
    let lines = try Self.reference(font: file, size: 20, lines: ["Hey", "you"], bounds: [0, 0, 0, 0],
                                   alignment: "left")
    let ink = try lines.map { try #require($0["inkBounds"] as? [Double]) }
    let minX = ink.map { $0[0] }.min()!, minY = ink.map { $0[1] }.min()!
    let maxX = ink.map { $0[0] + $0[2] }.max()!, maxY = ink.map { $0[1] + $0[3] }.max()!
    Self.expectClose(bounds, [minX, minY, maxX - minX, maxY - minY], "pathBounds")
  }

  @Test func pathBoundsHoldTheCurveNotItsControlPoints() throws {
    // The arch's control point is 100 below its ends; the curve reaches half of that.
    let scene = try CLI.temporaryScene("""
      {"canvas": {"width": 100, "height": 100},
       "layers": [{"name": "arch", "type": "shape", "path": "M 0 0 Q 50 100 100 0"},
                  {"name": "ring", "type": "shape", "path": {"ellipse": [10, 20, 40, 30]}},
                  {"name": "empty", "type": "shape"}]}
      """)
    Self.expectClose(try Self.inspect(scene, layer: "arch")["pathBounds"], [0.0, 0, 100, 50], "arch")
    Self.expectClose(try Self.inspect(scene, layer: "ring")["pathBounds"], [10.0, 20, 40, 30], "ellipse")
    #expect(try Self.inspect(scene, layer: "empty")["pathBounds"] is NSNull)
  }

  static func json(_ string: String) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: string, options: .fragmentsAllowed), as: UTF8.self)
  }
}
