// SPDX-License-Identifier: Apache-2.0
// Clips as runs: the intersection of two coverages pixel by pixel, and its size.

import Testing
import ZoetropeGeometry
import ZoetropeRaster
import _ZoetropeTestSupport

@Suite struct ClipMaskTests {
  static let canvas = Rasterizer.Canvas(width: 80, height: 60)

  static func shape(_ path: Path) -> CoverageSpans {
    Rasterizer.shape(of: path, fillRule: .nonZero, transform: .identity, canvas: canvas)?.runs() ?? CoverageSpans()
  }

  @Test func theIntersectionIsTheProductOfTheTwoCoveragesPixelByPixel() {
    var random = SeededRandom(state: 7)
    func next() -> Double { random.unit() }
    for _ in 0..<60 {
      let a = Self.shape(.ellipse(in: Rect(x: next() * 40, y: next() * 30, width: 5 + next() * 40, height: 5 + next() * 30)))
      let b = Self.shape(.roundedRect(Rect(x: next() * 40 - 5, y: next() * 30 - 5, width: 5 + next() * 50,
                                           height: 5 + next() * 40), cornerRadius: next() * 10))
      let product = a.intersection(with: b)
      let (w, h) = (Self.canvas.width, Self.canvas.height)
      let da = a.mask(x: 0, y: 0, width: w, height: h), db = b.mask(x: 0, y: 0, width: w, height: h)
      let dp = product.mask(x: 0, y: 0, width: w, height: h)
      for i in 0..<(w * h) {
        let expected = (UInt32(da.coverage[i]) * UInt32(db.coverage[i]) + 128 + ((UInt32(da.coverage[i]) * UInt32(db.coverage[i]) + 128) >> 8)) >> 8
        guard UInt32(dp.coverage[i]) == expected else {
          Issue.record("pixel \(i % w), \(i / w): \(dp.coverage[i]) instead of \(expected)")
          return
        }
      }
      // Runs stay in order, and constant × constant stays constant.
      for (s, t) in zip(product.spans, product.spans.dropFirst()) {
        #expect(s.y < t.y || (s.y == t.y && s.x + s.count <= t.x))
      }
    }
  }

  @Test func nestedClipsKeepTheSizeOfTheirRunsNotOfTheCanvas() {
    // A 4096 × 4096 canvas: a dense byte mask per clip would be 16 MiB each.
    let canvas = Rasterizer.Canvas(width: 4096, height: 4096)
    var clip: ClipMask?
    for level in 0..<200 {
      let inset = Double(level) * 0.5
      let runs = Rasterizer.shape(of: .roundedRect(Rect(x: 100 + inset, y: 100 + inset, width: 600, height: 500),
                                                     cornerRadius: 20),
                                   fillRule: .nonZero, transform: .identity, canvas: canvas)?.runs()
      clip = ClipMask(runs, parent: clip)
    }
    let runs = clip!.runs
    #expect(!runs.spans.isEmpty)
    // About three runs a row and the corner rows' bytes: tens of kilobytes.
    #expect(runs.spans.count * MemoryLayout<CoverageSpans.Span>.stride + runs.coverage.count < 200_000)
  }

  @Test func aClipOfNothingClipsEverything() {
    let clip = ClipMask(nil, parent: nil)
    #expect(clip.isEmpty)
    #expect(clip.clip(Self.shape(.rect(Rect(x: 0, y: 0, width: 20, height: 20)))).spans.isEmpty)
  }
}
