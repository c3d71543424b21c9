// SPDX-License-Identifier: Apache-2.0
// The tight bounding box of a path: its curves' extremes, not their control points.

extension Path {
  /// The smallest rectangle holding every point the path passes through,
  /// `CGPath.boundingBoxOfPath`: line ends, curve ends and the extremes of
  /// each curve, control points left out (a circle's box is the circle's,
  /// where ``boundingBox`` may be wider). A `moveTo` counts as a point even
  /// when nothing is drawn from it. `.zero` for an empty path; a NaN
  /// coordinate gives a NaN box, an infinite one an infinite box.
  ///
  ///     try Path(svgPathData: "M 0 0 Q 50 100 100 0").boundingBoxOfPath  // (0, 0, 100, 50)
  public var boundingBoxOfPath: Rect {
    var box = Extent()
    var current = Point.zero
    var start = Point.zero
    for element in elements {
      switch element {
      case .moveTo(let p):
        box.include(p)
        current = p
        start = p
      case .lineTo(let p):
        box.include(p)
        current = p
      case .quadCurveTo(let p, let c):
        box.include(p)
        for t in Path.quadraticExtremes(current.x, c.x, p.x) + Path.quadraticExtremes(current.y, c.y, p.y) {
          let u = 1 - t
          box.include(Point(x: u * u * current.x + 2 * u * t * c.x + t * t * p.x,
                            y: u * u * current.y + 2 * u * t * c.y + t * t * p.y))
        }
        current = p
      case .curveTo(let p, let c1, let c2):
        box.include(p)
        for t in Path.cubicExtremes(current.x, c1.x, c2.x, p.x) + Path.cubicExtremes(current.y, c1.y, c2.y, p.y) {
          let u = 1 - t
          let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
          box.include(Point(x: a * current.x + b * c1.x + c * c2.x + d * p.x,
                            y: a * current.y + b * c1.y + c * c2.y + d * p.y))
        }
        current = p
      case .closeSubpath:
        current = start
      }
    }
    return box.rect
  }

  /// The parameters in (0, 1) where one coordinate of a quadratic Bézier
  /// (end `p0`, control `c`, end `p1`) turns: B'(t) = 0.
  static func quadraticExtremes(_ p0: Double, _ c: Double, _ p1: Double) -> [Double] {
    // B'(t) = 2 (1 − t)(c − p0) + 2 t (p1 − c), zero at t = (p0 − c) / (p0 − 2c + p1).
    let denominator = p0 - 2 * c + p1
    guard denominator != 0 else { return [] }
    let t = (p0 - c) / denominator
    return t > 0 && t < 1 ? [t] : []
  }

  /// The parameters in (0, 1) where one coordinate of a cubic Bézier turns:
  /// the roots of its derivative, a quadratic a t² + b t + c.
  static func cubicExtremes(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
    let a = 3 * (-p0 + 3 * p1 - 3 * p2 + p3)
    let b = 6 * (p0 - 2 * p1 + p2)
    let c = 3 * (p1 - p0)
    var roots: [Double] = []
    // A derivative whose t² term vanishes next to the others is linear.
    if Swift.abs(a) <= 1e-12 * Swift.max(Swift.abs(b), Swift.abs(c)) || a == 0 {
      if b != 0 { roots = [-c / b] }
    } else {
      let discriminant = b * b - 4 * a * c
      if discriminant >= 0 {
        // The root that avoids cancellation, then the other from the product c / a.
        let q = -0.5 * (b + (b < 0 ? -1 : 1) * discriminant.squareRoot())
        roots = q == 0 ? [0] : [q / a, c / q]
      }
    }
    return roots.filter { $0 > 0 && $0 < 1 }
  }
}

/// A growing box of points.
private struct Extent {
  var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
  var isEmpty = true
  /// Whether a coordinate was NaN: the box is then NaN too, never a box that left the point out.
  var sawNaN = false

  mutating func include(_ p: Point) {
    isEmpty = false
    if p.x.isNaN || p.y.isNaN { sawNaN = true }
    minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
    minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
  }

  var rect: Rect {
    if isEmpty { return .zero }
    if sawNaN { return Rect(x: .nan, y: .nan, width: .nan, height: .nan) }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }
}
