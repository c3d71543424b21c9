// SPDX-License-Identifier: Apache-2.0
// An edge list's runs resolved once, row by row: what every copy of a kept shape plays instead of depositing its edges.

/// The runs of every row of an edge list, as ``BandCells`` resolves them,
/// kept: a shape the frame draws many times (a list of identical cards,
/// moved by whole pixels) is deposited and resolved once, and every copy
/// hands the kept runs, moved, to the same sinks.
///
/// The runs are recorded from the sink calls of ``BandCells``'s own
/// resolving (``BandCells/resolve(_:rows:into:)``, a bucket of rows at a
/// time), so playing them makes the very calls — the same varying and
/// constant runs, the same bytes, in the same order — that depositing the
/// edges again would: a row's runs depend on the edges crossing it alone,
/// not on the band it is resolved in.
///
///     rowStarts  0     3  3     6          row 1 has no runs
///     spans      [v c v][ ][v c v] …       x relative to the list's first column
///     bytes      ▒▒▒▒▒▒  ▒▒▒▒▒▒ …          the varying runs' coverage, one after another
///
/// Immutable once made (shared by every copy, read by every rendering
/// thread). Made only for small lists (``maximumPixels``): its bytes grow
/// with the pixels near the edges, and a frame is not charged for them.
package final class ResolvedRows: @unchecked Sendable {
  /// Lists over more pixels than this (columns × rows) are not resolved
  /// ahead: 256 × 256, a card's corner rows many times over.
  package static let maximumPixels = 1 << 16

  /// The first row of the list resolved, in the edges' own y (its device
  /// row less its ``EdgeList/rowsMoved``).
  let firstRow: Int
  /// How many rows are kept.
  let rowCount: Int
  /// The runs of row `firstRow + r` are `spans[rowStarts[r] ..< rowStarts[r + 1]]`:
  /// x counted from the list's first column, y unused, the offset of a
  /// varying run's bytes in `bytes` (−1 for a constant run).
  private let spans: UnsafeMutablePointer<CoverageSpans.Span>
  private let rowStarts: UnsafeMutablePointer<Int32>
  private let bytes: UnsafeMutablePointer<UInt8>
  /// The bytes kept (runs, row starts and coverage).
  package let byteCount: Int

  /// The runs of `list` (which must not carry resolved rows), resolved with
  /// `cells` (left all zero); `nil` when the list covers more than
  /// ``maximumPixels`` or is wider than `cells` take.
  init?(_ list: EdgeList, cells: BandCells) {
    guard list.resolvedRows == nil, list.width <= cells.width,
      list.width * list.rows.count <= ResolvedRows.maximumPixels
    else { return nil }
    var recorder = Recorder(top: list.rows.lowerBound, originX: list.originX)
    var top = list.rows.lowerBound
    while top < list.rows.upperBound {
      // A bucket at a time, as shapes resolved for masks are.
      let band = top..<Swift.min((top / EdgeList.bucketRows + 1) * EdgeList.bucketRows, list.rows.upperBound)
      cells.resolve(list, rows: band, into: &recorder)
      top = band.upperBound
    }
    recorder.startRow(list.rows.count)
    firstRow = list.rows.lowerBound - list.rowsMoved
    rowCount = list.rows.count
    spans = .allocate(capacity: Swift.max(recorder.spans.count, 1))
    spans.initialize(from: recorder.spans, count: recorder.spans.count)
    rowStarts = .allocate(capacity: recorder.rowStarts.count)
    rowStarts.initialize(from: recorder.rowStarts, count: recorder.rowStarts.count)
    // Room past the last run, as the cells' own bytes have, for kernels that read ahead.
    bytes = .allocate(capacity: recorder.bytes.count + 32)
    bytes.initialize(from: recorder.bytes, count: recorder.bytes.count)
    (bytes + recorder.bytes.count).initialize(repeating: 0, count: 32)
    byteCount = recorder.spans.count * MemoryLayout<CoverageSpans.Span>.stride
      + recorder.rowStarts.count * MemoryLayout<Int32>.stride + recorder.bytes.count
  }

  deinit {
    spans.deallocate()
    rowStarts.deallocate()
    bytes.deallocate()
  }

  /// Hands the runs on device rows `rows` of a copy of the list these
  /// were resolved from — its first column `originX`, moved `rowsMoved`
  /// rows (``EdgeList/rowsMoved``) — to `sink`, as resolving its edges
  /// there would.
  @inline(__always)
  func play<Sink: RowRunSink>(originX: Int, rowsMoved: Int, rows: Range<Int>, into sink: inout Sink) {
    for y in rows {
      let r = y &- rowsMoved &- firstRow
      // A row outside the list has no runs (its edges reach no further).
      guard r >= 0 && r < rowCount else { continue }
      let row = Int32(truncatingIfNeeded: y)
      for i in Int(rowStarts[r])..<Int(rowStarts[r &+ 1]) {
        let span = spans[i]
        if span.offset < 0 {
          sink.constant(y: row, x: originX &+ Int(span.x), count: Int(span.count), value: span.value)
        } else {
          sink.varying(y: row, x: originX &+ Int(span.x), count: Int(span.count),
                       bytes: UnsafePointer(bytes + Int(span.offset)))
        }
      }
    }
  }

  /// Lays out the runs on device row `y` of a copy of the list (as
  /// ``play(originX:rowsMoved:rows:into:)`` takes it) as spans into `runs`,
  /// copying the varying runs' bytes to `into` (their offsets counted from
  /// it), as ``BandCells/forEachRow(of:rows:_:)`` lays out a row it
  /// resolved; the number of spans.
  @inline(__always)
  func layOut(originX: Int, rowsMoved: Int, row y: Int, runs: UnsafeMutablePointer<CoverageSpans.Span>,
              bytes into: UnsafeMutablePointer<UInt8>) -> Int {
    let r = y &- rowsMoved &- firstRow
    guard r >= 0 && r < rowCount else { return 0 }
    let first = Int(rowStarts[r]), end = Int(rowStarts[r &+ 1])
    let dx = Int32(truncatingIfNeeded: originX), row = Int32(truncatingIfNeeded: y)
    var used: Int32 = 0
    for i in first..<end {
      var span = spans[i]
      span.y = row
      span.x &+= dx
      if span.offset >= 0 {
        (into + Int(used)).update(from: bytes + Int(span.offset), count: Int(span.count))
        span.offset = used
        used &+= span.count
      }
      runs[i &- first] = span
    }
    return end &- first
  }

  /// Collects the runs as the cells hand them on.
  private struct Recorder: RowRunSink {
    /// The list's first device row and column.
    let top: Int, originX: Int
    var spans: [CoverageSpans.Span] = []
    var rowStarts: [Int32] = []
    var bytes: [UInt8] = []

    init(top: Int, originX: Int) {
      (self.top, self.originX) = (top, originX)
    }

    /// Opens row `r` (and every row before it not yet opened, empty).
    mutating func startRow(_ r: Int) {
      while rowStarts.count <= r { rowStarts.append(Int32(spans.count)) }
    }

    mutating func varying(y: Int32, x: Int, count: Int, bytes run: UnsafePointer<UInt8>) {
      startRow(Int(y) - top)
      spans.append(CoverageSpans.Span(y: 0, x: Int32(x - originX), count: Int32(count), offset: Int32(bytes.count),
                                      value: 0))
      bytes.append(contentsOf: UnsafeBufferPointer(start: run, count: count))
    }

    mutating func constant(y: Int32, x: Int, count: Int, value: UInt8) {
      startRow(Int(y) - top)
      spans.append(CoverageSpans.Span(y: 0, x: Int32(x - originX), count: Int32(count), offset: -1, value: value))
    }
  }
}

extension EdgeList {
  /// The list carrying `resolved` (made from it or from a list it is a
  /// copy of): ``BandCells`` then plays those runs instead of depositing
  /// the edges.
  func carrying(_ resolved: ResolvedRows) -> EdgeList {
    EdgeList(originX: originX, width: width, rows: rows, fillRule: fillRule, interiorColumns: interiorColumns,
             interiorRows: interiorRows, emptyColumns: emptyColumns, emptyRows: emptyRows, edges: edges,
             bucketStarts: bucketStarts, firstBucket: firstBucket,
             rowsMoved: rowsMoved, resolvedRows: resolved)
  }
}
