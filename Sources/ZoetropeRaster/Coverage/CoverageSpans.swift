// SPDX-License-Identifier: Apache-2.0
// Coverage as runs: constant spans for shape interiors, per-pixel bytes near edges.

/// A shape's coverage as horizontal runs (sparse strips): interior runs carry
/// one coverage value, the pixels near edges carry a byte each. Compositing
/// runs instead of a dense mask skips empty pixels and blends interiors with a
/// constant-coverage kernel.
package struct CoverageSpans: Sendable {
  /// One horizontal run of pixels on one row.
  package struct Span: Sendable, Equatable {
    /// Device row.
    package var y: Int32
    /// First device column.
    package var x: Int32
    /// Number of pixels.
    package var count: Int32
    /// Offset of this run's bytes in ``CoverageSpans/coverage``, or -1 for a
    /// constant run whose coverage is ``value``.
    package var offset: Int32
    /// The coverage of a constant run.
    package var value: UInt8

    /// A run of `count` pixels from column `x` on row `y`: constant at
    /// `value` when `offset` is −1, else its bytes at `offset`.
    @inlinable
    package init(y: Int32, x: Int32, count: Int32, offset: Int32, value: UInt8) {
      (self.y, self.x, self.count, self.offset, self.value) = (y, x, count, offset, value)
    }
  }

  /// The runs, row by row, left to right; runs of zero coverage are left out.
  package var spans: [Span] = []
  /// Per-pixel coverage of the varying runs.
  package var coverage: [UInt8] = []

  /// No runs: covers nothing.
  package init() {}

  /// Appends the runs of `other` (which must lie on later rows, to keep the order).
  package mutating func append(_ other: CoverageSpans) {
    let shift = Int32(coverage.count)
    spans.reserveCapacity(spans.count + other.spans.count)
    for var span in other.spans {
      if span.offset >= 0 { span.offset += shift }
      spans.append(span)
    }
    coverage += other.coverage
  }

  /// The spans as a dense mask over `x, y, width, height` (for tests and tools).
  package func mask(x: Int, y: Int, width: Int, height: Int) -> CoverageMask {
    var dense = [UInt8](repeating: 0, count: width * height)
    for span in spans {
      for i in 0..<Int(span.count) {
        let px = Int(span.x) + i - x, py = Int(span.y) - y
        guard px >= 0, px < width, py >= 0, py < height else { continue }
        dense[py * width + px] = span.offset < 0 ? span.value : coverage[Int(span.offset) + i]
      }
    }
    return CoverageMask(x: x, y: y, width: width, height: height, coverage: dense)
  }
}
