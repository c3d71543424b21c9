// SPDX-License-Identifier: Apache-2.0
// The runs a command draws through on a band's rows: stored runs walked, edges rasterized, rectangles worked out, clips multiplied.

import ZoetropeShaders

extension DisplayList {
  /// Calls `body` for every run of `coverage` on `rows` (with its pixels in
  /// the band, and its coverage bytes or `nil` for a constant run): stored
  /// runs are walked, edges rasterized and rectangle rows worked out for
  /// these rows only.
  @inline(__always)
  func blend(_ coverage: Coverage, runs: UnsafeBufferPointer<CoverageSpans>, scratch: BandScratch,
                     rows: Range<Int>, into band: UnsafeMutablePointer<UInt8>, clip: Range<Int>?,
                     _ body: (UnsafeMutablePointer<UInt8>, CoverageSpans.Span, UnsafePointer<UInt8>?) -> Void) {
    let width = self.width
    switch coverage {
    case .runs(let index):
      blend(runs[index], cursor: scratch.cursors + index, rows: rows, into: band, clip: clip, body)
    case .edges(let index):
      edgeLists.withUnsafeBufferPointer { lists in
        let list = lists.baseAddress! + index
        let shared = list.pointee.rows.clamped(to: rows)
        guard !shared.isEmpty else { return }
        let cells = scratch.cells
        cells.forEachRow(of: list, rows: shared) { spans in
          for span in spans {
            let bytes = span.offset < 0 ? nil : UnsafePointer(cells.bytes + Int(span.offset))
            guard let (span, bytes) = DisplayList.clipped(span, bytes, to: clip) else { continue }
            let pixels = band + 4 * ((Int(span.y) - rows.lowerBound) * width + Int(span.x))
            body(pixels, span, bytes)
          }
        }
      }
    case .clipped(let index):
      let (piece, mask, columns) = clippedPieces[index]
      blendClipped(piece, mask: mask, columns: columns, runs: runs, scratch: scratch, rows: rows, into: band, clip: clip,
                   body)
    case .rectangle(let index):
      let rectangle = rectangles[index]
      let shared = rectangle.rows.clamped(to: rows)
      guard !shared.isEmpty else { return }
      rectangle.forEachRow(shared) { y, spans, bytes in
        for span in spans {
          guard let (span, bytes) = DisplayList.clipped(span, span.offset < 0 ? nil : bytes + Int(span.offset), to: clip)
          else { continue }
          let pixels = band + 4 * ((y - rows.lowerBound) * width + Int(span.x))
          body(pixels, span, bytes)
        }
      }
    }
  }

  /// Blends `solid` under the edges `edgeLists[index]` on `rows` (a band's,
  /// `band` holding them) as each row is resolved: the runs
  /// ``blend(_:runs:scratch:rows:into:clip:_:)`` would hand on, blended the
  /// same way, without laying them out first.
  @inline(__always)
  func fill(edges index: Int, _ solid: SolidBlend, scratch: BandScratch, rows: Range<Int>,
                    into band: UnsafeMutablePointer<UInt8>) {
    edgeLists.withUnsafeBufferPointer { lists in
      let list = lists.baseAddress! + index
      let shared = list.pointee.rows.clamped(to: rows)
      guard !shared.isEmpty else { return }
      var runs = SolidRuns(solid: solid, band: band, top: rows.lowerBound, width: width)
      scratch.cells.fill(list, rows: shared, into: &runs)
    }
  }

  /// ``fill(edges:_:scratch:rows:into:)`` within the columns `clip` (a band
  /// played in some columns only): each run cut to them as
  /// ``blend(_:runs:scratch:rows:into:clip:_:)`` cuts it.
  @inline(__always)
  func fill(edges index: Int, _ solid: SolidBlend, clip: Range<Int>, scratch: BandScratch, rows: Range<Int>,
            into band: UnsafeMutablePointer<UInt8>) {
    withUnsafePointer(to: clip) { clip in
      fill(edges: index, solid, clips: UnsafeBufferPointer(start: clip, count: 1), scratch: scratch, rows: rows,
           into: band)
    }
  }

  /// ``fill(edges:_:scratch:rows:into:)`` within the runs of columns `clips`
  /// (apart, left to right): the edges deposited and resolved once, each
  /// run cut to each of them.
  @inline(__always)
  func fill(edges index: Int, _ solid: SolidBlend, clips: ArraySlice<Range<Int>>, scratch: BandScratch,
            rows: Range<Int>, into band: UnsafeMutablePointer<UInt8>) {
    clips.withUnsafeBufferPointer { clips in
      fill(edges: index, solid, clips: clips, scratch: scratch, rows: rows, into: band)
    }
  }

  @inline(__always)
  private func fill(edges index: Int, _ solid: SolidBlend, clips: UnsafeBufferPointer<Range<Int>>,
                    scratch: BandScratch, rows: Range<Int>, into band: UnsafeMutablePointer<UInt8>) {
    edgeLists.withUnsafeBufferPointer { lists in
      let list = lists.baseAddress! + index
      let shared = list.pointee.rows.clamped(to: rows)
      guard !shared.isEmpty else { return }
      var runs = ClippedSolidRuns(runs: SolidRuns(solid: solid, band: band, top: rows.lowerBound, width: width),
                                  clips: clips)
      scratch.cells.resolve(list, rows: shared, into: &runs)
    }
  }

  /// ``blend(_:runs:scratch:rows:into:clip:_:)`` for `piece` multiplied by
  /// the runs `runs[mask]`: each run of the piece is cut where the mask's
  /// runs on its row begin and end, and each part reaches `body` with its
  /// bytes times the mask's (`div255(c × m)`): as it is under a fully opaque
  /// constant mask run, as a constant run where both are constant, and not
  /// at all where the mask has no run. Nothing is laid out per pixel: the
  /// two sets of runs are walked side by side (the piece's runs come row by
  /// row, left to right, as every kind of coverage hands them on).
  func blendClipped(_ piece: Coverage, mask: Int, columns: Range<Int>, runs: UnsafeBufferPointer<CoverageSpans>,
                            scratch: BandScratch, rows: Range<Int>, into band: UnsafeMutablePointer<UInt8>,
                            clip: Range<Int>?,
                            _ body: (UnsafeMutablePointer<UInt8>, CoverageSpans.Span, UnsafePointer<UInt8>?) -> Void) {
    let columns = columns.clamped(to: clip ?? 0..<width)
    guard !columns.isEmpty else { return }
    let product = scratch.product
    runs[mask].spans.withUnsafeBufferPointer { masks in
      runs[mask].coverage.withUnsafeBufferPointer { maskBytes in
        guard let last = masks.last, Int(last.y) >= rows.lowerBound, Int(masks[0].y) < rows.upperBound else { return }
        // The mask's first run on or below the band, walked on from the last band.
        let top = Int32(rows.lowerBound)
        var next = scratch.cursors[mask]
        while next < masks.count && masks[next].y < top { next += 1 }
        scratch.cursors[mask] = next
        blend(piece, runs: runs, scratch: scratch, rows: rows, into: band, clip: columns) { pixels, span, bytes in
          let start = span.x, end = span.x + span.count
          // Runs ending before this one cannot reach the piece's later runs either.
          while next < masks.count
            && (masks[next].y < span.y || (masks[next].y == span.y && masks[next].x + masks[next].count <= start))
          {
            next += 1
          }
          var k = next
          while k < masks.count && masks[k].y == span.y && masks[k].x < end {
            let m = masks[k]
            k += 1
            let low = Swift.max(start, m.x), high = Swift.min(end, m.x + m.count)
            guard low < high else { continue }
            var part = span
            part.x = low
            part.count = high - low
            let n = Int(high - low), skip = Int(low - start)
            let partBytes = bytes.map { $0 + skip }
            if m.offset < 0 {
              if m.value == 255 {
                body(pixels + 4 * skip, part, partBytes)
                continue
              }
              guard let partBytes else {
                part.value = UInt8(truncatingIfNeeded: div255(UInt32(span.value) * UInt32(m.value)))
                if part.value > 0 { body(pixels + 4 * skip, part, nil) }
                continue
              }
              multiplyCoverage(product, nil, partBytes, constant: m.value, count: n)
            } else {
              let under = maskBytes.baseAddress! + Int(m.offset + low - m.x)
              multiplyCoverage(product, partBytes, under, constant: span.value, count: n)
            }
            part.offset = 0
            body(pixels + 4 * skip, part, UnsafePointer(product))
          }
        }
      }
    }
  }

  /// Calls `body` for every run of `runs` on `rows` (with its pixels in the
  /// band, and its coverage bytes or `nil` for a constant run). `cursor`
  /// remembers where the previous (higher) band of this worker stopped.
  @inline(__always)
  func blend(_ runs: borrowing CoverageSpans, cursor: UnsafeMutablePointer<Int>, rows: Range<Int>,
                     into band: UnsafeMutablePointer<UInt8>, bytesPerPixel: Int = 4, bandTop: Int? = nil,
                     clip: Range<Int>? = nil,
                     _ body: (UnsafeMutablePointer<UInt8>, CoverageSpans.Span, UnsafePointer<UInt8>?) -> Void) {
    let width = self.width
    let bandTop = bandTop ?? rows.lowerBound
    runs.spans.withUnsafeBufferPointer { spans in
      runs.coverage.withUnsafeBufferPointer { coverage in
        // Runs are sorted by row: skip those above the band (walking on from
        // where the last band stopped), and the whole set when it ends above.
        guard let last = spans.last, Int(last.y) >= rows.lowerBound, Int(spans[0].y) < rows.upperBound else { return }
        let top = Int32(rows.lowerBound)
        var i = cursor.pointee
        while i < spans.count && spans[i].y < top { i += 1 }
        cursor.pointee = i
        while i < spans.count {
          let span = spans[i]
          let y = Int(span.y)
          guard y < rows.upperBound else { break }
          i += 1
          // Runs come in row order; one out of it is skipped, never drawn
          // outside the band.
          guard y >= rows.lowerBound else { continue }
          let x = Int(span.x), n = Int(span.count)
          guard x >= 0, n > 0, x + n <= width,
            let (span, bytes) = DisplayList.clipped(span, span.offset < 0 ? nil : coverage.baseAddress! + Int(span.offset),
                                                    to: clip)
          else { continue }
          let pixels = band + bytesPerPixel * ((y - bandTop) * width + Int(span.x))
          body(pixels, span, bytes)
        }
      }
    }
  }

  /// A run and its bytes cut to the columns `clip` (nothing to cut without
  /// one); `nil` when nothing of it is left.
  @inline(__always)
  static func clipped(_ span: CoverageSpans.Span, _ bytes: UnsafePointer<UInt8>?, to clip: Range<Int>?)
    -> (CoverageSpans.Span, UnsafePointer<UInt8>?)?
  {
    guard let clip else { return (span, bytes) }
    let x = Int(span.x), low = Swift.max(x, clip.lowerBound), high = Swift.min(x + Int(span.count), clip.upperBound)
    guard low < high else { return nil }
    var cut = span
    cut.x = Int32(low)
    cut.count = Int32(high - low)
    return (cut, bytes.map { $0 + (low - x) })
  }

  /// A group's columns within the frame and within `columns`, `(x0, x1)`.
  @inline(__always)
  func clipped(_ bounds: PixelBounds, to columns: Range<Int>?) -> (Int, Int) {
    let low = Swift.max(bounds.minX, columns?.lowerBound ?? 0), high = Swift.min(bounds.maxX, columns?.upperBound ?? width)
    return (low, Swift.max(low, high))
  }
}
