// SPDX-License-Identifier: Apache-2.0
// Exact-area anti-aliased coverage by signed-area accumulation.

import ZoetropeGeometry

/// Turns polylines into exact-area coverage: see ``EdgeList`` (the shape
/// as fixed-point edges, kept until it is drawn) and ``BandCells`` (the
/// signed areas the edges sweep in each pixel, summed along each row).
///
/// Non-zero takes `min(|w|, 1)`; even-odd folds `w` into 0…1 with period 2.
/// Both are exact where a pixel meets one edge (for the end points rounded
/// to 1/256 of a pixel); where several edges of overlapping contours meet
/// in one pixel they are the usual area estimate. Robust by construction: a
/// shape with a point that is not finite covers nothing, coordinates are
/// clipped to the canvas first, and the work is bounded by the clipped area
/// plus the number of segments.
package enum Rasterizer {
  /// The coverage of `polylines` (device pixels; every subpath is closed for
  /// filling) within a canvas of `canvasWidth × canvasHeight`, as a dense
  /// mask over the shape's pixels (the reference the tests read); `nil` when
  /// none of it lands on the canvas.
  package static func coverage(
    of polylines: [Polyline], fillRule: FillRule, canvasWidth: Int, canvasHeight: Int
  ) -> CoverageMask? {
    guard let list = EdgeList(polylines, fillRule: fillRule, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
    else { return nil }
    return ShapeCoverage(.edges(list)).runs().mask(x: list.originX, y: list.rows.lowerBound, width: list.width,
                                                   height: list.rows.count)
  }

  /// The coverage of `polylines` as a shape to draw (its edges, rasterized
  /// where it is drawn); `nil` when none of it lands on the canvas, or when
  /// its edges do not fit the frame's budget (the overrun is recorded in
  /// `scratch`'s).
  ///
  /// `rows` limits the shape to those device rows (the rest of it still
  /// counts for the winding of the rows kept). With an `offset`, the
  /// polylines are in a frame whose origin lies at device pixel `offset`
  /// (see ``EdgeList``): the same polylines at another offset give the same
  /// bytes, moved, wherever the canvas does not clip them.
  package static func shape(
    of polylines: [Polyline], fillRule: FillRule, canvasWidth: Int, canvasHeight: Int, rows: Range<Int>? = nil,
    offset: (x: Int, y: Int) = (0, 0), scratch: RasterScratch? = nil
  ) -> ShapeCoverage? {
    shape(of: polylines, fillRule: fillRule, canvasWidth: canvasWidth, canvasHeight: canvasHeight, rows: rows,
          offset: offset, scratch: scratch, bounds: nil)
  }

  /// ``shape(of:fillRule:canvasWidth:canvasHeight:rows:offset:scratch:)``
  /// with the polylines' bounds, when known (measured once for the pieces
  /// of a shape with a straight middle).
  static func shape(
    of polylines: [Polyline], fillRule: FillRule, canvasWidth: Int, canvasHeight: Int, rows: Range<Int>?,
    offset: (x: Int, y: Int), scratch: RasterScratch?, bounds: EdgeList.Bounds?
  ) -> ShapeCoverage? {
    // Rows only vertical sides cross are rectangles side by side: no edges there.
    if rows == nil, let middle = straightMiddle(polylines, fillRule: fillRule), let rectangles = middleRectangles(
      middle, canvasWidth: canvasWidth, canvasHeight: canvasHeight, offset: offset)
    {
      var pieces: [ShapeCoverage.Piece] = []
      let bounds = EdgeList.Bounds(polylines)
      // The middle rows in the polylines' frame; the parts above and below, in device rows.
      let middleRows = (middle.rows.lowerBound + offset.y)..<(middle.rows.upperBound + offset.y)
      for part in [Int.min..<middleRows.lowerBound, middleRows, middleRows.upperBound..<Int.max] {
        if part == middleRows {
          pieces += rectangles.map { .rectangle($0) }
        } else if let piece = shape(of: polylines, fillRule: fillRule, canvasWidth: canvasWidth,
                                    canvasHeight: canvasHeight, rows: part, offset: offset, scratch: scratch,
                                    bounds: bounds) {
          pieces += piece.pieces
        } else if scratch?.budget.isWithin == false {
          return nil
        }
      }
      return pieces.isEmpty ? nil : ShapeCoverage(pieces: pieces)
    }
    guard let list = EdgeList(polylines, fillRule: fillRule, canvasWidth: canvasWidth, canvasHeight: canvasHeight,
                              rows: rows, offset: offset, budget: scratch?.budget, bounds: bounds)
    else { return nil }
    return ShapeCoverage(.edges(list))
  }
}

extension Rasterizer {
  /// The rectangles of a straight middle's spans (those on the canvas), or
  /// `nil` when two of them touch one pixel column: each rectangle blends
  /// on its own, and a pixel two spans share would blend twice where the
  /// edges blend it once.
  static func middleRectangles(_ middle: (rows: Range<Int>, spans: [(left: Double, right: Double)]),
                               canvasWidth: Int, canvasHeight: Int, offset: (x: Int, y: Int))
    -> [RectangleCoverage]?
  {
    var rectangles: [RectangleCoverage] = []
    for span in middle.spans {
      guard let rectangle = RectangleCoverage(minX: span.left, minY: Double(middle.rows.lowerBound),
                                              maxX: span.right, maxY: Double(middle.rows.upperBound),
                                              canvasWidth: canvasWidth, canvasHeight: canvasHeight, offset: offset)
      else { continue }
      if let last = rectangles.last, last.columns.upperBound > rectangle.columns.lowerBound { return nil }
      rectangles.append(rectangle)
    }
    return rectangles
  }
}

/// Working memory the rasterizer can reuse between shapes of one frame, and
/// the frame's budget. Not thread-safe: one per recording thread.
package final class RasterScratch {
  private var bandCells: BandCells?
  /// What the frame drawn with this scratch may still spend.
  package let budget: FrameBudget
  /// A scratch spending `budget`, with `cells` (all zero) to start from, or none.
  package init(budget: FrameBudget = FrameBudget(), cells: BandCells? = nil) {
    self.budget = budget
    bandCells = cells
  }

  /// Cells for resolving shapes up to `width` columns wide, a bucket of rows at a time.
  func cells(width: Int) -> BandCells {
    if let bandCells, bandCells.width >= width { return bandCells }
    let cells = BandCells(width: width, rows: EdgeList.bucketRows)
    bandCells = cells
    return cells
  }
}

/// The stretches of consecutive set bits in a row of touched-group words, as
/// group ranges, left to right; stretches continue across word boundaries.
/// A gap of one clear group between set ones (within a word) is taken into
/// the stretch around it:
/// resolving a group of zero cells costs less than ending a stretch and
/// starting the next. Clears each word it reads.
struct MarkedStretches {
  let words: UnsafeMutablePointer<UInt64>
  let count: Int
  private var index = 0
  private var bits: UInt64 = 0

  init(words: UnsafeMutablePointer<UInt64>, count: Int) {
    self.words = words
    self.count = count
  }

  /// A word's bits with every lone clear bit between two set ones set: a
  /// gap of one group (four zero cells) is resolved with its neighbours
  /// rather than ending a stretch — a stretch costs more than a group.
  @inline(__always)
  static func bridged(_ word: UInt64) -> UInt64 { word | ((word << 1) & (word >> 1)) }

  /// The next stretch `first..<end` of groups, or `nil` after the last.
  @inline(__always)
  mutating func next() -> (Int, Int)? {
    while bits == 0 {
      guard index < count else { return nil }
      let word = words[index]
      index &+= 1
      // (A clear word is left as it is: nothing to bridge or clear.)
      guard word != 0 else { continue }
      bits = MarkedStretches.bridged(word)
      words[index &- 1] = 0
    }
    let base = (index &- 1) &<< 6
    let first = base | bits.trailingZeroBitCount
    // Adding its lowest bit carries through the lowest stretch of ones: the
    // sum's lowest set bit is where it ends, and the sum's bits anded with
    // the word's leave the stretches above it.
    let carried = bits &+ (bits & (0 &- bits))
    if carried != 0 {
      bits &= carried
      return (first, base | carried.trailingZeroBitCount)
    }
    // The stretch reached the top of the word: it goes on while the next word starts with a one.
    bits = 0
    while index < count, words[index] & 1 != 0 {
      let word = MarkedStretches.bridged(words[index])
      words[index] = 0
      index &+= 1
      let through = word &+ 1
      if through != 0 {
        bits = word & through
        return (first, (index &- 1) &<< 6 | through.trailingZeroBitCount)
      }
    }
    return (first, index &<< 6)
  }
}
