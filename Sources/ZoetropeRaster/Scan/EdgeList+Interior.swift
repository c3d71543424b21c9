// SPDX-License-Identifier: Apache-2.0
// The pixels an edge list is known to cover wholly: what an opaque fill of it replaces.

extension EdgeList {
  /// Device pixels the shape is known to cover wholly (each one's coverage
  /// 255), within its rows and columns: what its maker could tell (a
  /// rounded rectangle's corner rows, between the corners), not all there
  /// are; empty for none. It lets the schedule skip what an opaque fill of
  /// the shape replaces there. Moved with the list.
  var interior: DeviceRect {
    get { EdgeList.rect(columns: interiorColumns, rows: interiorRows) }
    set { (interiorColumns, interiorRows) = EdgeList.ranges(newValue) }
  }

  /// The pixels of `columns` × `rows` (32-bit, as a list keeps them).
  static func rect(columns: Range<Int32>, rows: Range<Int32>) -> DeviceRect {
    DeviceRect(x: Int(columns.lowerBound), y: Int(rows.lowerBound), width: columns.count, height: rows.count)
  }

  /// The columns and rows of `rect` as 32-bit ranges (empty ones for an
  /// empty rectangle). (A list's pixels lie within the canvas: far inside
  /// Int32's range.)
  static func ranges(_ rect: DeviceRect) -> (columns: Range<Int32>, rows: Range<Int32>) {
    let empty = rect.isEmpty
    return (Int32(truncatingIfNeeded: rect.x)..<Int32(truncatingIfNeeded: empty ? rect.x : rect.maxX),
            Int32(truncatingIfNeeded: rect.y)..<Int32(truncatingIfNeeded: empty ? rect.y : rect.maxY))
  }

  /// Sets ``interior`` to the pixels of `interior` (in a frame whose origin
  /// lies at device pixel `offset`) within the list's.
  mutating func keep(_ interior: DeviceRect, offset: (x: Int, y: Int)) {
    guard !interior.isEmpty else { return }
    let moved = DeviceRect(x: interior.x + offset.x, y: interior.y + offset.y, width: interior.width,
                           height: interior.height)
    self.interior = moved.intersection(DeviceRect(x: originX, y: rows.lowerBound, width: width, height: rows.count))
  }
}
