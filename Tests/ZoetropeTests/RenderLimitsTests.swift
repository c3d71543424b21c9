// SPDX-License-Identifier: Apache-2.0
// Rendering at the budgets of Limits: errors that name the layer, cancellation inside a frame, threads and memory.

import Foundation
import Synchronization
import Testing
import Zoetrope
import ZoetropeVideo
import _ZoetropeTestSupport

@Suite struct RenderLimitsTests {
  /// A scene whose second layer's shape is `path` (SVG data) stroked with `style` (JSON members).
  static func scene(path: String, style: String = "") throws -> Scene {
    let json = #"{"zoetrope": 1, "canvas": {"width": 200, "height": 200}, "layers": [{"frame": [0, 0, 10, 10], "#
      + #""backgroundColor": "blue"}, {"name": "far", "type": "shape", "fillColor": null, "strokeColor": "black", "#
      + #""lineWidth": 4, \#(style) "path": "\#(path)"}]}"#
    return try SceneDecoder.decode(Array(json.utf8), fileName: "amplified.json")
  }

  static let amplification = "M0 0" + String(repeating: "C0 0 1e6 1e6 0 0", count: 10_000)

  /// Issue 11 defect 2, dashed (dashes are not cut to the canvas): the frame
  /// is refused with an error naming the layer's scene path and the budget,
  /// instead of a multi-GB allocation.
  @Test func aFrameOverBudgetNamesTheLayer() throws {
    let renderer = Renderer(try Self.scene(path: Self.amplification, style: #""lineDashPattern": [3, 2],"#))
    var image = RGBAImage(width: 0, height: 0, pixels: [])
    do {
      try renderer.render(atTime: 0, into: &image, isCancelled: { false })
      Issue.record("rendered")
    } catch {
      guard case .overBudget(let path, let reason) = error else { Issue.record("\(error)"); return }
      #expect(path == "layers[1]")
      #expect(reason.hasPrefix("stroking its path needs about 4"), "\(error)")
      #expect(error.description.hasPrefix("layers[1]: stroking its path"))
    }
    // The non-throwing render draws what fits: the other layer.
    let frame = renderer.frame(atTime: 0)
    #expect(Array(frame.pixels[0..<4]) == [0, 0, 255, 255])
    #expect(Array(frame.pixels[(4 * (100 * 200 + 100))..<(4 * (100 * 200 + 100) + 4)]) == [255, 255, 255, 255])
  }

  /// Undashed, the amplification is cut to the canvas and renders (2,000
  /// curves: uncut they would need 8.2 million segments, past the budget).
  @Test func theAmplifiedStrokeRenders() throws {
    var image = RGBAImage(width: 0, height: 0, pixels: [])
    let path = "M0 0" + String(repeating: "C0 0 1e6 1e6 0 0", count: 2000)
    try Renderer(try Self.scene(path: path)).render(atTime: 0, into: &image, isCancelled: { false })
    // The diagonal is drawn; the far corners are not.
    #expect(image.pixels[4 * (100 * 200 + 100)] == 0)
    #expect(image.pixels[4 * (190 * 200 + 10)] == 255)
  }

  /// A clip render stops on the over-budget frame with `.render`, and the sink
  /// is cancelled (nothing is written).
  @Test func aClipOverBudgetFailsWithTheLayer() throws {
    let scene = try Self.scene(path: Self.amplification, style: #""lineDashPattern": [3, 2],"#)
    let folder = TestFiles.url("zoetrope-budget-\(UUID().uuidString)")
    let sink = try PNGSequenceSink(pattern: folder.path + "/%04d.png")
    do {
      try ClipRender(renderer: Renderer(scene), frames: 0..<2, frameRate: FrameRate(30), threads: 2).run(into: sink)
      Issue.record("rendered")
    } catch {
      guard case .overBudget(let path, _) = error else { Issue.record("\(error)"); return }
      #expect(path == "layers[1]")
    }
    #expect(!FileManager.default.fileExists(atPath: folder.path))
  }

  /// Issue 11 defect 11: cancellation was seen only between frames. Now a
  /// frame stops between bands of rows: asked once per band, it stops at the
  /// band it is asked in.
  @Test func cancellationStopsAFrameBetweenBands() throws {
    let scene = try SceneDecoder.decode(Array(#"{"canvas": {"width": 64, "height": 640}}"#.utf8), fileName: "tall.json")
    let renderer = Renderer(scene)
    let asked = Atomic<Int>(0)
    var image = RGBAImage(width: 0, height: 0, pixels: [])
    do {
      try renderer.render(atTime: 0, into: &image, isCancelled: {
        asked.wrappingAdd(1, ordering: .relaxed).newValue >= 5
      })
      Issue.record("not cancelled")
    } catch {
      #expect(error == .cancelled)
    }
    // 640 rows are 40 bands; it stopped at the fifth question.
    #expect(asked.load(ordering: .relaxed) == 5)
  }

  /// Not cancelled, the check changes no byte.
  @Test func anUncancelledFrameIsTheSameFrame() throws {
    let renderer = Renderer(try Fixtures.scene("Scenes/compositor/features.json"))
    var checked = RGBAImage(width: 0, height: 0, pixels: [])
    try renderer.render(atTime: 0, threads: 3, into: &checked, isCancelled: { false })
    #expect(checked == renderer.frame(atTime: 0))
  }

  /// Frames in flight stay within `Limits.maximumBytesInFlight`: a
  /// 16384 × 16384 frame (1 GiB) renders on one thread, whatever is asked;
  /// small frames get 1…256.
  @Test func threadsAreClampedToTheBudgets() throws {
    let huge = try SceneDecoder.decode(Array(#"{"canvas": {"width": 16384, "height": 16384}}"#.utf8), fileName: "h.json")
    #expect(ClipRender(renderer: Renderer(huge), frames: 0..<1, frameRate: FrameRate(30), threads: 64).threads == 1)
    let small = try SceneDecoder.decode(Array(#"{"canvas": {"width": 16, "height": 16}}"#.utf8), fileName: "s.json")
    #expect(ClipRender(renderer: Renderer(small), frames: 0..<1, frameRate: FrameRate(30), threads: 10_000).threads == 256)
    #expect(ClipRender(renderer: Renderer(small), frames: 0..<1, frameRate: FrameRate(30), threads: -3).threads == 1)
  }

  /// The PNG reader's C budget is the one ``Limits`` states.
  @Test func thePNGPixelBudgetIsTheOneStated() {
    #expect(RGBAImage.maximumPixels == Limits.maximumPNGPixels)
  }
}
