// SPDX-License-Identifier: Apache-2.0
// Text frames compared exactly with reviewed PNGs, after checking that each font resolved to the pinned file.

import Testing
import Zoetrope
import ZoetropeRaster
import _ZoetropeTestSupport

@Suite struct TextGoldenTests {
  /// Every text golden: scene, time, golden name, and the font files (by
  /// name) the golden was recorded with. A machine whose fontconfig resolves
  /// the scene's families to other files would draw other glyphs, so the
  /// test checks the files first.
  static let goldens: [(String, Double, String, [String])] = [
    ("text/alignment.json", 0, "text/alignment@t0.000", ["DejaVuSans.ttf"]),
    ("text/truncation.json", 0, "text/truncation@t0.000", ["DejaVuSans.ttf"]),
    ("text/shaping.json", 0, "text/shaping@t0.000", ["DejaVuSans.ttf"]),
    ("text/animated.json", 0, "text/animated@t0.000", ["LiberationSans-Regular.ttf"]),
    ("text/animated.json", 0.5, "text/animated@t0.500", ["LiberationSans-Regular.ttf"]),
    ("text/rotated-3d.json", 0, "text/rotated-3d@t0.000", ["LiberationSans-Regular.ttf"]),
    ("demo/write-word.json", 0.6, "demo/write-word@t0.600", ["DejaVuSans.ttf"]),
    ("demo/write-word.json", 1.5, "demo/write-word@t1.500", ["DejaVuSans.ttf"]),
    // Text and images in the compositing model: tinted by replicator copies,
    // casting shadows, as masks and masked.
    ("compositing/replicator-contents.json", 0, "compositing/replicator-contents@t0.000",
     ["DejaVuSans-Bold.ttf", "DejaVuSans.ttf"]),
    ("compositing/content-shadows.json", 0, "compositing/content-shadows@t0.000", ["DejaVuSans-Bold.ttf"]),
    ("compositing/content-masks.json", 0, "compositing/content-masks@t0.000", ["DejaVuSans-Bold.ttf", "DejaVuSans.ttf"]),
  ]

  /// The scene, after checking that its fonts resolved to `files`.
  static func scene(_ name: String, fonts files: [String]) throws -> Scene {
    let scene = try Fixtures.scene("Scenes/" + name)
    for font in scene.fonts {
      let file = font.file.split(separator: "/").last.map(String.init) ?? font.file
      #expect(files.contains(file), "\(name): \(font) — the golden was recorded with \(files.joined(separator: ", "))")
    }
    return scene
  }

  @Test(arguments: goldens)
  func frameMatchesGolden(_ scene: String, _ time: Double, _ golden: String, _ fonts: [String]) throws {
    let renderer = Renderer(try Self.scene(scene, fonts: fonts))
    if let failure = Golden.compare(renderer.frame(atTime: time), name: golden) {
      Issue.record(Comment(rawValue: failure))
    }
  }

  /// Characters DejaVu Sans lacks come from fontconfig's fallback; the golden
  /// was recorded with Droid Sans Fallback (Debian's fonts-droid-fallback).
  /// Skipped, with the reason printed, where another font (or none) has them.
  @Test func cjkFallbackMatchesGolden() throws {
    let base = try Font.named("DejaVu Sans")
    let fallback = FontLibrary.shared.fallback(for: "你", after: base)
    guard let fallback, fallback.file.hasSuffix("/DroidSansFallbackFull.ttf") else {
      print("skipped cjkFallbackMatchesGolden: U+4F60 falls back to \(fallback?.description ?? "no installed font"); "
        + "the golden was recorded with DroidSansFallbackFull.ttf (fonts-droid-fallback)")
      return
    }
    let renderer = Renderer(try Self.scene("text/cjk-fallback.json", fonts: ["DejaVuSans.ttf"]))
    if let failure = Golden.compare(renderer.frame(atTime: 0), name: "text/cjk-fallback@t0.000") {
      Issue.record(Comment(rawValue: failure))
    }
  }

  /// Text draws the same bytes at any band height and thread count.
  @Test(arguments: [1, 7, 64])
  func textGoldensAreTheSameAtEveryBandHeight(_ bandHeight: Int) throws {
    for (scene, time, golden, fonts) in Self.goldens {
      let renderer = Renderer(try Self.scene(scene, fonts: fonts))
      for threads in [1, 3] {
        var image = RGBAImage(width: 0, height: 0, pixels: [])
        renderer.render(atTime: time, threads: threads, bandHeight: bandHeight, into: &image)
        if let failure = Golden.compare(image, name: golden, recording: false) {
          Issue.record(Comment(rawValue: "band height \(bandHeight), \(threads) threads: \(failure)"))
        }
      }
    }
  }
}
