// SPDX-License-Identifier: Apache-2.0
// How paths are filled and stroked: fill rule, line cap, line join and the whole stroke style.

/// Which points a filled path covers (`CAShapeLayerFillRule`).
public enum FillRule: String, Hashable, Sendable, CaseIterable {
  /// Covered where the winding number is non-zero (the default).
  case nonZero
  /// Covered where the winding number is odd.
  case evenOdd
}

/// The shape at the open ends of a stroked subpath (`CAShapeLayerLineCap`).
public enum LineCap: String, Hashable, Sendable, CaseIterable {
  /// Squared off at the end point (the default).
  case butt
  /// A half disc beyond the end point.
  case round
  /// Squared off half a line width beyond the end point.
  case square
}

/// The shape where two stroked segments meet (`CAShapeLayerLineJoin`).
public enum LineJoin: String, Hashable, Sendable, CaseIterable {
  /// Sharp corners, beveled past the miter limit (the default).
  case miter
  /// Rounded corners.
  case round
  /// Corners cut off flat.
  case bevel
}

/// How to stroke: width, caps, joins, miter limit, dashes.
package struct StrokeStyle: Sendable {
  /// Line width in the polyline's units.
  package var lineWidth: Double
  /// Ends of open subpaths and dashes.
  package var lineCap: LineCap
  /// Corners between segments.
  package var lineJoin: LineJoin
  /// Longest miter, in half line widths, before a miter join becomes a bevel.
  package var miterLimit: Double
  /// Dash lengths (on, off, …); empty for solid.
  package var dashPattern: [Double]
  /// Offset into the dash pattern.
  package var dashPhase: Double

  /// Creates a style.
  package init(lineWidth: Double, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
              dashPattern: [Double] = [], dashPhase: Double = 0) {
    self.lineWidth = lineWidth
    self.lineCap = lineCap
    self.lineJoin = lineJoin
    self.miterLimit = miterLimit
    self.dashPattern = dashPattern
    self.dashPhase = dashPhase
  }
}
