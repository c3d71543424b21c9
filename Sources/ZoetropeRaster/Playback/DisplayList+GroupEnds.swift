// SPDX-License-Identifier: Apache-2.0
// A group's end in a band: its buffer blended onto the one below, whole or through a mask, in some columns.

import ZoetropeShaders

extension DisplayList {
  /// Blends the group buffer `source` onto `below` at `alpha` (under the
  /// blend `mode`, or source-over) within the group's `bounds` on the
  /// band's rows, in the columns `columns` only (`nil`: all).
  func endGroup(alpha: UInt8, bounds: PixelBounds, mode: BlendFormula?, columns: Range<Int>?, rows: Range<Int>,
                scratch: BandScratch, from source: UnsafeMutablePointer<UInt8>,
                onto below: UnsafeMutablePointer<UInt8>) {
    let (x0, x1) = clipped(bounds, to: columns)
    let first = Swift.max(bounds.minY, rows.lowerBound) - rows.lowerBound
    let last = x1 > x0 ? Swift.min(bounds.maxY, rows.upperBound) - rows.lowerBound : first
    if let mode {
      for row in first..<last {
        let offset = 4 * (row * width + x0)
        blendRow(below + offset, source: source + offset, alpha: alpha, count: x1 - x0, mode: mode)
      }
    } else {
      scratch.constant.update(repeating: alpha, count: x1 - x0)
      for row in first..<last {
        let offset = 4 * (row * width + x0)
        BlendKernels.sourceOverRow(below + offset, source: source + offset, coverage: scratch.constant, count: x1 - x0)
      }
    }
  }

  /// ``endGroup(alpha:bounds:mode:columns:rows:scratch:from:onto:)``
  /// through the mask whose coverage is the runs `runs[mask]`: each pixel
  /// of the group weighted by the mask's coverage there (and `alpha`).
  func endGroup(alpha: UInt8, bounds: PixelBounds, mode: BlendFormula?, mask: Int, columns: Range<Int>?,
                rows: Range<Int>, runs: UnsafeBufferPointer<CoverageSpans>, scratch: BandScratch,
                from source: UnsafeMutablePointer<UInt8>, onto below: UnsafeMutablePointer<UInt8>) {
    let (x0, x1) = clipped(bounds, to: columns)
    let first = Swift.max(bounds.minY, rows.lowerBound), last = Swift.min(bounds.maxY, rows.upperBound)
    guard x1 > x0, first < last else { return }
    // The mask's coverage over the group's columns, row by row in the band.
    let coverage = scratch.maskRows
    for row in first..<last { (coverage + (row - rows.lowerBound) * width + x0).update(repeating: 0, count: x1 - x0) }
    blend(runs[mask], cursor: scratch.cursors + mask, rows: first..<last, into: coverage,
          bytesPerPixel: 1, bandTop: rows.lowerBound, clip: x0..<x1) { pixels, span, bytes in
      if let bytes { pixels.update(from: bytes, count: Int(span.count)) } else {
        pixels.update(repeating: span.value, count: Int(span.count))
      }
    }
    for row in first..<last {
      let offset = (row - rows.lowerBound) * width + x0
      let maskRow = coverage + offset
      if let mode {
        scaleRowByCoverage(source + 4 * offset, coverage: maskRow, count: x1 - x0)
        blendRow(below + 4 * offset, source: source + 4 * offset, alpha: alpha, count: x1 - x0, mode: mode)
      } else {
        if alpha < 255 {
          for i in 0..<(x1 - x0) { maskRow[i] = UInt8(truncatingIfNeeded: div255(UInt32(maskRow[i]) * UInt32(alpha))) }
        }
        BlendKernels.sourceOverRow(below + 4 * offset, source: source + 4 * offset, coverage: maskRow, count: x1 - x0)
      }
    }
  }
}
