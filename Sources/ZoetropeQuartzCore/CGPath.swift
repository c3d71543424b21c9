// SPDX-License-Identifier: Apache-2.0
// CGPath and CGMutablePath over Zoetrope's Path value, with Core Graphics' own arc direction.

import Foundation
import Zoetrope

/// An immutable shape outline, as Core Graphics' `CGPath`: what
/// `CAShapeLayer.path`, `shadowPath` and `CAKeyframeAnimation.path` take.
/// Coordinates are the layer's (y down).
public class CGPath: Hashable, CustomStringConvertible {
  /// The outline as Zoetrope draws it.
  var storage: Path

  init(_ path: Path) { storage = path }

  /// A closed rectangle, starting at its top-left corner and running
  /// clockwise on screen, optionally transformed.
  public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
    self.init(CGPath.transformed(.rect(rect.zoetrope), transform))
  }

  /// A closed ellipse inscribed in `rect`, starting at its right end and
  /// running clockwise on screen, optionally transformed.
  public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
    self.init(CGPath.transformed(.ellipse(in: rect.zoetrope), transform))
  }

  /// A closed rectangle with elliptical corners (radii clamped to half the
  /// sides), optionally transformed.
  public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                          transform: UnsafePointer<CGAffineTransform>?) {
    var path = Path()
    path.addRoundedRect(in: rect.zoetrope, cornerWidth: Double(cornerWidth), cornerHeight: Double(cornerHeight))
    self.init(CGPath.transformed(path, transform))
  }

  static func transformed(_ path: Path, _ transform: UnsafePointer<CGAffineTransform>?) -> Path {
    guard let t = transform?.pointee, !t.isIdentity else { return path }
    return path.applying(t.zoetrope)
  }

  /// Whether the path has no elements.
  public var isEmpty: Bool { storage.isEmpty }

  /// Where the next element would start; `.zero` for an empty path.
  public var currentPoint: CGPoint { storage.currentPoint.map(CGPoint.init) ?? .zero }

  /// The smallest rectangle holding every point, control points included;
  /// `CGRect.null` for an empty path.
  public var boundingBox: CGRect { storage.isEmpty ? .null : CGRect(storage.boundingBox) }

  /// The smallest rectangle holding the outline itself (curves' extremes,
  /// not their control points); `CGRect.null` for an empty path.
  public var boundingBoxOfPath: CGRect { storage.isEmpty ? .null : CGRect(storage.tightBoundingBox) }

  /// An immutable copy.
  public func copy() -> CGPath? { CGPath(storage) }

  /// A mutable copy.
  public func mutableCopy() -> CGMutablePath? { CGMutablePath(storage) }

  /// A copy with every point transformed.
  public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
    CGPath(CGPath.transformed(storage, transform))
  }

  /// A mutable copy with every point transformed.
  public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
    CGMutablePath(CGPath.transformed(storage, transform))
  }

  /// Whether the path is exactly one closed axis-aligned rectangle, and which.
  public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
    guard let r = storage.axisAlignedRectangle else { return false }
    rect?.pointee = CGRect(r)
    return true
  }

  /// The same elements, as `CGPathEqualToPath`.
  public static func == (a: CGPath, b: CGPath) -> Bool { a.storage == b.storage }
  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) { hasher.combine(storage) }

  /// The path as SVG path data, for messages.
  public var description: String { "CGPath(\(storage.elements.count) elements)" }
}

/// A path being built, as Core Graphics' `CGMutablePath`. Every method takes
/// an optional `transform` applied to its points.
///
/// `addArc(center:radius:startAngle:endAngle:clockwise:)` keeps Core
/// Graphics' meaning of `clockwise`, which is flipped against what a y-down
/// layer shows: `clockwise: false` runs clockwise on screen, as
/// `UIBezierPath(…, clockwise: true)` does.
///
///     let tick = CGMutablePath()
///     tick.move(to: CGPoint(x: 4, y: 12))
///     tick.addLine(to: CGPoint(x: 10, y: 18))
public final class CGMutablePath: CGPath {
  /// An empty path.
  public convenience init() { self.init(Path()) }

  override init(_ path: Path) { super.init(path) }

  private func point(_ p: CGPoint, _ t: CGAffineTransform) -> Point {
    t.isIdentity ? p.zoetrope : t.zoetrope.transform(p.zoetrope)
  }

  /// Appends `piece`, which starts with a move; when this path is not empty
  /// and `joining`, that move becomes a line from the current point.
  private func append(_ piece: Path, joining: Bool) {
    var elements = piece.elements
    if joining, !storage.isEmpty, case .moveTo(let start) = elements.first {
      elements[0] = .lineTo(start)
      if storage.currentPoint == start { elements.removeFirst() }
    }
    storage.addPath(Path(elements: elements))
  }

  /// Starts a subpath at `point`.
  public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
    storage.move(to: self.point(point, transform))
  }

  /// A line from the current point to `point`.
  public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
    storage.addLine(to: self.point(point, transform))
  }

  /// An open polyline through `points` (a new subpath).
  public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
    storage.addLines(between: points.map { point($0, transform) })
  }

  /// A quadratic Bézier curve to `end`.
  public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
    storage.addQuadCurve(to: point(end, transform), control: point(control, transform))
  }

  /// A cubic Bézier curve to `end`.
  public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint,
                       transform: CGAffineTransform = .identity) {
    storage.addCurve(to: point(end, transform), control1: point(control1, transform),
                     control2: point(control2, transform))
  }

  /// A closed rectangle (a new subpath).
  public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
    storage.addPath(Path.rect(rect.zoetrope).applying(transform.zoetrope))
  }

  /// Closed rectangles, one subpath each.
  public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
    for rect in rects { addRect(rect, transform: transform) }
  }

  /// A closed ellipse inscribed in `rect` (a new subpath).
  public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
    storage.addPath(Path.ellipse(in: rect.zoetrope).applying(transform.zoetrope))
  }

  /// A closed rectangle with elliptical corners (a new subpath).
  public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                             transform: CGAffineTransform = .identity) {
    var path = Path()
    path.addRoundedRect(in: rect.zoetrope, cornerWidth: Double(cornerWidth), cornerHeight: Double(cornerHeight))
    storage.addPath(path.applying(transform.zoetrope))
  }

  /// A circular arc, joined to the current point by a line. Angles are
  /// radians from +x towards +y. `clockwise` has Core Graphics' meaning:
  /// `true` runs by decreasing angle — counterclockwise on a y-down layer
  /// (the opposite of `UIBezierPath`'s `clockwise`).
  public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                     transform: CGAffineTransform = .identity) {
    let arc = Path.arc(center: center.zoetrope, radius: Double(radius), startAngle: Double(startAngle),
                       endAngle: Double(endAngle), clockwise: !clockwise)
    append(arc.applying(transform.zoetrope), joining: true)
  }

  /// An arc of `delta` radians from `startAngle` (positive towards +y,
  /// clockwise on screen), joined to the current point by a line.
  public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                             transform: CGAffineTransform = .identity) {
    let arc = Path.arc(center: center.zoetrope, radius: Double(radius), startAngle: Double(startAngle),
                       endAngle: Double(startAngle + delta), clockwise: delta >= 0)
    append(arc.applying(transform.zoetrope), joining: true)
  }

  /// A line towards `tangent1End` ending in an arc of `radius` tangent to the
  /// lines current point → `tangent1End` and `tangent1End` → `tangent2End`
  /// (`CGPathAddArcToPoint`, the rounded corner). Collinear points or a zero
  /// radius give a line to `tangent1End`; on an empty path the call moves there.
  public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
                     transform: CGAffineTransform = .identity) {
    guard storage.currentPoint != nil else { return move(to: tangent1End, transform: transform) }
    storage.addTangentArc(corner: point(tangent1End, transform), towards: point(tangent2End, transform),
                          radius: Double(radius))
  }

  /// Appends every subpath of `path`.
  public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
    storage.addPath(transform.isIdentity ? path.storage : path.storage.applying(transform.zoetrope))
  }

  /// Closes the current subpath with a line to its start.
  public func closeSubpath() { storage.closeSubpath() }
}

extension Path {
  /// A line towards `corner` ending in an arc of `radius` that turns onto the
  /// line `corner` → `next`, from the current point (see
  /// `CGMutablePath.addArc(tangent1End:tangent2End:radius:)`).
  mutating func addTangentArc(corner: Point, towards next: Point, radius: Double) {
    guard let p0 = currentPoint else { return move(to: corner) }
    let u = p0 - corner, v = next - corner
    let lu = (u.x * u.x + u.y * u.y).squareRoot(), lv = (v.x * v.x + v.y * v.y).squareRoot()
    let cross = u.x * v.y - u.y * v.x
    guard radius > 0, lu > 0, lv > 0, Swift.abs(cross) > 1e-12 * lu * lv else { return addLine(to: corner) }
    let ua = Point(x: u.x / lu, y: u.y / lu), va = Point(x: v.x / lv, y: v.y / lv)
    let cosine = Swift.min(Swift.max(ua.x * va.x + ua.y * va.y, -1), 1)
    let half = acos(cosine) / 2
    let reach = radius / tan(half)
    let start = corner + ua * reach, end = corner + va * reach
    let bisector = Point(x: ua.x + va.x, y: ua.y + va.y)
    let bl = (bisector.x * bisector.x + bisector.y * bisector.y).squareRoot()
    let center = corner + Point(x: bisector.x / bl, y: bisector.y / bl) * (radius / sin(half))
    let a0 = atan2(start.y - center.y, start.x - center.x), a1 = atan2(end.y - center.y, end.x - center.x)
    // The path turns towards increasing angles (clockwise on screen) when
    // the incoming direction (corner − p0) crosses the outgoing one positively.
    let incoming = corner - p0
    let turnsClockwise = incoming.x * v.y - incoming.y * v.x > 0
    addArc(center: center, radius: radius, startAngle: a0, endAngle: a1, clockwise: turnsClockwise)
  }

  /// The bounding box of the outline: lines' ends and curves' extremes.
  var tightBoundingBox: Rect {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    func include(_ p: Point) {
      minX = Swift.min(minX, p.x); minY = Swift.min(minY, p.y)
      maxX = Swift.max(maxX, p.x); maxY = Swift.max(maxY, p.y)
    }
    /// The parameters in (0, 1) where a·t² + b·t + c = 0.
    func roots(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
      if Swift.abs(a) < 1e-12 { return Swift.abs(b) < 1e-12 ? [] : [-c / b].filter { $0 > 0 && $0 < 1 } }
      let d = b * b - 4 * a * c
      guard d >= 0 else { return [] }
      let s = d.squareRoot()
      return [(-b + s) / (2 * a), (-b - s) / (2 * a)].filter { $0 > 0 && $0 < 1 }
    }
    var current = Point.zero, start = Point.zero
    for element in elements {
      switch element {
      case .moveTo(let p): current = p; start = p; include(p)
      case .lineTo(let p): current = p; include(p)
      case .quadCurveTo(let p, let c):
        include(p)
        for (a, b, e) in [(current.x, c.x, p.x), (current.y, c.y, p.y)] {
          for t in roots(0, 2 * (a - 2 * b + e), 2 * (b - a)) {
            let u = 1 - t
            include(Point(x: u * u * current.x + 2 * u * t * c.x + t * t * p.x,
                          y: u * u * current.y + 2 * u * t * c.y + t * t * p.y))
          }
        }
        current = p
      case .curveTo(let p, let c1, let c2):
        include(p)
        for (a, b, c, d) in [(current.x, c1.x, c2.x, p.x), (current.y, c1.y, c2.y, p.y)] {
          for t in roots(3 * (-a + 3 * b - 3 * c + d), 6 * (a - 2 * b + c), 3 * (b - a)) {
            let u = 1 - t
            func at(_ s0: Double, _ s1: Double, _ s2: Double, _ s3: Double) -> Double {
              u * u * u * s0 + 3 * u * u * t * s1 + 3 * u * t * t * s2 + t * t * t * s3
            }
            include(Point(x: at(current.x, c1.x, c2.x, p.x), y: at(current.y, c1.y, c2.y, p.y)))
          }
        }
        current = p
      case .closeSubpath: current = start
      }
    }
    guard minX <= maxX else { return .zero }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }
}
