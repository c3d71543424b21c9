// SPDX-License-Identifier: Apache-2.0
// Draws a presentation tree into a frame: backgrounds, borders, shapes, in paint order.

import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeRaster

/// Records a ``PresentationTree`` as a ``DisplayList``: for every visible
/// layer in paint order (a layer, then its sublayers by ascending `zPosition`,
/// ties in order) its background with rounded corners, its content (a
/// gradient over the rounded bounds; shape fill then stroke, trimmed by
/// `strokeStart…strokeEnd`; a text layer's glyphs), its sublayers, then its border inside the bounds
/// (over the sublayers, as Core Animation draws it); source-over in
/// premultiplied sRGB. A translucent layer whose pieces can overlap is
/// composited as an isolated group; otherwise opacity multiplies down the tree.
/// Gradients are sampled through the inverse of the layer's projective map,
/// so they follow perspective too.
///
/// Geometry is flattened to within 0.05 device pixels after the layer's world
/// transform (`anchorPoint`, `position`, `transform`, the superlayer's
/// `sublayerTransform` about its anchor point, and the canvas scale).
package enum Compositor {
  /// Records `tree` for a frame of `width × height` pixels over
  /// `background`, at `scale` device pixels per point: every piece rasterized
  /// into coverage runs, ready to be played into pixels.
  package static func record(_ tree: PresentationTree, width: Int, height: Int, scale: Double,
                             background: Color) -> DisplayList {
    var frame = DisplayList(width: width, height: height, background: background)
    guard !tree.layers.isEmpty, frame.width > 0, frame.height > 0 else { return frame }
    let context = Context(tree: tree, canvas: Rasterizer.Canvas(width: frame.width, height: frame.height))
    renderSubtree(0, parentToDevice: .scale(x: scale, y: scale, z: 1), opacity: 1, clip: nil, isolationDepth: 0,
                  context: context, into: &frame)
    return frame
  }

  /// What every subtree render shares.
  struct Context {
    let tree: PresentationTree
    /// The frame's pixels, which every piece is clipped to.
    let canvas: Rasterizer.Canvas
    /// The frame's reusable rasterizer memory.
    let scratch = RasterScratch()
  }

  /// Nested translucent groups rendered offscreen at most this deep; deeper
  /// ones multiply their opacity into their content instead.
  static let maximumIsolationDepth = 8

  /// Records the subtree at `root` into `frame`. A translucent layer whose
  /// pieces can overlap (sublayers, or more than one of background, content
  /// and border) is an isolated group, as Core Animation composites it: drawn
  /// opaque offscreen, then blended at its opacity. A translucent layer with
  /// a single piece just draws it at that opacity (the same pixels, cheaper).
  static func renderSubtree(_ root: Int, parentToDevice: Transform3D, opacity rootOpacity: Double, clip rootClip: ClipMask?,
                            isolationDepth: Int, context: Context, into frame: inout DisplayList) {
    var stack: [Work] = [.layer(root, parentToDevice: parentToDevice, opacity: rootOpacity, clip: rootClip)]
    while let work = stack.popLast() {
      switch work {
      case .border(let index, let layerToDevice, let opacity, let clip):
        drawBorder(context.tree.layers[index].properties, layerToDevice: layerToDevice, opacity: opacity, clip: clip,
                   context: context, into: &frame)
      case .layer(let index, let parentToDevice, let inheritedOpacity, let inheritedClip):
        let p = context.tree.layers[index].properties
        guard !p.isHidden, p.opacity > 0 else { continue }
        let children = context.tree.sublayersInPaintOrder(of: index)
        if p.opacity < 1, isolationDepth < maximumIsolationDepth, needsIsolation(p, hasSublayers: !children.isEmpty) {
          var opaque = p
          opaque.opacity = 1
          frame.beginGroup()
          renderIsolated(index, properties: opaque, parentToDevice: parentToDevice, clip: inheritedClip,
                         isolationDepth: isolationDepth + 1, context: context, into: &frame)
          frame.endGroup(opacity: inheritedOpacity * p.opacity)
          continue
        }
        let opacity = inheritedOpacity * p.opacity
        let (layerToDevice, childToDevice) = transforms(p, parentToDevice: parentToDevice)
        let clip = self.clip(of: p, layerToDevice: layerToDevice, inside: inheritedClip, context: context)
        draw(p, layerToDevice: layerToDevice, opacity: opacity, inheritedClip: inheritedClip, ownClip: clip,
             context: context, into: &frame)
        // The border goes over the sublayers: it is popped after all of them.
        if children.isEmpty {
          drawBorder(p, layerToDevice: layerToDevice, opacity: opacity, clip: inheritedClip, context: context,
                     into: &frame)
        } else {
          stack.append(.border(index, layerToDevice: layerToDevice, opacity: opacity, clip: inheritedClip))
        }
        for child in children.reversed() {
          stack.append(.layer(child, parentToDevice: childToDevice, opacity: opacity, clip: clip))
        }
      }
    }
  }

  /// What is left to record of a subtree, last first.
  enum Work {
    /// A layer and its sublayers, with the transform from its superlayer's
    /// space to device space, the opacity and the clip it inherits.
    case layer(Int, parentToDevice: Transform3D, opacity: Double, clip: ClipMask?)
    /// A layer's border, once its sublayers are drawn.
    case border(Int, layerToDevice: Transform3D, opacity: Double, clip: ClipMask?)
  }

  /// Renders an isolated group: the layer itself at full opacity, its
  /// sublayers, then its border.
  static func renderIsolated(_ index: Int, properties p: LayerProperties, parentToDevice: Transform3D, clip inheritedClip: ClipMask?,
                             isolationDepth: Int, context: Context, into frame: inout DisplayList) {
    let (layerToDevice, childToDevice) = transforms(p, parentToDevice: parentToDevice)
    let clip = self.clip(of: p, layerToDevice: layerToDevice, inside: inheritedClip, context: context)
    draw(p, layerToDevice: layerToDevice, opacity: 1, inheritedClip: inheritedClip, ownClip: clip,
         context: context, into: &frame)
    for child in context.tree.sublayersInPaintOrder(of: index) {
      renderSubtree(child, parentToDevice: childToDevice, opacity: 1, clip: clip, isolationDepth: isolationDepth,
                    context: context, into: &frame)
    }
    drawBorder(p, layerToDevice: layerToDevice, opacity: 1, clip: inheritedClip, context: context, into: &frame)
  }

  /// Whether a translucent layer's pieces can overlap one another.
  static func needsIsolation(_ p: LayerProperties, hasSublayers: Bool) -> Bool {
    if hasSublayers { return true }
    var pieces = 0
    if let c = p.backgroundColor, c.alpha > 0 { pieces += 1 }
    if p.borderWidth > 0, let c = p.borderColor, c.alpha > 0 { pieces += 1 }
    if let g = p.gradient, g.colors?.isEmpty == false { pieces += 1 }
    if p.content.contents != nil { pieces += 1 }
    if let s = p.shape, s.path != nil {
      if let c = s.fillColor, c.alpha > 0 { pieces += 1 }
      if let c = s.strokeColor, c.alpha > 0, s.lineWidth > 0 { pieces += 1 }
    }
    if drawsText(p) { pieces += 1 }
    return pieces > 1
  }

  /// The layer's own layer→device transform and the one its sublayers start from.
  static func transforms(_ p: LayerProperties, parentToDevice: Transform3D) -> (Transform3D, Transform3D) {
    let size = p.bounds.size
    let anchor = Point(x: p.bounds.origin.x + p.anchorPoint.x * size.width,
                       y: p.bounds.origin.y + p.anchorPoint.y * size.height)
    let layerToParent = Transform3D.translation(x: -anchor.x, y: -anchor.y, z: 0)
      .concatenating(p.transform)
      .concatenating(.translation(x: p.position.x, y: p.position.y, z: 0))
    let layerToDevice = layerToParent.concatenating(parentToDevice)
    let sublayerToLayer = p.sublayerTransform.isIdentity ? Transform3D.identity
      : Transform3D.translation(x: -anchor.x, y: -anchor.y, z: 0).concatenating(p.sublayerTransform)
        .concatenating(.translation(x: anchor.x, y: anchor.y, z: 0))
    return (layerToDevice, sublayerToLayer.concatenating(layerToDevice))
  }
}
