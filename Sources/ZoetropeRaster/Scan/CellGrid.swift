// SPDX-License-Identifier: Apache-2.0
// Depositing edge pieces into the cells of a band: the rasterizer's inner loop.

/// The cells of a band as plain values, so that the deposit loop keeps its
/// pointers and sizes in registers: `stride` cells and `wordsPerRow` touched
/// words a row, row 0 being row `firstRow` of the edges' y (the device row
/// less the list's ``EdgeList/rowsMoved``). The touched words have a spare
/// word past the last row's (a piece marks two bytes at once, which may
/// reach one byte past its row's words: or-ed with 0 there).
struct CellGrid {
  let cells: UnsafeMutablePointer<Int32>
  let touched: UnsafeMutablePointer<UInt64>
  let stride: Int
  let wordsPerRow: Int
  let firstRow: Int

  /// Deposits the parts of `count` edges within `rows` (rows of the edges' y).
  ///
  /// Where an edge crosses a row boundary y its x is worked out from the
  /// edge's own end points in double precision (`x0 + (y − y0) × dx / dy`)
  /// and rounded to the grid (``rounded(_:)``) — from the edge, not from
  /// where a band or bucket begins — so every row gets the same values
  /// however the frame is banded and wherever the shape's buckets fall: a
  /// shape moved by whole pixels gets the same bytes, moved. IEEE
  /// arithmetic makes them the same on every machine.
  ///
  /// (Not inlined into the bands' loop over buckets: on its own the loop
  /// keeps more of an edge's values in registers.)
  @inline(never)
  func deposit(_ edges: UnsafePointer<EdgeList.Edge>, count: Int, rows: Range<Int>) {
    let topRow = rows.lowerBound, bottomRow = rows.upperBound &- 1
    for i in 0..<count {
      let e = edges[i]
      let x0 = Int(e.x0), y0 = Int(e.y0), x1 = Int(e.x1), y1 = Int(e.y1), winding = Int(e.winding)
      let firstRow = y0 &>> 8, lastRow = (y1 &- 1) &>> 8
      let rowA = Swift.max(firstRow, topRow), rowB = Swift.min(lastRow, bottomRow)
      guard rowA <= rowB else { continue }
      let dx = x1 &- x0, dy = y1 &- y0
      // Height per unit of x (infinite for a vertical edge, which never crosses a pixel's side).
      let heightPerX = Double(dy) / Double(dx < 0 ? 0 &- dx : dx)
      var line = cells + (rowA &- self.firstRow) &* stride
      var words = touched + (rowA &- self.firstRow) &* wordsPerRow
      if firstRow == lastRow {
        // Within one row (most edges of curves, glyphs and strokes).
        depositRow(line, words, Swift.min(x0, x1), Swift.max(x0, x1), height: dy, winding: winding,
                   heightPerX: heightPerX)
        continue
      }
      let slope = Double(dx) / Double(dy), origin = Double(x0)
      // The rows' pieces, each from where the edge enters its row to where
      // it leaves: left to right where the edge runs right (x rounded from
      // a line is monotonic), else right to left — a copy of the loop for
      // each, so that no piece compares its ends.
      @inline(__always) func pieces(runsRight: Bool) {
        @inline(__always) func piece(_ xa: Int, _ xb: Int, height: Int) {
          if runsRight {
            depositRow(line, words, xa, xb, height: height, winding: winding, heightPerX: heightPerX)
          } else {
            depositRow(line, words, xb, xa, height: height, winding: winding, heightPerX: heightPerX)
          }
        }
        var xa: Int, row = rowA
        if rowA == firstRow {
          // The first row's piece, from (`x0`, `y0`) to the row's bottom.
          let boundary = (row &+ 1) &<< 8
          let xb = CellGrid.rounded(origin + Double(boundary &- y0) * slope)
          piece(x0, xb, height: boundary &- y0)
          xa = xb
          row &+= 1
          line += stride
          words += wordsPerRow
        } else {
          xa = CellGrid.rounded(origin + Double((row &<< 8) &- y0) * slope)
        }
        // Whole rows, top to bottom, but the edge's last row: `offset` is
        // the row's bottom less `y0`, counted in a Double (whole numbers far
        // below 2⁵³: exactly the Double the integer converts to).
        let ends = rowB == lastRow, wholeRowsEnd = ends ? rowB : rowB &+ 1
        var offset = Double(((row &+ 1) &<< 8) &- y0)
        while row < wholeRowsEnd {
          let xb = CellGrid.rounded(origin + offset * slope)
          piece(xa, xb, height: 256)
          xa = xb
          offset += 256
          row &+= 1
          line += stride
          words += wordsPerRow
        }
        // The last row's piece, from its top to (`x1`, `y1`).
        if ends { piece(xa, x1, height: y1 &- (row &<< 8)) }
      }
      if dx >= 0 { pieces(runsRight: true) } else { pieces(runsRight: false) }
    }
  }

  /// Deposits the part of an edge within one row (`line`: its cells,
  /// `words`: its touched bits), between `low` and `high` (fixed point,
  /// `low ≤ high`), `height` units tall (1…256), signed by `winding`.
  ///
  /// A piece within one pixel adds `h × (512 − fa − fb)` to its cell and
  /// `h × (fa + fb)` to the next (fa, fb: the x fractions at its ends). A
  /// piece crossing pixels is cut where it crosses each pixel's side, the
  /// height up to the cut being the x distance times the edge's
  /// `heightPerX`, rounded, at most `height`: the cut heights sum to `height`
  /// exactly. Pieces within one or two pixels (nearly all) take no branch:
  /// which of the two they are is a selection, not a jump, because it is as
  /// often one as the other and a mispredicted jump costs more than the
  /// arithmetic of both.
  ///
  ///     if cells == 1 { deposit(first, h) }            // the branchy equivalent
  ///     else { deposit(first, h₁); deposit(second, h − h₁) }
  @inline(__always)
  func depositRow(_ line: UnsafeMutablePointer<Int32>, _ words: UnsafeMutablePointer<UInt64>, _ low: Int, _ high: Int,
                  height: Int, winding: Int, heightPerX: Double) {
    let first = low &>> 8, last = high &>> 8
    if last &- first > 1 {
      depositWide(line, words, low, high, height: height, winding: winding, heightPerX: heightPerX)
      return
    }
    let lowFraction = low & 255, highFraction = high & 255
    let split = last != first
    let cut = Swift.min(CellGrid.rounded(Double(256 &- lowFraction) * heightPerX), height)
    let firstHeight = split ? cut : height
    let firstEnd = split ? 256 : highFraction
    let whole = winding &* height, a = winding &* firstHeight, b = whole &- a
    // The second pixel's two parts go to cells `first + 1` and `first + 2`
    // (`last` and `last + 1`); within one pixel `b` is 0 and the third
    // cell (spare, past the row at its right end) gets 0. One add to each
    // cell: two to the same cell would wait for each other through memory.
    // The middle one, `a × firstSum + b × (512 − highFraction)`, is what
    // the piece's whole `512 × winding × height` leaves of the other two.
    let near = a &* (512 &- lowFraction &- firstEnd), far = b &* highFraction
    line[first] &+= Int32(truncatingIfNeeded: near)
    line[first &+ 1] &+= Int32(truncatingIfNeeded: whole &<< 9 &- near &- far)
    line[first &+ 2] &+= Int32(truncatingIfNeeded: far)
    // Groups `first >> 2` and `(last + 1) >> 2`, the same or neighbours.
    let group = first &>> 2, next = (last &+ 1) &>> 2
    #if _endian(little)
    // Both bits lie in the sixteen from the byte holding the first (bit g
    // of the words is bit g & 7 of byte g >> 3): one or of two bytes,
    // wherever they fall in the words (past the last row's, a spare word).
    let pair = UInt16(truncatingIfNeeded: 1 | (next &- group) &<< 1) &<< UInt16(truncatingIfNeeded: group & 7)
    let raw = UnsafeMutableRawPointer(words), offset = group &>> 3
    raw.storeBytes(of: raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self) | pair, toByteOffset: offset,
                   as: UInt16.self)
    #else
    // One store, and a second only where they straddle two words.
    let bit = group & 63
    words[group &>> 6] |= (1 | UInt64(truncatingIfNeeded: next &- group) &<< 1) &<< UInt64(truncatingIfNeeded: bit)
    if bit &+ (next &- group) == 64 { words[next &>> 6] |= 1 }
    #endif
  }

  /// ``depositRow(_:_:_:_:height:winding:heightPerX:)`` for a piece crossing
  /// three pixels or more (a flat edge).
  func depositWide(_ line: UnsafeMutablePointer<Int32>, _ words: UnsafeMutablePointer<UInt64>, _ low: Int,
                   _ high: Int, height: Int, winding: Int, heightPerX: Double) {
    let first = low &>> 8, last = high &>> 8
    let lowFraction = low & 255
    // The first pixel: from `low` to its right side.
    var used = Swift.min(CellGrid.rounded(Double(256 &- lowFraction) * heightPerX), height)
    line[first] &+= Int32(truncatingIfNeeded: winding &* used &* (256 &- lowFraction))
    line[first &+ 1] &+= Int32(truncatingIfNeeded: winding &* used &* (256 &+ lowFraction))
    var cell = first &+ 1
    while cell < last {
      let through = Swift.min(CellGrid.rounded(Double(((cell &+ 1) &<< 8) &- low) * heightPerX), height)
      let piece = Int32(truncatingIfNeeded: winding &* (through &- used) &* 256)
      line[cell] &+= piece
      line[cell &+ 1] &+= piece
      used = through
      cell &+= 1
    }
    // The last pixel: from its left side to `high`, the rest of the height.
    let highFraction = high & 255
    let rest = winding &* (height &- used)
    line[last] &+= Int32(truncatingIfNeeded: rest &* (512 &- highFraction))
    line[last &+ 1] &+= Int32(truncatingIfNeeded: rest &* highFraction)
    mark(words, from: first, through: last &+ 1)
  }

  /// `value` (|value| < 2⁵¹) rounded to the nearest integer, ties to even,
  /// by adding 1.5 × 2⁵² (the sum's low mantissa bits are then the integer):
  /// no range checks, unlike `Int(_:)`, whose checks cost a third of the
  /// deposit. Every value rounded here lies within the canvas's grid.
  @inline(__always)
  static func rounded(_ value: Double) -> Int {
    Int(Int32(truncatingIfNeeded: (value + 6_755_399_441_055_744).bitPattern))
  }

  /// Sets the bits of the groups holding cells `first…last` of a row.
  @inline(__always)
  func mark(_ words: UnsafeMutablePointer<UInt64>, from first: Int, through last: Int) {
    var group = first &>> 2
    let lastGroup = last &>> 2
    while group <= lastGroup {
      let bit = group & 63
      let count = Swift.min(64 &- bit, lastGroup &- group &+ 1)
      let bits = count == 64 ? UInt64.max : ((UInt64(1) &<< UInt64(count)) &- 1) &<< UInt64(bit)
      words[group &>> 6] |= bits
      group &+= count
    }
  }
}
