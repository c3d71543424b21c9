// SPDX-License-Identifier: Apache-2.0
// The pixels inside an edge list's columns it is known to leave uncovered: a stroked rectangle's inside.

import ZoetropeGeometry

extension EdgeList {
  /// Device pixels the shape is known to leave uncovered (coverage 0),
  /// within its rows and columns: what its maker could tell (the inside of
  /// a stroked rectangle), not all there are; empty for none. It lets a
  /// change of the shape damage, in a band of rows within it, the columns
  /// either side only (``emptyColumns(onRows:)``). Moved with the list.
  var empty: DeviceRect {
    get { EdgeList.rect(columns: emptyColumns, rows: emptyRows) }
    set {
      let pixels = DeviceRect(x: originX, y: rows.lowerBound, width: width, height: rows.count)
      (emptyColumns, emptyRows) = EdgeList.ranges(newValue.intersection(pixels))
    }
  }

  /// The device columns of ``empty`` when the device rows `deviceRows`
  /// lie within its rows (on them the shape covers nothing there: a dashed
  /// selection's inside, between its two sides); empty otherwise.
  package func emptyColumns(onRows deviceRows: Range<Int>) -> Range<Int> {
    guard Int(emptyRows.lowerBound) <= deviceRows.lowerBound, deviceRows.upperBound <= Int(emptyRows.upperBound)
    else { return 0..<0 }
    return Int(emptyColumns.lowerBound)..<Int(emptyColumns.upperBound)
  }
}

extension Rasterizer {
  /// The device pixels a stroke of `path` under `style` and `transform`
  /// leaves uncovered inside, when `path` is one closed rectangle with
  /// sides along the axes (``Path/axisAlignedRectangle``) and `transform`
  /// keeps them so: the rectangle inset by half the line width, less a
  /// pixel all round (for the grid's rounding and the flattening), whole
  /// pixels only. Joins reach outwards, caps (at dashes' ends) along the
  /// sides, and dashes, a phase or a trim only take coverage away, so
  /// nothing of the stroke reaches it. Empty otherwise.
  static func emptyInside(ofStroke path: Path, style: StrokeStyle, transform: Transform3D) -> DeviceRect {
    let none = DeviceRect(width: 0, height: 0)
    guard transform.isAffine, transform.m12 == 0, transform.m21 == 0, let rectangle = path.axisAlignedRectangle
    else { return none }
    guard style.lineWidth.isFinite, style.lineWidth >= 0 else { return none }
    let half = style.lineWidth / 2
    let inside = (minX: rectangle.minX + half, minY: rectangle.minY + half,
                  maxX: rectangle.maxX - half, maxY: rectangle.maxY - half)
    guard inside.maxX > inside.minX, inside.maxY > inside.minY else { return none }
    let t = transform.affineTransform
    let a = t.transform(Point(x: inside.minX, y: inside.minY)), b = t.transform(Point(x: inside.maxX, y: inside.maxY))
    let limit = Double(1 << 24)
    let left = Swift.min(a.x, b.x) + 1, right = Swift.max(a.x, b.x) - 1
    let top = Swift.min(a.y, b.y) + 1, bottom = Swift.max(a.y, b.y) - 1
    guard [left, right, top, bottom].allSatisfy({ $0.isFinite && Swift.abs($0) < limit }) else { return none }
    let x0 = Int(left.rounded(.up)), x1 = Int(right.rounded(.down))
    let y0 = Int(top.rounded(.up)), y1 = Int(bottom.rounded(.down))
    guard x1 > x0, y1 > y0 else { return none }
    return DeviceRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
}
