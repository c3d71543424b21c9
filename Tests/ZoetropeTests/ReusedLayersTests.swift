// SPDX-License-Identifier: Apache-2.0
// Clips rendered with each thread keeping its unchanged layers: the same bytes as from scratch.

import Foundation
import Synchronization
import Testing
import Zoetrope
import ZoetropeMedia
import _ZoetropeTestSupport

@Suite struct ReusedLayersTests {
  /// A sink that keeps every frame's bytes by index.
  final class CollectingSink: FrameSink, Sendable {
    let frames = Mutex<[Int: [UInt8]]>([:])
    func consume(_ frame: RGBAImage, index: Int) throws(MediaError) {
      frames.withLock { $0[index] = frame.pixels }
    }
    func finish() throws(MediaError) {}
    func cancel() {}
  }

  /// The frames rendered on `threads` threads; with `onLargeStack`, called
  /// from a thread whose stack lets one thread render on the calling thread
  /// (as the `zoetrope` tool does), not on a worker.
  static func frames(_ scene: Scene, count: Int, threads: Int, reusing: Bool, scale: Double = 1,
                     onLargeStack: Bool = false) throws -> [[UInt8]]
  {
    let sink = CollectingSink()
    let render = ClipRender(renderer: Renderer(scene), frames: 0..<count, frameRate: scene.canvas.frameRate,
                            scale: scale, threads: threads, reusesUnchangedLayers: reusing)
    if onLargeStack {
      try LargeStack.run { try render.run(into: sink) }
    } else {
      try render.run(into: sink)
    }
    return sink.frames.withLock { frames in (0..<count).map { frames[$0] ?? [] } }
  }

  /// Each way a clip renders reusing unchanged layers: one thread on the
  /// calling thread and on a worker, two and three workers.
  static let reusingWays: [(threads: Int, onLargeStack: Bool)] = [(1, true), (1, false), (2, false), (3, false)]

  static let clips: [String] = {
    // Every scene fixture, and a still UI of 176 layers (every layer reused).
    ((try? Fixtures.sceneFiles(in: "Scenes")) ?? []) + ["Bench/ui_640x360.json"]
  }()

  @Test(arguments: clips)
  func everyClipFixtureHasTheSameBytesReusingUnchangedLayersAtOneTwoAndThreeThreads(_ file: String) throws {
    let scene = try Fixtures.scene(file)
    // The first 24 frames: enough for layers that stay, move and change.
    let count = Swift.min(scene.canvas.frameCount, 24)
    let fromScratch = try Self.frames(scene, count: count, threads: 1, reusing: false)
    for (threads, onLargeStack) in Self.reusingWays {
      let reusing = try Self.frames(scene, count: count, threads: threads, reusing: true, onLargeStack: onLargeStack)
      let differing = (0..<count).filter { reusing[$0] != fromScratch[$0] }
      #expect(differing.isEmpty, "\(file), \(threads) threads (inline: \(onLargeStack)): frames \(differing) differ")
    }
  }

  /// The bench's clips of still pages with a few layers moving (the UI scene
  /// with its spinner turning and a progress bar filling, a replicator
  /// spinner over a settings page, the pull-to-refresh demo, a list of
  /// labelled toggles with one flipping and a spinner, a grid of cards with
  /// shadows under a pulsing button, a grid of cards with gradients and
  /// images under a spinner, a line drawn across a page, a dashed selection
  /// whose dashes march; a dashboard of bordered cards with shadows under a
  /// gradient with a ring filling and a dot pulsing, a chat of masked
  /// avatars and bubbles with dots bouncing and a cursor blinking, a map of
  /// 190 still roads and blocks under a marker's ripple), at a third of their 1080p.
  static let benchClips: [(file: String, scale: Double)] = [
    ("Bench/clip-ui_1920x1080.json", 1.0 / 3), ("Bench/clip-replicator_1920x1080.json", 1.0 / 3),
    ("Bench/clip-demo_1920x1080.json", 1.0 / 3), ("Bench/clip-settings_1920x1080.json", 1.0 / 3),
    ("Bench/clip-shadows_1920x1080.json", 1.0 / 3), ("Bench/clip-images_1920x1080.json", 1.0 / 3),
    ("Bench/clip-chart_1920x1080.json", 1.0 / 3), ("Bench/clip-selection_1920x1080.json", 1.0 / 3),
    ("Bench/clip-dashboard_1920x1080.json", 1.0 / 3), ("Bench/clip-chat_1920x1080.json", 1.0 / 3),
    ("Bench/clip-map_1920x1080.json", 1.0 / 3), ("Bench/clip-inbox_1920x1080.json", 1.0 / 3),
  ]

  @Test(arguments: benchClips)
  func benchClipsHaveTheSameBytesReusingUnchangedLayersAtOneTwoAndThreeThreads(_ clip: (file: String, scale: Double))
    throws
  {
    let scene = try Fixtures.scene(clip.file)
    // A second: the spinners' whole turn.
    let count = Swift.min(scene.canvas.frameCount, 30)
    let fromScratch = try Self.frames(scene, count: count, threads: 1, reusing: false, scale: clip.scale)
    #expect(fromScratch.allSatisfy { $0.count == 4 * 640 * 360 }, "\(clip.file)")
    for (threads, onLargeStack) in Self.reusingWays {
      let reusing = try Self.frames(scene, count: count, threads: threads, reusing: true, scale: clip.scale,
                                    onLargeStack: onLargeStack)
      let differing = (0..<count).filter { reusing[$0] != fromScratch[$0] }
      #expect(differing.isEmpty, "\(clip.file), \(threads) threads (inline: \(onLargeStack)): frames \(differing) differ")
    }
    // Most of the frame holds still, and (but in the demo's first quarter
    // second, before its word starts writing) something moves in every frame.
    for index in 1..<count {
      let changed = stride(from: 0, to: fromScratch[index].count, by: 4).filter {
        fromScratch[index][$0..<$0 + 4] != fromScratch[index - 1][$0..<$0 + 4]
      }.count
      #expect((changed > 0 || clip.file.contains("demo")) && changed < 640 * 360 / 4,
              "\(clip.file): frame \(index) changed \(changed) pixels")
    }
  }

  @Test func identicalCardsWithShadowsMovingByWholeAndPartPixelsHaveTheSameBytes() throws {
    // Cards that slide by whole pixels a frame, by a third of a pixel, and
    // stay, with shadows and a mask, and one on rows of its own that only
    // fades: every kind of reuse and miss.
    let json = """
    {"zoetrope": 1, "canvas": {"width": 200, "height": 176, "fps": 30, "duration": 0.4, "background": "#EEF0F3"},
     "layers": [
      {"frame": [10, 10, 60, 40], "backgroundColor": "#FFFFFF", "cornerRadius": 8, "shadowOpacity": 0.4,
       "shadowRadius": 4, "animations": [{"type": "basic", "keyPath": "position.x", "byValue": 12, "duration": 0.4}]},
      {"frame": [10, 60, 60, 40], "backgroundColor": "#FFFFFF", "cornerRadius": 8, "shadowOpacity": 0.4,
       "shadowRadius": 4, "animations": [{"type": "basic", "keyPath": "position.x", "byValue": 4, "duration": 0.4}]},
      {"frame": [110, 10, 60, 40], "backgroundColor": "#3478F6", "cornerRadius": 8, "shadowOpacity": 0.4,
       "shadowRadius": 4, "mask": {"frame": [0, 0, 60, 40], "backgroundColor": "#000000", "cornerRadius": 16}},
      {"frame": [110, 128, 60, 40], "backgroundColor": "#FFFFFF", "cornerRadius": 8, "borderWidth": 2,
       "borderColor": "#3478F6", "animations": [{"type": "basic", "keyPath": "opacity", "fromValue": 1,
       "toValue": 0.3, "duration": 0.4}]}
     ]}
    """
    let scene = try SceneDecoder.decode(Array(json.utf8), fileName: "cards.json")
    let count = scene.canvas.frameCount
    let fromScratch = try Self.frames(scene, count: count, threads: 1, reusing: false)
    for threads in [1, 2, 3] {
      #expect(try Self.frames(scene, count: count, threads: threads, reusing: true) == fromScratch, "\(threads)")
    }
    // And at a scale that makes the third of a point whole device pixels.
    let scaled = try Self.frames(scene, count: 6, threads: 2, reusing: true, scale: 3)
    #expect(scaled == (try Self.frames(scene, count: 6, threads: 1, reusing: false, scale: 3)))
  }
}
