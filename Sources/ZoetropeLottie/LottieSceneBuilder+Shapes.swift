// SPDX-License-Identifier: Apache-2.0
// A shape layer's items as Core Animation layers: a layer per group, a shape layer per fill or stroke.

import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers

/// Geometry a paint draws: a path, rectangle, ellipse or star, the group
/// transforms between the paint's group and it (outermost first), and the
/// modifiers after it (its own group's first, then the enclosing groups').
struct LottieShapeSource {
  var item: LottieShapeItem
  var transforms: [LottieTransform]
  var modifiers: [LottieShapeItem]

  /// Whether the geometry moves or changes shape over time (its own
  /// properties or a transform between it and the paint).
  var isAnimated: Bool {
    if transforms.contains(where: LottieSceneBuilder.isAnimated) { return true }
    switch item.kind {
    case .path(let p): return p.isAnimated
    case .rectangle(let p, let s, let r): return p.isAnimated || s.isAnimated || r.isAnimated
    case .ellipse(let p, let s): return p.isAnimated || s.isAnimated
    case .polystar(let star):
      return [star.position, star.points, star.rotation, star.outerRadius, star.outerRoundness, star.innerRadius,
              star.innerRoundness].contains { $0.isAnimated }
    default: return false
    }
  }

  /// The trim among the modifiers, if any.
  var trim: LottieShapeItem? { modifiers.first { if case .trim = $0.kind { true } else { false } } }

  /// Modifiers that change the geometry itself (not a trim).
  var reshapingModifiers: [LottieShapeItem] {
    modifiers.filter { if case .roundCorners = $0.kind { true } else { false } }
  }

  /// The contour at `frame`, in the paint's group's space.
  func contour(at frame: Double) -> LottieBezier {
    var contour: LottieBezier
    switch item.kind {
    case .path(let p): contour = p.value(at: frame)
    case .rectangle(let p, let s, let r):
      contour = LottieGeometry.rectangle(position: p.value(at: frame), size: s.value(at: frame),
                                         roundness: r.scalar(at: frame), direction: item.direction)
    case .ellipse(let p, let s):
      contour = LottieGeometry.ellipse(position: p.value(at: frame), size: s.value(at: frame), direction: item.direction)
    case .polystar(let star):
      contour = LottieGeometry.polystar(
        isStar: star.isStar, position: star.position.value(at: frame), points: star.points.scalar(at: frame),
        rotation: star.rotation.scalar(at: frame), outerRadius: star.outerRadius.scalar(at: frame),
        outerRoundness: star.outerRoundness.scalar(at: frame), innerRadius: star.innerRadius.scalar(at: frame),
        innerRoundness: star.innerRoundness.scalar(at: frame), direction: item.direction)
    default: contour = .empty
    }
    for modifier in modifiers {
      if case .roundCorners(let radius) = modifier.kind {
        contour = LottieRoundCorners.apply(to: contour, radius: radius.scalar(at: frame))
      }
    }
    guard !transforms.isEmpty else { return contour }
    var matrix = AffineTransform.identity
    for t in transforms.reversed() { matrix = matrix.concatenating(t.matrix(at: frame)) }
    return contour.applying(matrix)
  }
}

extension LottieSceneBuilder {
  /// Whether a transform changes over time.
  static func isAnimated(_ t: LottieTransform) -> Bool {
    t.anchor.isAnimated || (t.position?.isAnimated ?? false) || (t.positionX?.isAnimated ?? false)
      || (t.positionY?.isAnimated ?? false) || t.scale.isAnimated || t.rotation.isAnimated || t.skew.isAnimated
      || t.skewAxis.isAnimated
  }

  /// Builds a shape layer's items into `container` (the Lottie layer's layer).
  mutating func buildShapes(_ items: [LottieShapeItem], into container: Layer, clock: LottieClock,
                            visible: ClosedRange<Double>?) {
    buildGroup(items, into: container, inherited: [], clock: clock, visible: visible, depth: 0)
  }

  /// The items of one group, bottom first: each paint as a shape layer
  /// (or a gradient layer masked by one) drawing the geometry above it,
  /// each nested group as a layer with the group's transform and opacity,
  /// a repeater as its copies. `inherited` are the modifiers of enclosing
  /// groups that come after this group.
  mutating func buildGroup(_ items: [LottieShapeItem], into container: Layer, inherited: [LottieShapeItem],
                           clock: LottieClock, visible: ClosedRange<Double>?, depth: Int) {
    guard depth < 256, !budgetExceeded else { return }
    let items = items.filter { !$0.isHidden }
    var end = items.count
    // A repeater copies the items above it; the ones below it are drawn once, under the copies.
    if let r = items.firstIndex(where: { if case .repeater = $0.kind { true } else { false } }) {
      for j in ((r + 1)..<items.count).reversed() {
        buildItem(at: j, of: items, into: container, inherited: inherited, clock: clock, visible: visible, depth: depth)
      }
      if case .repeater(let repeater) = items[r].kind {
        buildRepeater(repeater, copying: Array(items[0..<r]), into: container,
                      inherited: LottieSceneBuilder.modifiers(after: r, in: items) + inherited, clock: clock,
                      visible: visible, depth: depth, path: items[r].path)
      }
      end = 0
    }
    for j in (0..<end).reversed() {
      buildItem(at: j, of: items, into: container, inherited: inherited, clock: clock, visible: visible, depth: depth)
    }
  }

  private mutating func buildItem(at j: Int, of items: [LottieShapeItem], into container: Layer,
                                  inherited: [LottieShapeItem], clock: LottieClock, visible: ClosedRange<Double>?,
                                  depth: Int) {
    switch items[j].kind {
    case .paint(let paint):
      let sources = LottieSceneBuilder.sources(in: Array(items[0..<j]), transforms: [],
                                               modifiers: LottieSceneBuilder.modifiers(after: j, in: items) + inherited,
                                               allItems: items)
      guard !sources.isEmpty else { return }
      buildPaint(paint, sources: sources, into: container, clock: clock, visible: visible, path: items[j].path)
    case .group(let children, let transform):
      let group = makeLayer { Layer() }
      applyTransform(transform, autoOrient: false, to: group, clock: clock, visible: visible)
      apply(transform.opacity, to: group, keyPath: "opacity", clock: clock, visible: visible) { .number($0[0] / 100) }
      buildGroup(children, into: group, inherited: LottieSceneBuilder.modifiers(after: j, in: items) + inherited,
                 clock: clock, visible: visible, depth: depth + 1)
      container.addSublayer(group)
    case .mergePaths(let mode):
      if mode != 1 {
        unsupported(items[j].path, "merge paths mode \(mode); the paths are drawn as they are")
      }
    default:
      break
    }
  }

  /// The modifiers after index `j` of a group's items, in order.
  static func modifiers(after j: Int, in items: [LottieShapeItem]) -> [LottieShapeItem] {
    items[(j + 1)...].filter {
      switch $0.kind {
      case .trim, .roundCorners: true
      default: false
      }
    }
  }

  /// The geometry of `items` (and of the groups among them), each with the
  /// transforms of the groups it is in and the modifiers after it.
  static func sources(in items: [LottieShapeItem], transforms: [LottieTransform], modifiers: [LottieShapeItem],
                      allItems: [LottieShapeItem]) -> [LottieShapeSource] {
    var result: [LottieShapeSource] = []
    // Explicit stack over groups: (items, transforms, modifiers after the group in its parent).
    var pending: [(items: [LottieShapeItem], all: [LottieShapeItem], transforms: [LottieTransform], outer: [LottieShapeItem])] =
      [(items, allItems, transforms, modifiers)]
    while let (list, all, chain, outer) = pending.popLast() {
      var found: [LottieShapeSource] = []
      for (index, item) in list.enumerated() where !item.isHidden {
        switch item.kind {
        case .path, .rectangle, .ellipse, .polystar:
          found.append(LottieShapeSource(item: item, transforms: chain,
                                         modifiers: LottieSceneBuilder.modifiers(after: index, in: all) + outer))
        case .group(let children, let t):
          let visibleChildren = children.filter { !$0.isHidden }
          // Depth first, in document order: the group's own sources come next.
          let nested = sources(in: visibleChildren, transforms: chain + [t],
                               modifiers: LottieSceneBuilder.modifiers(after: index, in: all) + outer,
                               allItems: visibleChildren)
          found += nested
        default: break
        }
      }
      result += found
    }
    return result
  }
}
