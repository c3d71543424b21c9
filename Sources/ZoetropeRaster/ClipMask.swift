// SPDX-License-Identifier: Apache-2.0
// A device-space clip (masksToBounds) as coverage bytes over the whole canvas.

import Shaders

/// The clip of a `masksToBounds` layer, intersected with every clip above it:
/// one coverage byte per canvas pixel. Shapes drawn under it have their
/// coverage multiplied by it (`div255(c × clip)`), so clipped edges stay
/// anti-aliased.
package final class ClipMask: @unchecked Sendable {
  let width: Int
  let height: Int
  private(set) var coverage: [UInt8]

  /// The clip of `runs`, inside `parent` when given.
  package init(_ runs: CoverageSpans?, width: Int, height: Int, parent: ClipMask?) {
    self.width = width
    self.height = height
    var dense = [UInt8](repeating: 0, count: width * height)
    if let runs {
      for span in runs.spans {
        let y = Int(span.y), x = Int(span.x)
        guard y >= 0, y < height, x >= 0, x + Int(span.count) <= width else { continue }
        for i in 0..<Int(span.count) {
          var c = span.offset < 0 ? span.value : runs.coverage[Int(span.offset) + i]
          if let parent { c = UInt8(div255(UInt32(c) * UInt32(parent.coverage[y * width + x + i]))) }
          dense[y * width + x + i] = c
        }
      }
    }
    coverage = dense
  }

  /// Coverage runs restricted to the clip: every run becomes per-pixel bytes.
  package func clip(_ runs: CoverageSpans) -> CoverageSpans {
    var result = CoverageSpans()
    for span in runs.spans {
      let y = Int(span.y), x = Int(span.x)
      guard y >= 0, y < height, x >= 0, x + Int(span.count) <= width else { continue }
      let offset = result.coverage.count
      for i in 0..<Int(span.count) {
        let c = span.offset < 0 ? span.value : runs.coverage[Int(span.offset) + i]
        result.coverage.append(UInt8(div255(UInt32(c) * UInt32(coverage[y * width + x + i]))))
      }
      result.spans.append(CoverageSpans.Span(y: span.y, x: span.x, count: span.count, offset: Int32(offset), value: 0))
    }
    return result
  }
}
