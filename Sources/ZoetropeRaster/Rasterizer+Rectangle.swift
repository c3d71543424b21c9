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
    let w = Double(canvasWidth), h = Double(canvasHeight)
    let left = Swift.min(Swift.max(minX, 0), w), right = Swift.min(Swift.max(maxX, 0), w)
    let top = Swift.min(Swift.max(minY, 0), h), bottom = Swift.min(Swift.max(maxY, 0), h)
    guard right > left, bottom > top else { return nil }
    let firstColumn = Int(left.rounded(.down)), lastColumn = Int(right.rounded(.up))  // exclusive
    let firstRow = Int(top.rounded(.down)), lastRow = Int(bottom.rounded(.up))
    func overlap(_ index: Int, _ low: Double, _ high: Double) -> Double {
      Swift.min(Double(index + 1), high) - Swift.max(Double(index), low)
    }
    func byte(_ area: Double) -> UInt8 { UInt8(Swift.min(Swift.max(area, 0), 1) * 255 + 0.5) }
    var result = CoverageSpans()
    result.spans.reserveCapacity(3 * (lastRow - firstRow))
    result.coverage.reserveCapacity(2 * (lastRow - firstRow))
    for row in firstRow..<lastRow {
      let fy = overlap(row, top, bottom)
      let y = Int32(row)
      if lastColumn - firstColumn == 1 {
        append(&result, y: y, x: firstColumn, byte(fy * (right - left)))
        continue
      }
      let leftEdge = byte(fy * overlap(firstColumn, left, right))
      let rightEdge = byte(fy * overlap(lastColumn - 1, left, right))
      let interior = byte(fy)
      append(&result, y: y, x: firstColumn, leftEdge)
      if lastColumn - firstColumn > 2 && interior > 0 {
        result.spans.append(CoverageSpans.Span(y: y, x: Int32(firstColumn + 1),
                                               count: Int32(lastColumn - firstColumn - 2), offset: -1, value: interior))
      }
      append(&result, y: y, x: lastColumn - 1, rightEdge)
    }
    return result
  }

  /// Appends a one-pixel run (skipped when its coverage is zero).
  private static func append(_ result: inout CoverageSpans, y: Int32, x: Int, _ coverage: UInt8) {
    guard coverage > 0 else { return }
    result.spans.append(CoverageSpans.Span(y: y, x: Int32(x), count: 1, offset: Int32(result.coverage.count), value: 0))
    result.coverage.append(coverage)
  }
}
