// SPDX-License-Identifier: Apache-2.0
// The pixels a convex outline with flat top and bottom sides covers wholly: what an opaque card hides.

import ZoetropeGeometry

extension Rasterizer {
  /// How far inside the rectangle a pixel of ``flatSidesInterior(_:bounds:)``
  /// keeps from its sides: the edges' end points are rounded to 1/256 of a
  /// pixel, so a pixel touching a side might not be covered wholly.
  static let interiorMargin = 1.0 / 32

  /// The pixels (in the polylines' frame) that a convex outline covers
  /// wholly between its topmost and bottommost points: with `bounds`' top
  /// the least y of any point and `a…b` the x of the points at it, its
  /// bottom the greatest and `c…d` those at it, the outline holds all four
  /// ends and so the rectangle `max(a, c)…min(b, d)` × `top…bottom` (a
  /// rounded rectangle's top and bottom sides between its corners, a
  /// square corner's whole side). Each pixel returned lies
  /// ``interiorMargin`` inside that rectangle. Empty when a point is not
  /// finite or the rectangle is too far out to count in pixels.
  ///
  ///     a━━━━━━━━━b      ┏━━┓ the pixels returned: wholly inside the
  ///    ╱ ┏━━━━━━┓  ╲     ┗━━┛ trapezium the four ends span
  ///    │ ┃      ┃  │
  ///    ╲ ┗━━━━━━┛  ╱
  ///     c━━━━━━━━━d
  ///
  /// Only for a convex outline (a rectangle with shaped corners under an
  /// affine transform is one) and its own `bounds`: of any other, the
  /// pixels may lie outside.
  static func flatSidesInterior(_ lines: [Polyline], bounds: EdgeList.Bounds) -> DeviceRect {
    let top = bounds.minY, bottom = bounds.maxY
    guard bounds.isFinite else { return DeviceRect(width: 0, height: 0) }
    var a = Double.infinity, b = -Double.infinity, c = Double.infinity, d = -Double.infinity
    for line in lines {
      line.points.withUnsafeBufferPointer { points in
        for p in points {
          if p.y == top {
            a = Swift.min(a, p.x)
            b = Swift.max(b, p.x)
          }
          if p.y == bottom {
            c = Swift.min(c, p.x)
            d = Swift.max(d, p.x)
          }
        }
      }
    }
    let m = interiorMargin, limit = Double(1 << 40)
    let left = Swift.max(a, c) + m, right = Swift.min(b, d) - m, upper = top + m, lower = bottom - m
    guard Swift.abs(left) < limit, Swift.abs(right) < limit, Swift.abs(upper) < limit, Swift.abs(lower) < limit
    else { return DeviceRect(width: 0, height: 0) }
    let x = Int(left.rounded(.up)), y = Int(upper.rounded(.up))
    return DeviceRect(x: x, y: y, width: Int(right.rounded(.down)) - x, height: Int(lower.rounded(.down)) - y)
  }
}
