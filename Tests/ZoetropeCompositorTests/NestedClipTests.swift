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

  /// Run in a process of its own (an exit test): peak memory is the whole
  /// process's, and other tests running beside it raised it by a gigabyte.
  @Test func nineThousandNestedClippingLayersRenderInBoundedMemory() async {
    await #expect(processExitsWith: .success) {
      let failures = NestedClipTests.renderNineThousandNestedClippingLayers()
      for failure in failures { print(failure) }
      exit(failures.isEmpty ? EXIT_SUCCESS : EXIT_FAILURE)
    }
  }

  /// Renders the nested layers and returns what went wrong, if anything.
  static func renderNineThousandNestedClippingLayers() -> [String] {
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
    var failures: [String] = []
    if frame.pixels[4 * (128 * 256 + 128)] != 0 { failures.append("the innermost layer is not drawn") }
    if frame.pixels[4 * (2 * 256 + 2)] != 255 { failures.append("outside the rounded corner: not clipped away") }
    if grown >= 300_000_000 { failures.append("peak memory grew by \(grown / 1_000_000) MB") }
    return failures
  }
}
