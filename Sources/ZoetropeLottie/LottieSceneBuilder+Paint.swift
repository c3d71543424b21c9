// SPDX-License-Identifier: Apache-2.0
// Fills and strokes as shape layers; gradients as gradient layers masked by one; trim paths as strokeStart and strokeEnd.

import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers

extension LottieSceneBuilder {
  /// Draws `sources` with `paint` into `container`.
  ///
  /// A stroke trimmed by one trim item takes its range as `strokeStart` and
  /// `strokeEnd` — of each contour on its own layer for a simultaneous trim,
  /// of all of them for an individual one — on the contours drawn twice
  /// where the offset makes the range wrap past the end (the range halved).
  /// A fill of trimmed contours, or contours trimmed differently, are cut
  /// frame by frame.
  mutating func buildPaint(_ paint: LottiePaint, sources: [LottieShapeSource], into container: Layer,
                           clock: LottieClock, visible: ClosedRange<Double>?, path: Int) {
    let trims = sources.map { $0.trims.map(\.path) }
    let sharedTrim = Set(trims).count == 1 && trims[0].count == 1 ? sources[0].trims.first : nil
    if paint.stroke != nil, let trim = sharedTrim, case .trim(_, _, _, let individually) = trim.kind {
      let groups = individually ? [sources] : sources.map { [$0] }
      for group in groups {
        let layer = paintedLayer(paint, clock: clock, visible: visible, path: path)
        applyTrimmedPath(group, trim: trim, to: layer.shape, clock: clock, visible: visible)
        container.addSublayer(layer.outer)
      }
      return
    }
    let layer = paintedLayer(paint, clock: clock, visible: visible, path: path)
    if trims.contains(where: { !$0.isEmpty }) {
      applySampledPath(sources, to: layer.shape, clock: clock, visible: visible, trimmed: true)
    } else {
      applyPath(sources, to: layer.shape, clock: clock, visible: visible)
    }
    container.addSublayer(layer.outer)
  }

  /// The layer a paint draws in: a shape layer, or a gradient layer masked
  /// by one; `shape` is the layer whose `path` the geometry goes into.
  private mutating func paintedLayer(_ paint: LottiePaint, clock: LottieClock, visible: ClosedRange<Double>?,
                                     path: Int) -> (outer: Layer, shape: ShapeLayer) {
    let shape = makeLayer { ShapeLayer() }
    shape.anchorPoint = .zero
    shape.fillRule = paint.evenOdd ? .evenOdd : .nonZero
    let outer: Layer
    switch paint.source {
    case .color(let color):
      outer = shape
      let key = paint.stroke == nil ? "fillColor" : "strokeColor"
      if paint.stroke != nil { shape.fillColor = nil }
      apply(color, to: shape, keyPath: key, clock: clock, visible: visible) { c in
        .color(LottieDecoder.color(Array(c.prefix(3)) + [1]))
      }
    case .gradient(let gradient):
      if paint.stroke == nil {
        shape.fillColor = .white
      } else {
        shape.fillColor = nil
        shape.strokeColor = .white
      }
      let layer = makeLayer { GradientLayer() }
      let extent = LottieSceneBuilder.gradientExtent
      layer.anchorPoint = .zero
      layer.bounds = Rect(x: -extent, y: -extent, width: 2 * extent, height: 2 * extent)
      layer.position = Point(x: -extent, y: -extent)
      layer.mask = shape
      applyGradient(gradient, to: layer, clock: clock, visible: visible, path: path)
      outer = layer
    }
    apply(paint.opacity, to: outer, keyPath: "opacity", clock: clock, visible: visible) { .number($0[0] / 100) }
    // A paint's blend mode blends its own layer, in its place among the others.
    outer.compositingFilter = LottieSceneBuilder.blendMode(paint.blendMode)
    if let stroke = paint.stroke {
      apply(stroke.width, to: shape, keyPath: "lineWidth", clock: clock, visible: visible) { .number(Swift.max($0[0], 0)) }
      shape.lineCap = stroke.cap
      shape.lineJoin = stroke.join
      shape.miterLimit = stroke.miterLimit
      if !stroke.dashes.isEmpty {
        if stroke.dashes.contains(where: \.isAnimated) {
          unsupported(path, "animated dash lengths; the first keyframe's are used")
        }
        let pattern = stroke.dashes.map { Swift.max($0.constant.first ?? 0, 0) }
        if pattern.contains(where: { $0 > 0 }) {
          shape.lineDashPattern = pattern.count % 2 == 1 ? pattern + pattern : pattern
          if let offset = stroke.dashOffset {
            apply(offset, to: shape, keyPath: "lineDashPhase", clock: clock, visible: visible) { .number($0[0]) }
          }
        }
      }
    }
    return (outer, shape)
  }

  /// Half the side of a gradient layer: gradients fill this far in every
  /// direction from the origin of their shape's space (their mask cuts them).
  static let gradientExtent = 65_536.0

  // MARK: Geometry

  /// The contours of `sources` as the shape's `path`: constant, a path
  /// keyframe animation when one Lottie path alone changes (and its
  /// keyframes keep their vertex count), frame by frame otherwise.
  mutating func applyPath(_ sources: [LottieShapeSource], to shape: ShapeLayer, clock: LottieClock,
                          visible: ClosedRange<Double>?) {
    let animated = sources.filter(\.isAnimated)
    if animated.isEmpty {
      var budget = mergeBudget
      shape.path = LottieSceneBuilder.combinedPath(sources.map { $0.outline(at: 0, budget: &budget) })
      spendMergeBudget(budget, path: sources)
      return
    }
    if clock.isLinear, !prefersSampling, animated.count == 1, case .path(let property) = animated[0].item.kind,
      !sources.contains(where: { $0.merge != nil }),
      !animated[0].transforms.contains(where: \.isAnimated),
      animated[0].reshapingModifiers.isEmpty,
      Set(property.keyframes.map { $0.value.vertices.count }).count == 1,
      Set(property.keyframes.map(\.value.isClosed)).count == 1
    {
      let index = sources.firstIndex { $0.item.path == animated[0].item.path }!
      let others = sources.map { $0.contour(at: 0) }
      var matrix = AffineTransform.identity
      for t in animated[0].transforms.reversed() { matrix = matrix.concatenating(t.matrix(at: 0)) }
      let convert: (LottieBezier) -> AnimationValue = { contour in
        var contours = others
        contours[index] = contour.applying(matrix)
        return .path(LottieSceneBuilder.combinedPath(contours, curvesOnly: true))
      }
      if let animation = keyframeAnimation(property, keyPath: "path", dimension: 0, convert: convert) {
        if case .path(let first) = convert(property.keyframes[0].value) { shape.path = first }
        shape.add(animation, forKey: nil)
        return
      }
    }
    applySampledPath(sources, to: shape, clock: clock, visible: visible, trimmed: false)
  }

  /// The contours evaluated at every frame (cut by their trims when
  /// `trimmed`), merge paths combined at each.
  mutating func applySampledPath(_ sources: [LottieShapeSource], to shape: ShapeLayer, clock: LottieClock,
                                 visible: ClosedRange<Double>?, trimmed: Bool) {
    var budget = mergeBudget
    applySampled(to: shape, keyPath: "path", clock: clock, visible: visible, cost: { value in
      if case .path(let p?) = value { return Swift.max(1, p.elements.count) }
      return 1
    }) { frame in
      let outlines = sources.map { $0.outline(at: frame, budget: &budget) }
      guard trimmed else { return .path(LottieSceneBuilder.combinedPath(outlines)) }
      return .path(LottieSceneBuilder.trimmedPath(sources, outlines: outlines, at: frame))
    }
    spendMergeBudget(budget, path: sources)
  }

  /// Keeps what merge paths left of their budget; refuses the file once
  /// it is spent (at the first merge among `sources`).
  mutating func spendMergeBudget(_ left: Int, path sources: [LottieShapeSource]) {
    guard mergeBudget >= 0 else { return }
    mergeBudget = left
    guard left < 0, let merge = sources.first(where: { $0.merge != nil }) else { return }
    report(merge.item.path, "merge paths need more than \(Limits.maximumLottieMergeComparisons) comparisons of "
      + "segments over the animation (Limits.maximumLottieMergeComparisons)")
  }

  /// Contours cut by their trims at `frame`, innermost trim first: a
  /// simultaneous trim cuts each contour it applies to, an individual one
  /// the contours it applies to as one path (what an earlier trim left of
  /// them).
  static func trimmedPath(_ sources: [LottieShapeSource], outlines: [Path], at frame: Double) -> Path {
    var pieces = outlines
    var order: [Int] = [], trims: [Int: LottieShapeItem] = [:]
    for source in sources {
      for trim in source.trims where trims[trim.path] == nil {
        trims[trim.path] = trim
        order.append(trim.path)
      }
    }
    for key in order {
      guard let trim = trims[key], case .trim(let s, let e, let o, let individually) = trim.kind else { continue }
      let members = sources.indices.filter { sources[$0].trims.contains { $0.path == key } }
      let range = trimRange(start: s.scalar(at: frame), end: e.scalar(at: frame), offset: o.scalar(at: frame))
      if individually, let first = members.first {
        var whole = Path()
        for i in members { whole.addPath(pieces[i]) }
        for i in members { pieces[i] = Path() }
        pieces[first] = cut(whole, to: range)
      } else {
        for i in members { pieces[i] = cut(pieces[i], to: range) }
      }
    }
    var result = Path()
    for piece in pieces { result.addPath(piece) }
    return result
  }

  /// The part of `path` a trim range keeps (wrapping past the end to the start).
  static func cut(_ path: Path, to range: (Double, Double)) -> Path {
    let (start, stop) = range
    if start <= 0 && stop >= 1 { return path }
    guard stop > start else { return Path() }
    if stop > 1 {
      var result = path.trimmed(from: start, to: 1)
      result.addPath(path.trimmed(from: 0, to: stop - 1))
      return result
    }
    return path.trimmed(from: start, to: stop)
  }

  /// A trim's range as lottie-web computes it: start and end (percent)
  /// clamped to 0…100, the offset (degrees, a turn is the whole length)
  /// added, swapped into order, rounded to 1/10,000. The end may pass 1
  /// (the range then wraps to the start); the start is below 1.
  static func trimRange(start: Double, end: Double, offset: Double) -> (Double, Double) {
    var o = offset.isFinite ? offset.truncatingRemainder(dividingBy: 360) / 360 : 0
    if o < 0 { o += 1 }
    func unit(_ v: Double) -> Double { v.isFinite ? Swift.min(Swift.max(v / 100, 0), 1) : 0 }
    var s = unit(start) + o, e = unit(end) + o
    if s > e { swap(&s, &e) }
    s = (s * 10_000).rounded() / 10_000
    e = (e * 10_000).rounded() / 10_000
    if s >= 1 { s -= 1; e -= 1 }
    return (s, e)
  }

  /// Stroked contours trimmed by `trim`: `strokeStart`/`strokeEnd` of the
  /// path, drawn twice (and the range halved) when the range ever wraps.
  private mutating func applyTrimmedPath(_ sources: [LottieShapeSource], trim: LottieShapeItem, to shape: ShapeLayer,
                                         clock: LottieClock, visible: ClosedRange<Double>?) {
    guard case .trim(let s, let e, let o, _) = trim.kind else { return }
    let animated = s.isAnimated || e.isAnimated || o.isAnimated
    let frames = animated ? clock.frames.filter { visible?.contains($0) ?? true } : [clock.frames.first ?? 0]
    let wraps = frames.contains {
      LottieSceneBuilder.trimRange(start: s.scalar(at: $0), end: e.scalar(at: $0), offset: o.scalar(at: $0)).1 > 1
    }
    var doubled = sources
    if wraps { doubled += sources }
    applyPath(doubled, to: shape, clock: clock, visible: visible)
    let scale = wraps ? 0.5 : 1
    if !animated {
      let (start, end) = LottieSceneBuilder.trimRange(start: s.constant[0], end: e.constant[0], offset: o.constant[0])
      shape.strokeStart = start * scale
      shape.strokeEnd = end * scale
      return
    }
    applySampled(to: shape, keyPath: "strokeStart", clock: clock, visible: visible) { frame in
      .number(LottieSceneBuilder.trimRange(start: s.scalar(at: frame), end: e.scalar(at: frame), offset: o.scalar(at: frame)).0 * scale)
    }
    applySampled(to: shape, keyPath: "strokeEnd", clock: clock, visible: visible) { frame in
      .number(LottieSceneBuilder.trimRange(start: s.scalar(at: frame), end: e.scalar(at: frame), offset: o.scalar(at: frame)).1 * scale)
    }
  }

  /// Outlines appended into one path.
  static func combinedPath(_ outlines: [Path]) -> Path {
    var path = Path()
    for outline in outlines { path.addPath(outline) }
    return path
  }

  /// Contours appended into one path. With `curvesOnly`, every segment is
  /// a cubic (so that paths of one contour structure interpolate).
  static func combinedPath(_ contours: [LottieBezier], curvesOnly: Bool = false) -> Path {
    var path = Path()
    for contour in contours {
      if curvesOnly { contour.appendCurves(to: &path) } else { contour.append(to: &path) }
    }
    return path
  }
}

extension LottieBezier {
  /// Appends the contour with every segment as a cubic, lines included.
  func appendCurves(to path: inout Path) {
    guard let first = vertices.first else { return }
    path.move(to: first)
    let n = vertices.count
    func segment(_ a: Int, _ b: Int) {
      path.addCurve(to: vertices[b], control1: vertices[a] + outTangents[a], control2: vertices[b] + inTangents[b])
    }
    if n > 1 { for i in 1..<n { segment(i - 1, i) } }
    if isClosed {
      segment(n - 1, 0)
      path.closeSubpath()
    }
  }
}
