// SPDX-License-Identifier: Apache-2.0
// A shape's coverage as the rasterizer hands it on: edges, rectangle rows or runs, resolved where needed.

import ZoetropeShaders

/// The coverage of one shape, in pieces that lie on disjoint rows, top to
/// bottom — but for rectangles side by side on the same rows, left to right
/// and on disjoint columns: edges rasterized only where the shape is drawn
/// (band by band, while its pixels are in cache), the rows of an
/// axis-aligned rectangle (computed directly, no cells), or runs already
/// resolved (what a clip or a blur produced). A rounded rectangle is its
/// upper corners' edges, the rectangle between them and its lower corners'
/// edges; a border's ring has two rectangles in the middle.
///
/// ``runs(scratch:)`` resolves every piece into one set of runs, for what
/// needs them at record time (clips, masks, shadows).
package struct ShapeCoverage: Sendable {
  /// One piece of a shape's coverage.
  package enum Piece: Sendable {
    /// Edges, rasterized where drawn.
    case edges(EdgeList)
    /// Rows of an axis-aligned rectangle.
    case rectangle(RectangleCoverage)
    /// Resolved runs.
    case runs(CoverageSpans)
  }

  /// The pieces, each on rows below the previous one's (or a rectangle on
  /// the same rows as the rectangle before it, to its right).
  package var pieces: [Piece]
  /// A clip the coverage is multiplied by (`div255(c × clip)`), applied
  /// where the shape is drawn; `nil` for none.
  package var clip: ClipMask?

  /// A shape of one piece.
  package init(_ piece: Piece) { pieces = [piece] }

  /// A shape of `pieces` (rows in order).
  package init(pieces: [Piece]) { self.pieces = pieces }

  /// The shape's runs, resolved now (a rectangle's and a list's the same
  /// bytes the band playback blends), priced against `scratch`'s budget
  /// (none past it: the overrun is recorded there).
  package func runs(scratch: RasterScratch? = nil) -> CoverageSpans {
    if let clip {
      var unclipped = self
      unclipped.clip = nil
      return clip.clip(unclipped.runs(scratch: scratch))
    }
    if pieces.count == 1, case .runs(let runs) = pieces[0] { return runs }
    var result = CoverageSpans()
    var index = 0
    while index < pieces.count {
      switch pieces[index] {
      case .edges(let list): list.appendRuns(to: &result, cells: (scratch ?? RasterScratch()).cells(width: list.width))
      case .rectangle(let rectangle):
        // Rectangles side by side on the same rows go in row by row: runs
        // are in row order, and left to right within a row.
        var side = [rectangle]
        while index + 1 < pieces.count, case .rectangle(let next) = pieces[index + 1], next.rows == rectangle.rows {
          side.append(next)
          index += 1
        }
        RectangleCoverage.appendRuns(of: side, to: &result)
      case .runs(let runs): result.append(runs)
      }
      index += 1
    }
    // Held until playback (a clip's, a mask's): priced like any coverage.
    if let budget = scratch?.budget, !budget.spend(coverage: result, on: "resolving its coverage") {
      return CoverageSpans()
    }
    return result
  }

  /// The device pixels the shape may touch (exact for runs and rectangles,
  /// the edges' pixel box for edges); empty for none.
  package var bounds: DeviceRect {
    var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
    for piece in pieces {
      let r: DeviceRect = switch piece {
      case .edges(let list): DeviceRect(x: list.originX, y: list.rows.lowerBound, width: list.width,
                                        height: list.rows.count)
      case .rectangle(let rectangle): rectangle.pixels
      case .runs(let runs): DeviceRect(runs)
      }
      guard !r.isEmpty else { continue }
      minX = Swift.min(minX, r.x); minY = Swift.min(minY, r.y)
      maxX = Swift.max(maxX, r.maxX); maxY = Swift.max(maxY, r.maxY)
    }
    guard minX < maxX, minY < maxY else { return DeviceRect(width: 0, height: 0) }
    let own = DeviceRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    return clip.map { own.intersection(DeviceRect($0.runs)) } ?? own
  }

  /// The bytes the shape holds until playback (priced against the frame's budget).
  package var byteCount: Int {
    pieces.reduce(0) { total, piece in
      switch piece {
      case .edges(let list): total + list.byteCount
      case .rectangle: total + MemoryLayout<RectangleCoverage>.stride
      case .runs(let runs): total + runs.byteCount
      }
    }
  }
}

extension CoverageSpans {
  /// The bytes the runs hold.
  package var byteCount: Int { coverage.count + spans.count * MemoryLayout<Span>.stride }
}

extension EdgeList {
  /// Appends the list's runs, resolved bucket by bucket (rows must follow `result`'s).
  func appendRuns(to result: inout CoverageSpans, cells: BandCells) {
    var top = rows.lowerBound
    while top < rows.upperBound {
      let band = top..<Swift.min((top / EdgeList.bucketRows + 1) * EdgeList.bucketRows, rows.upperBound)
      cells.forEachRow(of: self, rows: band) { runs in
        for run in runs {
          if run.offset < 0 {
            result.spans.append(run)
          } else {
            result.appendBytes(cells.bytes + Int(run.offset), count: Int(run.count), y: Int(run.y), x: Int(run.x))
          }
        }
      }
      top = band.upperBound
    }
  }
}

/// The rows of an axis-aligned rectangle: each pixel's coverage is the
/// product of its horizontal and vertical overlap, the exact area.
///
///     ┌─ fy·fx ─┬──── fy ────┬─ fy·fx ─┐   fy: the row's vertical overlap
///     │   fx    │     1      │   fx    │   fx: the column's horizontal overlap
///
/// The sides are rounded to the edges' grid (1/256 of a pixel) and the
/// bytes computed as the cells resolve them (`2 · fx · fy` in 1/131072 of a
/// pixel), so a rectangle gives the bytes its outline would give as edges:
/// the middle of a rounded rectangle meets its corner rows exactly.
package struct RectangleCoverage: Sendable, Equatable {
  /// The sides in fixed point (1/256 of a pixel), clipped to the canvas: `left < right`, `top < bottom`.
  let left: Int, top: Int, right: Int, bottom: Int

  /// The rectangle of these sides (fixed point, `left < right`, `top < bottom`).
  init(left: Int, top: Int, right: Int, bottom: Int) {
    (self.left, self.top, self.right, self.bottom) = (left, top, right, bottom)
  }

  /// The rectangle `minX…maxX × minY…maxY` clipped to a canvas; `nil` when
  /// it covers no pixel of it. With an `offset`, the coordinates are in a
  /// frame whose origin lies at device pixel `offset`: the sides are rounded
  /// there and moved by whole pixels (the same rectangle at another offset
  /// gives the same bytes, moved, unless the canvas clips it differently).
  package init?(minX: Double, minY: Double, maxX: Double, maxY: Double, canvasWidth: Int, canvasHeight: Int,
                offset: (x: Int, y: Int) = (0, 0)) {
    guard !minX.isNaN, !maxX.isNaN, !minY.isNaN, !maxY.isNaN else { return nil }
    // Clamped to the canvas (`-shift ..< size - shift` in the frame), rounded, moved.
    func grid(_ v: Double, _ shift: Int, _ size: Int) -> Int {
      Int((Swift.min(Swift.max(v, Double(-shift)), Double(size - shift)) * 256 + 0.5).rounded(.down)) + shift * 256
    }
    left = grid(minX, offset.x, canvasWidth)
    right = grid(maxX, offset.x, canvasWidth)
    top = grid(minY, offset.y, canvasHeight)
    bottom = grid(maxY, offset.y, canvasHeight)
    guard right > left, bottom > top else { return nil }
  }

  /// The device rows it touches.
  package var rows: Range<Int> { (top >> 8)..<((bottom + 255) >> 8) }
  /// The device columns it touches.
  var columns: Range<Int> { (left >> 8)..<((right + 255) >> 8) }
  /// The device pixels it touches.
  package var pixels: DeviceRect {
    let rows = self.rows, columns = self.columns
    return DeviceRect(x: columns.lowerBound, y: rows.lowerBound, width: columns.count, height: rows.count)
  }

  /// Calls `body` with the runs of each row of `rows` (within ``rows``), top
  /// to bottom: an edge pixel, the interior as one constant run, the other
  /// edge pixel (each left out when its coverage is zero), with the edge
  /// pixels' coverage bytes. Rows with the same vertical overlap (all but
  /// the first and the last) have the same bytes, worked out once.
  @inline(__always)
  package func forEachRow(_ rows: Range<Int>,
                          _ body: (_ y: Int, _ runs: UnsafeBufferPointer<CoverageSpans.Span>,
                                   _ bytes: UnsafePointer<UInt8>) -> Void) {
    let columns = self.columns
    let firstColumn = columns.lowerBound, lastColumn = columns.upperBound
    let overlap = RectangleCoverage.overlap, byte = RectangleCoverage.byte
    let narrow = columns.count == 1
    let leftOverlap = overlap(firstColumn, left, right), rightOverlap = overlap(lastColumn - 1, left, right)
    var previousOverlap = -1
    var edges: (UInt8, UInt8) = (0, 0)
    var runs: (CoverageSpans.Span, CoverageSpans.Span, CoverageSpans.Span) = (
      CoverageSpans.Span(y: 0, x: 0, count: 0, offset: 0, value: 0),
      CoverageSpans.Span(y: 0, x: 0, count: 0, offset: 0, value: 0),
      CoverageSpans.Span(y: 0, x: 0, count: 0, offset: 0, value: 0))
    var count = 0
    withUnsafeMutableBytes(of: &edges) { edgeBytes in
      let edgeBytes = edgeBytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
      withUnsafeMutableBytes(of: &runs) { runBytes in
        let list = runBytes.baseAddress!.assumingMemoryBound(to: CoverageSpans.Span.self)
        for row in rows {
          let fy = overlap(row, top, bottom)
          if fy != previousOverlap {
            previousOverlap = fy
            edgeBytes[0] = byte(leftOverlap, fy)
            edgeBytes[1] = byte(rightOverlap, fy)
            let interior = byte(256, fy)
            let y = Int32(row)
            count = 0
            if edgeBytes[0] > 0 {
              list[count] = CoverageSpans.Span(y: y, x: Int32(firstColumn), count: 1, offset: 0, value: 0)
              count += 1
            }
            if !narrow {
              if lastColumn - firstColumn > 2 && interior > 0 {
                list[count] = CoverageSpans.Span(y: y, x: Int32(firstColumn + 1),
                                                 count: Int32(lastColumn - firstColumn - 2), offset: -1, value: interior)
                count += 1
              }
              if edgeBytes[1] > 0 {
                list[count] = CoverageSpans.Span(y: y, x: Int32(lastColumn - 1), count: 1, offset: 1, value: 0)
                count += 1
              }
            }
          } else {
            for i in 0..<count { list[i].y = Int32(row) }
          }
          body(row, UnsafeBufferPointer(start: list, count: count), UnsafePointer(edgeBytes))
        }
      }
    }
  }

  /// Blends `solid` under the rectangle on the device rows `rows` of a band
  /// (`band` holds those rows, `width` pixels each): per row one word for
  /// each side pixel and one run between — the bytes of
  /// ``forEachRow(_:_:)``'s runs blended one by one, without the runs.
  /// (Not inlined into the playback loop: in a function that large the
  /// optimizer stops inlining the blends into it.)
  @inline(never)
  package func fill(_ solid: SolidBlend, rows: Range<Int>, band: UnsafeMutablePointer<UInt8>, width: Int) {
    let columns = self.columns
    let first = columns.lowerBound, last = columns.upperBound - 1
    forEachBandStretch(rows, band: band, width: width) { line, count, sides in
      // Rows alike in one call where the kernel takes them (all but the first and last, usually).
      if first != last, solid.fillRectangleRows(line + 4 * first, stride: 4 * width, rows: count,
                                                interiorCount: last - first - 1, left: sides.left,
                                                interior: sides.interior, right: sides.right)
      {
        return
      }
      for row in 0..<count {
        let line = line + 4 * row * width
        solid.fill(line + 4 * first, coverage: sides.left)
        if first != last {
          if sides.interior > 0 { solid.fillRun(line + 4 * (first + 1), count: last - first - 1, coverage: sides.interior) }
          solid.fill(line + 4 * last, coverage: sides.right)
        }
      }
    }
  }

  /// ``fill(_:rows:band:width:)`` within the columns `clip` only: the same
  /// bytes there, the other pixels untouched.
  @inline(never)
  package func fill(_ solid: SolidBlend, rows: Range<Int>, band: UnsafeMutablePointer<UInt8>, width: Int,
                    clip: Range<Int>) {
    let columns = self.columns
    let shown = columns.clamped(to: clip)
    guard !shown.isEmpty else { return }
    let first = columns.lowerBound, last = columns.upperBound - 1
    let leftShown = shown.contains(first), rightShown = first != last && shown.contains(last)
    let interior = ((first + 1)..<Swift.max(first + 1, last)).clamped(to: shown)
    forEachBandRow(rows, band: band, width: width) { line, sides in
      if leftShown { solid.fill(line + 4 * first, coverage: sides.left) }
      if sides.interior > 0, !interior.isEmpty {
        solid.fillRun(line + 4 * interior.lowerBound, count: interior.count, coverage: sides.interior)
      }
      if rightShown { solid.fill(line + 4 * last, coverage: sides.right) }
    }
  }

  /// Calls `body` for each row of `rows` (a band's, `band` holding them,
  /// `width` pixels each) the rectangle reaches, with the row's pixels and
  /// the coverage bytes of its left and right side pixels and its interior
  /// (worked out again only where the row's vertical overlap changes: the
  /// first and last rows).
  @inline(__always)
  private func forEachBandRow(_ rows: Range<Int>, band: UnsafeMutablePointer<UInt8>, width: Int,
                              _ body: (UnsafeMutablePointer<UInt8>, (left: UInt8, right: UInt8, interior: UInt8)) -> Void) {
    forEachBandStretch(rows, band: band, width: width) { line, count, sides in
      for row in 0..<count { body(line + 4 * row * width, sides) }
    }
  }

  /// Calls `body` for each stretch of rows of `rows` (a band's, as in
  /// ``forEachBandRow(_:band:width:_:)``) the rectangle reaches with the
  /// same vertical overlap — the first row, the rows between, the last row
  /// — with the stretch's first row's pixels, its number of rows and their
  /// coverage bytes.
  @inline(__always)
  private func forEachBandStretch(
    _ rows: Range<Int>, band: UnsafeMutablePointer<UInt8>, width: Int,
    _ body: (UnsafeMutablePointer<UInt8>, Int, (left: UInt8, right: UInt8, interior: UInt8)) -> Void
  ) {
    let shared = self.rows.clamped(to: rows)
    guard !shared.isEmpty else { return }
    let columns = self.columns
    let leftOverlap = RectangleCoverage.overlap(columns.lowerBound, left, right)
    let rightOverlap = RectangleCoverage.overlap(columns.upperBound - 1, left, right)
    var start = shared.lowerBound
    while start < shared.upperBound {
      let fy = RectangleCoverage.overlap(start, top, bottom)
      var end = start + 1
      // Whole rows run on to the last row the rectangle covers whole (the
      // rows before `bottom`'s), found at once rather than row by row.
      if fy == 256 { end = Swift.max(end, Swift.min(shared.upperBound, bottom >> 8)) }
      while end < shared.upperBound && RectangleCoverage.overlap(end, top, bottom) == fy { end += 1 }
      let sides = (left: RectangleCoverage.byte(leftOverlap, fy), right: RectangleCoverage.byte(rightOverlap, fy),
                   interior: RectangleCoverage.byte(256, fy))
      body(band + 4 * ((start - rows.lowerBound) * width), end - start, sides)
      start = end
    }
  }

  /// Overlap of pixel `index` with `low..<high` (fixed point), 0…256.
  @inline(__always)
  static func overlap(_ index: Int, _ low: Int, _ high: Int) -> Int {
    Swift.min((index + 1) << 8, high) - Swift.max(index << 8, low)
  }

  /// The coverage byte of an overlap product, rounded as the cells round.
  @inline(__always)
  static func byte(_ ox: Int, _ oy: Int) -> UInt8 {
    UInt8(truncatingIfNeeded: (2 * ox * oy * 255 + 65_536) >> 17)
  }

  /// Appends the rectangle's runs (its rows must follow `result`'s).
  package func appendRuns(to result: inout CoverageSpans) {
    RectangleCoverage.appendRuns(of: [self], to: &result)
  }

  /// Appends the runs of `rectangles` — on the same rows, left to right, on
  /// disjoint columns — row by row (their rows must follow `result`'s).
  static func appendRuns(of rectangles: [RectangleCoverage], to result: inout CoverageSpans) {
    guard let rows = rectangles.first?.rows else { return }
    result.spans.reserveCapacity(result.spans.count + 3 * rows.count * rectangles.count)
    func append(_ y: Int, _ runs: UnsafeBufferPointer<CoverageSpans.Span>, _ bytes: UnsafePointer<UInt8>) {
      for run in runs {
        if run.offset < 0 {
          result.spans.append(run)
        } else {
          result.appendBytes(bytes + Int(run.offset), count: 1, y: y, x: Int(run.x))
        }
      }
    }
    if rectangles.count == 1 {
      rectangles[0].forEachRow(rows, append)
      return
    }
    // Each rectangle's runs on their own, then interleaved row by row.
    let parts = rectangles.map { rectangle in
      var own = CoverageSpans()
      rectangle.appendRuns(to: &own)
      return own
    }
    let shifts = parts.reduce(into: [Int32(result.coverage.count)]) { $0.append($0.last! + Int32($1.coverage.count)) }
    for part in parts { result.coverage += part.coverage }
    var next = [Int](repeating: 0, count: parts.count)
    for row in rows {
      for (k, part) in parts.enumerated() {
        while next[k] < part.spans.count, part.spans[next[k]].y == Int32(row) {
          var span = part.spans[next[k]]
          if span.offset >= 0 { span.offset += shifts[k] }
          result.spans.append(span)
          next[k] += 1
        }
      }
    }
  }
}
