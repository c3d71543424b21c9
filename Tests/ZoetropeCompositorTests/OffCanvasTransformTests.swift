// SPDX-License-Identifier: Apache-2.0
// Outlines crossing the bottom edge under every kind of transform and ancestor: what a taller canvas shows in the rows.

import Testing
import ZoetropeScene
import Zoetrope

@Suite struct OffCanvasTransformTests {
  /// How a layer's rounded, bordered, clipping outline reaches the device:
  /// turned, flipped, sheared, squashed flat, tipped back in perspective.
  static let transforms = [
    "[]", #"[{"rotate": "30deg"}]"#, #"[{"rotate": "90deg"}]"#, #"[{"scale": [1, -1]}]"#,
    "[1, 0.4, 0, 0, 0.3, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]", #"[{"scale": [2, 0.25]}]"#, #"[{"scale": [1, 0]}]"#,
    #"[{"perspective": 120}, {"rotate": "50deg", "axis": [1, 0, 0]}]"#,
    "[1, 0, 0, 0, 0, 1, 0, -0.004, 0, 0, 1, 0, 0, 0, 0, 1]",
  ]

  /// Ancestors that place or draw the outline another way: a
  /// `sublayerTransform`, a translucent group, a mask, a shadow, a filter,
  /// a replicator's copies.
  static let ancestors = [
    #"{"frame": [0, 0, 160, 40]"#,
    #"{"frame": [0, 0, 160, 40], "sublayerTransform": [{"translate": [0, 7]}, {"scale": [1, 0.5]}]"#,
    #"{"frame": [0, 0, 160, 40], "opacity": 0.5"#,
    #"{"frame": [0, 0, 160, 40], "mask": {"frame": [0, 0, 160, 80], "backgroundColor": "black", "cornerRadius": 9}"#,
    #"{"frame": [0, 0, 160, 40], "shadowOpacity": 1, "shadowRadius": 2, "shadowOffset": [0, -9]"#,
    #"{"frame": [0, 0, 160, 40], "filters": [{"name": "falseColor"}]"#,
    #"{"type": "replicator", "frame": [0, 0, 160, 40], "instanceCount": 3, "#
      + #""instanceTransform": [{"translate": [0, 3]}]"#,
  ]

  /// The RGBA bytes of a canvas `height` rows tall showing, under
  /// `ancestor`, a row of outlines (one for each transform) whose top is `y`.
  static func rendered(outlinesAt y: Double, under ancestor: String, height: Int) throws -> [UInt8] {
    let outlines = transforms.enumerated().map { n, transform in
      """
      {"frame": [\(4 + 17 * n), \(y), 14, 9], "backgroundColor": "#4AA5E3", "cornerRadius": 4, "borderWidth": 1.5,
       "borderColor": "#E0457B", "masksToBounds": true, "shadowOpacity": \(n % 2 == 0 ? 0 : 0.7),
       "shadowOffset": [0, -6], "transform": \(transform),
       "sublayers": [{"frame": [-3, -12, 9, 30], "backgroundColor": "#FFB900"}]}
      """
    }.joined(separator: ",")
    let json = """
      {"zoetrope": 1, "canvas": {"width": 160, "height": \(height), "background": "#F4F5F7"},
       "layers": [\(ancestor), "sublayers": [\(outlines)]}]}
      """
    let scene = try SceneDecoder.decode(Array(json.utf8), fileName: "scene.json")
    return Renderer(scene).frame(atTime: 0).pixels
  }

  @Test(arguments: ancestors.indices)
  func anOutlineAcrossOrBelowTheBottomEdgeDrawsWhatATallerCanvasShowsInItsRows(_ ancestor: Int) throws {
    // Outlines from inside the canvas (40 rows) to well below it, in steps
    // that put their edges at every quarter pixel. A turned or tipped
    // outline's edge pixels may round a level or two apart on canvases of
    // different heights (as they did before outlines off the canvas were
    // left out); one left out that should draw differs by far more.
    for step in 0...26 {
      let y = 24 + Double(step) * 1.25
      let short = try Self.rendered(outlinesAt: y, under: Self.ancestors[ancestor], height: 40)
      let tall = try Self.rendered(outlinesAt: y, under: Self.ancestors[ancestor], height: 90)
      let largest = zip(short, tall).map { $0 > $1 ? $0 - $1 : $1 - $0 }.max() ?? 0
      #expect(short.count == 4 * 160 * 40 && largest <= 2, "y = \(y): \(largest) levels apart")
    }
  }
}
