// SPDX-License-Identifier: Apache-2.0
// Frames compared exactly with reviewed PNGs in Fixtures/Golden.

import Dispatch
import Synchronization
import Testing
import Zoetrope
import ZoetropeRaster
import _ZoetropeTestSupport

@Suite struct GoldenTests {
  /// Every golden frame of the compositor: scene, time, golden name.
  static let goldens: [(String, Double, String)] = [
    ("compositor/features.json", 0.0, "compositor/features@t0.000"),
    ("compositor/gradients.json", 0.0, "compositor/gradients@t0.000"),
    ("compositor/masks.json", 0.0, "compositor/masks@t0.000"),
    ("compositor/group-opacity.json", 0.0, "compositor/group-opacity@t0.000"),
    ("compositor/perspective.json", 0.0, "compositor/perspective@t0.000"),
    ("compositor/scale-hidden.json", 0.0, "compositor/scale-hidden@t0.000"),
    ("demo/pull-to-refresh.json", 0.75, "demo/pull-to-refresh@t0.750"),
    ("demo/pull-to-refresh.json", 1.6, "demo/pull-to-refresh@t1.600"),
    ("compositing/masks.json", 0.0, "compositing/masks@t0.000"),
    ("compositing/mask-reveal.json", 0.6, "compositing/mask-reveal@t0.600"),
    ("compositing/mask-reveal.json", 1.2, "compositing/mask-reveal@t1.200"),
    ("compositing/shadows.json", 0.0, "compositing/shadows@t0.000"),
    ("compositing/shadow-clipped.json", 0.0, "compositing/shadow-clipped@t0.000"),
    ("compositing/replicator.json", 0.0, "compositing/replicator@t0.000"),
    ("compositing/blend-modes.json", 0.0, "compositing/blend-modes@t0.000"),
    ("compositing/blend-in-group.json", 0.0, "compositing/blend-in-group@t0.000"),
    ("compositing/corners.json", 0.0, "compositing/corners@t0.000"),
    ("compositing/combination.json", 0.5, "compositing/combination@t0.500"),
  ]

  @Test(arguments: goldens)
  func frameMatchesGolden(_ scene: String, _ time: Double, _ golden: String) throws {
    let renderer = Renderer(try Fixtures.scene("Scenes/" + scene))
    if let failure = Golden.compare(renderer.frame(atTime: time), name: golden) {
      Issue.record(Comment(rawValue: failure))
    }
  }

  /// Bands of any height, played on any number of threads, draw the golden
  /// bytes: a band boundary never shows.
  @Test(arguments: [1, 7, 64])
  func goldensAreTheSameAtEveryBandHeight(_ bandHeight: Int) throws {
    for (scene, time, golden) in Self.goldens {
      let renderer = Renderer(try Fixtures.scene("Scenes/" + scene))
      for threads in [1, 3] {
        var image = RGBAImage(width: 0, height: 0, pixels: [])
        renderer.render(atTime: time, threads: threads, bandHeight: bandHeight, into: &image)
        if let failure = Golden.compare(image, name: golden, recording: false) {
          Issue.record(Comment(rawValue: "band height \(bandHeight), \(threads) threads: \(failure)"))
        }
      }
    }
  }

  @Test func translucentGroupIsCompositedAsOneLayer() throws {
    let frame = Renderer(try Fixtures.scene("Scenes/compositor/group-opacity.json")).frame(atTime: 0)
    func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(frame.pixels[(4 * (y * frame.width + x))..<(4 * (y * frame.width + x) + 4)]) }
    // Where the child covers its parent only the child shows, at half opacity over white:
    // 0xE0457B at 50 % → (240, 162, 189), not a mix with the parent's blue.
    let overlap = pixel(30, 30)
    #expect(overlap[0] >= 239 && overlap[0] <= 240 && overlap[1] >= 161 && overlap[1] <= 163)
  }

  @Test func framesRenderedOnManyThreadsAreByteIdentical() throws {
    let renderer = Renderer(try Fixtures.scene("Scenes/demo/pull-to-refresh.json"))
    let times = (0..<16).map { Double($0) / 8 }
    let serial = times.map { renderer.frame(atTime: $0) }
    let frames = Mutex([RGBAImage?](repeating: nil, count: times.count))
    DispatchQueue.concurrentPerform(iterations: times.count) { i in
      let image = renderer.frame(atTime: times[i])
      frames.withLock { $0[i] = image }
    }
    #expect(frames.withLock { $0.map { $0! } } == serial)
  }

  @Test(arguments: ["Scenes/demo/pull-to-refresh.json", "Scenes/compositor/group-opacity.json",
                     "Scenes/compositor/gradients.json", "Scenes/compositor/masks.json"])
  func bandsPlayedOnSeveralThreadsGiveTheSameBytesAsOne(_ scene: String) throws {
    let renderer = Renderer(try Fixtures.scene(scene))
    for time in [0.0, 0.35] {
      let one = renderer.frame(atTime: time, scale: 1.5)
      for threads in [2, 3, 7] {
        #expect(renderer.frame(atTime: time, scale: 1.5, threads: threads) == one, "\(threads) threads at \(time)")
      }
      // Rendering into a reused image gives the same bytes as into a new one.
      var reused = renderer.frame(atTime: 1, scale: 1.5)
      renderer.render(atTime: time, scale: 1.5, into: &reused)
      #expect(reused == one)
    }
  }

  @Test func overAnOpaqueBackgroundEveryPixelStaysOpaqueSoStraightEqualsPremultiplied() throws {
    // The renderer skips unpremultiplying such frames; this is why that is exact.
    for scene in ["Scenes/compositor/features.json", "Scenes/compositor/group-opacity.json",
                  "Scenes/compositor/gradients.json"] {
      let renderer = Renderer(try Fixtures.scene(scene))
      let list = renderer.displayList(atTime: 0.3)
      let premultiplied = FrameBuffer(list).pixels
      #expect(stride(from: 3, to: premultiplied.count, by: 4).allSatisfy { premultiplied[$0] == 255 }, "\(scene)")
      #expect(renderer.frame(atTime: 0.3).pixels == premultiplied, "\(scene)")
    }
  }

  @Test func renderingTwiceGivesTheSameBytes() throws {
    let renderer = Renderer(try Fixtures.scene("Scenes/compositor/features.json"))
    #expect(renderer.frame(atTime: 0, scale: 2) == renderer.frame(atTime: 0, scale: 2))
  }
}
