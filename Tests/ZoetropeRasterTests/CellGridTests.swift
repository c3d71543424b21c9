// SPDX-License-Identifier: Apache-2.0
// The deposit loop against a plain pixel-by-pixel reference, cell for cell and bit for bit.

import Testing
@testable import ZoetropeRaster
import _ZoetropeTestSupport

@Suite struct CellGridTests {
  /// Cells and touched words of `rows` rows of a shape `width` columns wide.
  struct Grid {
    let width: Int, rows: Int
    let stride: Int, wordsPerRow: Int
    var cells: [Int32]
    var touched: [UInt64]

    init(width: Int, rows: Int) {
      self.width = width
      self.rows = rows
      stride = BandCells.stride(forWidth: width)
      wordsPerRow = BandCells.words(forStride: stride)
      // One cell more, as BandCells allocates.
      cells = [Int32](repeating: 0, count: rows * stride + 1)
      // And a spare word, as BandCells allocates (a deposit may or 0 into its first byte).
      touched = [UInt64](repeating: 0, count: rows * wordsPerRow + 1)
    }
  }

  /// The deposit written out plainly: for every row an edge crosses, the
  /// x at the row's bottom from the edge's end points; within a row, every
  /// pixel the piece crosses gets the height up to its right side (the x
  /// distance times dy / |dx|, rounded half to even, at most the piece's
  /// height) less what the pixels before took, split between its cell and
  /// the next by where the piece lies in the pixel.
  static func reference(_ edges: [EdgeList.Edge], rows: Range<Int>, firstRow: Int, into grid: inout Grid) {
    func rounded(_ value: Double) -> Int { Int(value.rounded(.toNearestOrEven)) }
    for e in edges {
      let (x0, y0, x1, y1, winding) = (Int(e.x0), Int(e.y0), Int(e.x1), Int(e.y1), Int(e.winding))
      let dx = x1 - x0, dy = y1 - y0
      let heightPerX = Double(dy) / Double(abs(dx)), slope = Double(dx) / Double(dy)
      func x(atY y: Int) -> Int {
        if y == y0 { return x0 }
        if y == y1 { return x1 }
        return rounded(Double(x0) + Double(y - y0) * slope)
      }
      for row in (y0 >> 8)...((y1 - 1) >> 8) where rows.contains(row) {
        let top = max(row << 8, y0), bottom = min((row + 1) << 8, y1)
        let height = bottom - top
        let xa = x(atY: top), xb = x(atY: bottom)
        let low = min(xa, xb), high = max(xa, xb)
        let first = low >> 8, last = high >> 8
        let line = (row - firstRow) * grid.stride
        var used = 0
        for pixel in first...last {
          let through = pixel == last ? height : min(rounded(Double((pixel + 1) * 256 - low) * heightPerX), height)
          let piece = winding * (through - used)
          used = through
          let fa = max(low - pixel * 256, 0), fb = min(high - pixel * 256, 256)
          grid.cells[line + pixel] &+= Int32(truncatingIfNeeded: piece * (512 - fa - fb))
          grid.cells[line + pixel + 1] &+= Int32(truncatingIfNeeded: piece * (fa + fb))
        }
        for group in (first >> 2)...((last + 1) >> 2) {
          grid.touched[(row - firstRow) * grid.wordsPerRow + group >> 6] |= 1 << UInt64(group & 63)
        }
      }
    }
  }

  static func deposit(_ edges: [EdgeList.Edge], rows: Range<Int>, firstRow: Int, into grid: inout Grid) {
    let (stride, wordsPerRow) = (grid.stride, grid.wordsPerRow)
    grid.cells.withUnsafeMutableBufferPointer { cells in
      grid.touched.withUnsafeMutableBufferPointer { touched in
        let cellGrid = CellGrid(cells: cells.baseAddress!, touched: touched.baseAddress!, stride: stride,
                                wordsPerRow: wordsPerRow, firstRow: firstRow)
        edges.withUnsafeBufferPointer { cellGrid.deposit($0.baseAddress!, count: $0.count, rows: rows) }
      }
    }
  }

  /// Edges of every kind the deposit tells apart: within a row and across
  /// rows, within one pixel, two and many, vertical, nearly flat, on the
  /// shape's left and right sides (x = 0 and x = width), starting and
  /// ending on row boundaries, running either way.
  static func edges(count: Int, width: Int, rows: Int, seed: UInt64) -> [EdgeList.Edge] {
    var random = SeededRandom(state: seed)
    func next(_ n: Int) -> Int { Int(random.next() >> 33) % n }
    let maxX = width * 256, maxY = rows * 256
    func x() -> Int {
      switch next(8) {
      case 0: 0
      case 1: maxX
      case 2: next(width + 1) * 256
      default: next(maxX + 1)
      }
    }
    func y() -> Int { next(4) == 0 ? next(rows + 1) * 256 : next(maxY + 1) }
    return (0..<count).compactMap { _ in
      let x0 = x(), y0 = y()
      var x1: Int, y1: Int
      switch next(6) {
      case 0: (x1, y1) = (x0, y())                                                    // vertical
      case 1: (x1, y1) = (min(max(x0 + next(513) - 256, 0), maxX), y0 + next(256))   // short, mostly one row
      case 2: (x1, y1) = (x(), y0 + next(40))                                          // nearly flat
      case 3: (x1, y1) = (min(max(x0 + next(129) - 64, 0), maxX), y())                 // steep
      default: (x1, y1) = (x(), y())
      }
      y1 = min(y1, maxY)
      guard y0 != y1 else { return nil }
      let down = y0 < y1
      return down
        ? EdgeList.Edge(x0: Int32(x0), y0: Int32(y0), x1: Int32(x1), y1: Int32(y1), winding: 1)
        : EdgeList.Edge(x0: Int32(x1), y0: Int32(y1), x1: Int32(x0), y1: Int32(y0), winding: -1)
    }
  }

  /// Widths whose rows have no spare cell beyond the two carry columns
  /// (stride = width + 2) and widths that have, one word of touched bits
  /// and several; every row range, from a band of one row to all.
  @Test(arguments: [1, 2, 5, 6, 30, 62, 63, 254, 255, 257, 300])
  func depositMatchesThePixelByPixelReference(width: Int) {
    let rows = 21
    for seed in UInt64(1)...6 {
      let edges = Self.edges(count: 300, width: width, rows: rows, seed: seed &* 104_729 &+ UInt64(width))
      for range in [0..<rows, 0..<1, 3..<4, 5..<16, 20..<21, 7..<21] {
        var expected = Grid(width: width, rows: range.count), actual = expected
        Self.reference(edges, rows: range, firstRow: range.lowerBound, into: &expected)
        Self.deposit(edges, rows: range, firstRow: range.lowerBound, into: &actual)
        let place = "width \(width), seed \(seed), rows \(range)"
        if let cell = expected.cells.indices.first(where: { actual.cells[$0] != expected.cells[$0] }) {
          let (row, column) = (cell / expected.stride, cell % expected.stride)
          let (got, wanted) = (actual.cells[cell], expected.cells[cell])
          Issue.record("\(place): cell \(column) of band row \(row) is \(got), the reference's \(wanted)")
        }
        if let word = expected.touched.indices.first(where: { actual.touched[$0] != expected.touched[$0] }) {
          let (got, wanted) = (String(actual.touched[word], radix: 2), String(expected.touched[word], radix: 2))
          Issue.record("\(place): touched word \(word) is \(got), the reference's \(wanted)")
        }
      }
    }
  }
}
