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
    let anchor = anchorInBounds
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
