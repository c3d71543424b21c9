// SPDX-License-Identifier: Apache-2.0
// Exact-area anti-aliased coverage by signed-area accumulation.

import ZoetropeGeometry

/// Turns polylines into exact-area coverage: every edge deposits, into an
/// accumulation row, the signed area it sweeps in each pixel; a running sum
/// along the row then gives the winding number integrated over each pixel.
///
///     pixel:  ┌────┬────┐     an edge crossing a row adds, to the pixel it
///             │ ╲  │    │     passes through, the part of the row height it
///             │  ╲ │    │     spans times the part of the pixel to its right;
///             └───╲┴────┘     the remainder carries to the next pixel.
///
/// Non-zero takes `min(|w|, 1)`; even-odd folds `w` into 0…1 with period 2.
/// Both are exact where a pixel meets one edge; where several edges of
/// overlapping contours meet in one pixel they are the usual area estimate.
/// Robust by construction: a shape with a point that is not finite covers
/// nothing, coordinates are clipped to the canvas first, and the work is bounded
/// by the clipped area plus the number of segments.
package enum Rasterizer {
  /// The coverage of `polylines` (device pixels; every subpath is closed for
  /// filling) within a canvas of `canvasWidth × canvasHeight`; `nil` when none
  /// of it lands on the canvas.
  package static func coverage(
    of polylines: [Polyline], fillRule: FillRule, canvasWidth: Int, canvasHeight: Int
  ) -> CoverageMask? {
    guard let (accumulator, x0, y0) = accumulate(polylines, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
    else { return nil }
    return CoverageMask(x: x0, y: y0, width: accumulator.width, height: accumulator.height,
                        coverage: accumulator.resolve(fillRule: fillRule))
  }

  /// The same coverage as runs (what the compositor blends); `nil` when none
  /// of the shape lands on the canvas.
  ///
  /// With a `scratch`, the accumulation buffer is borrowed from it and handed
  /// back cleared (resolving zeroes each cell it reads), so a frame allocates
  /// and clears one buffer instead of one per shape.
  ///
  /// `rows` limits the result to those device rows (the rest of the shape still
  /// counts for the winding of the rows kept).
  package static func spans(
    of polylines: [Polyline], fillRule: FillRule, canvasWidth: Int, canvasHeight: Int, rows: Range<Int>? = nil,
    scratch: RasterScratch? = nil
  ) -> CoverageSpans? {
    guard case (var accumulator, let x0, let y0)? = accumulate(polylines, canvasWidth: canvasWidth,
                                                              canvasHeight: canvasHeight, rows: rows, scratch: scratch)
    else { return nil }
    let runs = accumulator.resolveSpans(fillRule: fillRule, x: x0, y: y0)
    scratch?.cells = accumulator.takeCells()
    if let budget = scratch?.budget, !budget.spend(coverage: runs, on: "rasterizing it") { return nil }
    return runs
  }

  /// Deposits every edge into an accumulation buffer over the shape's clipped bounds.
  static func accumulate(
    _ polylines: [Polyline], canvasWidth: Int, canvasHeight: Int, rows: Range<Int>? = nil,
    scratch: RasterScratch? = nil
  ) -> (Accumulator, Int, Int)? {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    var finite = true
    for line in polylines {
      for p in line.points {
        minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
        minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
        finite = finite && p.x.isFinite && p.y.isFinite
      }
    }
    // A NaN or infinite point (a transform that overflowed, for one) leaves
    // the shape without a defined area: it covers nothing.
    guard finite, minX <= maxX, minY <= maxY else { return nil }
    // Clamp before converting: coordinates may be astronomically large.
    let x0 = Swift.max(0, Int(Swift.min(Swift.max(minX, -1), Double(canvasWidth) + 1).rounded(.down)))
    var y0 = Swift.max(0, Int(Swift.min(Swift.max(minY, -1), Double(canvasHeight) + 1).rounded(.down)))
    let x1 = Swift.min(canvasWidth, Int(Swift.max(Swift.min(maxX, Double(canvasWidth) + 1), -1).rounded(.up)))
    var y1 = Swift.min(canvasHeight, Int(Swift.max(Swift.min(maxY, Double(canvasHeight) + 1), -1).rounded(.up)))
    if let rows {
      y0 = Swift.max(y0, rows.lowerBound)
      y1 = Swift.min(y1, rows.upperBound)
    }
    guard x1 > x0, y1 > y0 else { return nil }
    let width = x1 - x0, height = y1 - y0
    var accumulator = Accumulator(width: width, height: height, reusing: scratch?.takeCells())
    let ox = Double(x0), oy = Double(y0)
    // Take the cells out while depositing: a copy of the accumulator holding
    // them too would make the buffer shared and copied on the first write
    // (13 % of the strokes bench went to that copy).
    var cells = accumulator.takeCells()
    var touched = accumulator.touched
    let geometry = accumulator
    touched.withUnsafeMutableBufferPointer { touched in
    cells.withUnsafeMutableBufferPointer { cells in
      for line in polylines where line.points.count > 1 {
        var previous = line.points[0]
        for p in line.points.dropFirst() {
          geometry.addClipped(Point(x: previous.x - ox, y: previous.y - oy), Point(x: p.x - ox, y: p.y - oy),
                              into: cells, touched: touched)
          previous = p
        }
        // Filling closes every subpath.
        let first = line.points[0]
        geometry.addClipped(Point(x: previous.x - ox, y: previous.y - oy), Point(x: first.x - ox, y: first.y - oy),
                            into: cells, touched: touched)
      }
    }
    }
    accumulator.cells = cells
    accumulator.touched = touched
    return (accumulator, x0, y0)
  }
}

/// Working memory the rasterizer can reuse between shapes of one frame. Not
/// thread-safe: one per rendering thread.
package final class RasterScratch {
  var cells: [Float] = []
  /// What the frame drawn with this scratch may still spend.
  package let budget: FrameBudget
  /// An empty scratch spending `budget`.
  package init(budget: FrameBudget = FrameBudget()) { self.budget = budget }

  /// Takes the (all-zero) cells out.
  func takeCells() -> [Float] {
    var taken: [Float] = []
    swap(&taken, &cells)
    return taken
  }
}

/// The signed-area accumulation buffer of one mask.
struct Accumulator {
  let width: Int
  let height: Int
  /// `stride × height` cells: at least two spare columns take the carries of
  /// edges on the right border, and rows hold whole groups of four.
  var cells: [Float]
  /// Per row, one bit for each group of four cells that a deposit touched
  /// (`wordsPerRow` 64-bit words a row): resolving visits only those groups;
  /// every other cell is known to be zero.
  var touched: [UInt64]
  let wordsPerRow: Int
  var stride: Int { (width + 2 + 3) & ~3 }
  /// Cells per bit of ``touched``: 1 << groupShift.
  static let groupShift = 2
  /// Covered stretches shorter than this between two varying runs of a row
  /// are stored as bytes, joining the runs.
  static let shortRun = 16

  /// A buffer for `width × height` pixels: `reusing` cells if they are all zero
  /// and large enough, else new ones.
  init(width: Int, height: Int, reusing spare: [Float]? = nil) {
    self.width = width
    self.height = height
    wordsPerRow = ((width + 2 + 3) >> Accumulator.groupShift + 63) / 64
    touched = [UInt64](repeating: 0, count: wordsPerRow * height)
    let needed = ((width + 2 + 3) & ~3) * height
    if let spare, spare.count >= needed {
      cells = spare
    } else {
      cells = [Float](repeating: 0, count: Swift.max(needed, spare?.count ?? 0))
    }
  }

  /// Gives up the cells (for reuse once they are zero again).
  mutating func takeCells() -> [Float] {
    var taken: [Float] = []
    swap(&taken, &cells)
    return taken
  }

  /// Adds a segment after clipping it to 0…width horizontally: parts left of
  /// the mask run along x = 0 and parts right of it along x = width, which
  /// changes no pixel's winding inside the mask.
  func addClipped(_ a: Point, _ b: Point, into cells: UnsafeMutableBufferPointer<Float>,
                  touched: UnsafeMutableBufferPointer<UInt64>) {
    let w = Double(width)
    // Most segments lie inside: no splitting, no allocation.
    if a.x >= 0 && a.x <= w && b.x >= 0 && b.x <= w {
      add(a, b, into: cells, touched: touched)
      return
    }
    // Split at x = 0 and x = width (at most two cuts), then clamp each piece.
    // Near ±Double.greatestFiniteMagnitude a difference overflows to ±∞ (and
    // ∞ × 0 is NaN): such a segment is taken in halves, which is exact for
    // every normal number and gives the same t.
    let halved = !(b.x - a.x).isFinite || !(b.y - a.y).isFinite
    let (ha, hb) = halved ? (Point(x: a.x / 2, y: a.y / 2), Point(x: b.x / 2, y: b.y / 2)) : (a, b)
    var cuts: (Double, Double) = (2, 2)
    for bound in [0.0, w] where (a.x < bound && b.x > bound) || (a.x > bound && b.x < bound) {
      let t = halved ? (bound / 2 - ha.x) / (hb.x - ha.x) : (bound - a.x) / (b.x - a.x)
      if cuts.0 == 2 { cuts.0 = t } else { cuts.1 = t }
    }
    if cuts.1 < cuts.0 { cuts = (cuts.1, cuts.0) }
    func at(_ t: Double) -> Point {
      if t >= 1 { return b }
      if halved { return Point(x: 2 * (ha.x + (hb.x - ha.x) * t), y: 2 * (ha.y + (hb.y - ha.y) * t)) }
      return Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }
    func clamped(_ p: Point) -> Point { Point(x: Swift.min(Swift.max(p.x, 0), w), y: p.y) }
    var previous = a
    for t in [cuts.0, cuts.1, 1] where t <= 1 {
      let next = at(t)
      add(clamped(previous), clamped(next), into: cells, touched: touched)
      previous = next
      if t >= 1 { break }
    }
  }

  /// Sets the bits of the groups holding cells `first…last` of `row`.
  @inline(__always)
  func mark(_ row: Int, from first: Int, through last: Int, in touched: UnsafeMutableBufferPointer<UInt64>) {
    var group = first >> Accumulator.groupShift
    let lastGroup = last >> Accumulator.groupShift
    let base = row * wordsPerRow
    while group <= lastGroup {
      let bit = group & 63
      let count = Swift.min(64 - bit, lastGroup - group + 1)
      let bits = count == 64 ? UInt64.max : ((UInt64(1) << UInt64(count)) - 1) << UInt64(bit)
      touched[base + group >> 6] |= bits
      group += count
    }
  }

  /// ⌊x⌋ of a clamped, non-negative coordinate, by truncation: `rounded(.down)`
  /// is a libm call on baseline x86-64, twice per row of every edge.
  @inline(__always)
  static func floor(_ x: Double) -> Int { Int(x) }

  /// ⌈x⌉ of a clamped, non-negative coordinate (see ``floor(_:)``).
  @inline(__always)
  static func ceiling(_ x: Double) -> Int {
    let truncated = Int(x)
    return Double(truncated) < x ? truncated + 1 : truncated
  }

  /// Deposits the signed area of a segment with 0 ≤ x ≤ width into `cells`.
  /// Rows are clamped before any integer conversion and x is kept within the
  /// mask, so no coordinate (1e300, or rounding at the clip) can index outside.
  func add(_ a: Point, _ b: Point, into cells: UnsafeMutableBufferPointer<Float>,
           touched: UnsafeMutableBufferPointer<UInt64>) {
    guard a.y != b.y else { return }
    let (direction, top, bottom): (Double, Point, Point) = a.y < b.y ? (1, a, b) : (-1, b, a)
    let slope = (bottom.x - top.x) / (bottom.y - top.y)
    // A slope that overflows belongs to a segment too flat to cover any area.
    guard slope.isFinite else { return }
    let rows = Double(height)
    let firstRow = Accumulator.floor(Swift.min(Swift.max(top.y, 0), rows))
    let lastRow = Accumulator.ceiling(Swift.min(Swift.max(bottom.y, 0), rows))
    guard firstRow < lastRow else { return }
    let w = Double(width)
    var x = Swift.min(Swift.max(top.x + (Double(firstRow) > top.y ? (Double(firstRow) - top.y) * slope : 0), 0), w)
    let stride = self.stride
    do {
      for row in firstRow..<lastRow {
        let rowTop = Swift.max(Double(row), top.y), rowBottom = Swift.min(Double(row + 1), bottom.y)
        let dy = rowBottom - rowTop
        let xNext = Swift.min(Swift.max(x + slope * dy, 0), w)
        let d = dy * direction
        let (left, right) = x < xNext ? (x, xNext) : (xNext, x)
        let leftIndex = Accumulator.floor(left)
        let leftFloor = Double(leftIndex)
        let rightIndex = Accumulator.ceiling(right)
        let base = row * stride
        // The row's touched groups are marked, so resolving can skip the rest.
        if rightIndex <= leftIndex + 1 {
          // Within one pixel: two cells, in one or two groups (set here: the
          // optimizer would not inline `mark` into this loop).
          let group = leftIndex >> Accumulator.groupShift, next = (leftIndex + 1) >> Accumulator.groupShift
          let words = row * wordsPerRow
          touched[words + group >> 6] |= UInt64(1) << UInt64(group & 63)
          touched[words + next >> 6] |= UInt64(1) << UInt64(next & 63)
          // Split by the mean x.
          let mean = 0.5 * (x + xNext) - leftFloor
          cells[base + leftIndex] += Float(d - d * mean)
          cells[base + leftIndex + 1] += Float(d * mean)
        } else {
          mark(row, from: leftIndex, through: rightIndex, in: touched)
          let inverse = 1 / (right - left)
          let leftFraction = left - leftFloor
          let firstArea = 0.5 * inverse * (1 - leftFraction) * (1 - leftFraction)
          let rightFraction = right - Double(rightIndex) + 1
          let lastArea = 0.5 * inverse * rightFraction * rightFraction
          cells[base + leftIndex] += Float(d * firstArea)
          if rightIndex == leftIndex + 2 {
            cells[base + leftIndex + 1] += Float(d * (1 - firstArea - lastArea))
          } else {
            let secondArea = inverse * (1.5 - leftFraction)
            cells[base + leftIndex + 1] += Float(d * (secondArea - firstArea))
            for column in (leftIndex + 2)..<(rightIndex - 1) {
              cells[base + column] += Float(d * inverse)
            }
            let beforeLast = secondArea + Double(rightIndex - leftIndex - 3) * inverse
            cells[base + rightIndex - 1] += Float(d * (1 - beforeLast - lastArea))
          }
          cells[base + rightIndex] += Float(d * lastArea)
        }
        x = xNext
      }
    }
  }

  /// Running sums along each row as runs: each stretch of marked groups of
  /// cells becomes a varying run with a byte per pixel; between them the
  /// cells are zero, so the coverage holds and becomes one constant run.
  ///
  /// Only the groups of cells marked in ``touched`` are visited (found by
  /// counting trailing zero bits) and resolved four cells at a time by
  /// ``resolveCoverage(_:groups:sum:into:)``. Resolving zeroes every cell and
  /// bit it reads, so the buffers can be reused. The per-pixel bytes are
  /// written straight into storage sized from the marked groups.
  mutating func resolveSpans(fillRule: FillRule, x originX: Int, y originY: Int) -> CoverageSpans {
    var result = CoverageSpans()
    let stride = self.stride
    let width = self.width, height = self.height, wordsPerRow = self.wordsPerRow
    let groupShift = Accumulator.groupShift, groupSize = 1 << groupShift
    let evenOdd = fillRule == .evenOdd
    // Four bytes per marked group, plus a joined short stretch (under
    // `shortRun` bytes) before each varying run, which starts in a marked group.
    var bound = 0
    for word in touched { bound += word.nonzeroBitCount }
    bound = bound * (groupSize + Accumulator.shortRun) + groupSize
    var spans: [CoverageSpans.Span] = []
    spans.reserveCapacity(2 * height)
    var touched = self.touched
    let coverage = [UInt8](unsafeUninitializedCapacity: bound) { bytes, written in
      let out = bytes.baseAddress!
      var used = 0
      cells.withUnsafeMutableBufferPointer { cells in
        touched.withUnsafeMutableBufferPointer { touched in
          let cell = cells.baseAddress!
          for row in 0..<height {
            let base = row * stride, wordBase = row * wordsPerRow
            let y = Int32(originY + row)
            var sum: Float = 0
            // Pixels from `constantStart` on have the coverage of `sum`.
            var constantStart = 0
            // Where this row's last varying run ended (-1: none yet).
            var varyingEnd = -1
            var any = false
            var stretches = MarkedStretches(words: touched.baseAddress! + wordBase, count: wordsPerRow)
            while let (firstGroup, endGroup) = stretches.next() {
              any = true
              let start = firstGroup << groupShift
              guard start < width else { continue }
              let end = Swift.min(endGroup << groupShift, width)
              var extending = false
              if start > constantStart {
                let value = coverageByte(sum, evenOdd: evenOdd)
                if value > 0 && start - constantStart < Accumulator.shortRun && varyingEnd == constantStart {
                  // A short covered stretch between two varying runs (the inside of a
                  // thin stroke) joins them: one longer run blends faster than three.
                  // Sixteen bytes at once (fewer are kept): the bound gives every
                  // marked group 20 bytes, and at least one group follows.
                  UnsafeMutableRawPointer(out + used).storeBytes(of: SIMD16<UInt8>(repeating: value),
                                                                 as: SIMD16<UInt8>.self)
                  used += start - constantStart
                  extending = true
                } else if value > 0 {
                  spans.append(CoverageSpans.Span(y: y, x: Int32(originX + constantStart),
                                                  count: Int32(start - constantStart), offset: -1, value: value))
                }
              }
              let offset = used
              sum = evenOdd
                ? resolveCoverageScalar(cell + base + start, groups: endGroup - firstGroup, sum: sum, evenOdd: true,
                                        into: out + used)
                : resolveCoverage(cell + base + start, groups: endGroup - firstGroup, sum: sum, into: out + used)
              used += end - start
              if extending {
                spans[spans.count - 1].count += Int32(end - constantStart)
              } else {
                spans.append(CoverageSpans.Span(y: y, x: Int32(originX + start), count: Int32(end - start),
                                                offset: Int32(offset), value: 0))
              }
              constantStart = end
              varyingEnd = end
            }
            guard any else { continue }
            if width > constantStart {
              let value = coverageByte(sum, evenOdd: evenOdd)
              if value > 0 {
                spans.append(CoverageSpans.Span(y: y, x: Int32(originX + constantStart),
                                                count: Int32(width - constantStart), offset: -1, value: value))
              }
            }
            // The carry columns, if no group resolved them.
            cell[base + width] = 0
            cell[base + width + 1] = 0
          }
        }
      }
      written = used
    }
    self.touched = touched
    result.spans = spans
    result.coverage = coverage
    return result
  }

  /// Running sums along each row, mapped to coverage bytes by the fill rule,
  /// as a dense mask: the reference the runs are tested against (through
  /// ``resolveCoverageScalar(_:groups:sum:evenOdd:into:)``). Leaves the cells as
  /// they were.
  func resolve(fillRule: FillRule) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: width * height)
    let stride = self.stride, width = self.width
    var cells = self.cells
    var row = [UInt8](repeating: 0, count: stride)
    cells.withUnsafeMutableBufferPointer { cells in
      row.withUnsafeMutableBufferPointer { rowBytes in
        for y in 0..<height {
          _ = resolveCoverageScalar(cells.baseAddress! + y * stride, groups: stride >> Accumulator.groupShift, sum: 0,
                                    evenOdd: fillRule == .evenOdd, into: rowBytes.baseAddress!)
          for x in 0..<width { out[y * width + x] = rowBytes[x] }
        }
      }
    }
    return out
  }
}

/// The stretches of consecutive set bits in a row of touched-group words, as
/// group ranges, left to right; stretches continue across word boundaries.
/// Clears each word it reads.
struct MarkedStretches {
  let words: UnsafeMutablePointer<UInt64>
  let count: Int
  private var index = 0
  private var bits: UInt64 = 0

  init(words: UnsafeMutablePointer<UInt64>, count: Int) {
    self.words = words
    self.count = count
  }

  /// The next stretch `first..<end` of groups, or `nil` after the last.
  mutating func next() -> (Int, Int)? {
    while bits == 0 {
      guard index < count else { return nil }
      bits = words[index]
      words[index] = 0
      index += 1
    }
    var low = bits.trailingZeroBitCount
    let first = (index - 1) << 6 | low
    var end = first
    while true {
      // `bits >> low` starts with `ones` set bits.
      let ones = (~(bits >> UInt64(low))).trailingZeroBitCount
      end += ones
      if low + ones < 64 {
        bits &= UInt64.max << UInt64(low + ones)
        return (first, end)
      }
      // The stretch reached the top of the word: it goes on if the next word starts with a one.
      bits = 0
      guard index < count, words[index] & 1 != 0 else { return (first, end) }
      bits = words[index]
      words[index] = 0
      index += 1
      low = 0
    }
  }
}
