// SPDX-License-Identifier: Apache-2.0
// A device-space clip (masksToBounds) as coverage runs, intersected run by run.

import ZoetropeShaders

/// The clip of a `masksToBounds` layer, intersected with every clip above it,
/// kept as coverage runs: its memory is proportional to its runs (a few per
/// row it spans), not to the canvas, so thousands of nested clips cost what
/// their shapes cost. Shapes drawn under it have their coverage multiplied
/// by it (`div255(c × clip)`), so clipped edges stay anti-aliased.
///
/// An earlier version kept one coverage byte per canvas pixel per clip:
/// 9,000 nested clipping layers took a megabyte each and aborted at 6.6 GB.
package final class ClipMask: Sendable {
  /// The clip's coverage, rows top to bottom, runs left to right.
  package let runs: CoverageSpans

  /// The clip of `runs` (`nil`: nothing, which clips everything away), inside
  /// `parent` when given.
  package init(_ runs: CoverageSpans?, parent: ClipMask?) {
    let own = runs ?? CoverageSpans()
    self.runs = parent.map { own.intersection(with: $0.runs) } ?? own
  }

  /// Whether the clip lets nothing through.
  package var isEmpty: Bool { runs.spans.isEmpty }

  /// Coverage runs restricted to the clip.
  package func clip(_ runs: CoverageSpans) -> CoverageSpans {
    runs.intersection(with: self.runs)
  }
}

extension CoverageSpans {
  /// The product of two coverages, pixel by pixel (`div255(a × b)`), as runs:
  /// where both runs are constant the result is one constant run; elsewhere
  /// a byte per pixel. Both must be in order (rows ascending, runs in a row
  /// left to right and disjoint), as the rasterizer makes them; so is the
  /// result. Zero products are left out where a whole run is zero.
  package func intersection(with other: CoverageSpans) -> CoverageSpans {
    var result = CoverageSpans()
    guard let first = spans.first, let last = spans.last, let otherFirst = other.spans.first,
      let otherLast = other.spans.last, first.y <= otherLast.y, otherFirst.y <= last.y
    else { return result }
    // Start both walks at the first row they share.
    let top = Swift.max(first.y, otherFirst.y)
    var i = spans.firstIndex(atOrAfterRow: top)
    var j = other.spans.firstIndex(atOrAfterRow: top)
    // At most one run per run of either side; bytes at most the smaller side's pixels.
    result.spans.reserveCapacity(spans.count - i + other.spans.count - j)
    var bytes = [UInt8]()
    bytes.reserveCapacity(Swift.min(coverage.count + other.spans.count * 4, other.coverage.count + spans.count * 4))
    spans.withUnsafeBufferPointer { a in
      other.spans.withUnsafeBufferPointer { b in
        coverage.withUnsafeBufferPointer { aBytes in
          other.coverage.withUnsafeBufferPointer { bBytes in
            while i < a.count && j < b.count {
              let s = a[i], t = b[j]
              if s.y != t.y {
                if s.y < t.y { i += 1 } else { j += 1 }
                continue
              }
              let start = Swift.max(s.x, t.x), end = Swift.min(s.x + s.count, t.x + t.count)
              if start < end {
                if s.offset < 0 && t.offset < 0 {
                  let value = UInt8(div255(UInt32(s.value) * UInt32(t.value)))
                  if value > 0 {
                    result.spans.append(Span(y: s.y, x: start, count: end - start, offset: -1, value: value))
                  }
                } else {
                  let offset = bytes.count, count = Int(end - start)
                  let p = s.offset < 0 ? nil : aBytes.baseAddress! + Int(s.offset + start - s.x)
                  let q = t.offset < 0 ? nil : bBytes.baseAddress! + Int(t.offset + start - t.x)
                  bytes.append(contentsOf: repeatElement(0, count: count))
                  bytes.withUnsafeMutableBufferPointer { out in
                    let o = out.baseAddress! + offset
                    switch (p, q) {
                    case let (p?, q?): for k in 0..<count { o[k] = UInt8(div255(UInt32(p[k]) * UInt32(q[k]))) }
                    case let (p?, nil):
                      let v = UInt32(t.value)
                      if v == 255 { o.update(from: p, count: count) } else {
                        for k in 0..<count { o[k] = UInt8(div255(UInt32(p[k]) * v)) }
                      }
                    case let (nil, q?):
                      let v = UInt32(s.value)
                      if v == 255 { o.update(from: q, count: count) } else {
                        for k in 0..<count { o[k] = UInt8(div255(UInt32(q[k]) * v)) }
                      }
                    case (nil, nil): break
                    }
                  }
                  result.spans.append(Span(y: s.y, x: start, count: end - start, offset: Int32(offset), value: 0))
                }
              }
              // Advance the run that ends first (both when they end together).
              let sEnd = s.x + s.count, tEnd = t.x + t.count
              if sEnd <= tEnd { i += 1 }
              if tEnd <= sEnd { j += 1 }
            }
          }
        }
      }
    }
    result.coverage = bytes
    return result
  }
}

extension Array where Element == CoverageSpans.Span {
  /// The index of the first run on row `y` or below (binary search: runs are sorted by row).
  func firstIndex(atOrAfterRow y: Int32) -> Int {
    var low = 0, high = count
    while low < high {
      let middle = (low + high) / 2
      if self[middle].y < y { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
