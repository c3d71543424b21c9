// SPDX-License-Identifier: Apache-2.0
// Shapes whose middle rows are crossed by vertical sides alone: in those rows the shape is rectangles side by side.

import ZoetropeGeometry

extension Rasterizer {
  /// The rows of `polylines` (device pixels, closed for filling) that only
  /// vertical edges cross, each running through all of those rows, with
  /// the spans they enclose: the middle of a rounded rectangle, of a
  /// capsule or a vertical stroke (one span), of a border's ring (two).
  /// Under `fillRule` the spans are between the first edge (by x) and the
  /// second, the third and the fourth, and so on: for the even-odd rule
  /// always, for the non-zero rule when the edges run alternately down and
  /// up (else `nil`). In those rows the shape is the
  /// rectangles of the spans, and their bytes are exactly the edges'
  /// (``RectangleCoverage`` works on the same grid) wherever no two spans
  /// share a pixel column — which the caller checks. `nil` unless there are
  /// at least `minimumRows` such rows.
  ///
  ///     ╭────╮   ╭──────╮
  ///     │    │   │ ╭──╮ │   rows where only vertical sides cross:
  ///     │    │   │ ╰──╯ │   one rectangle, or two
  ///     ╰────╯   ╰──────╯
  static func straightMiddle(_ polylines: [Polyline], fillRule: FillRule, minimumRows: Int = 16)
    -> (rows: Range<Int>, spans: [(left: Double, right: Double)])?
  {
    func forEachSegment(_ body: (Point, Point) -> Void) {
      for line in polylines where line.points.count > 1 {
        var previous = line.points[line.points.count - 1]
        for p in line.points {
          body(previous, p)
          previous = p
        }
      }
    }
    // The tallest vertical segment bounds the rows to look at.
    var tallest: (low: Double, high: Double)?
    forEachSegment { a, b in
      guard a.x == b.x, a.y != b.y else { return }
      let low = Swift.min(a.y, b.y), high = Swift.max(a.y, b.y)
      if high - low > (tallest.map { $0.high - $0.low } ?? Double(minimumRows)) { tallest = (low, high) }
    }
    guard var rows = tallest, Swift.abs(rows.low) < 1e9, Swift.abs(rows.high) < 1e9 else { return nil }
    // A shape with a point off the finite plane covers nothing (its edges
    // refuse it): no middle either. (Looked for only once a middle may be
    // there: most shapes have no tall vertical side and end above.)
    for line in polylines {
      for p in line.points where !p.x.isFinite || !p.y.isFinite { return nil }
    }
    // Each segment reaching into the rows that is not a vertical side
    // through all of them cuts them to the largest part it leaves: above
    // it, below it or — a vertical side, shorter — along it; until nothing
    // cuts (a few passes for a real shape, a bounded number for any).
    for _ in 0..<8 {
      var cut = false
      forEachSegment { a, b in
        let low = Swift.min(a.y, b.y), high = Swift.max(a.y, b.y)
        guard high > rows.low, low < rows.high, !(a.x == b.x && low <= rows.low && high >= rows.high) else { return }
        cut = true
        let above = (rows.low, Swift.max(low, rows.low)), below = (Swift.min(high, rows.high), rows.high)
        var best = above.1 - above.0 >= below.1 - below.0 ? above : below
        if a.x == b.x {
          let along = (Swift.max(low, rows.low), Swift.min(high, rows.high))
          if along.1 - along.0 > best.1 - best.0 { best = along }
        }
        rows = best
      }
      guard cut, rows.high - rows.low >= Double(minimumRows) else { break }
    }
    // Whole rows inside, crossed by vertical sides alone.
    let first = Int(rows.low.rounded(.up)), end = Int(rows.high.rounded(.down))
    guard end - first >= minimumRows else { return nil }
    let whole = first..<end
    let top = Double(whole.lowerBound), bottom = Double(whole.upperBound)
    var sides: [(x: Double, down: Bool)] = []
    var alone = true
    forEachSegment { a, b in
      guard alone else { return }
      let low = Swift.min(a.y, b.y), high = Swift.max(a.y, b.y)
      guard high > top && low < bottom else { return }
      if a.x == b.x && low <= top && high >= bottom {
        sides.append((a.x, b.y > a.y))
      } else {
        alone = false
      }
    }
    guard alone, sides.count >= 2, sides.count % 2 == 0 else { return nil }
    sides.sort { $0.x < $1.x }
    var spans: [(left: Double, right: Double)] = []
    for pair in stride(from: 0, to: sides.count, by: 2) {
      let (enter, leave) = (sides[pair], sides[pair + 1])
      // Non-zero: in and out, each side the other way from the one before.
      if fillRule == .nonZero {
        guard enter.down != leave.down, pair == 0 || sides[pair - 1].down != enter.down else { return nil }
      }
      // Two sides the same way in one pixel add up there as the edges
      // accumulate them (even-odd folds the sum, not the area between): a
      // span that narrow is left to the edges.
      guard enter.down != leave.down || leave.x - enter.x >= 1 else { return nil }
      spans.append((enter.x, leave.x))
    }
    return (whole, spans)
  }
}
