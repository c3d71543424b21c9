// SPDX-License-Identifier: Apache-2.0
// The coverage of an axis-aligned rectangle, computed directly (no accumulation).

extension Rasterizer {
  /// The coverage of the axis-aligned rectangle `minX…maxX × minY…maxY`
  /// (device pixels): each pixel's coverage is the product of its horizontal
  /// and vertical overlap, the exact area (see ``RectangleCoverage``).
  /// Backgrounds and full-screen layers take this path: no edges, no cells —
  /// fractional edge pixels and one constant run per row, worked out as the
  /// rows are drawn. `nil` when it covers no pixel of the canvas.
  package static func rectangle(
    minX: Double, minY: Double, maxX: Double, maxY: Double, canvasWidth: Int, canvasHeight: Int
  ) -> ShapeCoverage? {
    RectangleCoverage(minX: minX, minY: minY, maxX: maxX, maxY: maxY, canvasWidth: canvasWidth,
                      canvasHeight: canvasHeight).map { ShapeCoverage(.rectangle($0)) }
  }
}
