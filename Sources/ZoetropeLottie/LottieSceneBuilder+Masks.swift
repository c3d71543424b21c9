// SPDX-License-Identifier: Apache-2.0
// Masks and track mattes as Core Animation `mask` layers.

import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers

extension LottieSceneBuilder {
  /// A layer's masks as its `mask`, combined as lottie-web combines them:
  /// each mask is a white shape layer at the mask's opacity (an inverted
  /// one a large rectangle with the path cut out, even-odd). Added masks
  /// are drawn over what came before; a subtracted or intersected one takes
  /// what came before into a layer whose `mask` it is, with
  /// `maskMode = .alphaInverted` or `.alpha`; a list that starts with one of
  /// those starts from everything. Lighten, darken and difference add, as in
  /// lottie-web; "none" masks are left out.
  mutating func applyMasks(_ masks: [LottieMask], to layer: Layer, clock: LottieClock, visible: ClosedRange<Double>?) {
    let used = masks.filter { $0.mode != "n" }
    guard !used.isEmpty else { return }
    var combined = makeLayer { Layer() }
    combined.anchorPoint = .zero
    for (index, mask) in used.enumerated() {
      if ["l", "da", "f"].contains(mask.mode) {
        unsupported(paths.child(mask.path, "mode"), "mask mode \"\(mask.mode)\" (lottie-web adds it too); the mask is added")
      }
      let shape = expanded(maskShape(mask, clock: clock, visible: visible), by: mask, clock: clock, visible: visible)
      let cuts = mask.mode == "s" || mask.mode == "i"
      if index == 0 && cuts {
        // Subtracting from, or intersecting with, nothing starts from everything.
        let everything = makeLayer { Layer() }
        let extent = LottieSceneBuilder.gradientExtent
        everything.anchorPoint = .zero
        everything.frame = Rect(x: -extent, y: -extent, width: 2 * extent, height: 2 * extent)
        everything.backgroundColor = .white
        combined.addSublayer(everything)
      }
      if cuts {
        let wrapper = makeLayer { Layer() }
        wrapper.anchorPoint = .zero
        wrapper.addSublayer(combined)
        if shape is ShapeLayer {
          wrapper.mask = shape
        } else {
          // A contracted shape is masked itself, and a mask's own mask is ignored: it goes in a holder.
          let holder = makeLayer { Layer() }
          holder.anchorPoint = .zero
          holder.addSublayer(shape)
          wrapper.mask = holder
        }
        wrapper.maskMode = mask.mode == "s" ? .alphaInverted : .alpha
        combined = wrapper
      } else {
        combined.addSublayer(shape)
      }
    }
    // A mask's own mask is ignored (as in Core Animation), its sublayers' are not.
    let holder = makeLayer { Layer() }
    holder.anchorPoint = .zero
    holder.name = "masks"
    holder.addSublayer(combined)
    layer.mask = holder
  }

  /// One mask's shape: white, at the mask's opacity.
  private mutating func maskShape(_ mask: LottieMask, clock: LottieClock, visible: ClosedRange<Double>?) -> ShapeLayer {
    let shape = makeLayer { ShapeLayer() }
    shape.anchorPoint = .zero
    shape.fillColor = .white
    let source = LottieShapeSource(
      item: LottieShapeItem(kind: .path(mask.shape), type: "sh", path: paths.child(mask.path, "pt")),
      transforms: [], modifiers: [])
    if mask.isInverted {
      shape.fillRule = .evenOdd
      let extent = LottieSceneBuilder.gradientExtent
      let frame = LottieBezier(
        vertices: [Point(x: -extent, y: -extent), Point(x: extent, y: -extent), Point(x: extent, y: extent),
                   Point(x: -extent, y: extent)],
        inTangents: Array(repeating: .zero, count: 4), outTangents: Array(repeating: .zero, count: 4), isClosed: true)
      let outside = LottieShapeSource(
        item: LottieShapeItem(kind: .path(LottieProperty(frame)), type: "sh", path: mask.path), transforms: [],
        modifiers: [])
      applyPath([outside, source], to: shape, clock: clock, visible: visible)
    } else {
      applyPath([source], to: shape, clock: clock, visible: visible)
    }
    apply(mask.opacity, to: shape, keyPath: "opacity", clock: clock, visible: visible) { .number($0[0] / 100) }
    return shape
  }

  /// What a mask lets through grown or shrunk by its expansion `x`
  /// (points), as an offset with round corners: grown by a stroke of twice
  /// the expansion in the same white; shrunk by cutting away such a stroke
  /// (the shape inside a layer whose inverted mask is the stroke). An
  /// inverted mask grows what it lets through, its hole shrinking, as
  /// lottie-web dilates the inverted mask (docs/lottie.md). An animated
  /// expansion sets both strokes' widths at every frame (discrete keyframes:
  /// the one for the other sign is 0 wide).
  private mutating func expanded(_ shape: ShapeLayer, by mask: LottieMask, clock: LottieClock,
                                 visible: ClosedRange<Double>?) -> Layer {
    let limit = 2 * LottieSceneBuilder.gradientExtent
    if mask.expansion.isAnimated {
      let expansion = mask.expansion
      func width(at frame: Double, grows: Bool) -> AnimationValue {
        let x = expansion.scalar(at: frame)
        return .number(x.isFinite ? Swift.min(Swift.max(grows ? 2 * x : -2 * x, 0), limit) : 0)
      }
      let (holder, band) = cutBand(around: shape, width: 0)
      applySampled(to: band, keyPath: "lineWidth", clock: clock, visible: visible) {
        width(at: $0, grows: false)
      }
      shape.strokeColor = .white
      shape.lineJoin = .round
      applySampled(to: shape, keyPath: "lineWidth", clock: clock, visible: visible) { width(at: $0, grows: true) }
      return holder
    }
    guard let x = mask.expansion.constant.first, x.isFinite, x != 0 else { return shape }
    let width = Swift.min(2 * abs(x), limit)
    guard x > 0 else { return cutBand(around: shape, width: width).holder }
    shape.strokeColor = .white
    shape.lineWidth = width
    shape.lineJoin = .round
    return shape
  }

  /// `shape` in a holder whose inverted mask is a stroke of `shape`'s path
  /// (still or animated), `width` wide: what it lets through, shrunk.
  private mutating func cutBand(around shape: ShapeLayer, width: Double) -> (holder: Layer, band: ShapeLayer) {
    let band = makeLayer { ShapeLayer() }
    band.anchorPoint = .zero
    band.path = shape.path
    band.fillColor = nil
    band.strokeColor = .white
    band.lineWidth = width
    band.lineJoin = .round
    // The same path, still or animated (an inverted mask's outer frame is stroked far outside anything drawn).
    for entry in shape.addedAnimations where (entry.animation as? PropertyAnimation)?.keyPath == "path" {
      band.add(entry.animation, forKey: entry.key)
    }
    let holder = makeLayer { Layer() }
    holder.anchorPoint = .zero
    holder.addSublayer(shape)
    holder.mask = band
    holder.maskMode = .alphaInverted
    return (holder, band)
  }

  /// A track matte: the layer inside a host whose `mask` is the matte
  /// layer (with its own parents, transform and in/out points).
  mutating func applyMatte(to node: Layer, of layer: LottieLayer, at position: Int, in layers: [LottieLayer],
                           byIndex: [Int: Int], clock: LottieClock, depth: Int) -> Layer {
    var mattePosition: Int?
    if let index = layer.matteParent {
      mattePosition = byIndex[index]
    } else if position > 0 {
      // The layer above, whether or not it says it is a matte (`td`).
      mattePosition = position - 1
    }
    guard let mattePosition else {
      warn(paths.child(layer.path, "tt"), "the layer has a track matte but no matte layer above it; it is drawn without one")
      return node
    }
    var matte = layers[mattePosition]
    matte.isHidden = false
    guard let matteNode = buildLayerNode(matte, in: layers, byIndex: byIndex, clock: clock, depth: depth) else {
      // A matte that never shows lets nothing of the layer through (or all of it, inverted).
      return layer.matteMode == 2 || layer.matteMode == 4 ? node : makeLayer { Layer() }
    }
    let host = makeLayer { Layer() }
    host.anchorPoint = .zero
    host.name = layer.name + " (matte)"
    host.addSublayer(node)
    // The matte's own masks are its sublayers' (a mask's own mask is ignored).
    let matteHolder = makeLayer { Layer() }
    matteHolder.anchorPoint = .zero
    matteHolder.addSublayer(matteNode)
    host.mask = matteHolder
    switch layer.matteMode {
    case 2: host.maskMode = .alphaInverted
    case 3: host.maskMode = .luminance
    case 4: host.maskMode = .luminanceInverted
    case 1: host.maskMode = .alpha
    default:
      unsupported(paths.child(layer.path, "tt"), "track matte mode \(layer.matteMode); an alpha matte is used")
    }
    return host
  }
}
