// SPDX-License-Identifier: Apache-2.0
// A point in a layer's coordinate space (origin top-left, y down), in points.

/// A location in two-dimensional space, in points; y grows downwards.
///
/// The counterpart of `CGPoint`.
public struct Point: Hashable, Sendable {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate; larger values are lower on the screen.
  public var y: Double

  /// Creates a point from its coordinates.
  @inlinable public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin, `(0, 0)`.
  public static let zero = Point(x: 0, y: 0)

  /// Both coordinates are finite (neither NaN nor infinite).
  @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

  @inlinable public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
  @inlinable public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
  @inlinable public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }

  /// The Euclidean distance to `other`.
  @inlinable public func distance(to other: Point) -> Double {
    let dx = other.x - x, dy = other.y - y
    return (dx * dx + dy * dy).squareRoot()
  }

  /// The point `fraction` of the way from `self` to `other` (extrapolates outside 0…1).
  @inlinable public func interpolated(to other: Point, fraction: Double) -> Point {
    Point(x: x + (other.x - x) * fraction, y: y + (other.y - y) * fraction)
  }
}
