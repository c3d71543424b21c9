// SPDX-License-Identifier: Apache-2.0
// Every property of a layer, as a value: the model's, or the presentation's at an instant.

import ZoetropeAnimation
import ZoetropeGeometry

/// The values of a layer's properties: what the model layer holds, and what the
/// presentation evaluator computes for one instant.
///
/// Defaults are Core Animation's. Shape, gradient and text layers carry their
/// extra properties in ``shape``, ``gradient`` and ``text``.
public struct LayerProperties: Hashable, Sendable {
  /// The layer's own coordinate space: origin and size, points.
  public var bounds = Rect.zero
  /// Where the anchor point sits in the superlayer's coordinates.
  public var position = Point.zero
  /// The point of the bounds, in unit coordinates, that `position` places and
  /// transforms turn about. Default (0.5, 0.5), the centre.
  public var anchorPoint = Point(x: 0.5, y: 0.5)
  /// Order among siblings (ascending, ties in sublayer order).
  public var zPosition = 0.0
  /// Transform about the anchor point, relative to the superlayer.
  public var transform = Transform3D.identity
  /// Transform applied to the sublayers, about the centre of the bounds.
  public var sublayerTransform = Transform3D.identity
  /// Group opacity of the layer and its sublayers, 0…1.
  public var opacity = 1.0
  /// Whether the layer and its sublayers are drawn.
  public var isHidden = false
  /// The fill of the bounds, or `nil` for none.
  public var backgroundColor: Color?
  /// Radius of the bounds' circular corners, ≥ 0.
  public var cornerRadius = 0.0
  /// Width of the border drawn inside the bounds, ≥ 0.
  public var borderWidth = 0.0
  /// Colour of the border; default opaque black.
  public var borderColor: Color? = .black
  /// Clip sublayers and content to the rounded bounds.
  public var masksToBounds = false
  /// The `CAShapeLayer` properties, for shape layers.
  public var shape: ShapeProperties?
  /// The `CAGradientLayer` properties, for gradient layers.
  public var gradient: GradientProperties?
  /// The `CATextLayer` properties, for text layers.
  public var text: TextProperties?
  /// The contents image and its placement (every layer kind has them).
  public var content = ContentsProperties()

  /// A plain layer's defaults.
  public init() {}
}

/// The properties a `CAShapeLayer` adds.
public struct ShapeProperties: Hashable, Sendable {
  /// The shape, in the layer's coordinates; `nil` draws nothing.
  public var path: Path?
  /// The fill; default opaque black, `nil` for no fill.
  public var fillColor: Color? = .black
  /// The fill rule.
  public var fillRule = FillRule.nonZero
  /// The stroke; `nil` (the default) for no stroke.
  public var strokeColor: Color?
  /// The stroke width, points. Default 1.
  public var lineWidth = 1.0
  /// The ends of open subpaths.
  public var lineCap = LineCap.butt
  /// The corners between segments.
  public var lineJoin = LineJoin.miter
  /// The miter limit. Default 10.
  public var miterLimit = 10.0
  /// Dash lengths (on, off, …), or `nil` for a solid stroke.
  public var lineDashPattern: [Double]?
  /// How far into the dash pattern the stroke starts, points.
  public var lineDashPhase = 0.0
  /// Where the stroked part starts, as a fraction 0…1 of the total length.
  public var strokeStart = 0.0
  /// Where the stroked part ends, as a fraction 0…1 of the total length.
  public var strokeEnd = 1.0

  /// Core Animation's defaults.
  public init() {}
}

/// The geometry of a gradient (`CAGradientLayerType`).
public enum GradientType: String, Hashable, Sendable, CaseIterable {
  /// Colours vary along the line from `startPoint` to `endPoint` (the default).
  case axial
  /// Colours vary with the distance from `startPoint`; `endPoint` lies on the last ring.
  case radial
  /// Colours vary with the angle around `startPoint`, starting towards `endPoint`.
  case conic
}

/// The properties a `CAGradientLayer` adds.
public struct GradientProperties: Hashable, Sendable {
  /// The stop colours; `nil` draws nothing.
  public var colors: [Color]?
  /// Stop positions 0…1, or `nil` for evenly spaced stops.
  public var locations: [Double]?
  /// Start of the gradient in unit coordinates of the bounds. Default (0.5, 0).
  public var startPoint = Point(x: 0.5, y: 0)
  /// End of the gradient in unit coordinates. Default (0.5, 1).
  public var endPoint = Point(x: 0.5, y: 1)
  /// The gradient's geometry.
  public var type = GradientType.axial

  /// Core Animation's defaults.
  public init() {}
}
