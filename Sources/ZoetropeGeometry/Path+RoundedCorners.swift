// SPDX-License-Identifier: Apache-2.0
// Rectangles with some corners rounded, circular or continuous: the outline layers' bounds and UIKit's rounded rects share.

extension Path {
  /// A closed rectangle with Apple's continuous ("smooth") corners, as
  /// `UIBezierPath(roundedRect:cornerRadius:)` has drawn them since iOS 7
  /// and a layer with `cornerCurve = .continuous` draws them
  /// (``ContinuousCorner``): `cornerRadius` is clamped to half the shorter
  /// side (NaN counts as 0), and where 1.528665 × the radius does not fit the
  /// corners turn into a capsule's ends. Starts on the top edge where the
  /// top-left corner ends and runs clockwise on screen; a zero radius gives
  /// ``rect(_:)``.
  public static func continuousRoundedRect(_ rect: Rect, cornerRadius: Double) -> Path {
    let r = rect.standardized
    let radius = cornerRadius.isNaN ? 0 : Swift.max(0, Swift.min(cornerRadius, Swift.min(r.width, r.height) / 2))
    guard radius > 0 else { return .rect(r) }
    return roundedOutline(r, radius: radius, topLeft: true, topRight: true, bottomRight: true, bottomLeft: true,
                          continuous: true)
  }

  /// `rect` (standardized) with the chosen corners rounded to `radius`
  /// (already clamped to what fits): quarter circles, or continuous corners.
  /// Square corners are the rectangle's vertex. Starts on the top edge
  /// where the top-left corner ends, clockwise on screen.
  package static func roundedOutline(_ rect: Rect, radius: Double, topLeft: Bool, topRight: Bool, bottomRight: Bool,
                                     bottomLeft: Bool, continuous: Bool) -> Path {
    // Each corner: whether it is rounded, its vertex, the unit vector back
    // along the edge that arrives there (u) and along the edge that leaves it (v).
    let frames: [(Bool, Point, Point, Point)] = [
      (topRight, Point(x: rect.maxX, y: rect.minY), Point(x: -1, y: 0), Point(x: 0, y: 1)),
      (bottomRight, Point(x: rect.maxX, y: rect.maxY), Point(x: 0, y: -1), Point(x: -1, y: 0)),
      (bottomLeft, Point(x: rect.minX, y: rect.maxY), Point(x: 1, y: 0), Point(x: 0, y: -1)),
      (topLeft, Point(x: rect.minX, y: rect.minY), Point(x: 0, y: 1), Point(x: 1, y: 0)),
    ]
    let pieces = continuous ? ContinuousCorner(radius: radius, rect: rect).pieces : ContinuousCorner.circle(radius: radius)
    var path = Path()
    path.move(to: Point(x: rect.minX + (topLeft ? pieces.last!.end.y : 0), y: rect.minY))
    for (rounded, vertex, u, v) in frames {
      guard rounded else {
        path.addLine(to: vertex)
        continue
      }
      func place(_ q: Point) -> Point { Point(x: vertex.x + q.x * u.x + q.y * v.x, y: vertex.y + q.x * u.y + q.y * v.y) }
      path.addLine(to: place(pieces[0].start))
      for piece in pieces {
        path.addCurve(to: place(piece.end), control1: place(piece.control1), control2: place(piece.control2))
      }
    }
    path.closeSubpath()
    return path
  }
}
