// SPDX-License-Identifier: Apache-2.0
// The accumulation cells of one band of rows: edges deposited in fixed point, rows resolved into runs.

import CZoetropeKernels
import ZoetropeGeometry

/// Exact-area coverage of one band of rows of one shape at a time, in
/// integers: every edge deposits, into the cells of the rows it crosses,
/// the signed area it sweeps in each pixel (in 1/131072 of a pixel: the
/// fixed-point heights and x fractions of 1/256 multiplied, doubled so that
/// the mean of two fractions stays whole); a running sum along a row then
/// gives the winding number integrated over each pixel.
///
///     pixel:  ┌────┬────┐     an edge piece crossing a pixel adds, to that
///             │ ╲  │    │     pixel's cell, its height times the part of
///             │  ╲ │    │     the pixel to its right, and the rest of its
///             └───╲┴────┘     height × one pixel to the next cell.
///
/// Integer arithmetic makes the result independent of evaluation order:
/// the same bytes whatever the band height, thread count or machine.
/// Windings beyond ±16,383 at one pixel wrap (the arithmetic is wrapping,
/// so absurd input draws wrongly but never traps).
///
/// Resolving a row visits only the groups of four cells a deposit touched
/// (a bit per group, found by counting trailing zeros), zeroes them, and
/// hands on the row as runs: constant coverage between touched groups, a
/// byte per pixel within them. One per rendering thread; not thread-safe.
package final class BandCells {
  /// Area units per pixel of full coverage: 2 × 256 × 256.
  static let fullArea: Int32 = 131_072
  /// Covered stretches shorter than this between two varying runs of a row
  /// are stored as bytes, joining the runs (one longer run blends faster
  /// than three).
  static let shortRun = 16

  /// The widest shape, in columns, these cells take.
  package let width: Int
  /// The most rows these cells hold at a time.
  package let capacityRows: Int
  private let capacityStride: Int
  private let cells: UnsafeMutablePointer<Int32>
  private let touched: UnsafeMutablePointer<UInt64>
  /// The runs ``forEachRow(of:rows:_:)`` lays out for the row last resolved.
  let runs: UnsafeMutablePointer<CoverageSpans.Span>
  /// The coverage bytes of the row last resolved (with room past it).
  let bytes: UnsafeMutablePointer<UInt8>

  /// The kernel that resolves cells into bytes.
  private let resolver: CoverageResolver

  // The shape being rasterized.
  private var stride = 4
  private var wordsPerRow = 1

  /// Cells for shapes up to `width` columns, `rows` rows at a time.
  package convenience init(width: Int, rows: Int) {
    self.init(width: width, rows: rows, resolver: .preferred)
  }

  /// The same cells resolved by `resolver`, which this CPU must run (the
  /// tests' choice of a narrower one than ``CoverageResolver/preferred``).
  init(width: Int, rows: Int, resolver: CoverageResolver) {
    self.resolver = resolver
    self.width = Swift.max(width, 1)
    capacityRows = Swift.max(rows, 1)
    capacityStride = BandCells.stride(forWidth: Swift.max(width, 1))
    let words = BandCells.words(forStride: capacityStride)
    // (A cell more at the end: a piece at the last row's right side adds 0 one past the row.)
    cells = .allocate(capacity: capacityRows * capacityStride + 1)
    cells.initialize(repeating: 0, count: capacityRows * capacityStride + 1)
    // (A spare word past the last row: see ``CellGrid``.)
    touched = .allocate(capacity: capacityRows * words + 1)
    touched.initialize(repeating: 0, count: capacityRows * words + 1)
    runs = .allocate(capacity: capacityStride / 2 + 8)
    bytes = .allocate(capacity: capacityStride + 32)
  }

  deinit {
    cells.deallocate()
    touched.deallocate()
    runs.deallocate()
    bytes.deallocate()
  }

  /// Cells a row of a shape `width` columns wide: two spare columns take the
  /// carries of edges on its right side, and rows hold whole groups of four.
  static func stride(forWidth width: Int) -> Int { (width + 2 + 3) & ~3 }
  /// Touched-group words a row.
  static func words(forStride stride: Int) -> Int { (stride >> 2 + 63) / 64 }

  /// Calls `body` with the runs of `list` on each row of `rows` (which must
  /// lie within the list's rows and hold at most the rows this was made
  /// for), top to bottom, laid out as spans: a varying run's bytes at its
  /// offset in ``bytes``, a constant run with offset −1 and its value.
  /// Leaves the cells zero. A list carrying ``EdgeList/resolvedRows`` lays
  /// out those runs (its bytes copied into ``bytes``), deposits nothing.
  @inline(__always)
  package func forEachRow(of list: EdgeList, rows: Range<Int>,
                          _ body: (_ runs: UnsafeBufferPointer<CoverageSpans.Span>) -> Void) {
    withUnsafePointer(to: list) { forEachRow(of: $0, rows: rows, body) }
  }

  /// ``forEachRow(of:rows:_:)`` for the list at `list` (read in place: a
  /// band of a shape copies no list).
  @inline(__always)
  func forEachRow(of list: UnsafePointer<EdgeList>, rows: Range<Int>,
                  _ body: (_ runs: UnsafeBufferPointer<CoverageSpans.Span>) -> Void) {
    if let resolved = list.pointee.resolvedRows {
      guard fits(list, rows: rows) else { return }
      for row in rows { body(UnsafeBufferPointer(start: runs, count: layOut(resolved, list, row: row))) }
      return
    }
    guard prepare(list, rows: rows) else { return }
    let shape = RowShape(list, stride: stride, wordsPerRow: wordsPerRow, resolver: resolver)
    var line = cells, words = touched
    for row in rows {
      var spans = SpanList(runs: runs, bytes: bytes)
      resolveRow(line, words, shape, y: row, into: &spans)
      body(UnsafeBufferPointer(start: runs, count: spans.count))
      line += shape.stride
      words += shape.wordsPerRow
    }
  }

  /// Hands the runs of `list` on each row of `rows` (as
  /// ``forEachRow(of:rows:_:)`` takes them) to `sink` as they are resolved,
  /// left to right and top to bottom, without laying them out: for a
  /// shape drawn as it is resolved. Leaves the cells zero. A list carrying
  /// ``EdgeList/resolvedRows`` hands on those runs: the same calls,
  /// nothing deposited.
  @inline(__always)
  func resolve<Sink: RowRunSink>(_ list: EdgeList, rows: Range<Int>, into sink: inout Sink) {
    withUnsafePointer(to: list) { resolve($0, rows: rows, into: &sink) }
  }

  /// ``resolve(_:rows:into:)`` for the list at `list` (read in place: a
  /// band of a shape copies no list).
  @inline(__always)
  func resolve<Sink: RowRunSink>(_ list: UnsafePointer<EdgeList>, rows: Range<Int>, into sink: inout Sink) {
    if let resolved = list.pointee.resolvedRows {
      guard fits(list, rows: rows) else { return }
      play(resolved, list, rows: rows, into: &sink)
      return
    }
    guard prepare(list, rows: rows) else { return }
    let shape = RowShape(list, stride: stride, wordsPerRow: wordsPerRow, resolver: resolver)
    var line = cells, words = touched
    for row in rows {
      resolveRow(line, words, shape, y: row, into: &sink)
      line += shape.stride
      words += shape.wordsPerRow
    }
  }

  /// ``resolve(_:rows:into:)`` into a sink that blends one colour: where
  /// the sink gives a ``SolidRowRunSink/resolvingBlendWord`` (a
  /// premultiplied colour), the resolver is AVX2's or AVX-512's and the list
  /// fills by the non-zero rule, the band's rows are resolved and blended in
  /// one C call (`zk_fill_band_solid_avx2` or `_avx512`): each stretch of
  /// touched cells (gaps of up to three groups joined, which blend at
  /// coverage 0 or at the constant coverage a run would give them) blended
  /// as it is resolved, its coverage kept in registers, and each constant
  /// run between stretches blended as the sink's runs are. The same pixels
  /// as the runs ``resolve(_:rows:into:)`` hands on: a stretch's bytes blend
  /// as the sink's varying runs blend them, and a constant run of a
  /// premultiplied colour as its bytes would (`div255` rounds alike in the
  /// word and in the lanes).
  @inline(__always)
  func fill<Sink: SolidRowRunSink>(_ list: UnsafePointer<EdgeList>, rows: Range<Int>, into sink: inout Sink) {
    guard resolver != .portable, let color = sink.resolvingBlendWord, list.pointee.fillRule == .nonZero,
      list.pointee.resolvedRows == nil
    else {
      resolve(list, rows: rows, into: &sink)
      return
    }
    guard prepare(list, rows: rows) else { return }
    var band = zk_band(cells: cells, touched: touched,
                       pixels: sink.pixels(y: Int32(truncatingIfNeeded: rows.lowerBound), x: list.pointee.originX),
                       rows: rows.count, stride: stride, wordsPerRow: wordsPerRow, width: list.pointee.width,
                       rowBytes: sink.rowBytes)
    if resolver == .avx512 { zk_fill_band_solid_avx512(&band, color) } else { zk_fill_band_solid_avx2(&band, color) }
  }

  /// Sets the cells up for `list` and deposits its pieces within `rows`;
  /// false when there are no rows.
  @inline(__always)
  private func prepare(_ list: UnsafePointer<EdgeList>, rows: Range<Int>) -> Bool {
    guard fits(list, rows: rows) else { return false }
    stride = BandCells.stride(forWidth: list.pointee.width)
    wordsPerRow = BandCells.words(forStride: stride)
    deposit(list, rows: rows)
    return true
  }

  /// `resolved`'s runs of `list` on `rows`, handed to `sink`. (Not inlined:
  /// the loop that deposits and resolves, inlined into its callers, is
  /// compiled as it was without this path beside it.)
  @inline(never)
  private func play<Sink: RowRunSink>(_ resolved: ResolvedRows, _ list: UnsafePointer<EdgeList>,
                                      rows: Range<Int>, into sink: inout Sink) {
    resolved.play(originX: list.pointee.originX, rowsMoved: list.pointee.rowsMoved, rows: rows, into: &sink)
  }

  /// `resolved`'s runs of `list` on device row `row`, laid out in ``runs``
  /// and ``bytes``; how many. (Not inlined, as ``play(_:_:rows:into:)``.)
  @inline(never)
  private func layOut(_ resolved: ResolvedRows, _ list: UnsafePointer<EdgeList>, row: Int) -> Int {
    resolved.layOut(originX: list.pointee.originX, rowsMoved: list.pointee.rowsMoved, row: row, runs: runs,
                    bytes: bytes)
  }

  /// Whether there are rows; traps when `list` or `rows` are larger than
  /// these cells (whether or not the list is deposited).
  @inline(__always)
  private func fits(_ list: UnsafePointer<EdgeList>, rows: Range<Int>) -> Bool {
    guard !rows.isEmpty else { return false }
    precondition(rows.count <= capacityRows && list.pointee.width <= capacityStride - 2,
                 "a band larger than its cells")
    return true
  }

  // MARK: - Deposit

  /// Deposits every piece of `list` within the device rows `rows`.
  private func deposit(_ list: UnsafePointer<EdgeList>, rows deviceRows: Range<Int>) {
    // (Fields read in place, the arrays borrowed: no copy of the list, no retain.)
    let moved = list.pointee.rowsMoved, firstBucket = list.pointee.firstBucket
    // The same rows in the edges' own y (`rowsMoved` rows up for a list
    // moved down, down for one moved up): within the rows the list was
    // made for, so never negative.
    let rows = (deviceRows.lowerBound - moved)..<(deviceRows.upperBound - moved)
    let bucketCount = list.pointee.bucketStarts.count - 1
    let first = Swift.max(rows.lowerBound / EdgeList.bucketRows - firstBucket, 0)
    let last = Swift.min((rows.upperBound - 1) / EdgeList.bucketRows - firstBucket, bucketCount - 1)
    guard first <= last else { return }
    let grid = CellGrid(cells: cells, touched: touched, stride: stride, wordsPerRow: wordsPerRow,
                        firstRow: rows.lowerBound)
    list.pointee.edges.withUnsafeBufferPointer { edges in
      list.pointee.bucketStarts.withUnsafeBufferPointer { starts in
        // An edge is listed in every bucket it crosses: each bucket gives
        // its rows only.
        for k in first...last {
          let top = (firstBucket + k) * EdgeList.bucketRows
          let shared = rows.clamped(to: top..<(top + EdgeList.bucketRows))
          grid.deposit(edges.baseAddress! + Int(starts[k]), count: Int(starts[k + 1] &- starts[k]), rows: shared)
        }
      }
    }
  }

  // MARK: - Resolve

  /// What resolving a row needs of its list and of these cells, read once
  /// a band (not once a row, through a pointer or a field the sink's
  /// stores could alias).
  struct RowShape {
    let width: Int, originX: Int, evenOdd: Bool
    /// Cells and touched words a row.
    let stride: Int, wordsPerRow: Int
    /// What resolves a stretch of cells under the list's fill rule.
    let resolve: CoverageResolver.Function

    @inline(__always)
    init(_ list: UnsafePointer<EdgeList>, stride: Int, wordsPerRow: Int, resolver: CoverageResolver) {
      (width, originX, evenOdd) = (list.pointee.width, list.pointee.originX, list.pointee.fillRule == .evenOdd)
      (self.stride, self.wordsPerRow) = (stride, wordsPerRow)
      resolve = resolver.function(evenOdd: evenOdd)
    }
  }

  /// Resolves the row whose cells are `line` and touched words `words`
  /// (device row `y`) into `sink`, its runs left to right, the bytes of
  /// varying ones in ``bytes`` at their columns. Zeroes the row's cells and
  /// bits.
  ///
  /// Run by every row of every shape, once per stretch of touched groups:
  /// the arithmetic wraps (every value is bounded by the row's width), the
  /// buffers sit in locals, and the state is three integers — the sum, the
  /// column from which it holds, and where the varying run not yet handed
  /// on begins — so that the loop keeps it in registers across the
  /// resolver's calls. A varying run goes to `sink` once it is known not
  /// to grow: a short covered stretch and the next varying one join it.
  @inline(__always)
  private func resolveRow<Sink: RowRunSink>(_ line: UnsafeMutablePointer<Int32>, _ words: UnsafeMutablePointer<UInt64>,
                                            _ shape: RowShape, y: Int, into sink: inout Sink) {
    let width = shape.width, originX = shape.originX, evenOdd = shape.evenOdd
    let resolve = shape.resolve, bytes = self.bytes
    let y = Int32(truncatingIfNeeded: y)
    var sum: Int32 = 0
    // Pixels from `constantStart` on have the coverage of `sum`.
    var constantStart = 0
    // The first column of the varying run not yet handed on, which ends at
    // `constantStart` (-1: none yet, and then `sum` is 0).
    var pendingStart = -1
    var stretches = MarkedStretches(words: words, count: shape.wordsPerRow)
    while let (firstGroup, endGroup) = stretches.next() {
      let start = firstGroup &<< 2
      guard start < width else { continue }
      // (Stretches are apart but where the first begins at column 0.)
      if start > constantStart {
        // Above 0 only after a stretch: a run is pending. (A sum of 0,
        // outside a shape, needs no rounding.)
        let value = sum == 0 ? 0 : coverageByte(sum, evenOdd: evenOdd)
        if value > 0 && start &- constantStart < BandCells.shortRun {
          // Joined to the pending run: sixteen bytes at once (fewer are
          // kept, the next stretch's written over), the buffer has room past the row.
          UnsafeMutableRawPointer(bytes + constantStart)
            .storeBytes(of: SIMD16<UInt8>(repeating: value), as: SIMD16<UInt8>.self)
        } else {
          if pendingStart >= 0 {
            sink.varying(y: y, x: originX &+ pendingStart, count: constantStart &- pendingStart,
                         bytes: UnsafePointer(bytes + pendingStart))
          }
          if value > 0 { sink.constant(y: y, x: originX &+ constantStart, count: start &- constantStart, value: value) }
          pendingStart = start
        }
      } else {
        pendingStart = start
      }
      sum = resolve(line + start, endGroup &- firstGroup, sum, bytes + start)
      constantStart = Swift.min(endGroup &<< 2, width)
    }
    if pendingStart >= 0 {
      sink.varying(y: y, x: originX &+ pendingStart, count: constantStart &- pendingStart,
                   bytes: UnsafePointer(bytes + pendingStart))
      // (The sum is 0 past a shape's last edge but where its list cuts it.)
      if sum != 0 && width > constantStart {
        let value = coverageByte(sum, evenOdd: evenOdd)
        if value > 0 { sink.constant(y: y, x: originX &+ constantStart, count: width &- constantStart, value: value) }
      }
    }
    // The carry columns, if no group resolved them.
    line[width] = 0
    line[width &+ 1] = 0
  }
}

/// Where ``BandCells`` hands the runs of a row as it resolves them, left to
/// right: coverage bytes near edges, constant coverage between.
protocol RowRunSink {
  /// Pixels `x ..< x + count` (device columns) of device row `y`, under
  /// the coverage bytes `bytes` (valid until the next run).
  mutating func varying(y: Int32, x: Int, count: Int, bytes: UnsafePointer<UInt8>)
  /// Pixels `x ..< x + count` of device row `y`, all at coverage `value` (above 0).
  mutating func constant(y: Int32, x: Int, count: Int, value: UInt8)
}

/// A ``RowRunSink`` that blends one colour into pixels it can address, so
/// that ``BandCells/fill(_:rows:into:)`` may blend a row's stretches of
/// varying coverage itself and hand on only the constant runs.
protocol SolidRowRunSink: RowRunSink {
  /// The colour as a premultiplied word where the resolve may blend it
  /// (AVX2 runs, and the colour is premultiplied), else `nil`.
  var resolvingBlendWord: UInt32? { get }
  /// The first byte of the pixel at device column `x` of device row `y`
  /// (a row's pixels follow each other, four bytes apiece).
  func pixels(y: Int32, x: Int) -> UnsafeMutablePointer<UInt8>
  /// The bytes from a pixel to the one below it.
  var rowBytes: Int { get }
}

/// A row's runs laid out as spans, their bytes' offsets counted from `bytes`.
struct SpanList: RowRunSink {
  /// Where the spans go (room for a row's).
  let runs: UnsafeMutablePointer<CoverageSpans.Span>
  /// The row's coverage bytes, which the offsets count from.
  let bytes: UnsafeMutablePointer<UInt8>
  /// How many spans are laid out.
  private(set) var count = 0

  /// No spans yet, laid out into `runs`, their offsets counted from `bytes`.
  init(runs: UnsafeMutablePointer<CoverageSpans.Span>, bytes: UnsafeMutablePointer<UInt8>) {
    self.runs = runs
    self.bytes = bytes
  }

  @inline(__always)
  mutating func varying(y: Int32, x: Int, count n: Int, bytes start: UnsafePointer<UInt8>) {
    runs[count] = CoverageSpans.Span(y: y, x: Int32(truncatingIfNeeded: x), count: Int32(truncatingIfNeeded: n),
                                     offset: Int32(truncatingIfNeeded: start - UnsafePointer(bytes)), value: 0)
    count &+= 1
  }

  @inline(__always)
  mutating func constant(y: Int32, x: Int, count n: Int, value: UInt8) {
    runs[count] = CoverageSpans.Span(y: y, x: Int32(truncatingIfNeeded: x), count: Int32(truncatingIfNeeded: n),
                                     offset: -1, value: value)
    count &+= 1
  }
}
