// SPDX-License-Identifier: Apache-2.0
// Rectangles, rounded rectangles, ellipses, arcs and polylines as paths.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Path {
  /// The cubic control-point distance for a quarter circle of radius 1.
  static let kappa = 0.5522847498307936

  /// Adds a closed rectangle: from the top-left corner clockwise on screen.
  public mutating func addRect(_ r: Rect) {
    let r = r.standardized
    if elements.isEmpty { elements.reserveCapacity(5) }  // one allocation for a shape alone
    move(to: Point(x: r.minX, y: r.minY))
    addLine(to: Point(x: r.maxX, y: r.minY))
    addLine(to: Point(x: r.maxX, y: r.maxY))
    addLine(to: Point(x: r.minX, y: r.maxY))
    closeSubpath()
  }

  /// Adds a closed rounded rectangle; the radii are clamped to half the sides.
  public mutating func addRoundedRect(in rect: Rect, cornerWidth: Double, cornerHeight: Double) {
    let r = rect.standardized
    let rx = Swift.min(Swift.max(cornerWidth, 0), r.width / 2), ry = Swift.min(Swift.max(cornerHeight, 0), r.height / 2)
    guard rx > 0, ry > 0 else { return addRect(r) }
    let kx = rx * Path.kappa, ky = ry * Path.kappa
    if elements.isEmpty { elements.reserveCapacity(10) }  // one allocation for a shape alone
    move(to: Point(x: r.minX + rx, y: r.minY))
    addLine(to: Point(x: r.maxX - rx, y: r.minY))
    addCurve(to: Point(x: r.maxX, y: r.minY + ry), control1: Point(x: r.maxX - rx + kx, y: r.minY),
             control2: Point(x: r.maxX, y: r.minY + ry - ky))
    addLine(to: Point(x: r.maxX, y: r.maxY - ry))
    addCurve(to: Point(x: r.maxX - rx, y: r.maxY), control1: Point(x: r.maxX, y: r.maxY - ry + ky),
             control2: Point(x: r.maxX - rx + kx, y: r.maxY))
    addLine(to: Point(x: r.minX + rx, y: r.maxY))
    addCurve(to: Point(x: r.minX, y: r.maxY - ry), control1: Point(x: r.minX + rx - kx, y: r.maxY),
             control2: Point(x: r.minX, y: r.maxY - ry + ky))
    addLine(to: Point(x: r.minX, y: r.minY + ry))
    addCurve(to: Point(x: r.minX + rx, y: r.minY), control1: Point(x: r.minX, y: r.minY + ry - ky),
             control2: Point(x: r.minX + rx - kx, y: r.minY))
    closeSubpath()
  }

  /// Adds a closed ellipse inscribed in `rect`: four cubics from (maxX, midY),
  /// clockwise on screen.
  public mutating func addEllipse(in rect: Rect) {
    let r = rect.standardized
    let rx = r.width / 2, ry = r.height / 2, cx = r.midX, cy = r.midY
    let kx = rx * Path.kappa, ky = ry * Path.kappa
    if elements.isEmpty { elements.reserveCapacity(6) }  // one allocation for a shape alone
    move(to: Point(x: cx + rx, y: cy))
    addCurve(to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + ky), control2: Point(x: cx + kx, y: cy + ry))
    addCurve(to: Point(x: cx - rx, y: cy), control1: Point(x: cx - kx, y: cy + ry), control2: Point(x: cx - rx, y: cy + ky))
    addCurve(to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - ky), control2: Point(x: cx - kx, y: cy - ry))
    addCurve(to: Point(x: cx + rx, y: cy), control1: Point(x: cx + kx, y: cy - ry), control2: Point(x: cx + rx, y: cy - ky))
    closeSubpath()
  }

  /// Adds a circular arc with `UIBezierPath` semantics in y-down coordinates:
  /// angle 0 points along +x and angles grow towards +y (clockwise on screen);
  /// `clockwise == true` sweeps from `startAngle` by increasing angle to
  /// `endAngle`. A line joins the current point to the arc's start (or the path
  /// moves there when empty). Sweeps of 2π or more draw one full circle.
  public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
    var sweep = endAngle - startAngle
    if clockwise {
      if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: 2 * Double.pi) + 2 * Double.pi }
      if endAngle - startAngle >= 2 * Double.pi { sweep = 2 * Double.pi }
    } else {
      if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: 2 * Double.pi) - 2 * Double.pi }
      if startAngle - endAngle >= 2 * Double.pi { sweep = -2 * Double.pi }
    }
    addArc(center: center, radii: (radius, radius), rotation: 0, startAngle: startAngle, sweep: sweep)
  }

  /// Adds an elliptical arc as cubics of at most 90° each; `sweep` is signed,
  /// positive towards +y. Joins or moves to the start as `addArc` does.
  mutating func addArc(center: Point, radii: (Double, Double), rotation: Double, startAngle: Double, sweep: Double) {
    let (sinR, cosR) = (sin(rotation), cos(rotation))
    func point(_ angle: Double) -> Point {
      let x = radii.0 * cos(angle), y = radii.1 * sin(angle)
      return Point(x: center.x + x * cosR - y * sinR, y: center.y + x * sinR + y * cosR)
    }
    func derivative(_ angle: Double) -> Point {
      let x = -radii.0 * sin(angle), y = radii.1 * cos(angle)
      return Point(x: x * cosR - y * sinR, y: x * sinR + y * cosR)
    }
    let start = point(startAngle)
    if elements.isEmpty { move(to: start) } else if currentPoint != start { addLine(to: start) }
    guard sweep != 0, sweep.isFinite else { return }
    let pieces = Swift.max(1, Int((Swift.abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
    let step = sweep / Double(pieces)
    let k = 4.0 / 3.0 * tan(step / 4)
    var a0 = startAngle
    for i in 0..<pieces {
      let a1 = i == pieces - 1 ? startAngle + sweep : a0 + step
      let p0 = point(a0), p1 = point(a1), d0 = derivative(a0), d1 = derivative(a1)
      addCurve(to: p1, control1: p0 + d0 * k, control2: p1 - d1 * k)
      a0 = a1
    }
  }

  /// Adds an open polyline through `points` (nothing for an empty list).
  public mutating func addLines(between points: [Point]) {
    guard let first = points.first else { return }
    move(to: first)
    for p in points.dropFirst() { addLine(to: p) }
  }

  /// The rectangle this path is, when it is exactly one closed axis-aligned
  /// rectangle as ``addRect(_:)`` builds it; `nil` otherwise.
  public var axisAlignedRectangle: Rect? {
    guard elements.count == 5, case .moveTo(let a) = elements[0], case .lineTo(let b) = elements[1],
      case .lineTo(let c) = elements[2], case .lineTo(let d) = elements[3], elements[4] == .closeSubpath,
      a.y == b.y, b.x == c.x, c.y == d.y, d.x == a.x
    else { return nil }
    return Rect(x: a.x, y: a.y, width: c.x - a.x, height: c.y - a.y).standardized
  }

  /// A closed rectangle.
  public static func rect(_ r: Rect) -> Path {
    var p = Path()
    p.addRect(r)
    return p
  }

  /// A closed rounded rectangle with circular corners of `cornerRadius`,
  /// clamped to half the shorter side (as `CALayer.cornerRadius` draws).
  public static func roundedRect(_ r: Rect, cornerRadius: Double) -> Path {
    var p = Path()
    let radius = Swift.min(cornerRadius, r.width / 2, r.height / 2)
    p.addRoundedRect(in: r, cornerWidth: radius, cornerHeight: radius)
    return p
  }

  /// A closed ellipse inscribed in `r`.
  public static func ellipse(in r: Rect) -> Path {
    var p = Path()
    p.addEllipse(in: r)
    return p
  }

  /// An arc alone (moves to its start first). See ``addArc(center:radius:startAngle:endAngle:clockwise:)``.
  public static func arc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) -> Path {
    var p = Path()
    p.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    return p
  }

  /// A polyline through `points`, closed if asked.
  public static func polyline(_ points: [Point], closed: Bool) -> Path {
    var p = Path()
    p.addLines(between: points)
    if closed { p.closeSubpath() }
    return p
  }
}
