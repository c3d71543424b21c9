// SPDX-License-Identifier: Apache-2.0
// Coverage runs of an axis-aligned rectangle, computed directly (no accumulation).

extension Rasterizer {
  /// The coverage runs of the axis-aligned rectangle `minX…maxX × minY…maxY`
  /// (device pixels): each pixel's coverage is the product of its horizontal
  /// and vertical overlap, the exact area, as the accumulation would find it.
  /// Backgrounds and full-screen layers take this path: no buffer, no scan —
  /// fractional edge pixels and one constant run per row.
  ///
  ///     ┌─ fy·fx ─┬──── fy ────┬─ fy·fx ─┐   fy: the row's vertical overlap
  ///     │   fx    │     1      │   fx    │   fx: the column's horizontal overlap
  package static func rectangleSpans(
    minX: Double, minY: Double, maxX: Double, maxY: Double, canvasWidth: Int, canvasHeight: Int
  ) -> CoverageSpans? {
    var result = CoverageSpans()
    guard appendRectangleSpans(minX: minX, minY: minY, maxX: maxX, maxY: maxY, canvasWidth: canvasWidth,
                               canvasHeight: canvasHeight, to: &result)
    else { return nil }
    return result
  }

  /// ``rectangleSpans(minX:minY:maxX:maxY:canvasWidth:canvasHeight:)`` appended
  /// to `result` (whose runs must end above the rectangle's first row); false,
  /// with `result` unchanged, when the rectangle covers no pixel.
  ///
  /// Rows with the same vertical overlap (every row but the first and the
  /// last) have the same bytes: they are worked out once and copied.
  @discardableResult
  package static func appendRectangleSpans(
    minX: Double, minY: Double, maxX: Double, maxY: Double, canvasWidth: Int, canvasHeight: Int,
    to result: inout CoverageSpans
  ) -> Bool {
    let w = Double(canvasWidth), h = Double(canvasHeight)
    let left = Swift.min(Swift.max(minX, 0), w), right = Swift.min(Swift.max(maxX, 0), w)
    let top = Swift.min(Swift.max(minY, 0), h), bottom = Swift.min(Swift.max(maxY, 0), h)
    guard right > left, bottom > top else { return false }
    let firstColumn = Int(left.rounded(.down)), lastColumn = Int(right.rounded(.up))  // exclusive
    let firstRow = Int(top.rounded(.down)), lastRow = Int(bottom.rounded(.up))
    func overlap(_ index: Int, _ low: Double, _ high: Double) -> Double {
      Swift.min(Double(index + 1), high) - Swift.max(Double(index), low)
    }
    func byte(_ area: Double) -> UInt8 { UInt8(Swift.min(Swift.max(area, 0), 1) * 255 + 0.5) }
    result.spans.reserveCapacity(result.spans.count + 3 * (lastRow - firstRow))
    result.coverage.reserveCapacity(result.coverage.count + 2 * (lastRow - firstRow))
    let narrow = lastColumn - firstColumn == 1
    let leftOverlap = overlap(firstColumn, left, right), rightOverlap = overlap(lastColumn - 1, left, right)
    // The bytes of the last row worked out, keyed by its vertical overlap.
    var previousOverlap = Double.nan
    var (leftEdge, rightEdge, interior): (UInt8, UInt8, UInt8) = (0, 0, 0)
    for row in firstRow..<lastRow {
      let fy = overlap(row, top, bottom)
      if fy != previousOverlap {
        previousOverlap = fy
        if narrow {
          leftEdge = byte(fy * (right - left))
        } else {
          leftEdge = byte(fy * leftOverlap)
          rightEdge = byte(fy * rightOverlap)
          interior = byte(fy)
        }
      }
      let y = Int32(row)
      append(&result, y: y, x: firstColumn, leftEdge)
      if narrow { continue }
      if lastColumn - firstColumn > 2 && interior > 0 {
        result.spans.append(CoverageSpans.Span(y: y, x: Int32(firstColumn + 1),
                                               count: Int32(lastColumn - firstColumn - 2), offset: -1, value: interior))
      }
      append(&result, y: y, x: lastColumn - 1, rightEdge)
    }
    return true
  }

  /// Appends a one-pixel run (skipped when its coverage is zero).
  private static func append(_ result: inout CoverageSpans, y: Int32, x: Int, _ coverage: UInt8) {
    guard coverage > 0 else { return }
    result.spans.append(CoverageSpans.Span(y: y, x: Int32(x), count: 1, offset: Int32(result.coverage.count), value: 0))
    result.coverage.append(coverage)
  }
}
