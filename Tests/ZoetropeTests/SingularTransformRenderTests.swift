// SPDX-License-Identifier: Apache-2.0
// A scale animation on a layer whose model transform scales to zero draws nothing, and `validate` says why.

import Testing
import Zoetrope

@Suite struct SingularTransformRenderTests {
  static func scene(modelScale: Double) throws -> Scene {
    let json = """
      {"canvas": {"width": 64, "height": 64, "duration": 1, "background": "white"},
       "layers": [{"position": [32, 32], "bounds": [0, 0, 40, 40], "backgroundColor": "red",
                   "transform": [{"scale": [\(modelScale), \(modelScale)]}],
                   "animations": [{"type": "basic", "keyPath": "transform.scale", "fromValue": 0, "toValue": 1,
                                   "duration": 1, "fillMode": "both", "removedOnCompletion": false}]}]}
      """
    return try SceneDecoder.decode(Array(json.utf8), fileName: "pop-in.json")
  }

  static func redPixels(_ image: RGBAImage) -> Int {
    stride(from: 0, to: image.pixels.count, by: 4).filter { image.pixels[$0] == 255 && image.pixels[$0 + 1] == 0 }.count
  }

  @Test func aPopInFromAZeroScaleDrawsNothingAndIsWarnedAbout() throws {
    let zero = try Self.scene(modelScale: 0)
    for time in [0.5, 1.0] {
      #expect(Self.redPixels(Renderer(zero).frame(atTime: time)) == 0)
    }
    #expect(zero.advice.map(\.path) == ["layers[0].animations[0].keyPath"])
    // The usual fix: a tiny scale decomposes, so the layer grows to its full 40 × 40 points.
    let tiny = try Self.scene(modelScale: 0.001)
    #expect(Self.redPixels(Renderer(tiny).frame(atTime: 0.5)) == 20 * 20)
    #expect(Self.redPixels(Renderer(tiny).frame(atTime: 1)) == 40 * 40)
    #expect(tiny.advice.isEmpty)
  }
}
