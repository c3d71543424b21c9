// SPDX-License-Identifier: Apache-2.0
// Every property a layer's drawing depends on, on layers read in place and through a placement: the same frames.

import Foundation
import Testing
import ZoetropeLayers
import ZoetropeScene
@testable import ZoetropeCompositor
import _ZoetropeTestSupport

@Suite struct PlainLayerPropertyTests {
  /// One small layer for each property the placement's way handles and the
  /// in-place way must either draw the same or leave to it: contents and
  /// their rect, gravity, centre and scale; borders, corner curves and
  /// masked corners; opacity with and without sublayers; hidden layers;
  /// back-facing and perspective transforms; zPosition order; a
  /// `sublayerTransform`; clips with sublayers; text, gradient and shape
  /// layers; shadows, blend modes, filters, replicators, transform layers,
  /// a transition; absurd corner radii and border widths.
  static let layers = """
    {"hidden": true},
    {"opacity": 0},
    {"opacity": 0.5},
    {"opacity": 0.5, "sublayers": [{"frame": [4, 4, 16, 16], "backgroundColor": "#E0457B"}]},
    {"opacity": 0.5, "borderWidth": 3, "borderColor": "black",
     "sublayers": [{"frame": [4, 4, 8, 8], "backgroundColor": "#E0457B"}]},
    {"contents": "IMAGE"},
    {"contents": "IMAGE", "contentsRect": [0.25, 0.25, 0.5, 0.5], "contentsGravity": "topLeft",
     "masksToBounds": true, "cornerRadius": 5},
    {"contents": "IMAGE", "contentsCenter": [0.3, 0.3, 0.4, 0.4], "contentsScale": 3},
    {"contents": "IMAGE", "opacity": 0.4, "cornerRadius": 8, "masksToBounds": true},
    {"borderWidth": 2, "borderColor": "#333A45", "cornerRadius": 5, "cornerCurve": "continuous"},
    {"borderWidth": 20, "borderColor": "#333A45", "cornerRadius": 5, "maskedCorners": ["layerMaxXMaxYCorner"]},
    {"borderWidth": 2, "borderColor": "#33333380", "backgroundColor": null, "cornerRadius": 8,
     "sublayers": [{"frame": [-4, -4, 24, 24], "backgroundColor": "#FFB900"}]},
    {"masksToBounds": true, "cornerRadius": 8,
     "sublayers": [{"frame": [-4, -4, 24, 12], "backgroundColor": "#FFB900"}]},
    {"masksToBounds": true, "sublayerTransform": [{"rotate": "45deg"}],
     "sublayers": [{"frame": [0, 0, 16, 16], "backgroundColor": "#FFB900", "zPosition": 1},
                   {"frame": [4, 4, 16, 16], "backgroundColor": "#34C759", "zPosition": -1}]},
    {"sublayers": [{"frame": [0, 0, 12, 12], "backgroundColor": "#FFB900", "zPosition": 2},
                   {"frame": [4, 4, 12, 12], "backgroundColor": "#34C759"},
                   {"frame": [8, 8, 12, 12], "backgroundColor": "#E0457B", "zPosition": 1}],
     "animations": [{"type": "basic", "keyPath": "sublayerTransform.rotation.z", "fromValue": 0, "toValue": 3,
                     "duration": 2}]},
    {"type": "text", "string": "Hi there", "fontSize": 9, "foregroundColor": "black", "opacity": 0.6,
     "wrapped": true, "backgroundColor": null},
    {"type": "gradient", "colors": ["red", "blue"], "cornerRadius": 4},
    {"type": "gradient", "colors": ["red", "#0000FF80"], "gradientType": "radial", "startPoint": [0.5, 0.5],
     "endPoint": [1, 1], "opacity": 0.5},
    {"type": "shape", "path": {"ellipse": [0, 0, 16, 16]}, "fillColor": "#E0457B", "strokeColor": "black",
     "lineWidth": 2, "masksToBounds": true},
    {"type": "shape", "path": "M 0 0 L 20 20", "strokeColor": "black", "lineWidth": 3, "strokeEnd": 0.5,
     "fillColor": null, "opacity": 0.5},
    {"shadowOpacity": 0.5, "shadowColor": "black", "shadowRadius": 2},
    {"shadowOpacity": 1, "shadowColor": "#00000000"},
    {"compositingFilter": "screen"},
    {"filters": [{"name": "falseColor", "inputColor0": "#200040", "inputColor1": "#FFE0A0", "inputIntensity": 0.6}]},
    {"cornerRadius": 1e300, "borderWidth": 1e300, "borderColor": "black"},
    {"bounds": [0, 0, 0, 16], "borderWidth": 2, "borderColor": "black"},
    {"anchorPoint": [0, 0], "transform": [{"scale": [-1, 1]}]},
    {"transform": [{"rotate": "180deg", "axis": [0, 1, 0]}], "contents": "IMAGE"},
    {"transform": [{"perspective": 40}, {"rotate": "60deg", "axis": [1, 0, 0]}], "cornerRadius": 4,
     "masksToBounds": true, "sublayers": [{"frame": [2, 2, 30, 30], "backgroundColor": "#FFB900", "opacity": 0.5}]},
    {"opacity": 0.5, "animations": [{"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1.2,
                                     "duration": 2}]},
    {"sublayers": [{"frame": [2, 2, 12, 12], "backgroundColor": "#FF9500"}],
     "animations": [{"type": "transition", "beginTime": 0.5, "duration": 1, "transition": "push",
                     "to": {"backgroundColor": "#34C759",
                            "sublayers": [{"frame": [4, 4, 8, 8], "backgroundColor": "white"}]}}]},
    {"type": "replicator", "instanceCount": 3, "instanceTransform": [{"translate": [3, 3]}],
     "sublayers": [{"frame": [0, 0, 6, 6], "backgroundColor": "red"}]},
    {"type": "transformLayer", "sublayers": [{"frame": [0, 0, 6, 6], "backgroundColor": "red", "zPosition": 3}]},
    {"opacity": 0.5, "sublayers": [{"frame": [0, 0, 6, 6], "backgroundColor": "red", "opacity": 0.5,
                                    "sublayers": [{"frame": [2, 2, 6, 6], "backgroundColor": "blue"}]}]}
    """

  /// The layers above in a grid (each 16 points square with a blue
  /// background unless it says otherwise), inside `wrapper` (a JSON object
  /// missing its sublayers; none for the layers at the top level).
  static func scene(inside wrapper: String?) throws -> Scene {
    let image = Fixtures.url("Images/rings.png").path
    var placed: [String] = []
    let entries = try #require(
      try JSONSerialization.jsonObject(with: Data("[\(layers)]".utf8)) as? [[String: Any]])
    for (n, var entry) in entries.enumerated() {
      if entry["frame"] == nil, entry["bounds"] == nil {
        entry["frame"] = [4 + (n % 8) * 19, 4 + (n / 8) * 19, 16, 16]
      } else if entry["bounds"] != nil {
        entry["position"] = [12 + (n % 8) * 19, 12 + (n / 8) * 19]
      }
      if entry.index(forKey: "backgroundColor") == nil { entry["backgroundColor"] = "#4AA5E3" }
      if entry["contents"] != nil { entry["contents"] = image }
      let data = try JSONSerialization.data(withJSONObject: entry, options: [.sortedKeys])
      placed.append(String(decoding: data, as: UTF8.self))
    }
    let grid = placed.joined(separator: ",\n")
    let top = wrapper.map { "[\($0), \"sublayers\": [\(grid)]}]" } ?? "[\(grid)]"
    let json = """
      {"zoetrope": 1, "canvas": {"width": 160, "height": 120, "duration": 2, "background": "#F4F5F7"},
       "layers": \(top)}
      """
    return try SceneDecoder.decode(Array(json.utf8), fileName: "scene.json")
  }

  /// The grid at the top level and under every kind of ancestor that
  /// changes how its layers are recorded: a tinting replicator, a
  /// translucent group, a mask, a shadow, a scaled and rotated clip.
  static let wrappers: [String?] = [
    nil,
    ##"{"type": "replicator", "frame": [0, 0, 160, 120], "instanceCount": 2, "##
      + ##""instanceTransform": [{"translate": [2, 1]}], "instanceColor": "#FFFFFFC0", "instanceBlueOffset": -0.3"##,
    ##"{"frame": [0, 0, 160, 120], "opacity": 0.6"##,
    ##"{"frame": [0, 0, 160, 120], "##
      + ##""mask": {"frame": [10, 10, 140, 100], "backgroundColor": "black", "cornerRadius": 30}"##,
    ##"{"frame": [0, 0, 160, 120], "shadowOpacity": 0.8, "shadowRadius": 3, "shadowOffset": [2, 3]"##,
    ##"{"frame": [0, 0, 160, 120], "transform": [{"scale": [0.73, 1.31]}, {"rotate": "7deg"}], "##
      + ##""masksToBounds": true, "cornerRadius": 20"##,
  ]

  @Test(arguments: wrappers.indices)
  func everyPropertyRecordsTheSameFrameReadInPlaceAsThroughAPlacement(_ wrapper: Int) throws {
    let scene = try Self.scene(inside: Self.wrappers[wrapper])
    for time in [0, 0.7, 1.3] {
      let inPlace = PlainLayerRecordingTests.frame(scene, atTime: time, inPlace: true)
      let placed = PlainLayerRecordingTests.frame(scene, atTime: time, inPlace: false)
      #expect(PlainLayerRecordingTests.differing(inPlace, placed) == 0, "wrapper \(wrapper) at \(time) s")
      // Something is drawn: the comparison is of frames, not of two empty canvases.
      #expect(Set(inPlace).count > 16)
    }
  }
}
