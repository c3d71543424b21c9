// SPDX-License-Identifier: Apache-2.0
// Foundation's Core Graphics values to Zoetrope's and back: every conversion in one place.

import Zoetrope

extension CGPoint {
  /// This point as Zoetrope's ``Point``.
  var zoetrope: Point { Point(x: Double(x), y: Double(y)) }
  /// A Core Graphics point from Zoetrope's.
  init(_ point: Point) { self.init(x: CGFloat(point.x), y: CGFloat(point.y)) }
}

extension CGSize {
  /// This size as Zoetrope's ``Size``.
  var zoetrope: Size { Size(width: Double(width), height: Double(height)) }
  /// A Core Graphics size from Zoetrope's.
  init(_ size: Size) { self.init(width: CGFloat(size.width), height: CGFloat(size.height)) }
}

extension CGRect {
  /// This rectangle as Zoetrope's ``Rect`` (origin and size as given, not standardized).
  var zoetrope: Rect { Rect(origin: origin.zoetrope, size: size.zoetrope) }
  /// A Core Graphics rectangle from Zoetrope's.
  init(_ rect: Rect) { self.init(origin: CGPoint(rect.origin), size: CGSize(rect.size)) }
}

extension CGPoint {
  /// Whether the two points are equal, as `CGPointEqualToPoint`.
  public func equalTo(_ point: CGPoint) -> Bool { self == point }
}

extension CGSize {
  /// Whether the two sizes are equal, as `CGSizeEqualToSize`.
  public func equalTo(_ size: CGSize) -> Bool { self == size }
}

extension CGRect {
  /// Whether the two rectangles are equal, as `CGRectEqualToRect`: the same
  /// once standardized (so `[0, 0, -1, -1]` equals `[-1, -1, 1, 1]`).
  public func equalTo(_ rect: CGRect) -> Bool { standardized == rect.standardized }
}
