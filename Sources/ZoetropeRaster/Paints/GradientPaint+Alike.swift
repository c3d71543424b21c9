// SPDX-License-Identifier: Apache-2.0
// Axial gradients whose colour does not change along a device row, or from row to row.

extension GradientPaint {
  /// Whether an axial gradient's parameter is the same at every pixel of a
  /// device row (a vertical gradient, the default of `CAGradientLayer`,
  /// under an axis-aligned map), bit for bit: x enters it only through
  /// terms multiplied by an exact zero. Entries are bounded so that no term
  /// overflows to an infinity (whose product with zero is not zero).
  var isConstantAlongRows: Bool {
    isBoundedAxial && (m(0) == 0 || (end.x - start.x) == 0) && (m(1) == 0 || (end.y - start.y) == 0)
  }

  /// Whether an axial gradient's parameter, at a column, is the same on
  /// every device row (a horizontal gradient under an axis-aligned map):
  /// a row of it is every other row of it, bit for bit.
  var isConstantDownColumns: Bool {
    isBoundedAxial && (m(3) == 0 || (end.x - start.x) == 0) && (m(4) == 0 || (end.y - start.y) == 0)
  }

  /// An axial gradient under an affine map, every entry and end point within ±2¹⁰⁰.
  private var isBoundedAxial: Bool {
    let m = deviceToLayer.m, bound = 0x1p100
    let (ax, ay) = (end.x - start.x, end.y - start.y)
    return type == .axial && m[2] == 0 && m[5] == 0 && m[8] == 1 && ax * ax + ay * ay > 0
      && m.allSatisfy { Swift.abs($0) <= bound }
      && [start.x, start.y, end.x, end.y].allSatisfy { Swift.abs($0) <= bound }
  }

  private func m(_ index: Int) -> Double { deviceToLayer.m[index] }
}
