// SPDX-License-Identifier: Apache-2.0
// Regression: 9,000 nested masksToBounds layers used to take a dense canvas-sized mask each (6.6 GB, then abort).

import Foundation
import Testing
import Zoetrope

@Suite struct NestedClipTests {
  /// The process's peak resident memory so far, bytes.
  static func peakResidentBytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_maxrss) * 1024
  }

  @Test func nineThousandNestedClippingLayersRenderInBoundedMemory() {
    // 256 × 256: the old dense masks would need 9,000 × 64 KiB = 590 MB.
    let canvas = Canvas(width: 256, height: 256)
    let root = Scene.makeRoot(for: canvas)
    var parent = root
    for level in 0..<9_000 {
      let layer = Layer()
      layer.frame = Rect(x: 0, y: 0, width: 250, height: 250)
      // Rounded every hundredth level: clips with per-pixel edges among plain ones.
      layer.cornerRadius = level % 100 == 0 ? 30 : 0
      layer.masksToBounds = true
      parent.addSublayer(layer)
      parent = layer
    }
    parent.backgroundColor = .black
    let before = Self.peakResidentBytes()
    let frame = Renderer(Scene(canvas: canvas, root: root)).frame(atTime: 0)
    let grown = Self.peakResidentBytes() - before
    #expect(frame.pixels[4 * (128 * 256 + 128)] == 0, "the innermost layer is drawn")
    #expect(frame.pixels[4 * (2 * 256 + 2)] == 255, "outside the rounded corner: clipped away")
    #expect(grown < 300_000_000, "peak memory grew by \(grown / 1_000_000) MB")
  }
}
