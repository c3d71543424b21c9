// SPDX-License-Identifier: Apache-2.0
// Layers drawn as they are, recorded reading their properties in place: the same frames as through a placement.

import Testing
import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeRaster
import ZoetropeScene
@testable import ZoetropeCompositor
import _ZoetropeTestSupport

@Suite struct PlainLayerRecordingTests {
  /// The pixels of `scene` at `time`, its layers recorded in place or all through a placement.
  static func frame(_ scene: Scene, atTime time: Double, inPlace: Bool, cache: RecordingCache? = nil) -> [UInt8] {
    let width = Swift.max(1, scene.canvas.pixelWidth), height = Swift.max(1, scene.canvas.pixelHeight)
    let tree = PresentationEvaluator(LayerTree(root: scene.root)).presentation(atTime: time)
    let list = Compositor.record(tree, width: width, height: height, scale: scene.canvas.scale,
                                 background: scene.canvas.background, cache: cache, readsPlainLayersInPlace: inPlace)
    var pixels = [UInt8](repeating: 0, count: 4 * width * height)
    _ = pixels.withUnsafeMutableBufferPointer { list.render(into: $0.baseAddress!, straightAlpha: false) }
    return pixels
  }

  /// How many bytes of two frames differ (a count, not the test library's
  /// diff of two arrays of megabytes, which took minutes).
  static func differing(_ a: [UInt8], _ b: [UInt8]) -> Int {
    a.count != b.count ? Swift.max(a.count, b.count) : zip(a, b).reduce(0) { $0 + ($1.0 != $1.1 ? 1 : 0) }
  }

  static let scenes: [String] = {
    ((try? Fixtures.sceneFiles(in: "Scenes")) ?? []) + ["Bench/ui_640x360.json", "Bench/mixed_640x360.json"]
  }()

  @Test(arguments: scenes)
  func aLayerReadInPlaceRecordsTheFrameItsPlacementRecords(_ file: String) throws {
    let scene = try Fixtures.scene(file)
    for time in [0, scene.canvas.duration / 3, scene.canvas.duration * 0.8] {
      let differing = Self.differing(Self.frame(scene, atTime: time, inPlace: true),
                                     Self.frame(scene, atTime: time, inPlace: false))
      #expect(differing == 0, "\(file) at \(time) s")
    }
  }

  @Test func aLayerReadInPlaceRecordsTheFrameItsPlacementRecordsAcrossAClipsFrames() throws {
    // Kept coverage found by a layer's slots the frame after, both ways.
    let scene = try Fixtures.scene("Bench/clip-ui_1920x1080.json")
    let inPlace = RecordingCache(), placed = RecordingCache()
    for k in 0..<4 {
      let time = Double(k) / 30
      let differing = Self.differing(Self.frame(scene, atTime: time, inPlace: true, cache: inPlace),
                                     Self.frame(scene, atTime: time, inPlace: false, cache: placed))
      #expect(differing == 0, "frame \(k)")
    }
  }
}
