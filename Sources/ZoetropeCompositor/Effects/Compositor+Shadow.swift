// SPDX-License-Identifier: Apache-2.0
// Layer shadows: the composited alpha (or shadowPath), offset, blurred by a Gaussian of σ = shadowRadius, tinted.

import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeRaster

extension Compositor {
  /// The largest blur drawn, as a standard deviation in device pixels; a
  /// larger `shadowRadius` (after the layer's scale) is drawn at this one.
  /// At 256 pixels a shadow already spreads over ±900 pixels and is nearly
  /// flat across any shape that fits a 1080p frame; the limit keeps the work
  /// and memory of absurd radii (1e9) bounded by the canvas.
  static let maximumShadowSigma = 256.0

  /// Shadows inside the shape of a shadow (a sublayer's shadow is part of
  /// its superlayer's composited alpha) are recorded one level deep: a
  /// shape holds its sublayers' shadows but not theirs, so that nested
  /// shadows cost one offscreen recording each, not one per ancestor.
  static let maximumShadowNesting = 2

  /// The layers a frame records into shadow shapes, at most
  /// (``Limits/maximumLayersInShadowShapes``). A shadow whose layer's
  /// subtree no longer fits takes the shape of the layer alone (without its
  /// sublayers), so that a deep chain of shadowed layers (each shape holding
  /// everything below it) stays linear.
  static let shadowBudgetLayers = Limits.maximumLayersInShadowShapes

  /// Whether a layer with these (tinted) properties casts a visible shadow.
  static func castsShadow(_ p: LayerProperties, context: Context) -> Bool {
    withUnsafePointer(to: p) { castsShadow($0, context: context) }
  }

  /// ``castsShadow(_:context:)`` for the properties `p` points at, read in place.
  static func castsShadow(_ p: UnsafePointer<LayerProperties>, context: Context) -> Bool {
    guard context.shadowNesting < maximumShadowNesting, p.pointee.shadowOpacity > 0, !p.pointee.shadowOpacity.isNaN,
      let color = p.pointee.shadowColor, color.alpha > 0
    else { return false }
    return true
  }

  /// Records a layer's shadow, under everything else of the layer, at
  /// `opacity` × `shadowOpacity` in `shadowColor`.
  ///
  /// Its shape is `shadowPath` (filled non-zero) or else the alpha of the
  /// layer's composited result — background, content, sublayers (with their
  /// own shadows), border — rendered offscreen at record time over only the
  /// pixels the shadow can reach. The shape is moved by `shadowOffset` in
  /// the layer's space (it turns with the layer; under perspective, by the
  /// offset's image at the anchor point) and blurred by a Gaussian whose
  /// standard deviation is `shadowRadius` in the layer's space (per device
  /// axis: the layer's scale along it), then clipped: by the layer's own
  /// rounded bounds when it masks to bounds (as on Apple's platforms; under
  /// an opaque background it is then not drawn at all, as nothing of it
  /// would show), else by the clips above it.
  static func drawShadow(_ layer: LayerPlacement, inherited: Inherited, opacity: Double, ownClip: ClipMask?,
                         context: Context, into frame: inout DisplayList) {
    guard layer.hasShadow, let color = layer.properties.shadowColor, context.scratch.budget.isWithin else { return }
    // The shape's recording names its own layers; the layer is named again
    // for its shadow's runs and for what it draws next.
    let node = context.tree.layers[layer.entry].node
    defer { context.scratch.budget.layer = node }
    let p = layer.properties
    // Clipped to the bounds and drawn under an opaque background, nothing of
    // the shadow would show but a dark fringe in the background's
    // anti-aliased edge: it is not drawn at all.
    if p.masksToBounds, let background = p.backgroundColor, background.alpha >= 1 { return }
    let clip = p.masksToBounds ? ownClip : inherited.clip
    var visible = DeviceRect(width: context.canvas.width, height: context.canvas.height)
    if let clip { visible = visible.intersection(DeviceRect(clip.runs)) }
    guard !visible.isEmpty else { return }
    let (sigmaX, sigmaY) = shadowSigmas(p.shadowRadius, layerToDevice: layer.layerToDevice)
    let source = visible.grown(by: GaussianBlur.radius(sigma: sigmaX), GaussianBlur.radius(sigma: sigmaY))
    let offset = deviceOffset(of: p, layerToDevice: layer.layerToDevice)
    guard let shape = shadowShape(layer, inherited: inherited, offset: offset, in: source, context: context),
      context.scratch.budget.isWithin
    else { return }
    let covered = inherited.clip == nil ? opaqueInterior(of: layer, layerToDevice: layer.layerToDevice, context: context)
      : nil
    var runs = GaussianBlur.blur(shape, sigmaX: sigmaX, sigmaY: sigmaY, over: visible, hidden: covered.map { rows in
      { y in rows.lowerBound <= y && y < rows.lowerBound + rows.columns.count ? rows.columns[y - rows.lowerBound] : nil }
    }, cache: context.blurs)
    if let clip { runs = clip.clip(runs) }
    // The blurred shape is held until playback like any coverage, and its
    // shape's recording may have spent the rest of the frame's budget.
    context.scratch.budget.layer = node
    guard context.scratch.budget.spend(coverage: runs, on: "its shadow") else { return }
    frame.fill(ShapeCoverage(.runs(runs)), color: color, opacity: opacity * p.shadowOpacity)
  }

  /// The shadow's shape before the blur: its alpha over the pixels of
  /// `source` it covers, moved by the device `offset`. Where the moved
  /// layer's own background is opaque the alpha is known (nothing drawn over
  /// an opaque pixel makes it less so) and not played.
  static func shadowShape(_ layer: LayerPlacement, inherited: Inherited, offset: Transform3D, in source: DeviceRect,
                          context: Context) -> AlphaImage? {
    let p = context.tree.layers[layer.entry].properties
    let known = p.shadowPath == nil
      ? opaqueInterior(of: layer, layerToDevice: layer.layerToDevice.concatenating(offset), cornerRows: true,
                       context: context) : nil
    let opaque = known.map { rows in
      { (y: Int) -> Range<Int>? in
        rows.lowerBound <= y && y < rows.lowerBound + rows.columns.count ? rows.columns[y - rows.lowerBound] : nil
      }
    }
    let key = ShadowShapeCache.Key(layer: layer.entry, nesting: context.shadowNesting)
    return offscreenAlpha(in: source, context: context, opaque: opaque, keptAs: key,
                          knownRows: known) { offscreen, list in
      let toRegion = offset.concatenating(offscreen.shift)
      if let path = p.shadowPath {
        if let runs = Rasterizer.shape(of: path, fillRule: .nonZero,
                                       transform: layer.layerToDevice.concatenating(toRegion),
                                       canvas: offscreen.context.canvas, scratch: offscreen.context.scratch) {
          list.fill(runs, color: .black, opacity: 1)
        }
        return
      }
      // The layer itself, untinted and without its shadow, opacity, mask or
      // blend mode; with its sublayers while the frame's budget lasts.
      var opaque = p
      opaque.opacity = 1
      var moved = LayerPlacement(layer.entry, opaque,
                                 inherited: Inherited(parentToDevice: inherited.parentToDevice.concatenating(toRegion)),
                                 tree: context.tree, context: offscreen.context)
      let node = context.tree.structure.nodes[context.tree.layers[layer.entry].node]
      let size = node.subtreeEnd - context.tree.layers[layer.entry].node
      if !context.shadowBudget.spend(size) {
        moved.children = []
        _ = context.shadowBudget.spend(1)
      }
      // Sublayers that draw only where the background is opaque change no alpha.
      if let known {
        moved.children.removeAll { child in
          drawsOnlyWithin(known, child: child, shift: offscreen.shift, context: offscreen.context)
        }
      }
      renderBody(moved, inherited: Inherited(parentToDevice: .identity), depth: 0, context: offscreen.context,
                 into: &list, withShadow: false)
    }
  }

  /// Whether `child` (placed in region pixels, `shift` from device ones)
  /// draws nothing outside the opaque rows and columns `known` (device): a
  /// plain layer — background and border, within its bounds; `contents`
  /// only when it masks to bounds (a gravity can place an image outside) —
  /// with no sublayers, shadow, mask, blend mode or replicator, under an
  /// axis-aligned transform, whose bounds lie inside. Anything else may
  /// draw outside its bounds (shapes, text) and is kept.
  static func drawsOnlyWithin(_ known: (lowerBound: Int, columns: [Range<Int>?]), child: LayerPlacement.Child,
                              shift: Transform3D, context: Context) -> Bool {
    let p = context.tree.layers[child.entry].properties
    guard p.shape == nil, p.text == nil, p.replicator == nil, p.compositingFilter == nil,
      p.content.contents == nil || p.masksToBounds,
      context.tree.mask(of: child.entry) == nil, context.tree.sublayersInPaintOrder(of: child.entry).isEmpty,
      !castsShadow(p, context: context)
    else { return false }
    let (t, _) = transforms(p, parentToDevice: child.parentToDevice)
    guard t.isAffine, t.m12 == 0, t.m21 == 0 else { return false }
    let a = t.affineTransform, b = p.bounds.standardized
    let p0 = a.transform(Point(x: b.minX, y: b.minY)), p1 = a.transform(Point(x: b.maxX, y: b.maxY))
    // Device pixels the bounds touch (region pixels moved back by the shift).
    let limit = Double(1 << 24)
    let xs = [p0.x, p1.x].map { $0 - shift.m41 }, ys = [p0.y, p1.y].map { $0 - shift.m42 }
    guard (xs + ys).allSatisfy({ $0.isFinite && Swift.abs($0) < limit }) else { return false }
    let columns = Int(xs.min()!.rounded(.down))..<Int(xs.max()!.rounded(.up))
    let rows = Int(ys.min()!.rounded(.down))..<Int(ys.max()!.rounded(.up))
    guard rows.lowerBound >= known.lowerBound, rows.upperBound <= known.lowerBound + known.columns.count else {
      return false
    }
    for y in rows {
      guard let inside = known.columns[y - known.lowerBound], inside.lowerBound <= columns.lowerBound,
        columns.upperBound <= inside.upperBound
      else { return false }
    }
    return true
  }

  /// The pixels the layer's own background, placed by `layerToDevice`,
  /// covers opaquely (an opaque colour at full coverage: a plain store,
  /// whatever is below), row by row: under the layer the shadow need not be
  /// computed there (unless a clip above could let it show through the
  /// background's edge: the caller asks only without one), and in the
  /// shadow's shape the alpha is 255 there. `nil` when there are none.
  ///
  /// Under an axis-aligned transform they are worked out from the outline:
  /// the rows clear of the rounded corners, and in them the columns wholly
  /// inside the sides (on the rasterizer's 1/256 grid, so exactly the pixels
  /// it covers fully); with `cornerRows`, also the rows the corners reach,
  /// inside the straight line across each corner (some of what it covers);
  /// other transforms resolve the background's runs.
  static func opaqueInterior(of layer: LayerPlacement, layerToDevice t: Transform3D, cornerRows: Bool = false,
                             context: Context) -> (lowerBound: Int, columns: [Range<Int>?])?
  {
    let p = layer.properties
    guard let background = p.backgroundColor, background.alpha >= 1 else { return nil }
    let shape = RoundedBounds(p)
    if t.isAffine, t.m12 == 0, t.m21 == 0, !shape.isEmpty {
      let a = t.affineTransform
      let p0 = a.transform(Point(x: shape.rect.minX, y: shape.rect.minY))
      let p1 = a.transform(Point(x: shape.rect.maxX, y: shape.rect.maxY))
      let extents = shape.cornerExtents
      let (upper, lower) = p0.y <= p1.y ? extents : (extents.bottom, extents.top)
      let top = Swift.min(p0.y, p1.y) + upper * Swift.abs(a.d), bottom = Swift.max(p0.y, p1.y) - lower * Swift.abs(a.d)
      let left = Swift.min(p0.x, p1.x), right = Swift.max(p0.x, p1.x)
      let limit = Double(1 << 24)
      guard [top, bottom, left, right].allSatisfy({ $0.isFinite && Swift.abs($0) < limit }) else { return nil }
      // Pixels wholly inside, on the 1/256 grid the rasterizer rounds to.
      func grid(_ v: Double) -> Int { Int((v * 256 + 0.5).rounded(.down)) }
      let firstRow = Swift.max((grid(top) + 255) >> 8, 0), endRow = Swift.min(grid(bottom) >> 8, context.canvas.height)
      let firstColumn = Swift.max((grid(left) + 255) >> 8, 0), endColumn = Swift.min(grid(right) >> 8, context.canvas.width)
      let middle: Range<Int>? = endColumn > firstColumn ? firstColumn..<endColumn : nil
      // The corners' rows are worth their cost (the alpha is then played
      // either side of what they hold, the shape rasterized twice in a
      // band) where the straight part of the top and bottom sides is half
      // the width or more: a card's, a pill's; not a circle's.
      let inwards = Swift.abs(a.a) * shape.cornerExtent
      guard cornerRows, right - left >= 4 * inwards else {
        guard endRow > firstRow, let middle else { return nil }
        return (firstRow, [Range<Int>?](repeating: middle, count: endRow - firstRow))
      }
      // A corner is convex and the flattened outline's points lie on it, so
      // the outline holds the straight line from where the corner leaves
      // one side to where it meets the other, and everything inside it. A
      // pixel of a corner's rows is covered wholly when it lies a pixel
      // (for the grid's rounding) inside that line where the line is
      // deepest across the pixel's row: at its top in the upper corners,
      // at its bottom in the lower ones (a pill's rows are in both).
      let upward = Swift.min(p0.y, p1.y), downward = Swift.max(p0.y, p1.y)
      let reach = (upper: upper * Swift.abs(a.d), lower: lower * Swift.abs(a.d))
      func inset(depth: Double, reach: Double) -> Double {
        reach > 0 && depth < reach ? inwards * (1 - depth / reach) : 0
      }
      func corner(_ y: Int) -> Range<Int>? {
        let depth = Swift.max(inset(depth: Double(y) - upward, reach: reach.upper),
                              inset(depth: downward - Double(y + 1), reach: reach.lower)) + 1
        let low = Swift.max((grid(left + depth) + 255) >> 8, 0)
        let high = Swift.min(grid(right - depth) >> 8, context.canvas.width)
        return high > low ? low..<high : nil
      }
      let topRow = Swift.max((grid(upward) + 255) >> 8, 0)
      let bottomRow = Swift.min(grid(downward) >> 8, context.canvas.height)
      guard bottomRow > topRow else { return nil }
      var columns: [Range<Int>?] = []
      columns.reserveCapacity(bottomRow - topRow)
      // The upper corners' rows, the middle ones, the lower corners' rows:
      // each cut to the canvas's (a card's top corners may reach past its
      // bottom, its lower ones start above its top).
      let middleRows = Swift.max(firstRow, topRow)..<Swift.max(endRow, firstRow, topRow)
      for y in topRow..<Swift.min(middleRows.lowerBound, bottomRow) { columns.append(corner(y)) }
      if !middleRows.isEmpty { columns.append(contentsOf: repeatElement(middle, count: middleRows.count)) }
      for y in Swift.min(middleRows.upperBound, bottomRow)..<bottomRow { columns.append(corner(y)) }
      guard columns.contains(where: { $0 != nil }) else { return nil }
      return (topRow, columns)
    }
    guard let runs = shape.spans(transform: t, canvas: context.canvas, scratch: context.scratch),
      let first = runs.spans.first, let last = runs.spans.last
    else { return nil }
    var columns = [Range<Int>?](repeating: nil, count: Int(last.y - first.y) + 1)
    for span in runs.spans where span.offset < 0 && span.value == 255 {
      let row = Int(span.y - first.y), range = Int(span.x)..<Int(span.x + span.count)
      if range.count > columns[row]?.count ?? 0 { columns[row] = range }
    }
    return (Int(first.y), columns)
  }

  /// The blur's standard deviations along device x and y for a shadow
  /// radius in the layer's space: the radius times the length of the
  /// layer's unit vectors' device x (and y) components, over |m44|; clamped
  /// to 0…``maximumShadowSigma``, NaN as 0. Exact for scales, rotations and
  /// translations (a Gaussian is round); skews and perspective are
  /// approximated by a blur along the device axes.
  static func shadowSigmas(_ radius: Double, layerToDevice t: Transform3D) -> (Double, Double) {
    let w = Swift.max(Swift.abs(t.m44), 1e-9)
    func clamp(_ v: Double) -> Double { v.isNaN ? 0 : Swift.min(Swift.max(v, 0), maximumShadowSigma) }
    let r = radius.isNaN ? 0 : Swift.max(radius, 0)
    return (clamp(r * (t.m11 * t.m11 + t.m21 * t.m21).squareRoot() / w),
            clamp(r * (t.m12 * t.m12 + t.m22 * t.m22).squareRoot() / w))
  }

  /// `shadowOffset` as a device translation: the image of the offset vector
  /// at the layer's anchor point (exact for affine transforms); none when
  /// it cannot be told.
  static func deviceOffset(of p: LayerProperties, layerToDevice t: Transform3D) -> Transform3D {
    let anchor = Point(x: p.bounds.origin.x + p.anchorPoint.x * p.bounds.size.width,
                       y: p.bounds.origin.y + p.anchorPoint.y * p.bounds.size.height)
    let from = t.transform(anchor)
    let to = t.transform(Point(x: anchor.x + p.shadowOffset.width, y: anchor.y + p.shadowOffset.height))
    let dx = to.x - from.x, dy = to.y - from.y
    guard dx.isFinite, dy.isFinite else { return .identity }
    return .translation(x: dx, y: dy, z: 0)
  }
}

/// What is left of a frame's budget of layers recorded into shadow shapes
/// (``Compositor/shadowBudgetLayers``). One per recording of a frame.
final class ShadowBudget {
  private(set) var remaining = Compositor.shadowBudgetLayers

  /// Takes `layers` from the budget if they fit; returns whether they did.
  func spend(_ layers: Int) -> Bool {
    guard layers <= remaining else { return false }
    remaining -= layers
    return true
  }
}
