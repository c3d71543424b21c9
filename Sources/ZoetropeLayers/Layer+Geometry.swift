// SPDX-License-Identifier: Apache-2.0
// Converting points between layers' coordinate spaces (CALayer.convert), through the model tree.

import ZoetropeGeometry

extension Layer {
  /// From this layer's coordinates to the space its root is placed in (the
  /// canvas, for the root of a scene), as the compositor places it: each
  /// layer's ``LayerProperties/layerToSuperlayer``, then its superlayer's
  /// ``LayerProperties/sublayerToLayer`` (a mask's host adds no sublayer
  /// transform), up to the root. Model values only.
  public var layerToRootSpace: Transform3D {
    var result = model.layerToSuperlayer
    var layer = self
    while let parent = layer.treeParent {
      if layer.maskHost == nil { result = result.concatenating(parent.model.sublayerToLayer) }
      result = result.concatenating(parent.model.layerToSuperlayer)
      layer = parent
    }
    return result
  }

  /// `point` in this layer's coordinates, in `layer`'s (the root's
  /// placement space when `nil`), as `CALayer.convert(_:to:)`; the two
  /// layers should share a root. Through perspective, a point is where the
  /// line of sight meets the other layer's plane. Not finite when that has
  /// no answer (a zero scale, a layer seen edge-on, a point behind the viewer).
  public func convert(_ point: Point, to layer: Layer?) -> Point {
    let inRoot = layerToRootSpace.transform(point)
    guard let layer else { return inRoot }
    return layer.layerToRootSpace.untransform(inRoot)
  }

  /// `point` in `layer`'s coordinates (the root's placement space when
  /// `nil`), in this layer's, as `CALayer.convert(_:from:)`.
  public func convert(_ point: Point, from layer: Layer?) -> Point {
    let inRoot = layer.map { $0.layerToRootSpace.transform(point) } ?? point
    return layerToRootSpace.untransform(inRoot)
  }
}
