// SPDX-License-Identifier: Apache-2.0
// Axial gradients whose colour does not change along a device row, or from row to row.

import ZoetropeGeometry

extension GradientPaint {
  /// Whether an axial gradient's parameter is the same at every pixel of a
  /// device row (`alongRows`: a vertical gradient, the default of
  /// `CAGradientLayer`, under an axis-aligned map), and whether at a column
  /// it is the same on every row (`downColumns`: a horizontal one), bit for
  /// bit: x (or y) enters it only through terms multiplied by an exact zero.
  /// Entries and end points are bounded (±2¹⁰⁰) so that no term overflows
  /// to an infinity, whose product with zero is not zero. Perspective,
  /// radial and conic gradients, and gradients without an axis, are neither.
  static func alike(_ type: Kind, start: Point, end: Point, deviceToLayer: Homography)
    -> (alongRows: Bool, downColumns: Bool)
  {
    let m = deviceToLayer.m, bound = 0x1p100
    let (ax, ay) = (end.x - start.x, end.y - start.y)
    guard type == .axial, m[2] == 0, m[5] == 0, m[8] == 1, ax * ax + ay * ay > 0,
      m.allSatisfy({ Swift.abs($0) <= bound }),
      Swift.max(Swift.abs(start.x), Swift.abs(start.y), Swift.abs(end.x), Swift.abs(end.y)) <= bound
    else { return (false, false) }
    return ((m[0] == 0 || ax == 0) && (m[1] == 0 || ay == 0), (m[3] == 0 || ax == 0) && (m[4] == 0 || ay == 0))
  }
}
