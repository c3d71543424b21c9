// SPDX-License-Identifier: Apache-2.0
// CAShapeLayer: a layer that fills and strokes a path.

import ZoetropeGeometry

/// A layer that draws a path, as `CAShapeLayer`: filled, then stroked, the
/// stroke trimmed to `strokeStart…strokeEnd` of the path's length.
///
///     let check = ShapeLayer()
///     check.path = try Path(svgPathData: "M 4 12 L 10 18 L 20 6")
///     check.fillColor = nil; check.strokeColor = .black; check.lineWidth = 3
///     check.strokeEnd = 0.5   // the first half of the tick
public final class ShapeLayer: Layer {
  /// Creates a shape layer with Core Animation's defaults (black fill, no stroke).
  public override init() {
    super.init()
    model.shape = ShapeProperties()
  }

  override var kind: LayerKind { .shape }

  private var shape: ShapeProperties {
    get { model.shape ?? ShapeProperties() }
    set { model.shape = newValue }
  }

  /// The path, in the layer's coordinates; `nil` draws nothing.
  public var path: Path? {
    get { shape.path }
    set { shape.path = newValue }
  }
  /// The fill; default black, `nil` for none.
  public var fillColor: Color? {
    get { shape.fillColor }
    set { shape.fillColor = newValue }
  }
  /// The fill rule; default non-zero.
  public var fillRule: FillRule {
    get { shape.fillRule }
    set { shape.fillRule = newValue }
  }
  /// The stroke; default `nil`.
  public var strokeColor: Color? {
    get { shape.strokeColor }
    set { shape.strokeColor = newValue }
  }
  /// Stroke width in points; default 1.
  public var lineWidth: Double {
    get { shape.lineWidth }
    set { shape.lineWidth = newValue }
  }
  /// Cap of open ends; default butt.
  public var lineCap: LineCap {
    get { shape.lineCap }
    set { shape.lineCap = newValue }
  }
  /// Join between segments; default miter.
  public var lineJoin: LineJoin {
    get { shape.lineJoin }
    set { shape.lineJoin = newValue }
  }
  /// Miter limit; default 10.
  public var miterLimit: Double {
    get { shape.miterLimit }
    set { shape.miterLimit = newValue }
  }
  /// Dash pattern, or `nil` for solid.
  public var lineDashPattern: [Double]? {
    get { shape.lineDashPattern }
    set { shape.lineDashPattern = newValue }
  }
  /// Offset into the dash pattern, points.
  public var lineDashPhase: Double {
    get { shape.lineDashPhase }
    set { shape.lineDashPhase = newValue }
  }
  /// Start of the stroked part, fraction of the length 0…1.
  public var strokeStart: Double {
    get { shape.strokeStart }
    set { shape.strokeStart = newValue }
  }
  /// End of the stroked part, fraction of the length 0…1.
  public var strokeEnd: Double {
    get { shape.strokeEnd }
    set { shape.strokeEnd = newValue }
  }
}
