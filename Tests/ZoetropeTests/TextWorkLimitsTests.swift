// SPDX-License-Identifier: Apache-2.0
// Text in a replicator: copies off the canvas cost nothing, glyphs spend the frame's budget, recording stops when cancelled.

import Synchronization
import Testing
import Zoetrope
import _ZoetropeTestSupport

@Suite struct TextWorkLimitsTests {
  static func renderer(canvas: Int = 64, _ layers: String) throws -> Renderer {
    let json = #"{"zoetrope": 1, "canvas": {"width": \#(canvas), "height": \#(canvas)}, "layers": ["# + layers + "]}"
    return Renderer(try SceneDecoder.decode(Array(json.utf8), fileName: "text-limits.json"))
  }

  /// Issue 34 H1, the issue's scene: 100,000 copies of 10,000 glyphs, all
  /// off the canvas, took 32 s for an empty 64 × 64 frame (each copy looked
  /// at each glyph). Each copy is now judged by a few boxes; the frame is
  /// the empty canvas. (The time limit only stops a regression running for ever.)
  @Test(.timeLimit(.minutes(2))) func copiesOfTextOffTheCanvasDrawNothing() throws {
    let renderer = try Self.renderer(#"{"type": "replicator", "instanceCount": 100000, "sublayers": [{"type": "text", "#
      + #""position": [-100000, 0], "string": ""# + String(repeating: "W", count: 10_000) + #"", "fontSize": 1}]}"#)
    var image = RGBAImage(width: 0, height: 0, pixels: [])
    try renderer.render(atTime: 0, into: &image, isCancelled: { false })
    #expect(image == (try Self.renderer("")).frame(atTime: 0))
  }

  /// Glyphs spend line segments from the frame's budget: a thousand copies
  /// of a page of small glyphs go past it, and the error names the text
  /// layer, instead of flattening every one of them.
  @Test(.timeLimit(.minutes(2))) func glyphsSpendTheFrameBudget() throws {
    let renderer = try Self.renderer(#"{"type": "replicator", "instanceCount": 1000, "sublayers": [{"type": "text", "#
      + #""frame": [0, 0, 64, 64], "string": ""# + String(repeating: "@", count: 2000)
      + #"", "fontSize": 2, "wrapped": true}]}"#)
    var image = RGBAImage(width: 0, height: 0, pixels: [])
    do {
      try renderer.render(atTime: 0, into: &image, isCancelled: { false })
      Issue.record("rendered")
    } catch {
      guard case .overBudget(let path, let reason) = error else { Issue.record("\(error)"); return }
      #expect(path == "layers[0].sublayers[0]")
      #expect(reason.hasPrefix("its text needs about"), "\(reason)")
      #expect(reason.contains("Limits.maximumSegmentsPerFrame"), "\(reason)")
    }
  }

  /// The same text, ten copies: within the budget, drawn.
  @Test func aFewCopiesOfTextDraw() throws {
    let renderer = try Self.renderer(#"{"type": "replicator", "instanceCount": 10, "sublayers": [{"type": "text", "#
      + #""frame": [0, 0, 64, 64], "string": "WWWWWWWWWW", "fontSize": 6, "foregroundColor": "black"}]}"#)
    var image = RGBAImage(width: 0, height: 0, pixels: [])
    try renderer.render(atTime: 0, into: &image, isCancelled: { false })
    #expect(image.pixels.contains { $0 != 0 })
  }

  /// Issue 34 H1: a cancelled frame went on recording every copy (each asked
  /// whether it was cancelled, and went on to the next). Recording now stops
  /// at the first layer after the question says so.
  @Test func recordingStopsWhenCancelled() throws {
    let renderer = try Self.renderer(#"{"type": "replicator", "instanceCount": 1000, "sublayers": [{"type": "shape", "#
      + #""fillColor": "red", "path": "M 1 1 L 9 2 L 5 9 Z"}]}"#)
    let asked = Atomic<Int>(0)
    var image = RGBAImage(width: 0, height: 0, pixels: [])
    do {
      try renderer.render(atTime: 0, into: &image, isCancelled: {
        asked.wrappingAdd(1, ordering: .relaxed).newValue >= 2
      })
      Issue.record("not cancelled")
    } catch {
      #expect(error == .cancelled)
    }
    #expect(asked.load(ordering: .relaxed) <= 4, "asked \(asked.load(ordering: .relaxed)) times")
  }
}
