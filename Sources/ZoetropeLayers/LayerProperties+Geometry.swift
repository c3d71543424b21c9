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
    return Transform3D.translation(x: -anchor.x, y: -anchor.y, z: 0)
      .concatenating(transform)
      .concatenating(.translation(x: position.x, y: position.y, z: 0))
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
