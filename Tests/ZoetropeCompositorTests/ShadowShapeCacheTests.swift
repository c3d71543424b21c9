// SPDX-License-Identifier: Apache-2.0
// A still layer's shadow shape taken from the frame before: the bytes recorded without it, only where nothing changed.

import Testing
import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeRaster
import ZoetropeScene
@testable import ZoetropeCompositor

@Suite struct ShadowShapeCacheTests {
  /// A still card with a shadow and a label; a card whose label changes
  /// colour (its shape's drawing differs every frame, its outline does not);
  /// a card sliding by a third of a pixel a frame; a card whose shadow is a
  /// `shadowPath`; and a still card whose shadow is cut by the canvas's
  /// bottom side.
  static let json = """
    {"zoetrope": 1, "canvas": {"width": 200, "height": 150, "fps": 30, "duration": 0.3, "background": "#EEF0F3"},
     "layers": [
      {"frame": [10, 10, 80, 30], "backgroundColor": "#FFFFFF", "cornerRadius": 8, "shadowOpacity": 0.4,
       "shadowRadius": 3, "shadowOffset": [0, 2], "borderWidth": 1, "borderColor": "#C7C7CC",
       "sublayers": [{"type": "text", "frame": [8, 6, 60, 18], "string": "Still", "fontSize": 12,
                      "foregroundColor": "#1C1C1E"}]},
      {"frame": [100, 10, 80, 30], "backgroundColor": "#FFFFFF80", "cornerRadius": 8, "shadowOpacity": 0.4,
       "shadowRadius": 3,
       "sublayers": [{"type": "text", "frame": [8, 6, 60, 18], "string": "Fading", "fontSize": 12,
                      "foregroundColor": "#1C1C1E",
                      "animations": [{"type": "basic", "keyPath": "foregroundColor", "toValue": "#FF3B3040",
                                      "duration": 0.3}]}]},
      {"frame": [10, 60, 80, 30], "backgroundColor": "#FFFFFF", "cornerRadius": 8, "shadowOpacity": 0.4,
       "shadowRadius": 3, "animations": [{"type": "basic", "keyPath": "position.x", "byValue": 3, "duration": 0.3}]},
      {"frame": [100, 60, 80, 30], "backgroundColor": "#FFFFFF", "shadowOpacity": 0.5, "shadowRadius": 2,
       "shadowPath": {"ellipse": [0, 0, 80, 30]}},
      {"frame": [40, 130, 120, 40], "backgroundColor": "#FFFFFF", "cornerRadius": 12, "shadowOpacity": 0.5,
       "shadowRadius": 4}
     ]}
    """

  static func frame(_ scene: Scene, atTime time: Double, cache: RecordingCache?) -> [UInt8] {
    let (width, height) = (scene.canvas.pixelWidth, scene.canvas.pixelHeight)
    let tree = PresentationEvaluator(LayerTree(root: scene.root)).presentation(atTime: time)
    let list = Compositor.record(tree, width: width, height: height, scale: scene.canvas.scale,
                                 background: scene.canvas.background, cache: cache)
    var pixels = [UInt8](repeating: 0, count: 4 * width * height)
    _ = pixels.withUnsafeMutableBufferPointer { list.render(into: $0.baseAddress!, straightAlpha: false) }
    return pixels
  }

  /// Every frame of the clip recorded with a cache kept across them has the
  /// bytes of the frame recorded alone; from the second frame on, the still
  /// cards' shapes (and the shadow path's) are taken, and the others' never.
  @Test func stillLayersTakeTheirShapeAndEveryFrameKeepsItsBytes() throws {
    let scene = try SceneDecoder.decode(Array(Self.json.utf8), fileName: "scene.json")
    let cache = RecordingCache()
    var hits: [Int] = []
    for index in 0..<scene.canvas.frameCount {
      let time = Double(index) * Double(scene.canvas.frameRate.denominator) / Double(scene.canvas.frameRate.numerator)
      let before = cache.shadowShapes.hits
      let kept = Self.frame(scene, atTime: time, cache: cache)
      hits.append(cache.shadowShapes.hits - before)
      let alone = Self.frame(scene, atTime: time, cache: nil)
      // (A count, not the test library's diff of two arrays.)
      let differing = kept.count == alone.count ? zip(kept, alone).filter { $0 != $1 }.count : -1
      #expect(differing == 0, "frame \(index): \(differing) bytes differ")
    }
    // Three still shapes a frame after the first: the card, the shadow
    // path and the card cut by the canvas; not the fading or sliding ones.
    #expect(hits.first == 0)
    #expect(hits.dropFirst().allSatisfy { $0 == 3 }, "shapes taken a frame: \(hits)")
  }

  /// A shape not used in a frame is gone after the next, and one that does
  /// not fit what is left of the cache's bytes is not kept.
  @Test func shapesLastOneUnusedFrameAndFitTheCapacity() throws {
    let scene = try SceneDecoder.decode(Array(Self.json.utf8), fileName: "scene.json")
    let cache = RecordingCache()
    _ = Self.frame(scene, atTime: 0, cache: cache)
    #expect(cache.shadowShapes.count == 5)
    cache.startFrame()
    #expect(cache.shadowShapes.count == 5, "kept through a frame that did not use them")
    cache.startFrame()
    #expect(cache.shadowShapes.count == 0, "gone after two")
    let small = RecordingCache(maximumBytes: 4 * 1_000)
    _ = Self.frame(scene, atTime: 0, cache: small)
    #expect(small.shadowShapes.count < 5 && small.shadowShapes.byteCapacity == 1_000)
  }
}
