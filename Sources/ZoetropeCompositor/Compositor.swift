// SPDX-License-Identifier: Apache-2.0
// Draws a presentation tree into a frame: shadows, backgrounds, borders, shapes, masks, in paint order.

import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeRaster
import ZoetropeText

/// Records a ``PresentationTree`` as a ``DisplayList``: for every visible
/// layer in paint order (a layer, then its sublayers by ascending `zPosition`,
/// ties in order; a replicator's sublayers once per copy) its shadow, its
/// background with its corners shaped, its `contents` image, its content (a
/// gradient over the rounded bounds; shape fill then stroke, trimmed by
/// `strokeStart…strokeEnd`; a text layer's glyphs), its sublayers, then its
/// border inside the bounds (over the sublayers, as Core Animation draws
/// it); source-over in premultiplied sRGB.
///
/// A layer is composited as an isolated group — drawn offscreen, then
/// blended onto what is below — when it has a `mask` (the group is
/// multiplied by the mask's composited alpha first), a `compositingFilter`
/// (the group is blended with that mode), or is translucent with pieces
/// that can overlap (the group is blended at its opacity); otherwise opacity
/// multiplies down the tree. Gradients are sampled through the inverse of
/// the layer's projective map, so they follow perspective too.
///
/// Geometry is flattened to within 0.05 device pixels after the layer's world
/// transform (`anchorPoint`, `position`, `transform`, the superlayer's
/// `sublayerTransform` about its anchor point, a replicator's instance
/// transforms, and the canvas scale).
package enum Compositor {
  /// Records `tree` for a frame of `width × height` pixels over
  /// `background`, at `scale` device pixels per point: every piece rasterized
  /// into coverage runs, ready to be played into pixels.
  ///
  /// Geometry past a per-frame budget of `Limits` is left out and the frame's
  /// ``DisplayList/overrun`` says which; once `isCancelled` returns true
  /// (checked before each piece of geometry) nothing more is drawn. Without
  /// `readsPlainLayersInPlace` (for tests), the frame's own layers are all
  /// recorded through a placement, the way in-place reading must match. With a
  /// `cache` (one per recording thread, kept across a clip's frames), layers
  /// that did not change since the frame the cache saw last reuse its
  /// coverage and blurs; the bytes are the same either way.
  package static func record(_ tree: PresentationTree, width: Int, height: Int, scale: Double,
                             background: Color, cache: RecordingCache? = nil,
                             isCancelled: (@Sendable () -> Bool)? = nil,
                             readsPlainLayersInPlace: Bool = true) -> DisplayList {
    var frame = DisplayList(width: width, height: height, background: background)
    guard !tree.layers.isEmpty, frame.width > 0, frame.height > 0 else { return frame }
    cache?.startFrame()
    let canvas = Rasterizer.Canvas(width: frame.width, height: frame.height)
    let context = cache.map {
      Context(tree: tree, canvas: canvas, scratch: RasterScratch(cells: $0.cells(width: frame.width)), blurs: $0.blurs,
              coverages: $0.coverages, ramps: $0.ramps, shadowShapes: $0.shadowShapes)
    }
      ?? Context(tree: tree, canvas: canvas)
    if cache == nil { context.coverages.reserveCapacity(forLayers: tree.layers.count) }
    context.scratch.budget.isCancelled = isCancelled
    context.readsPlainLayersInPlace = readsPlainLayersInPlace
    renderSubtree(0, Inherited(parentToDevice: .scale(x: scale, y: scale, z: 1)), depth: 0, context: context,
                  into: &frame)
    frame.overrun = context.scratch.budget.overrun
    return frame
  }

  /// What every subtree render shares.
  /// (A class: it goes with every layer and piece recorded, and a copy of a
  /// struct of these fields cost a retain and a release of each of them.)
  final class Context {
    let tree: PresentationTree
    /// The pixels every piece is clipped to (the frame's, or an offscreen
    /// buffer's).
    let canvas: Rasterizer.Canvas
    /// The frame's reusable rasterizer memory.
    let scratch: RasterScratch
    /// How many shadow shapes are being recorded around this recording (see
    /// ``maximumShadowNesting``).
    let shadowNesting: Int
    /// The frame's budget of layers recorded into shadow shapes.
    let shadowBudget: ShadowBudget
    /// The frame's shadow blurs, for shapes blurred again elsewhere in it.
    let blurs: BlurCache
    /// The frame's resolved clips and masks, for shapes resolved again elsewhere in it.
    let coverages: CoverageCache
    /// The frame's gradient ramps, for gradients drawn again elsewhere in it.
    let ramps: GradientRampCache
    /// The shadow shapes of the frame before, for layers that hold still
    /// (with a ``RecordingCache`` only).
    let shadowShapes: ShadowShapeCache?
    /// The last text laid out: a replicator's copies of a text layer ask for
    /// the same layout one after the other, and comparing requests whose
    /// strings share storage is quicker than hashing the string again.
    var lastText: (request: TextLayout.Request, layout: TextLayout)?
    /// Whether layers drawn as they are are recorded reading their
    /// properties in place (``recordPlainLayer(_:_:nodes:inherited:context:into:stack:)``);
    /// false only for tests, which compare the two ways.
    var readsPlainLayersInPlace = true

    init(tree: PresentationTree, canvas: Rasterizer.Canvas, scratch: RasterScratch = RasterScratch(),
         shadowNesting: Int = 0, shadowBudget: ShadowBudget = ShadowBudget(), blurs: BlurCache = BlurCache(),
         coverages: CoverageCache = CoverageCache(), ramps: GradientRampCache = GradientRampCache(),
         shadowShapes: ShadowShapeCache? = nil) {
      self.tree = tree
      self.canvas = canvas
      self.scratch = scratch
      self.shadowNesting = shadowNesting
      self.shadowBudget = shadowBudget
      self.blurs = blurs
      self.coverages = coverages
      self.ramps = ramps
      self.shadowShapes = shadowShapes
    }
  }

  /// What a layer inherits from the layers above it.
  struct Inherited {
    /// From its superlayer's space to device pixels (with the superlayer's
    /// `sublayerTransform`, and a replicator's instance transform).
    var parentToDevice: Transform3D
    /// The product of the opacities above it that are not isolated groups.
    var opacity = 1.0
    /// The `masksToBounds` clips above it, intersected.
    var clip: ClipMask?
    /// The colour multiplier of the replicator copies it is part of; `nil` for none.
    var tint: Color?
    /// Whether the layer is drawn as the state given, its transitions
    /// already resolved (Compositor+Transition).
    var skipsTransition = false
  }

  /// Isolated groups (translucent groups, masks, blend modes) nested at most
  /// this deep in a band; deeper ones fall back: a translucent group
  /// multiplies its opacity into its content, a blend mode is drawn
  /// source-over, and a mask clips the content by its alpha (exact but for
  /// overlapping pieces at the mask's soft edges). Every level costs a band
  /// buffer per thread; a mask takes a second level for its own buffer.
  /// The figure is ``Limits/maximumIsolationDepth``.
  static let maximumIsolationDepth = Limits.maximumIsolationDepth

  /// Records the subtree at entry `root` into `frame`. Layers that need no
  /// group are drawn from an explicit stack (any depth, no recursion); an
  /// isolated group records its content by recursing, at most
  /// ``maximumIsolationDepth`` levels.
  static func renderSubtree(_ root: Int, _ rootInherited: Inherited, depth: Int, context: Context,
                            into frame: inout DisplayList) {
    // The layers are read in place: a layer's properties are copied once,
    // into its placement (read through the tree, each access copied them).
    // The tree is taken once, and lent: asked through the context, it was
    // copied at every question.
    let tree = context.tree
    // (Through a pointer, whose subscript lends the element in place; a
    // buffer's copies it.)
    tree.layers.withUnsafeBufferPointer { layers in
      tree.structure.nodes.withUnsafeBufferPointer { nodes in
        guard let layers = layers.baseAddress, let nodes = nodes.baseAddress else { return }
        renderSubtree(root, rootInherited, depth: depth, tree: tree, layers: layers, nodes: nodes, context: context,
                      into: &frame)
      }
    }
  }

  /// ``renderSubtree(_:_:depth:context:into:)`` over `tree` (the context's),
  /// its `layers` and its structure's `nodes`.
  private static func renderSubtree(_ root: Int, _ rootInherited: Inherited, depth: Int, tree: PresentationTree,
                                    layers: UnsafePointer<PresentationLayer>, nodes: UnsafePointer<LayerTree.Node>,
                                    context: Context, into frame: inout DisplayList) {
    // (Read once: nothing sets it while a frame records.)
    let isCancelled = context.scratch.budget.isCancelled
    var stack: [Work] = []
    // The frame's own tree starts with room for a level of sublayers (its
    // growth from one entry cost a reallocation and a copy per doubling);
    // a group's subtree, often a layer or two, starts small.
    stack.reserveCapacity(depth == 0 ? Swift.min(tree.layers.count, initialStackCapacity) : 1)
    stack.append(.layer(root, rootInherited))
    while let work = stack.popLast() {
      // A cancelled frame stops here, as its playing stops between bands:
      // a layer's pieces check too, but a layer may have none to check.
      if isCancelled?() == true { return }
      let entry = work.entry
      if work.isBorder {
        context.scratch.budget.layer = layers[entry].node
        if let tint = work.inherited.tint {
          drawBorder(tinted(layers[entry].properties, by: tint), layerToDevice: work.inherited.parentToDevice,
                     opacity: work.inherited.opacity, clip: work.inherited.clip, context: context, into: &frame)
        } else {
          drawBorder(properties(of: layers + entry), layerToDevice: work.inherited.parentToDevice,
                     opacity: work.inherited.opacity, clip: work.inherited.clip, context: context, into: &frame)
        }
      } else {
        var inherited = work.inherited
        // (Most layers have no transitions: asked of the node in place, a
        // question asked of the lent tree copied it first.)
        if !inherited.skipsTransition, !nodes[layers[entry].node].transitionStates.isEmpty,
          let shown = tree.transitionShown(of: entry)
        {
          drawTransition(shown, inherited, depth: depth, context: context, into: &frame, stack: &stack)
          continue
        }
        context.scratch.budget.layer = layers[entry].node
        guard !layers[entry].properties.isHidden, layers[entry].properties.opacity > 0 else { continue }
        if inherited.tint == nil, context.readsPlainLayersInPlace,
          recordPlainLayer(entry, layers + entry, nodes: nodes, inherited: inherited, context: context,
                           into: &frame, stack: &stack)
        {
          continue
        }
        let layer = LayerPlacement(entry, layers[entry].properties, inherited: inherited, tree: tree, context: context)
        // (Tinting and a transform layer's own drawing keep the opacity and the mask mode.)
        let solidMask = layer.properties.maskMode != .alpha ? nil : layer.mask.flatMap {
          solidMaskCoverage($0, hostToDevice: layer.layerToDevice, rows: layer.backgroundRows, context: context)
        }
        if let solidMask, layer.isSinglePiece {
          // One piece under a one-shape mask: the mask is exactly a clip.
          inherited.clip = ClipMask(solidMask, parent: inherited.clip)
        } else if layer.needsGroup, depth < maximumIsolationDepth {
          renderGroup(layer, inherited: inherited, depth: depth, solidMask: solidMask, context: context, into: &frame)
          continue
        } else if layer.mask != nil {
          // Too deep for a group: the mask becomes a clip.
          inherited.clip = solidMask.map { ClipMask($0, parent: inherited.clip) }
            ?? maskClip(of: layer, inside: inherited.clip, context: context)
        }
        let opacity = inherited.opacity * layer.properties.opacity
        let clip = self.clip(of: layer.properties, layerToDevice: layer.layerToDevice, inside: inherited.clip,
                             context: context)
        drawShadow(layer, inherited: inherited, opacity: opacity, ownClip: clip, context: context, into: &frame)
        draw(layer.properties, layerToDevice: layer.layerToDevice, opacity: opacity, inheritedClip: inherited.clip,
             ownClip: clip, tint: layer.tint, context: context, into: &frame)
        drawParticles(layer, opacity: opacity, clip: clip, context: context, into: &frame)
        // The border goes over the sublayers: it is popped after all of them.
        // (Only a border that draws waits on the stack: a deep chain of
        // clipping layers then keeps one clip alive, not one per level.)
        if layer.children.isEmpty {
          drawBorder(layer.properties, layerToDevice: layer.layerToDevice, opacity: opacity, clip: inherited.clip,
                     context: context, into: &frame)
        } else if drawsBorder(layer.properties) {
          var border = inherited
          border.opacity = opacity
          stack.append(.border(entry, layerToDevice: layer.layerToDevice, border))
        }
        // A wide level grows the stack once, to at least twice its room (the
        // screen's 176 sublayers outgrew the first 128 entries by doubling:
        // a copy of every entry in every frame).
        if stack.count + layer.children.count > stack.capacity {
          stack.reserveCapacity(Swift.max(2 * stack.capacity, stack.count + layer.children.count))
        }
        for child in layer.children.reversed() {
          stack.append(.layer(child.entry, Inherited(parentToDevice: child.parentToDevice,
                                                     opacity: opacity * child.opacity, clip: clip, tint: child.tint)))
        }
      }
    }
  }

  /// Records entry `entry`, which `layer` points at in the tree (whose
  /// structure's nodes `nodes` points at), when it is drawn as it is: not a transform layer, a
  /// replicator or an emitter, without a mask, a shadow, a blend mode,
  /// filters or a group, and untinted (the caller's part) — as the
  /// placement's way records it, piece for piece, its sublayers pushed on
  /// `stack`. False, having recorded nothing, for any other layer. (A
  /// placement's copy of a layer's properties cost about a thousand
  /// instructions, a third of a still layer's recording.)
  private static func recordPlainLayer(_ entry: Int, _ layer: UnsafePointer<PresentationLayer>,
                                       nodes: UnsafePointer<LayerTree.Node>, inherited: borrowing Inherited,
                                       context: Context, into frame: inout DisplayList, stack: inout [Work]) -> Bool {
    // Everything is read through pointers, in place: the properties and the
    // tree lent as values were copied whole (every reference in them
    // retained, then released) for each function of another module asked of
    // them, or they were lent on to.
    let p = properties(of: layer)
    // The node read as `isTransformLayer(_:)`, `mask(of:)` and
    // `sublayersInPaintOrder(of:)` read it.
    let node = layer.pointee.node
    guard !p.pointee.isReplicator, !p.pointee.isEmitter, p.pointee.compositingFilter == nil,
      p.pointee.filters.isEmpty, nodes[node].kind != .transformLayer, nodes[node].mask == nil,
      !castsShadow(p, context: context)
    else { return false }
    let sublayers = entry == node && !nodes[node].hasAnimatedSublayerOrder
      ? nodes[node].sublayers : context.tree.sublayersInPaintOrder(of: entry)
    if p.pointee.opacity < 1, needsIsolation(p.pointee, hasSublayers: !sublayers.isEmpty, hasShadow: false) {
      return false
    }
    // (From the fields themselves: `layerToSuperlayer` asked of the
    // pointee copied it whole.)
    let layerToDevice = LayerProperties.layerToSuperlayer(bounds: p.pointee.bounds, anchorPoint: p.pointee.anchorPoint,
                                                          position: p.pointee.position,
                                                          transform: p.pointee.transform)
      .concatenating(inherited.parentToDevice)
    let opacity = inherited.opacity * p.pointee.opacity
    let clip = self.clip(of: p, layerToDevice: layerToDevice, inside: inherited.clip, context: context)
    draw(p, layerToDevice: layerToDevice, opacity: opacity, inheritedClip: inherited.clip, ownClip: clip,
         context: context, into: &frame)
    // The border over the sublayers, as ``renderSubtree(_:_:depth:tree:layers:nodes:context:into:)`` orders it.
    if sublayers.isEmpty {
      drawBorder(p, layerToDevice: layerToDevice, opacity: opacity, clip: inherited.clip, context: context,
                 into: &frame)
      return true
    }
    if drawsBorder(p) {
      var border = copy inherited
      border.opacity = opacity
      stack.append(.border(entry, layerToDevice: layerToDevice, border))
    }
    if stack.count + sublayers.count > stack.capacity {
      stack.reserveCapacity(Swift.max(2 * stack.capacity, stack.count + sublayers.count))
    }
    // (Asked of the field first, as `sublayerToLayer` does.)
    let childToDevice = (p.pointee.sublayerTransform.isIdentity ? Transform3D.identity : p.pointee.sublayerToLayer)
      .concatenating(layerToDevice)
    for child in sublayers.reversed() {
      stack.append(.layer(child, Inherited(parentToDevice: childToDevice, opacity: opacity, clip: clip)))
    }
    return true
  }

  /// The properties of the entry `layer` points at, in place.
  private static func properties(of layer: UnsafePointer<PresentationLayer>) -> UnsafePointer<LayerProperties> {
    (UnsafeRawPointer(layer) + propertiesOffset).assumingMemoryBound(to: LayerProperties.self)
  }

  /// Where an entry's properties lie in it.
  private static let propertiesOffset = MemoryLayout<PresentationLayer>.offset(of: \.properties)!

  /// The entries a frame's stack of work starts with room for.
  static let initialStackCapacity = 128

  /// What is left to record of a subtree, last first: a layer and its
  /// sublayers, with what it inherits; or a layer's border, once its
  /// sublayers are drawn. (A struct: as an enum whose border case carried
  /// its transform beside the inherited one, every entry pushed and popped
  /// was copied at the border's size, and a few times more.)
  struct Work {
    /// The layer's entry.
    var entry: Int
    /// Whether the work is the layer's border.
    var isBorder: Bool
    /// What the layer inherits; for a border, its `parentToDevice` is the
    /// layer's own layer→device transform, and its opacity includes the
    /// layer's own.
    var inherited: Inherited

    /// A layer and its sublayers, with what it inherits.
    static func layer(_ entry: Int, _ inherited: Inherited) -> Work {
      Work(entry: entry, isBorder: false, inherited: inherited)
    }

    /// A layer's border, drawn with `layerToDevice` (`inherited`'s opacity
    /// already includes the layer's own).
    static func border(_ entry: Int, layerToDevice: Transform3D, _ inherited: Inherited) -> Work {
      var inherited = inherited
      inherited.parentToDevice = layerToDevice
      return Work(entry: entry, isBorder: true, inherited: inherited)
    }
  }

  /// Whether a translucent layer's pieces can overlap one another.
  static func needsIsolation(_ p: LayerProperties, hasSublayers: Bool, hasShadow: Bool) -> Bool {
    if hasSublayers { return true }
    var pieces = hasShadow ? 1 : 0
    if let c = p.backgroundColor, c.alpha > 0 { pieces += 1 }
    if p.borderWidth > 0, let c = p.borderColor, c.alpha > 0 { pieces += 1 }
    if let g = p.gradient, g.colors?.isEmpty == false { pieces += 1 }
    if let e = p.emitter, e.emitterCells?.isEmpty == false { pieces += 2 }
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
    let layerToDevice = p.layerToSuperlayer.concatenating(parentToDevice)
    return (layerToDevice, p.sublayerToLayer.concatenating(layerToDevice))
  }
}
