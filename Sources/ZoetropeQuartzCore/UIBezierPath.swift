// SPDX-License-Identifier: Apache-2.0
// UIBezierPath: the path builder iOS animation code hands to shape layers as `.cgPath`.

import Foundation
import Zoetrope

/// The corners `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)` rounds.
public struct UIRectCorner: OptionSet, Hashable, Sendable {
  /// The raw value.
  public let rawValue: UInt
  /// The set with these bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// The corner at the minimum x and y.
  public static let topLeft = UIRectCorner(rawValue: 1)
  /// The corner at the maximum x and minimum y.
  public static let topRight = UIRectCorner(rawValue: 2)
  /// The corner at the minimum x and maximum y.
  public static let bottomLeft = UIRectCorner(rawValue: 4)
  /// The corner at the maximum x and y.
  public static let bottomRight = UIRectCorner(rawValue: 8)
  /// All four.
  public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// How a `UIBezierPath` would end its strokes in UIKit drawing (stored only:
/// a shape layer's own `lineCap` decides how it strokes).
public enum CGLineCap: Int32, Sendable { case butt, round, square }
/// How a `UIBezierPath` would join its segments in UIKit drawing (stored only).
public enum CGLineJoin: Int32, Sendable { case miter, round, bevel }

/// A path as UIKit's `UIBezierPath`, for building the `cgPath` of a shape
/// layer. Coordinates are the layer's (y down), and `clockwise` means
/// clockwise on screen: angles grow from +x towards +y.
///
///     let ring = UIBezierPath(arcCenter: CGPoint(x: 60, y: 60), radius: 50,
///                             startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true)
///     shape.path = ring.cgPath
///
/// The drawing methods of UIKit (`stroke()`, `fill()`) are not here: nothing
/// draws outside a layer. The stroke attributes (`lineWidth`, …) are kept
/// for code that sets them but change nothing a layer draws.
open class UIBezierPath {
  /// The outline.
  var storage: Path

  /// An empty path.
  public init() { storage = Path() }

  init(_ path: Path) { storage = path }

  /// A closed rectangle from its top-left corner, clockwise.
  public convenience init(rect: CGRect) { self.init(Path.rect(rect.zoetrope)) }

  /// A closed ellipse inscribed in `rect`, from its right end, clockwise.
  public convenience init(ovalIn rect: CGRect) { self.init(Path.ellipse(in: rect.zoetrope)) }

  /// A closed rectangle with UIKit's continuous corners of `cornerRadius`
  /// (clamped to half the shorter side), as UIKit has drawn them since
  /// iOS 7: each corner eases in along 1.53 × the radius of its edges
  /// (Zoetrope's `Path.continuousRoundedRect`, the curve of `cornerCurve =
  /// .continuous`). Starts on the top edge where the top-left corner ends
  /// and runs clockwise.
  public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
    self.init(Path.continuousRoundedRect(rect.zoetrope, cornerRadius: Double(cornerRadius)))
  }

  /// A closed rectangle whose chosen corners are circular arcs of radius
  /// `cornerRadii.width` (UIKit ignores the height too), clamped to half the
  /// shorter side; from the top-left, clockwise.
  public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
    let r = rect.zoetrope.standardized
    let radius = Swift.max(0, Swift.min(Double(cornerRadii.width), r.width / 2, r.height / 2))
    func corner(_ c: UIRectCorner) -> Double { corners.contains(c) ? radius : 0 }
    var path = Path()
    let (tl, tr, br, bl) = (corner(.topLeft), corner(.topRight), corner(.bottomRight), corner(.bottomLeft))
    // Quarter circles as single cubics, their control points `kappa × radius` along the sides.
    let kappa = 0.5522847498307936
    func point(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
    path.move(to: point(r.minX + tl, r.minY))
    path.addLine(to: point(r.maxX - tr, r.minY))
    if tr > 0 {
      path.addCurve(to: point(r.maxX, r.minY + tr), control1: point(r.maxX - tr + kappa * tr, r.minY),
                    control2: point(r.maxX, r.minY + tr - kappa * tr))
    }
    path.addLine(to: point(r.maxX, r.maxY - br))
    if br > 0 {
      path.addCurve(to: point(r.maxX - br, r.maxY), control1: point(r.maxX, r.maxY - br + kappa * br),
                    control2: point(r.maxX - br + kappa * br, r.maxY))
    }
    path.addLine(to: point(r.minX + bl, r.maxY))
    if bl > 0 {
      path.addCurve(to: point(r.minX, r.maxY - bl), control1: point(r.minX + bl - kappa * bl, r.maxY),
                    control2: point(r.minX, r.maxY - bl + kappa * bl))
    }
    path.addLine(to: point(r.minX, r.minY + tl))
    if tl > 0 {
      path.addCurve(to: point(r.minX + tl, r.minY), control1: point(r.minX, r.minY + tl - kappa * tl),
                    control2: point(r.minX + tl - kappa * tl, r.minY))
    }
    path.closeSubpath()
    self.init(path)
  }

  /// A circular arc alone (the path starts at its start point). `clockwise`
  /// is UIKit's: `true` sweeps by increasing angle, clockwise on screen.
  /// A sweep of 2π or more in the chosen direction draws one full circle.
  public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                          clockwise: Bool) {
    self.init(Path.arc(center: center.zoetrope, radius: Double(radius), startAngle: Double(startAngle),
                       endAngle: Double(endAngle), clockwise: clockwise))
  }

  /// The outline of a CGPath.
  public convenience init(cgPath: CGPath) { self.init(cgPath.storage) }

  /// The outline as a CGPath (a new immutable path); setting it replaces the outline.
  public var cgPath: CGPath {
    get { CGPath(storage) }
    set { storage = newValue.storage }
  }

  /// Starts a subpath at `point`.
  public func move(to point: CGPoint) { storage.move(to: point.zoetrope) }

  /// A line to `point` (from the origin on an empty path).
  public func addLine(to point: CGPoint) { storage.addLine(to: point.zoetrope) }

  /// A cubic Bézier curve to `endPoint`.
  public func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
    storage.addCurve(to: endPoint.zoetrope, control1: controlPoint1.zoetrope, control2: controlPoint2.zoetrope)
  }

  /// A quadratic Bézier curve to `endPoint`.
  public func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
    storage.addQuadCurve(to: endPoint.zoetrope, control: controlPoint.zoetrope)
  }

  /// A circular arc joined to the current point by a line (or starting the
  /// path); `clockwise` as in ``init(arcCenter:radius:startAngle:endAngle:clockwise:)``.
  public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                     clockwise: Bool) {
    storage.addArc(center: center.zoetrope, radius: Double(radius), startAngle: Double(startAngle),
                   endAngle: Double(endAngle), clockwise: clockwise)
  }

  /// Closes the current subpath.
  public func close() { storage.closeSubpath() }

  /// Removes every element.
  public func removeAllPoints() { storage = Path() }

  /// Appends the subpaths of `path`.
  public func append(_ path: UIBezierPath) { storage.addPath(path.storage) }

  /// Transforms every point.
  public func apply(_ transform: CGAffineTransform) { storage = storage.applying(transform.zoetrope) }

  /// The same outline run backwards: each subpath's elements in reverse order
  /// (a closed subpath stays closed), so a stroke animation runs the other way.
  public func reversing() -> UIBezierPath { UIBezierPath(storage.reversed) }

  /// Whether the path has no elements.
  public var isEmpty: Bool { storage.isEmpty }

  /// The bounding box of the points, control points included; `CGRect.null` when empty.
  public var bounds: CGRect { storage.isEmpty ? .null : CGRect(storage.boundingBox) }

  /// Where the next element starts; `.zero` for an empty path.
  public var currentPoint: CGPoint { storage.currentPoint.map(CGPoint.init) ?? .zero }

  /// A copy.
  open func copy() -> Any { UIBezierPath(storage) }

  // MARK: Stroke attributes (kept; a layer's own properties decide its drawing)

  /// Stored only.
  public var lineWidth: CGFloat = 1
  /// Stored only.
  public var lineCapStyle: CGLineCap = .butt
  /// Stored only.
  public var lineJoinStyle: CGLineJoin = .miter
  /// Stored only.
  public var miterLimit: CGFloat = 10
  /// Stored only.
  public var flatness: CGFloat = 0.6
  /// Stored only (set a shape layer's `fillRule` instead).
  public var usesEvenOddFillRule = false
}

extension Path {
  /// The path with each subpath's elements in reverse order.
  var reversed: Path {
    var result = Path()
    var subpath: [Element] = []
    func flush() {
      guard case .moveTo(var start) = subpath.first else { return }
      let closed = subpath.last == .closeSubpath
      var current = start
      // Each element's start point, so that it can be run backwards.
      var pieces: [(from: Point, element: Element)] = []
      for element in subpath.dropFirst() {
        switch element {
        case .moveTo: break
        case .lineTo(let p), .quadCurveTo(let p, _), .curveTo(let p, _, _):
          pieces.append((current, element))
          current = p
        case .closeSubpath:
          if current != start { pieces.append((current, .lineTo(start))) }
          current = start
        }
      }
      start = current
      result.move(to: start)
      for (from, element) in pieces.reversed() {
        switch element {
        case .lineTo: result.addLine(to: from)
        case .quadCurveTo(_, let c): result.addQuadCurve(to: from, control: c)
        case .curveTo(_, let c1, let c2): result.addCurve(to: from, control1: c2, control2: c1)
        default: break
        }
      }
      if closed { result.closeSubpath() }
    }
    for element in elements {
      if case .moveTo = element { flush(); subpath = [] }
      subpath.append(element)
    }
    flush()
    return result
  }
}
