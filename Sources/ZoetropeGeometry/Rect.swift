// SPDX-License-Identifier: Apache-2.0
// An axis-aligned rectangle: origin and size, in points.

/// An axis-aligned rectangle. The counterpart of `CGRect`.
///
/// The origin is the top-left corner for a positive size. A negative width or
/// height is kept as given; `standardized` flips it.
public struct Rect: Hashable, Sendable {
  /// The corner the size is measured from.
  public var origin: Point
  /// The extent from `origin`.
  public var size: Size

  /// Creates a rectangle from an origin and a size.
  @inlinable public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Creates a rectangle from its four numbers, as `CGRect(x:y:width:height:)`.
  @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// The rectangle `[0, 0, 0, 0]`.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// The smallest x coordinate.
  @inlinable public var minX: Double { Swift.min(origin.x, origin.x + size.width) }
  /// The smallest y coordinate.
  @inlinable public var minY: Double { Swift.min(origin.y, origin.y + size.height) }
  /// The largest x coordinate.
  @inlinable public var maxX: Double { Swift.max(origin.x, origin.x + size.width) }
  /// The largest y coordinate.
  @inlinable public var maxY: Double { Swift.max(origin.y, origin.y + size.height) }
  /// The x coordinate of the centre.
  @inlinable public var midX: Double { origin.x + size.width / 2 }
  /// The y coordinate of the centre.
  @inlinable public var midY: Double { origin.y + size.height / 2 }
  /// The absolute width.
  @inlinable public var width: Double { Swift.abs(size.width) }
  /// The absolute height.
  @inlinable public var height: Double { Swift.abs(size.height) }

  /// The same rectangle with a non-negative size.
  @inlinable public var standardized: Rect {
    Rect(x: minX, y: minY, width: width, height: height)
  }

  /// The width or height is zero (or NaN).
  @inlinable public var isEmpty: Bool { !(width > 0 && height > 0) }
}
