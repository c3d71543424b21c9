// SPDX-License-Identifier: Apache-2.0
// CGPath: a sequence of subpaths made of lines and Bézier curves.

/// A shape outline as `CGPath`: move, line, quadratic and cubic Bézier
/// elements and subpath closes, in a layer's coordinates.
///
///     var tick = Path()
///     tick.move(to: Point(x: 4, y: 12))
///     tick.addLine(to: Point(x: 10, y: 18))
public struct Path: Hashable, Sendable {
  /// One element of a path.
  public enum Element: Hashable, Sendable {
    /// Starts a new subpath at a point.
    case moveTo(Point)
    /// A straight line to a point.
    case lineTo(Point)
    /// A quadratic Bézier curve to a point.
    case quadCurveTo(Point, control: Point)
    /// A cubic Bézier curve to a point.
    case curveTo(Point, control1: Point, control2: Point)
    /// A straight line back to the subpath's start, closing it.
    case closeSubpath
  }

  /// The elements, in order.
  public var elements: [Element]

  /// An empty path.
  public init() { elements = [] }

  /// A path of the given elements.
  public init(elements: [Element]) { self.elements = elements }

  /// Whether the path has no elements.
  public var isEmpty: Bool { elements.isEmpty }

  /// Where the next element starts; `nil` for an empty path. After a close,
  /// the start of the closed subpath.
  public var currentPoint: Point? {
    var current: Point?
    var start: Point?
    for element in elements {
      switch element {
      case .moveTo(let p): current = p; start = p
      case .lineTo(let p), .quadCurveTo(let p, _), .curveTo(let p, _, _): current = p
      case .closeSubpath: current = start
      }
    }
    return current
  }

  /// Starts a subpath at `point`.
  public mutating func move(to point: Point) { elements.append(.moveTo(point)) }

  /// A line to `point` (from the origin if the path is empty, as CGPath would refuse).
  public mutating func addLine(to point: Point) {
    if elements.isEmpty { elements.append(.moveTo(.zero)) }
    elements.append(.lineTo(point))
  }

  /// A quadratic curve to `point`.
  public mutating func addQuadCurve(to point: Point, control: Point) {
    if elements.isEmpty { elements.append(.moveTo(.zero)) }
    elements.append(.quadCurveTo(point, control: control))
  }

  /// A cubic curve to `point`.
  public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
    if elements.isEmpty { elements.append(.moveTo(.zero)) }
    elements.append(.curveTo(point, control1: control1, control2: control2))
  }

  /// Closes the current subpath; does nothing on an empty path.
  public mutating func closeSubpath() {
    if !elements.isEmpty { elements.append(.closeSubpath) }
  }

  /// Appends the elements of `other`.
  public mutating func addPath(_ other: Path) { elements += other.elements }

  /// The path with every point transformed.
  public func applying(_ t: AffineTransform) -> Path {
    Path(elements: elements.map { element in
      switch element {
      case .moveTo(let p): .moveTo(t.transform(p))
      case .lineTo(let p): .lineTo(t.transform(p))
      case .quadCurveTo(let p, let c): .quadCurveTo(t.transform(p), control: t.transform(c))
      case .curveTo(let p, let c1, let c2): .curveTo(t.transform(p), control1: t.transform(c1), control2: t.transform(c2))
      case .closeSubpath: .closeSubpath
      }
    })
  }

  /// Whether `other` has the same elements kinds in the same order.
  public func hasSameStructure(as other: Path) -> Bool {
    guard elements.count == other.elements.count else { return false }
    for (a, b) in zip(elements, other.elements) {
      switch (a, b) {
      case (.moveTo, .moveTo), (.lineTo, .lineTo), (.quadCurveTo, .quadCurveTo), (.curveTo, .curveTo),
        (.closeSubpath, .closeSubpath):
        continue
      default: return false
      }
    }
    return true
  }

  /// The path `fraction` of the way to `other`, every point interpolated; `nil`
  /// unless both have the same structure (docs/scene-format.md, "Paths").
  public func interpolated(to other: Path, fraction f: Double) -> Path? {
    guard hasSameStructure(as: other) else { return nil }
    func lerp(_ a: Point, _ b: Point) -> Point { a.interpolated(to: b, fraction: f) }
    return Path(elements: zip(elements, other.elements).map { a, b in
      switch (a, b) {
      case (.moveTo(let p), .moveTo(let q)): .moveTo(lerp(p, q))
      case (.lineTo(let p), .lineTo(let q)): .lineTo(lerp(p, q))
      case (.quadCurveTo(let p, let c), .quadCurveTo(let q, let d)): .quadCurveTo(lerp(p, q), control: lerp(c, d))
      case (.curveTo(let p, let c1, let c2), .curveTo(let q, let d1, let d2)):
        .curveTo(lerp(p, q), control1: lerp(c1, d1), control2: lerp(c2, d2))
      default: .closeSubpath
      }
    })
  }

  /// The smallest rectangle holding every point, control points included;
  /// `.zero` for an empty path.
  public var boundingBox: Rect {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    func include(_ p: Point) {
      minX = Swift.min(minX, p.x); minY = Swift.min(minY, p.y)
      maxX = Swift.max(maxX, p.x); maxY = Swift.max(maxY, p.y)
    }
    for element in elements {
      switch element {
      case .moveTo(let p), .lineTo(let p): include(p)
      case .quadCurveTo(let p, let c): include(p); include(c)
      case .curveTo(let p, let c1, let c2): include(p); include(c1); include(c2)
      case .closeSubpath: break
      }
    }
    guard minX <= maxX else { return .zero }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }
}
