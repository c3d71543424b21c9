// SPDX-License-Identifier: Apache-2.0
// Shapes whose middle rows are crossed by two vertical sides alone: those rows are a rectangle.

import ZoetropeGeometry

extension Rasterizer {
  /// The rows of `polylines` (device pixels, closed for filling) that only
  /// two vertical edges cross, running opposite ways — the middle of a
  /// rounded rectangle, of a capsule, of a vertical stroke — with the
  /// edges' x: in those rows the shape is the rectangle between them, and
  /// its bytes are exactly the edges' (``RectangleCoverage`` works on the
  /// same grid). `nil` unless there are at least `minimumRows` such rows.
  ///
  ///     ╭────╮   rows where only the two sides cross: a rectangle
  ///     │    │
  ///     ╰────╯
  static func straightMiddle(_ polylines: [Polyline], minimumRows: Int = 16)
    -> (rows: Range<Int>, left: Double, right: Double)?
  {
    // The tallest vertical segment, then the vertical segment running the
    // other way that shares the most of its height.
    func forEachSegment(_ body: (Point, Point) -> Void) {
      for line in polylines where line.points.count > 1 {
        var previous = line.points[line.points.count - 1]
        for p in line.points {
          body(previous, p)
          previous = p
        }
      }
    }
    var first: (x: Double, low: Double, high: Double, down: Bool)?
    forEachSegment { a, b in
      guard a.x == b.x, a.y != b.y else { return }
      let low = Swift.min(a.y, b.y), high = Swift.max(a.y, b.y)
      if high - low > (first.map { $0.high - $0.low } ?? Double(minimumRows)) {
        first = (a.x, low, high, b.y > a.y)
      }
    }
    guard let side = first else { return nil }
    var second: (x: Double, low: Double, high: Double)?
    forEachSegment { a, b in
      guard a.x == b.x, a.x != side.x, (b.y > a.y) != side.down else { return }
      let low = Swift.max(Swift.min(a.y, b.y), side.low), high = Swift.min(Swift.max(a.y, b.y), side.high)
      if high - low > (second.map { $0.high - $0.low } ?? Double(minimumRows)) { second = (a.x, low, high) }
    }
    guard let other = second, other.low.isFinite, other.high.isFinite,
      Swift.abs(other.low) < 1e9, Swift.abs(other.high) < 1e9
    else { return nil }
    // Whole rows between, crossed by no other segment.
    let rows = Int(other.low.rounded(.up))..<Int(other.high.rounded(.down))
    guard rows.count >= minimumRows else { return nil }
    let top = Double(rows.lowerBound), bottom = Double(rows.upperBound)
    var alone = true
    var sides = 0
    forEachSegment { a, b in
      guard alone else { return }
      let low = Swift.min(a.y, b.y), high = Swift.max(a.y, b.y)
      guard high > top && low < bottom else { return }
      if a.x == b.x && (a.x == side.x || a.x == other.x) && low <= top && high >= bottom {
        sides += 1
      } else {
        alone = false
      }
    }
    guard alone, sides == 2 else { return nil }
    return (rows, Swift.min(side.x, other.x), Swift.max(side.x, other.x))
  }
}
