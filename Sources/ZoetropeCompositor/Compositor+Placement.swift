// SPDX-License-Identifier: Apache-2.0
// One layer placed for drawing: its transforms, its tinted properties, its sublayers (a replicator's copies).

import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeRaster

extension Compositor {
  /// Everything the compositor works out about one layer before drawing it.
  struct LayerPlacement {
    /// The layer's entry in the presentation tree.
    let entry: Int
    /// Its presentation values, colours multiplied by the inherited tint.
    let properties: LayerProperties
    /// The tint it inherits from the replicator copies it is part of (for
    /// its contents image, which ``properties`` cannot carry); `nil` for none.
    let tint: Color?
    /// From the layer's space to device pixels.
    let layerToDevice: Transform3D
    /// What each sublayer (each copy of each, for a replicator) starts from,
    /// in paint order.
    var children: [Child]
    /// Whether the layer casts a visible shadow.
    let hasShadow: Bool
    /// The entry of the layer's mask, or `nil`.
    let mask: Int?
    /// Whether the layer is a transform layer (never a compositing group).
    let isTransformLayer: Bool

    /// A sublayer to draw: its entry, the transform from the layer's
    /// sublayer space to device pixels, its tint, and the opacity of the
    /// transform layers between it and the layer (1 elsewhere).
    struct Child {
      var entry: Int
      var parentToDevice: Transform3D
      var tint: Color?
      var opacity = 1.0
    }

    /// The placement of entry `entry` of `tree` (the context's: read
    /// through the context, the tree was copied at every question), whose
    /// presentation is `p` (read in place by the caller: ``properties`` is
    /// its one copy, or a tinted one). Borrowed: an initializer's arguments
    /// are otherwise the callee's, a copy of each made by the caller.
    init(_ entry: Int, _ p: borrowing LayerProperties, inherited: borrowing Inherited,
         tree: borrowing PresentationTree, context: Context) {
      self.entry = entry
      let isTransformLayer = tree.isTransformLayer(entry)
      self.isTransformLayer = isTransformLayer
      // Asked of the local, then moved in (asked of the stored property,
      // each question copied its fields).
      let drawn: LayerProperties
      if isTransformLayer {
        let own = Compositor.transformLayerItself(p)
        drawn = inherited.tint.map { tinted(own, by: $0) } ?? own
      } else if let tint = inherited.tint {
        drawn = tinted(p, by: tint)
      } else {
        drawn = copy p
      }
      hasShadow = Compositor.castsShadow(drawn, context: context)
      properties = drawn
      tint = inherited.tint
      let layerToDevice = p.layerToSuperlayer.concatenating(inherited.parentToDevice)
      self.layerToDevice = layerToDevice
      mask = isTransformLayer ? nil : tree.mask(of: entry)
      let sublayers = tree.sublayersInPaintOrder(of: entry)
      // What the sublayers start from, worked out only for a layer that has some.
      // (A replicator copies its sublayers, a transform layer places them.)
      if sublayers.isEmpty {
        children = []
        return
      }
      let childToDevice = p.sublayerToLayer.concatenating(layerToDevice)
      if isTransformLayer {
        children = Compositor.threeDContext(of: entry, childToDevice: childToDevice, tint: inherited.tint,
                                            context: context)
      } else if p.replicator != nil {
        children = Compositor.copies(of: entry, p, childToDevice: childToDevice, tint: inherited.tint, context: context)
      } else {
        children = sublayers.map { Child(entry: $0, parentToDevice: childToDevice, tint: inherited.tint) }
      }
    }

    /// Whether the layer must be composited as an isolated group.
    var needsGroup: Bool {
      if isTransformLayer { return false }
      return mask != nil || properties.compositingFilter != nil || !properties.filters.isEmpty
        || (properties.opacity < 1
          && Compositor.needsIsolation(properties, hasSublayers: !children.isEmpty, hasShadow: hasShadow))
    }
  }

  /// `p` with every colour it draws multiplied by `tint`, component by
  /// component (a replicator copy's `instanceColor`): background, border,
  /// shadow, shape fill and stroke, gradient stops, text. (The contents
  /// image is multiplied as it is painted: see
  /// ``drawContents(_:layerToDevice:opacity:inheritedClip:ownClip:tint:context:into:)``.)
  static func tinted(_ p: LayerProperties, by tint: Color) -> LayerProperties {
    func apply(_ c: Color?) -> Color? {
      c.map { Color(red: $0.red * tint.red, green: $0.green * tint.green, blue: $0.blue * tint.blue,
                    alpha: $0.alpha * tint.alpha) }
    }
    var q = p
    q.backgroundColor = apply(p.backgroundColor)
    q.borderColor = apply(p.borderColor)
    q.shadowColor = apply(p.shadowColor)
    if var shape = q.shape {
      shape.fillColor = apply(shape.fillColor)
      shape.strokeColor = apply(shape.strokeColor)
      q.shape = shape
    }
    if var gradient = q.gradient {
      gradient.colors = gradient.colors.map { $0.map { apply($0)! } }
      q.gradient = gradient
    }
    if var text = q.text {
      text.foregroundColor = apply(text.foregroundColor)
      q.text = text
    }
    return q
  }
}
