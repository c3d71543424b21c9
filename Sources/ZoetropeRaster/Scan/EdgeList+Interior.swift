// SPDX-License-Identifier: Apache-2.0
// The pixels an edge list is known to cover wholly: what an opaque fill of it replaces.

extension EdgeList {
  /// Device pixels the shape is known to cover wholly (each one's coverage
  /// 255), within its rows and columns: what its maker could tell (a
  /// rounded rectangle's corner rows, between the corners), not all there
  /// are; empty for none. It lets the schedule skip what an opaque fill of
  /// the shape replaces there. Moved with the list.
  var interior: DeviceRect {
    get {
      DeviceRect(x: Int(interiorColumns.lowerBound), y: Int(interiorRows.lowerBound), width: interiorColumns.count,
                 height: interiorRows.count)
    }
    set {
      // (Within the list's pixels, so within the canvas: far inside Int32's range.)
      let empty = newValue.isEmpty
      interiorColumns = Int32(truncatingIfNeeded: newValue.x)..<Int32(truncatingIfNeeded: empty ? newValue.x : newValue.maxX)
      interiorRows = Int32(truncatingIfNeeded: newValue.y)..<Int32(truncatingIfNeeded: empty ? newValue.y : newValue.maxY)
    }
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
