// SPDX-License-Identifier: Apache-2.0
// How paths are filled and stroked: fill rule, line cap and line join.

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
