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
/// Robust by construction: non-finite points never arrive (flattening drops
/// them), coordinates are clipped to the canvas first, and the work is bounded
/// by the clipped area plus the number of segments.
public enum Rasterizer {
  /// The coverage of `polylines` (device pixels; every subpath is closed for
  /// filling) within a canvas of `canvasWidth × canvasHeight`; `nil` when none
  /// of it lands on the canvas.
  public static func coverage(
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
  public static func spans(
    of polylines: [Polyline], fillRule: FillRule, canvasWidth: Int, canvasHeight: Int, rows: Range<Int>? = nil,
    scratch: RasterScratch? = nil
  ) -> CoverageSpans? {
    guard var (accumulator, x0, y0) = accumulate(polylines, canvasWidth: canvasWidth, canvasHeight: canvasHeight,
                                                 rows: rows, scratch: scratch)
    else { return nil }
    let runs = accumulator.resolveSpans(fillRule: fillRule, x: x0, y: y0)
    scratch?.cells = accumulator.takeCells()
    return runs
  }

  /// Deposits every edge into an accumulation buffer over the shape's clipped bounds.
  static func accumulate(
    _ polylines: [Polyline], canvasWidth: Int, canvasHeight: Int, rows: Range<Int>? = nil,
    scratch: RasterScratch? = nil
  ) -> (Accumulator, Int, Int)? {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    for line in polylines {
      for p in line.points {
        minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
        minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
      }
    }
    guard minX <= maxX, minY <= maxY else { return nil }
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
public final class RasterScratch {
  var cells: [Float] = []
  /// An empty scratch.
  public init() {}

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
  /// `(width + 2) × height` cells: two spare columns take the carries of edges
  /// on the right border.
  var cells: [Float]
  /// Per row, one bit for each group of four cells that a deposit touched
  /// (`wordsPerRow` 64-bit words a row): resolving visits only those groups;
  /// every other cell is known to be zero.
  var touched: [UInt64]
  let wordsPerRow: Int
  var stride: Int { width + 2 }
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
    let needed = (width + 2) * height
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
    var cuts: (Double, Double) = (2, 2)
    for bound in [0.0, w] where (a.x < bound && b.x > bound) || (a.x > bound && b.x < bound) {
      let t = (bound - a.x) / (b.x - a.x)
      if cuts.0 == 2 { cuts.0 = t } else { cuts.1 = t }
    }
    if cuts.1 < cuts.0 { cuts = (cuts.1, cuts.0) }
    func at(_ t: Double) -> Point { t >= 1 ? b : Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
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
    let firstRow = Int(Swift.min(Swift.max(top.y, 0), rows).rounded(.down))
    let lastRow = Int(Swift.min(Swift.max(bottom.y, 0), rows).rounded(.up))
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
        let leftFloor = left.rounded(.down)
        let leftIndex = Int(leftFloor)
        let rightIndex = Int(right.rounded(.up))
        // The row's touched groups, so resolving can skip the rest.
        mark(row, from: leftIndex, through: Swift.max(rightIndex, leftIndex + 1), in: touched)
        let base = row * stride
        if rightIndex <= leftIndex + 1 {
          // Within one pixel: split by the mean x.
          let mean = 0.5 * (x + xNext) - leftFloor
          cells[base + leftIndex] += Float(d - d * mean)
          cells[base + leftIndex + 1] += Float(d * mean)
        } else {
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

  /// The coverage byte of a winding sum under a fill rule. NaN-safe: a
  /// comparison that fails takes full coverage, never a trapping conversion.
  @inline(__always)
  static func coverageByte(_ sum: Float, _ fillRule: FillRule) -> UInt8 {
    var value = Swift.abs(sum)
    if fillRule == .evenOdd {
      value = value.truncatingRemainder(dividingBy: 2)
      if value > 1 { value = 2 - value }
    }
    let clamped = value < 1 ? value : 1
    return UInt8(truncatingIfNeeded: Int32(clamped * 255 + 0.5))
  }

  /// Running sums along each row as runs: a stretch of zero cells keeps the
  /// coverage of the pixel before it, so it becomes one constant run; pixels
  /// whose cell holds a deposit get a byte each.
  ///
  /// Only the groups of cells marked in ``touched`` are visited (found by
  /// counting trailing zero bits); the cells between them are zero by
  /// construction. Resolving zeroes every cell and bit it reads, so the
  /// buffers can be reused. The per-pixel bytes are written straight into
  /// storage sized from the marked groups (no per-byte append).
  mutating func resolveSpans(fillRule: FillRule, x originX: Int, y originY: Int) -> CoverageSpans {
    var result = CoverageSpans()
    let stride = self.stride
    let width = self.width, height = self.height, wordsPerRow = self.wordsPerRow
    let groupSize = 1 << Accumulator.groupShift
    // At most one byte per cell of a marked group, plus a joined short
    // stretch (under `shortRun` bytes) before each varying run, and varying
    // runs start in marked groups.
    var bound = 0
    for word in touched { bound += word.nonzeroBitCount }
    bound *= groupSize + Accumulator.shortRun
    var spans: [CoverageSpans.Span] = []
    spans.reserveCapacity(2 * height)
    var touched = self.touched
    let coverage = [UInt8](unsafeUninitializedCapacity: Swift.max(bound, 1)) { bytes, written in
      let out = bytes.baseAddress!
      var used = 0
      cells.withUnsafeMutableBufferPointer { cells in
        touched.withUnsafeMutableBufferPointer { touched in
          let cell = cells.baseAddress!
          let raw = UnsafeRawPointer(cell)
          @inline(__always) func isZero(_ index: Int) -> Bool { raw.load(fromByteOffset: 4 * index, as: UInt32.self) == 0 }
          for row in 0..<height {
            let base = row * stride, wordBase = row * wordsPerRow
            let y = Int32(originY + row)
            var sum: Float = 0
            // Pixels from `constantStart` up to the cursor have the coverage of `sum`.
            var constantStart = 0
            var cursor = 0
            // Where this row's last varying run ended (-1: none yet).
            var varyingEnd = -1
            var any = false
            for w in 0..<wordsPerRow {
              var bits = touched[wordBase + w]
              guard bits != 0 else { continue }
              touched[wordBase + w] = 0
              any = true
              while bits != 0 {
                let group = w << 6 | bits.trailingZeroBitCount
                bits &= bits - 1
                let groupStart = group << Accumulator.groupShift
                guard groupStart < width else { continue }
                let groupEnd = Swift.min(groupStart + groupSize, width)
                var i = Swift.max(groupStart, cursor)
                while i < groupEnd {
                  // Zero tested on the bits (a deposit never leaves −0): an integer compare.
                  if isZero(base + i) {
                    i += 1
                    continue
                  }
                  var extending = false
                  if i > constantStart {
                    let value = Accumulator.coverageByte(sum, fillRule)
                    if value > 0 && i - constantStart < Accumulator.shortRun && varyingEnd == constantStart {
                      // A short covered stretch between two varying runs (the inside of a
                      // thin stroke) joins them: one longer run blends faster than three.
                      out.advanced(by: used).update(repeating: value, count: i - constantStart)
                      used += i - constantStart
                      extending = true
                    } else if value > 0 {
                      spans.append(CoverageSpans.Span(y: y, x: Int32(originX + constantStart),
                                                      count: Int32(i - constantStart), offset: -1, value: value))
                    }
                  }
                  let start = i, offset = used
                  while i < width {
                    if isZero(base + i) { break }
                    let c = cell[base + i]
                    sum += c
                    cell[base + i] = 0
                    out[used] = Accumulator.coverageByte(sum, fillRule)
                    used += 1
                    i += 1
                  }
                  if extending {
                    spans[spans.count - 1].count += Int32(i - constantStart)
                  } else {
                    spans.append(CoverageSpans.Span(y: y, x: Int32(originX + start), count: Int32(i - start),
                                                    offset: Int32(offset), value: 0))
                  }
                  constantStart = i
                  varyingEnd = i
                }
                cursor = Swift.max(cursor, i)
              }
            }
            guard any else { continue }
            if width > constantStart {
              let value = Accumulator.coverageByte(sum, fillRule)
              if value > 0 {
                spans.append(CoverageSpans.Span(y: y, x: Int32(originX + constantStart),
                                                count: Int32(width - constantStart), offset: -1, value: value))
              }
            }
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

  /// Running sums along each row, mapped to coverage bytes by the fill rule.
  func resolve(fillRule: FillRule) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: width * height)
    let stride = self.stride
    cells.withUnsafeBufferPointer { cells in
      out.withUnsafeMutableBufferPointer { out in
        for row in 0..<height {
          var sum: Float = 0
          let base = row * stride
          for column in 0..<width {
            sum += cells[base + column]
            var value = Swift.abs(sum)
            if fillRule == .evenOdd {
              value = value.truncatingRemainder(dividingBy: 2)
              if value > 1 { value = 2 - value }
            }
            out[row * width + column] = UInt8(Swift.min(value, 1) * 255 + 0.5)
          }
        }
      }
    }
    return out
  }
}
