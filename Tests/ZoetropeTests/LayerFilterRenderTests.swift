// SPDX-License-Identifier: Apache-2.0
// A layer's `filters` (falseColor): drawn on its composited result, read and written by the scene format.

import Testing
import Zoetrope

@Suite struct LayerFilterRenderTests {
  static func scene(_ filters: String, opacity: Double = 1) throws -> Scene {
    let json = #"{"zoetrope": 1, "canvas": {"width": 20, "height": 10, "background": "clear"}, "layers": ["#
      + #"{"frame": [0, 0, 20, 10], "opacity": \#(opacity), "filters": \#(filters), "sublayers": ["#
      + #"{"frame": [0, 0, 10, 10], "backgroundColor": "white"}, {"frame": [10, 0, 10, 10], "backgroundColor": "black"}]}]}"#
    return try SceneDecoder.decode(Array(json.utf8), fileName: "filters.json")
  }

  static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
    Array(image.pixels[4 * (y * image.width + x)..<4 * (y * image.width + x) + 4])
  }

  @Test func falseColorMapsTheSublayersLuminanceOntoTheRamp() throws {
    let scene = try Self.scene(#"[{"name": "CIFalseColor", "inputColor0": "blue", "inputColor1": "red"}]"#)
    let frame = Renderer(scene).frame(atTime: 0)
    #expect(Self.pixel(frame, 2, 5) == [255, 0, 0, 255], "white becomes inputColor1")
    #expect(Self.pixel(frame, 15, 5) == [0, 0, 255, 255], "black becomes inputColor0")
  }

  @Test func theIntensityMixesAndTheOpacityAppliesAfter() throws {
    let half = try Self.scene(#"[{"name": "falseColor", "inputColor0": "blue", "inputColor1": "red", "inputIntensity": 0.5}]"#)
    let frame = Renderer(half).frame(atTime: 0)
    // Intensity 128/255: 255 − 255 × 128 / 255 = 127.
    #expect(Self.pixel(frame, 2, 5) == [255, 127, 127, 255], "white half way to red")
    let faded = try Self.scene(#"[{"name": "falseColor", "inputColor0": "blue", "inputColor1": "red"}]"#, opacity: 0.5)
    let alpha = Renderer(faded).frame(atTime: 0)
    let red = Self.pixel(alpha, 2, 5)
    #expect(red[1] == 0 && red[2] == 0 && red[3] == 128, "red at half opacity: \(red)")
  }

  @Test func aConvertedSceneKeepsItsFilters() throws {
    let scene = try Self.scene(##"[{"name": "falseColor", "inputColor0": "#102030", "inputIntensity": 0.25}]"##)
    let text = SceneEncoder.json(for: scene) { _ in nil }
    #expect(text.contains(#""filters": [{"name": "falseColor""#), "\(text)")
    let decoded = try SceneDecoder.decode(Array(text.utf8), fileName: "converted.json")
    #expect(Renderer(decoded).frame(atTime: 0) == Renderer(scene).frame(atTime: 0))
  }

  @Test func moreFiltersThanALayerDrawsAreRefused() {
    let many = "[" + Array(repeating: #"{"name": "falseColor"}"#, count: 65).joined(separator: ", ") + "]"
    do {
      _ = try Self.scene(many)
      Issue.record("65 filters are accepted")
    } catch {
      #expect("\(error)".contains("layers[0].filters: holds 65 filters"), "\(error)")
    }
    #expect((try? Self.scene("[" + Array(repeating: #"{"name": "falseColor"}"#, count: 64).joined(separator: ", ") + "]")) != nil)
  }

  @Test func aFilterZoetropeDoesNotDrawIsAnErrorAtItsPath() {
    #expect(throws: (any Error).self) { try Self.scene(#"[{"name": "CIGaussianBlur"}]"#) }
    do {
      _ = try Self.scene(#"[{"name": "falseColor", "inputIntensity": 2}]"#)
      Issue.record("an intensity past 1 is accepted")
    } catch {
      #expect("\(error)".contains("layers[0].filters[0].inputIntensity"), "\(error)")
    }
  }
}
