// SPDX-License-Identifier: Apache-2.0
// The transforms a layer's geometry makes: its space into its superlayer's, its sublayers' into its own.

import ZoetropeGeometry

extension LayerProperties {
  /// The anchor point in the layer's own coordinates: `bounds.origin +
  /// anchorPoint × bounds.size`, the point `position` places.
  public var anchorInBounds: Point {
    Point(x: bounds.origin.x + anchorPoint.x * bounds.size.width,
          y: bounds.origin.y + anchorPoint.y * bounds.size.height)
  }

  /// From the layer's own coordinates to its superlayer's (row vectors, as
  /// ``Transform3D``): the anchor point moved to the origin, `transform`
  /// applied, then moved to `position`. The compositor draws with it.
  public var layerToSuperlayer: Transform3D {
    LayerProperties.layerToSuperlayer(bounds: bounds, anchorPoint: anchorPoint, position: position,
                                      transform: transform)
  }

  /// ``layerToSuperlayer`` of a layer with these `bounds`, `anchorPoint`,
  /// `position` and `transform` (for a caller reading them in place: a
  /// getter asked of properties lent from memory it cannot prove unchanged
  /// — a pointer's — copied them whole first, every reference in them
  /// retained and released).
  package static func layerToSuperlayer(bounds: Rect, anchorPoint: Point, position: Point,
                                        transform: Transform3D) -> Transform3D {
    let anchor = Point(x: bounds.origin.x + anchorPoint.x * bounds.size.width,
                       y: bounds.origin.y + anchorPoint.y * bounds.size.height)
    // Without a transform (the identity's entries, bit for bit) and with
    // finite numbers, the two products below are a translation by exactly
    // these sums — every other product in them is a zero or a one, and
    // adding 0 turns the anchor's −0 into the +0 they make — worked out
    // without 128 multiplications (most layers of a UI).
    if isIdentityBitForBit(transform), anchor.x.isFinite, anchor.y.isFinite, position.x.isFinite,
      position.y.isFinite
    {
      return .translation(x: (-anchor.x + 0) + position.x, y: (-anchor.y + 0) + position.y, z: 0)
    }
    return Transform3D.translation(x: -anchor.x, y: -anchor.y, z: 0)
      .concatenating(transform)
      .concatenating(.translation(x: position.x, y: position.y, z: 0))
  }

  /// Whether every entry of `t` has the identity's bits (`isIdentity`
  /// compares numbers: a −0 entry is 0 there, not here).
  private static func isIdentityBitForBit(_ t: Transform3D) -> Bool {
    let one = (1.0).bitPattern
    let diagonal = (t.m11.bitPattern == one) && (t.m22.bitPattern == one) && (t.m33.bitPattern == one)
      && (t.m44.bitPattern == one)
    let offDiagonal = t.m12.bitPattern | t.m13.bitPattern | t.m14.bitPattern | t.m21.bitPattern | t.m23.bitPattern
      | t.m24.bitPattern | t.m31.bitPattern | t.m32.bitPattern | t.m34.bitPattern | t.m41.bitPattern
      | t.m42.bitPattern | t.m43.bitPattern
    return diagonal && offDiagonal == 0
  }

  /// From the space the sublayers are placed in to the layer's own:
  /// `sublayerTransform` about the anchor point (the identity when it is).
  public var sublayerToLayer: Transform3D {
    guard !sublayerTransform.isIdentity else { return .identity }
    let anchor = anchorInBounds
    return Transform3D.translation(x: -anchor.x, y: -anchor.y, z: 0)
      .concatenating(sublayerTransform)
      .concatenating(.translation(x: anchor.x, y: anchor.y, z: 0))
  }
}
