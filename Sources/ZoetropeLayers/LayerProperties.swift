// SPDX-License-Identifier: Apache-2.0
// Every property of a layer, as a value: the model's, or the presentation's at an instant.

import ZoetropeAnimation
import ZoetropeGeometry

/// The values of a layer's properties: what the model layer holds, and what the
/// presentation evaluator computes for one instant.
///
/// Defaults are Core Animation's. Shape, gradient, text and replicator layers
/// carry their extra properties in ``shape``, ``gradient``, ``text`` and
/// ``replicator``.
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
  /// Which corners `cornerRadius` rounds; default all four.
  public var maskedCorners = CornerMask.all
  /// The shape of the rounded corners; default circular.
  public var cornerCurve = CornerCurve.circular
  /// The shadow's colour; default opaque black, `nil` for no shadow.
  public var shadowColor: Color? = .black
  /// The shadow's opacity, 0…1; default 0 (no shadow).
  public var shadowOpacity = 0.0
  /// How far the shadow is moved, points in the layer's space; default (0, −3)
  /// (up, in the y-down coordinates of Zoetrope and iOS).
  public var shadowOffset = Size(width: 0, height: -3)
  /// The blur of the shadow: the standard deviation of its Gaussian, points; default 3.
  public var shadowRadius = 3.0
  /// The shadow's shape in the layer's coordinates, or `nil` (the default)
  /// for the alpha of the layer's composited result.
  public var shadowPath: Path?
  /// How the layer's composited result is blended onto what is below it;
  /// `nil` (the default) for source-over.
  public var compositingFilter: BlendMode?
  /// Colour filters applied, in order, to the layer's composited result
  /// before it is blended (LayerFilter.swift); default none.
  public var filters: [LayerFilter] = []
  /// How the layer's mask becomes coverage (Layer+MaskMode.swift); default alpha.
  public var maskMode = MaskMode.alpha
  /// The `CAShapeLayer` properties, for shape layers.
  public var shape: ShapeProperties?
  /// The `CAGradientLayer` properties, for gradient layers.
  public var gradient: GradientProperties?
  /// The `CATextLayer` properties, for text layers.
  public var text: TextProperties?
  /// The contents image and its placement (every layer kind has them).
  public var content = ContentsProperties()
  /// The `CAReplicatorLayer` properties, for replicator layers.
  public var replicator: ReplicatorProperties? {
    get { replicatorBox?.value }
    set { replicatorBox = newValue.map(ValueBox.init) }
  }
  /// Boxed: ``ReplicatorProperties`` holds a 128-byte transform, and every
  /// layer's properties are copied at every frame.
  /// (Usable from inlined code, for ``isReplicator``.)
  @usableFromInline var replicatorBox: ValueBox<ReplicatorProperties>?
  /// Whether the layer has ``replicator`` properties (asked without copying them out of their box).
  /// (Inlined: a question asked of a lent value through another module's
  /// getter copied the whole value first.)
  @inlinable package var isReplicator: Bool { replicatorBox != nil }
  /// The `CAEmitterLayer` properties, for emitter layers.
  public var emitter: EmitterProperties? {
    get { emitterBox?.value }
    set { emitterBox = newValue.map(ValueBox.init) }
  }
  /// Boxed, as ``replicator``.
  /// (Usable from inlined code, for ``isEmitter``.)
  @usableFromInline var emitterBox: ValueBox<EmitterProperties>?
  /// Whether the layer has ``emitter`` properties (asked without copying them out of their box).
  /// (Inlined, as ``isReplicator``.)
  @inlinable package var isEmitter: Bool { emitterBox != nil }

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
  /// Where the rings of a radial gradient close in, in unit coordinates;
  /// `nil` (Core Animation's radial gradient) is `startPoint`. See
  /// ``GradientLayer/focalPoint``.
  public var focalPoint: Point?

  /// Core Animation's defaults.
  public init() {}
}
