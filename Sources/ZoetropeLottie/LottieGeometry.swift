// SPDX-License-Identifier: Apache-2.0
// Rectangles, ellipses, stars and polygons as After Effects draws them: where each contour starts and which way it runs.

import ZoetropeGeometry

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The contours of Lottie's parametric shapes, vertex for vertex as
/// lottie-web makes them (trim paths measure from the first vertex, in the
/// contour's direction, so both matter).
enum LottieGeometry {
  /// The handle length of a quarter circle, as a fraction of its radius (lottie-web's `roundCorner`).
  static let circleHandle = 0.5519

  /// A contour from absolute vertex, in-handle and out-handle positions.
  private static func contour(_ triples: [(v: Point, i: Point, o: Point)], closed: Bool = true) -> LottieBezier {
    LottieBezier(vertices: triples.map(\.v), inTangents: triples.map { $0.i - $0.v },
                 outTangents: triples.map { $0.o - $0.v }, isClosed: closed)
  }

  /// An ellipse of centre `p` and size `s`, from its top, clockwise unless `direction` is 3.
  static func ellipse(position p: [Double], size s: [Double], direction: Int?) -> LottieBezier {
    let x = p.first ?? 0, y = p.count > 1 ? p[1] : 0
    let rx = (s.first ?? 0) / 2, ry = (s.count > 1 ? s[1] : 0) / 2
    let cw = direction != 3
    let k = circleHandle, sign: Double = cw ? 1 : -1
    return contour([
      (Point(x: x, y: y - ry), Point(x: x - sign * rx * k, y: y - ry), Point(x: x + sign * rx * k, y: y - ry)),
      (Point(x: x + sign * rx, y: y), Point(x: x + sign * rx, y: y - ry * k), Point(x: x + sign * rx, y: y + ry * k)),
      (Point(x: x, y: y + ry), Point(x: x + sign * rx * k, y: y + ry), Point(x: x - sign * rx * k, y: y + ry)),
      (Point(x: x - sign * rx, y: y), Point(x: x - sign * rx, y: y + ry * k), Point(x: x - sign * rx, y: y - ry * k)),
    ])
  }

  /// A rectangle of centre `p`, size `s` and corner radius `r` (at most
  /// half the shorter side), from the top of its right side: clockwise for
  /// `direction` 1 or 2, counter-clockwise otherwise (lottie-web's branches).
  static func rectangle(position p: [Double], size s: [Double], roundness r: Double, direction: Int?) -> LottieBezier {
    let p0 = p.first ?? 0, p1 = p.count > 1 ? p[1] : 0
    let v0 = (s.first ?? 0) / 2, v1 = (s.count > 1 ? s[1] : 0) / 2
    let round = Swift.min(v0, v1, Swift.max(r, 0))
    let c = round * (1 - circleHandle)
    func t(_ vx: Double, _ vy: Double, _ ox: Double, _ oy: Double, _ ix: Double, _ iy: Double) -> (v: Point, i: Point, o: Point) {
      (Point(x: vx, y: vy), Point(x: ix, y: iy), Point(x: ox, y: oy))
    }
    if direction == 1 || direction == 2 {
      if round != 0 {
        return contour([
          t(p0 + v0, p1 - v1 + round, p0 + v0, p1 - v1 + round, p0 + v0, p1 - v1 + c),
          t(p0 + v0, p1 + v1 - round, p0 + v0, p1 + v1 - c, p0 + v0, p1 + v1 - round),
          t(p0 + v0 - round, p1 + v1, p0 + v0 - round, p1 + v1, p0 + v0 - c, p1 + v1),
          t(p0 - v0 + round, p1 + v1, p0 - v0 + c, p1 + v1, p0 - v0 + round, p1 + v1),
          t(p0 - v0, p1 + v1 - round, p0 - v0, p1 + v1 - round, p0 - v0, p1 + v1 - c),
          t(p0 - v0, p1 - v1 + round, p0 - v0, p1 - v1 + c, p0 - v0, p1 - v1 + round),
          t(p0 - v0 + round, p1 - v1, p0 - v0 + round, p1 - v1, p0 - v0 + c, p1 - v1),
          t(p0 + v0 - round, p1 - v1, p0 + v0 - c, p1 - v1, p0 + v0 - round, p1 - v1),
        ])
      }
      return contour([
        t(p0 + v0, p1 - v1, p0 + v0, p1 - v1, p0 + v0, p1 - v1),
        t(p0 + v0, p1 + v1, p0 + v0, p1 + v1, p0 + v0, p1 + v1),
        t(p0 - v0, p1 + v1, p0 - v0, p1 + v1, p0 - v0, p1 + v1),
        t(p0 - v0, p1 - v1, p0 - v0, p1 - v1, p0 - v0, p1 - v1),
      ])
    }
    if round != 0 {
      return contour([
        t(p0 + v0, p1 - v1 + round, p0 + v0, p1 - v1 + c, p0 + v0, p1 - v1 + round),
        t(p0 + v0 - round, p1 - v1, p0 + v0 - round, p1 - v1, p0 + v0 - c, p1 - v1),
        t(p0 - v0 + round, p1 - v1, p0 - v0 + c, p1 - v1, p0 - v0 + round, p1 - v1),
        t(p0 - v0, p1 - v1 + round, p0 - v0, p1 - v1 + round, p0 - v0, p1 - v1 + c),
        t(p0 - v0, p1 + v1 - round, p0 - v0, p1 + v1 - c, p0 - v0, p1 + v1 - round),
        t(p0 - v0 + round, p1 + v1, p0 - v0 + round, p1 + v1, p0 - v0 + c, p1 + v1),
        t(p0 + v0 - round, p1 + v1, p0 + v0 - c, p1 + v1, p0 + v0 - round, p1 + v1),
        t(p0 + v0, p1 + v1 - round, p0 + v0, p1 + v1 - round, p0 + v0, p1 + v1 - c),
      ])
    }
    return contour([
      t(p0 + v0, p1 - v1, p0 + v0, p1 - v1, p0 + v0, p1 - v1),
      t(p0 - v0, p1 - v1, p0 - v0, p1 - v1, p0 - v0, p1 - v1),
      t(p0 - v0, p1 + v1, p0 - v0, p1 + v1, p0 - v0, p1 + v1),
      t(p0 + v0, p1 + v1, p0 + v0, p1 + v1, p0 + v0, p1 + v1),
    ])
  }

  /// A star (outer and inner points alternating) or a polygon, from its
  /// top turned by `rotation` degrees; roundness in percent pulls handles
  /// along the circle (lottie-web's `convertStarToPath` and
  /// `convertPolygonToPath`). At most 10,000 points.
  static func polystar(isStar: Bool, position p: [Double], points: Double, rotation: Double, outerRadius: Double,
                       outerRoundness: Double, innerRadius: Double, innerRoundness: Double,
                       direction: Int?) -> LottieBezier {
    let count = points.isFinite ? Int(Swift.min(Swift.max(points.rounded(.down), 0), 10_000)) : 0
    guard count > 0 else { return .empty }
    let x0 = p.first ?? 0, y0 = p.count > 1 ? p[1] : 0
    let dir: Double = direction == 3 ? -1 : 1
    var triples: [(v: Point, i: Point, o: Point)] = []
    let vertexCount = isStar ? count * 2 : count
    let angle = 2 * Double.pi / Double(vertexCount)
    var current = -Double.pi / 2 + rotation * .pi / 180
    for k in 0..<vertexCount {
      let outer = !isStar || k % 2 == 0
      let radius = outer ? outerRadius : innerRadius
      let roundness = (outer ? outerRoundness : innerRoundness) / 100
      let perimeter = isStar ? 2 * .pi * radius / Double(vertexCount * 2) : 2 * .pi * radius / Double(count * 4)
      let x = radius * cos(current), y = radius * sin(current)
      let length = (x * x + y * y).squareRoot()
      let ox = length == 0 ? 0 : y / length, oy = length == 0 ? 0 : -x / length
      let v = Point(x: x + x0, y: y + y0)
      let h = perimeter * roundness * dir
      triples.append((v, Point(x: v.x + ox * h, y: v.y + oy * h), Point(x: v.x - ox * h, y: v.y - oy * h)))
      current += angle * dir
    }
    return contour(triples)
  }
}
