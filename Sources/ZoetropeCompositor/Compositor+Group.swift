// SPDX-License-Identifier: Apache-2.0
// Isolated groups: a layer drawn offscreen, masked by its mask's alpha, then blended at its opacity and mode.

import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeShaders
import ZoetropeRaster

extension Compositor {
  /// Records `layer` as an isolated group: its shadow, itself at full
  /// opacity, its sublayers and its border into a transparent buffer; then,
  /// with a mask, the mask's subtree into a second buffer whose alpha
  /// multiplies the first (Porter–Duff destination-in: coverage × coverage,
  /// no threshold); then the group blended onto what is below at the
  /// layer's opacity, source-over or with its `compositingFilter` (its
  /// `filters` recolour the group first).
  ///
  /// The mask is placed in the layer's space (its geometry relative to the
  /// layer's bounds, without `sublayerTransform`) and is not clipped by the
  /// clips above: they clip the layer's content already.
  ///
  /// A mask that is one solid shape (`solidMask`, its coverage) needs no
  /// second buffer: the group is multiplied by its coverage as it is blended.
  static func renderGroup(_ layer: LayerPlacement, inherited: Inherited, depth: Int, solidMask: CoverageSpans? = nil,
                          context: Context, into frame: inout DisplayList) {
    var inside = inherited
    inside.opacity = 1
    frame.beginGroup()
    renderBody(layer, inherited: inside, depth: depth + 1, context: context, into: &frame)
    context.scratch.budget.layer = context.tree.layers[layer.entry].node
    if let solidMask {
      recordFilters(layer.properties.filters, into: &frame)
      frame.endGroup(opacity: inherited.opacity * layer.properties.opacity,
                     mode: layer.properties.compositingFilter.map(formula), mask: solidMask)
      return
    }
    if let mask = layer.mask {
      frame.beginMask()
      renderSubtree(mask, Inherited(parentToDevice: layer.layerToDevice), depth: depth + 2, context: context,
                    into: &frame)
      frame.endMask(source: maskAlphaSource(layer.properties.maskMode))
    }
    recordFilters(layer.properties.filters, into: &frame)
    frame.endGroup(opacity: inherited.opacity * layer.properties.opacity,
                   mode: layer.properties.compositingFilter.map(formula))
  }

  /// Records a layer's shadow, background and content, sublayers and border
  /// at the inherited opacity (its own opacity, mask and blend mode are the
  /// caller's); groups inside start at `depth`.
  static func renderBody(_ layer: LayerPlacement, inherited: Inherited, depth: Int, context: Context,
                         into frame: inout DisplayList, withShadow: Bool = true) {
    let p = layer.properties
    let opacity = inherited.opacity
    let clip = self.clip(of: p, layerToDevice: layer.layerToDevice, inside: inherited.clip, context: context)
    if withShadow {
      drawShadow(layer, inherited: inherited, opacity: opacity, ownClip: clip, context: context, into: &frame)
    }
    draw(p, layerToDevice: layer.layerToDevice, opacity: opacity, inheritedClip: inherited.clip, ownClip: clip,
         tint: layer.tint, context: context, into: &frame)
    drawParticles(layer, opacity: opacity, clip: clip, context: context, into: &frame)
    for child in layer.children {
      renderSubtree(child.entry, Inherited(parentToDevice: child.parentToDevice, opacity: opacity * child.opacity,
                                           clip: clip, tint: child.tint),
                    depth: depth, context: context, into: &frame)
    }
    context.scratch.budget.layer = context.tree.layers[layer.entry].node
    drawBorder(p, layerToDevice: layer.layerToDevice, opacity: opacity, clip: inherited.clip, context: context,
               into: &frame)
  }

  /// A mask too deep for a group, as a clip: its composited alpha over the
  /// part of the canvas the layer can reach (rendered at record time),
  /// inside `inherited` — one minus it for an inverted `maskMode` (a
  /// luminance mask is taken by its alpha here). Exact where the layer's
  /// pieces do not overlap at the mask's soft edges.
  static func maskClip(of layer: LayerPlacement, inside inherited: ClipMask?, context: Context) -> ClipMask {
    guard let mask = layer.mask, context.scratch.budget.isWithin else { return ClipMask(nil, parent: inherited) }
    let region = DeviceRect(width: context.canvas.width, height: context.canvas.height)
    let alpha = offscreenAlpha(in: region, context: context) { offscreen, frame in
      renderSubtree(mask, Inherited(parentToDevice: layer.layerToDevice.concatenating(offscreen.shift)),
                    depth: maximumIsolationDepth, context: offscreen.context, into: &frame)
    }
    // The clip is held while the layer's subtree is recorded: its bytes
    // count against the frame's coverage budget (nothing drawn past it).
    context.scratch.budget.layer = context.tree.layers[layer.entry].node
    var image = alpha
    if layer.properties.maskMode.isInverted {
      // What the mask leaves clear passes: one minus its alpha over the whole canvas.
      image = AlphaImage.inverted(alpha, canvas: region)
    }
    guard let runs = image.map({ CoverageSpans($0) }),
      context.scratch.budget.spend(coverage: runs, on: "its mask")
    else { return ClipMask(nil, parent: inherited) }
    return ClipMask(runs, parent: inherited)
  }

  /// What the display list makes of a mask's pixels for a `maskMode`.
  static func maskAlphaSource(_ mode: MaskMode) -> MaskAlphaSource {
    switch mode {
    case .alpha: .alpha
    case .alphaInverted: .alphaInverted
    case .luminance: .luminance
    case .luminanceInverted: .luminanceInverted
    }
  }

  /// The kernel formula of a blend mode.
  static func formula(_ mode: BlendMode) -> BlendFormula {
    switch mode {
    case .multiply: .multiply
    case .screen: .screen
    case .overlay: .overlay
    case .darken: .darken
    case .lighten: .lighten
    case .colorDodge: .colorDodge
    case .colorBurn: .colorBurn
    case .softLight: .softLight
    case .hardLight: .hardLight
    case .difference: .difference
    case .exclusion: .exclusion
    case .hue: .hue
    case .saturation: .saturation
    case .color: .color
    case .luminosity: .luminosity
    }
  }
}

extension AlphaImage {
  /// One minus `image` over all of `region` (255 where it has no pixel):
  /// what an inverted mask lets through. `nil` for an empty region.
  static func inverted(_ image: AlphaImage?, canvas region: DeviceRect) -> AlphaImage? {
    guard !region.isEmpty else { return nil }
    var bytes = [UInt8](repeating: 255, count: region.width * region.height)
    if let image {
      for row in 0..<image.rect.height {
        let y = image.rect.y + row - region.y
        guard y >= 0, y < region.height else { continue }
        for column in 0..<image.rect.width {
          let x = image.rect.x + column - region.x
          guard x >= 0, x < region.width else { continue }
          bytes[y * region.width + x] = 255 - image.bytes[row * image.rect.width + column]
        }
      }
    }
    return AlphaImage(rect: region, bytes: bytes)
  }
}
