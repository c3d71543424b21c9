// SPDX-License-Identifier: Apache-2.0
// A decoded Lottie animation as a Zoetrope scene: Core Animation layers and animations, as lottie-ios's Core Animation engine builds them.

import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeScene
import ZoetropeTiming

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Builds the layer tree of a ``LottieAnimation``.
///
/// The canvas is the composition (`w`×`h`, `fr`, clear); a top layer whose
/// `timeOffset` is `ip / fr` makes its local time the composition's time in
/// seconds, so clip time 0 shows frame `ip`. Each Lottie layer becomes, from
/// the outside in:
///
///     matte host (`mask` = the matte layer, `compositingFilter` = `bm`)
///      └ one transform-only layer per parent, outermost ancestor first
///         └ the layer: transform, opacity, in/out as `hidden`, `mask` = its masks
///            └ content: shapes, a solid's rectangle, an image, or a precomposition's
///              holder (its size, clipped; `beginTime`/`speed` from `st`/`sr`)
///
/// so paint order is the file's and parenting moves without inheriting
/// opacity, masks or visibility, as in After Effects.
struct LottieSceneBuilder: LottieIssueReporting {
  let animation: LottieAnimation
  var paths: JSONPathArena
  var issues: [SceneIssue] = []
  var warnings: [SceneIssue] = []
  var unsupportedFeatures: [SceneIssue] = []
  var sampledValues = 0
  /// Repeater copies made so far (items × copies), against ``Limits/maximumReplicatedLayers``.
  var repeaterCopies = 0
  /// Comparisons merge paths may still make (``Limits/maximumLottieMergeComparisons``); −1 once spent.
  var mergeBudget = Limits.maximumLottieMergeComparisons
  var budgetExceeded = false
  var frameRate: Double { animation.frameRate }
  /// Layers made so far, against ``Limits/maximumLayers``.
  var layerCount = 0
  /// Evaluates every animated property frame by frame, even those Core
  /// Animation could interpolate: the oracle the keyframe animations are
  /// tested against.
  var prefersSampling = false
  /// The fonts font text is drawn in, each face once, for `validate`.
  var fonts: [SceneFont] = []
  /// The family each font request is drawn with (family|weight|style).
  var drawnFamilies: [String: String] = [:]

  init(animation: LottieAnimation, paths: JSONPathArena) {
    self.animation = animation
    self.paths = paths
  }

  /// A new layer, counted against the layer budget.
  mutating func makeLayer<L: Layer>(_ make: () -> L) -> L {
    layerCount += 1
    if layerCount > Limits.maximumLayers { budgetExceeded = true }
    return make()
  }

  // MARK: The whole animation

  /// The canvas and root layer of the animation.
  mutating func build() -> Scene {
    let a = animation
    let rate = LottieSceneBuilder.frameRate(a.frameRate)
    let frameCount = Swift.max(1, Int(((a.outPoint - a.inPoint) - 1e-9).rounded(.up)))
    let canvas = Canvas(width: a.width, height: a.height, frameRate: rate,
                        duration: Double(frameCount) / a.frameRate, background: .clear)
    let root = Scene.makeRoot(for: canvas)
    let composition = makeLayer { Layer() }
    composition.name = "composition"
    composition.anchorPoint = .zero
    composition.bounds = Rect(x: 0, y: 0, width: a.width, height: a.height)
    composition.timing.timeOffset = a.inPoint / a.frameRate
    root.addSublayer(composition)
    var frames: [Double] = [], times: [Double] = []
    frames.reserveCapacity(frameCount)
    times.reserveCapacity(frameCount)
    for i in 0..<frameCount {
      frames.append(a.inPoint + Double(i))
      times.append((a.inPoint + Double(i)) / a.frameRate)
    }
    buildComposition(a.layers, into: composition, clock: LottieClock(times: times, frames: frames, isLinear: true),
                     depth: 0)
    return Scene(canvas: canvas, root: root)
  }

  /// Lottie's frame rate as a ``FrameRate``: whole numbers exactly,
  /// others to a thousandth.
  static func frameRate(_ fps: Double) -> FrameRate {
    if fps == fps.rounded() { return FrameRate(Int(fps)) }
    let numerator = Int((fps * 1000).rounded())
    func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? Swift.max(a, 1) : gcd(b, a % b) }
    let g = gcd(numerator, 1000)
    return FrameRate(numerator: numerator / g, denominator: 1000 / g)
  }

  // MARK: Compositions

  /// Adds the layers of a composition to `container`, back to front.
  mutating func buildComposition(_ layers: [LottieLayer], into container: Layer, clock: LottieClock, depth: Int) {
    var byIndex: [Int: Int] = [:]
    for (position, layer) in layers.enumerated() {
      if let index = layer.index, byIndex[index] == nil { byIndex[index] = position }
    }
    // A matte is not drawn itself: the layers that say so (`td`), and the
    // layer above one with a track matte that names none (`tp`), as the
    // other players read files whose mattes lack `td`.
    var mattes = Set(layers.indices.filter { layers[$0].isMatteSource })
    for (position, layer) in layers.enumerated() where layer.matteMode != 0 && layer.matteParent == nil && position > 0 {
      mattes.insert(position - 1)
    }
    for position in layers.indices.reversed() {
      let layer = layers[position]
      if mattes.contains(position) || layer.isHidden || budgetExceeded { continue }
      guard var node = buildLayerNode(layer, in: layers, byIndex: byIndex, clock: clock, depth: depth) else { continue }
      if layer.matteMode != 0 {
        node = applyMatte(to: node, of: layer, at: position, in: layers, byIndex: byIndex, clock: clock, depth: depth)
      }
      if let mode = LottieSceneBuilder.blendMode(layer.blendMode) {
        node.compositingFilter = mode
      } else if layer.blendMode != 0 {
        unsupported(paths.child(layer.path, "bm"), "blend mode \(layer.blendMode); the layer is drawn normally")
      }
      container.addSublayer(node)
    }
  }

  /// A layer inside its parents' transform-only layers.
  mutating func buildLayerNode(_ layer: LottieLayer, in layers: [LottieLayer], byIndex: [Int: Int], clock: LottieClock,
                               depth: Int) -> Layer? {
    guard layer.outPoint > layer.inPoint, let body = buildLayer(layer, clock: clock, depth: depth) else { return nil }
    var node: Layer = body
    var parent = layer.parent
    var seen: Set<Int> = []
    let visible = layer.inPoint...layer.outPoint
    while let index = parent, let position = byIndex[index] {
      guard seen.insert(index).inserted, seen.count <= 256 else {
        warn(paths.child(layer.path, "parent"), "the parent chain loops; the layer is drawn without the rest of it")
        break
      }
      let ancestor = layers[position]
      let wrapper = makeLayer { Layer() }
      wrapper.name = ancestor.name
      applyTransform(ancestor.transform, autoOrient: ancestor.autoOrient, to: wrapper, clock: clock, visible: visible)
      wrapper.addSublayer(node)
      node = wrapper
      parent = ancestor.parent
    }
    if let index = parent, byIndex[index] == nil {
      warn(paths.child(layer.path, "parent"), "no layer has ind \(index); the layer is drawn without a parent")
    }
    return node
  }

  /// The layer itself: transform, opacity, in/out, masks and content.
  mutating func buildLayer(_ layer: LottieLayer, clock: LottieClock, depth: Int) -> Layer? {
    let node = makeLayer { Layer() }
    node.name = layer.name
    let visible = layer.inPoint...layer.outPoint
    applyTransform(layer.transform, autoOrient: layer.autoOrient, to: node, clock: clock, visible: visible)
    apply(layer.transform.opacity, to: node, keyPath: "opacity", clock: clock, visible: visible) { .number($0[0] / 100) }
    applyVisibility(to: node, inPoint: layer.inPoint, outPoint: layer.outPoint, clock: clock)
    switch layer.kind {
    case .precomp(let ref, let width, let height, let timeRemap):
      guard let precomp = animation.precomps[ref] else {
        warn(layer.path, "no precomposition has id \"\(ref)\"; the layer draws nothing")
        return node
      }
      let holder = makeLayer { Layer() }
      holder.anchorPoint = .zero
      holder.bounds = Rect(x: 0, y: 0, width: width, height: height)
      holder.masksToBounds = width > 0 && height > 0
      let inner: LottieClock
      if let timeRemap {
        // Remapped time cannot be said with layer timing: the content is evaluated frame by frame.
        inner = LottieClock(times: clock.times, frames: clock.frames.map { timeRemap.scalar(at: $0) * frameRate },
                            isLinear: false)
      } else {
        holder.timing.beginTime = layer.startTime / frameRate
        holder.timing.speed = 1 / layer.timeStretch
        inner = LottieClock(times: clock.times.map { ($0 - layer.startTime / frameRate) / layer.timeStretch },
                            frames: clock.frames.map { ($0 - layer.startTime) / layer.timeStretch },
                            isLinear: clock.isLinear)
      }
      buildComposition(precomp.layers, into: holder, clock: inner, depth: depth + 1)
      node.addSublayer(holder)
    case .solid(let color, let width, let height):
      let solid = makeLayer { Layer() }
      solid.anchorPoint = .zero
      solid.bounds = Rect(x: 0, y: 0, width: width, height: height)
      solid.backgroundColor = color
      node.addSublayer(solid)
    case .image(let ref):
      guard let asset = animation.images[ref] else {
        warn(layer.path, "no image asset has id \"\(ref)\"; the layer draws nothing")
        return node
      }
      let image = makeLayer { Layer() }
      image.anchorPoint = .zero
      image.bounds = Rect(x: 0, y: 0, width: asset.width > 0 ? asset.width : Double(asset.image?.width ?? 0),
                          height: asset.height > 0 ? asset.height : Double(asset.image?.height ?? 0))
      image.contents = asset.image
      node.addSublayer(image)
    case .shape(let items):
      buildShapes(items, into: node, clock: clock, visible: visible)
    case .text(let text):
      buildText(text, into: node, clock: clock, visible: visible)
    case .null, .other:
      break
    }
    if let fill = layer.fillEffect { applyFill(fill, to: node, clock: clock, visible: visible) }
    if let shadow = layer.dropShadow { applyDropShadow(shadow, to: node, clock: clock, visible: visible) }
    if let tint = layer.tint { applyTint(tint, to: node, clock: clock) }
    if !layer.masks.isEmpty { applyMasks(layer.masks, to: node, clock: clock, visible: visible) }
    return node
  }

  /// A Fill effect: the layer's content becomes the `mask` of a layer of
  /// the fill's colour that covers everything, at the fill's opacity.
  mutating func applyFill(_ fill: LottieFillEffect, to node: Layer, clock: LottieClock, visible: ClosedRange<Double>?) {
    let content = makeLayer { Layer() }
    content.anchorPoint = .zero
    for sublayer in node.sublayers ?? [] {
      sublayer.removeFromSuperlayer()
      content.addSublayer(sublayer)
    }
    let colour = makeLayer { Layer() }
    let extent = LottieSceneBuilder.gradientExtent
    colour.anchorPoint = .zero
    colour.frame = Rect(x: -extent, y: -extent, width: 2 * extent, height: 2 * extent)
    // The mask lies in the colour layer's own space, whose origin is the node's.
    content.position = Point(x: extent, y: extent)
    colour.mask = content
    apply(fill.color, to: colour, keyPath: "backgroundColor", clock: clock, visible: visible) { c in
      .color(LottieDecoder.color(Array(c.prefix(3)) + [1]))
    }
    apply(fill.opacity, to: colour, keyPath: "opacity", clock: clock, visible: visible) { .number($0[0]) }
    node.addSublayer(colour)
  }

  /// A Drop Shadow effect as the layer's shadow, as lottie-web's SVG filter
  /// draws it: the layer's alpha blurred by a Gaussian of standard
  /// deviation softness / 4, moved `distance` towards `direction`, in the
  /// shadow's colour at opacity / 255.
  mutating func applyDropShadow(_ shadow: LottieDropShadow, to node: Layer, clock: LottieClock,
                                visible: ClosedRange<Double>?) {
    apply(shadow.color, to: node, keyPath: "shadowColor", clock: clock, visible: visible) { c in
      .color(LottieDecoder.color(Array(c.prefix(3)) + [1]))
    }
    apply(shadow.opacity, to: node, keyPath: "shadowOpacity", clock: clock, visible: visible) {
      .number(Swift.min(Swift.max(($0.first ?? 0) / 255, 0), 1))
    }
    apply(shadow.softness, to: node, keyPath: "shadowRadius", clock: clock, visible: visible) {
      .number(Swift.max(($0.first ?? 0) / 4, 0))
    }
    func offset(_ frame: Double) -> AnimationValue {
      let angle = (shadow.direction.scalar(at: frame) - 90) * .pi / 180, distance = shadow.distance.scalar(at: frame)
      return .size(Size(width: distance * cos(angle), height: distance * sin(angle)))
    }
    if shadow.direction.isAnimated || shadow.distance.isAnimated {
      applySampled(to: node, keyPath: "shadowOffset", clock: clock, visible: visible, value: offset)
    } else {
      setModel(node, "shadowOffset", offset(0))
    }
  }

  /// A Tint effect as the layer's `falseColor` filter: each pixel's
  /// luminance mapped from black to white onto the effect's two colours,
  /// mixed with the pixel's own colour by the amount — After Effects' and
  /// ThorVG's formula (lottie-web's SVG filter reaches the same colour at
  /// 100 %). A layer's filters are not animatable: an animated Tint takes
  /// its values at the first frame of the clip, with a notice.
  mutating func applyTint(_ tint: LottieTint, to node: Layer, clock: LottieClock) {
    let frame = clock.frames.first ?? 0
    if tint.black.isAnimated || tint.white.isAnimated || tint.amount.isAnimated {
      unsupported(tint.path, "an animated Tint effect; drawn with its values at the first frame")
    }
    func color(_ property: LottieProperty<[Double]>) -> Color {
      let c = property.value(at: frame)
      return LottieDecoder.color(Array(c.prefix(3)) + [1])
    }
    let amount = tint.amount.scalar(at: frame) / 100
    node.filters.append(.falseColor(color0: color(tint.black), color1: color(tint.white),
                                    intensity: Swift.min(Swift.max(amount.isNaN ? 0 : amount, 0), 1)))
  }

  /// `bm` as a blend mode; `nil` for normal (0) and modes without one.
  static func blendMode(_ bm: Int) -> BlendMode? {
    let modes: [Int: BlendMode] = [
      1: .multiply, 2: .screen, 3: .overlay, 4: .darken, 5: .lighten, 6: .colorDodge, 7: .colorBurn,
      8: .hardLight, 9: .softLight, 10: .difference, 11: .exclusion, 12: .hue, 13: .saturation, 14: .color,
      15: .luminosity,
    ]
    return modes[bm]
  }
}
