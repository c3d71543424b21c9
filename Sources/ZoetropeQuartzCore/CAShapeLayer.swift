// SPDX-License-Identifier: Apache-2.0
// CAShapeLayer over Zoetrope's ShapeLayer.

import Foundation
import Zoetrope

/// The ends of open subpaths (`CAShapeLayerLineCap`).
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
  /// The raw value, as Core Animation spells it.
  public let rawValue: String
  /// The constant with this raw value; one Core Animation does not know behaves as the default.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// Square ends at the end points (the default).
  public static let butt = CAShapeLayerLineCap(rawValue: "butt")
  /// Half-discs past the end points.
  public static let round = CAShapeLayerLineCap(rawValue: "round")
  /// Half-squares past the end points.
  public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// The corners between segments (`CAShapeLayerLineJoin`).
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
  /// The raw value, as Core Animation spells it.
  public let rawValue: String
  /// The constant with this raw value; one Core Animation does not know behaves as the default.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// Sharp, up to `miterLimit` (the default).
  public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
  /// `"round"`.
  public static let round = CAShapeLayerLineJoin(rawValue: "round")
  /// `"bevel"`.
  public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// How a shape's inside is decided (`CAShapeLayerFillRule`).
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
  /// The raw value, as Core Animation spells it.
  public let rawValue: String
  /// The constant with this raw value; one Core Animation does not know behaves as the default.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// Non-zero winding (the default).
  public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
  /// `"even-odd"`.
  public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// A layer that fills, then strokes a path (`CAShapeLayer`), the stroke
/// trimmed to `strokeStart…strokeEnd` of the path's length.
///
///     let ring = CAShapeLayer()
///     ring.path = UIBezierPath(ovalIn: CGRect(x: 10, y: 10, width: 100, height: 100)).cgPath
///     ring.fillColor = nil
///     ring.strokeColor = UIColor.systemBlue.cgColor
///     ring.lineWidth = 8
open class CAShapeLayer: CALayer {
  private var shape: ShapeLayer { backing as! ShapeLayer }

  /// A shape layer with Core Animation's defaults: black fill, no stroke.
  public override init() { super.init(backing: ShapeLayer()) }
  /// A shape layer with the values of `layer`.
  public override init(layer: Any) {
    super.init(backing: ShapeLayer())
    copyValues(from: layer)
  }
  /// A shape layer with the defaults: archives are not read offscreen.
  public required init?(coder: NSCoder) { super.init(backing: ShapeLayer()) }

  override func emptyCopy() -> CALayer { CAShapeLayer() }
  /// The presentation of this layer at the render clock's time (see `CALayer.presentation()`).
  open override func presentation() -> CAShapeLayer? { super.presentation() as? CAShapeLayer }

  /// The outline, in the layer's coordinates; `nil` draws nothing. The path
  /// is read when set: later changes to a `CGMutablePath` do not reach the layer.
  open var path: CGPath? {
    get { shape.path.map(CGPath.init) }
    set { shape.path = newValue?.storage }
  }
  /// The fill; default opaque black, `nil` for none.
  open var fillColor: CGColor? {
    get { shape.fillColor.map(CGColor.init) }
    set { shape.fillColor = newValue?.zoetrope }
  }
  /// The fill rule; default non-zero.
  open var fillRule: CAShapeLayerFillRule {
    get { shape.fillRule == .evenOdd ? .evenOdd : .nonZero }
    set { shape.fillRule = newValue == .evenOdd ? .evenOdd : .nonZero }
  }
  /// The stroke; `nil` (the default) for none.
  open var strokeColor: CGColor? {
    get { shape.strokeColor.map(CGColor.init) }
    set { shape.strokeColor = newValue?.zoetrope }
  }
  /// Where the stroke starts, a fraction 0…1 of the path's length.
  open var strokeStart: CGFloat {
    get { CGFloat(shape.strokeStart) }
    set { shape.strokeStart = Double(newValue) }
  }
  /// Where the stroke ends, a fraction 0…1 of the path's length; default 1.
  open var strokeEnd: CGFloat {
    get { CGFloat(shape.strokeEnd) }
    set { shape.strokeEnd = Double(newValue) }
  }
  /// The stroke width; default 1.
  open var lineWidth: CGFloat {
    get { CGFloat(shape.lineWidth) }
    set { shape.lineWidth = Double(newValue) }
  }
  /// The miter limit; default 10.
  open var miterLimit: CGFloat {
    get { CGFloat(shape.miterLimit) }
    set { shape.miterLimit = Double(newValue) }
  }
  /// The ends of open subpaths; default butt.
  open var lineCap: CAShapeLayerLineCap {
    get { CAShapeLayerLineCap(rawValue: shape.lineCap.rawValue) }
    set { shape.lineCap = LineCap(rawValue: newValue.rawValue) ?? .butt }
  }
  /// The corners; default miter.
  open var lineJoin: CAShapeLayerLineJoin {
    get { CAShapeLayerLineJoin(rawValue: shape.lineJoin.rawValue) }
    set { shape.lineJoin = LineJoin(rawValue: newValue.rawValue) ?? .miter }
  }
  /// How far into the dash pattern the stroke starts, points.
  open var lineDashPhase: CGFloat {
    get { CGFloat(shape.lineDashPhase) }
    set { shape.lineDashPhase = Double(newValue) }
  }
  /// Dash lengths (on, off, …), or `nil` for a solid stroke.
  open var lineDashPattern: [NSNumber]? {
    get { shape.lineDashPattern?.map { NSNumber(value: $0) } }
    set { shape.lineDashPattern = newValue?.map(\.doubleValue) }
  }
}
