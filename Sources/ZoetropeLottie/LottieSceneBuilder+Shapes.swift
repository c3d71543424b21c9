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
  var transforms: [LottieGroupTransform]
  var modifiers: [LottieShapeItem]
  /// For merge paths of mode 2–5 (`item`), the geometry they combine.
  var merge: LottieMergedPaths? = nil

  /// Whether the geometry moves or changes shape over time (its own
  /// properties or a transform between it and the paint).
  var isAnimated: Bool {
    if transforms.contains(where: \.isAnimated) { return true }
    if let merge { return merge.isAnimated }
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

  /// The trims among the modifiers, innermost first.
  var trims: [LottieShapeItem] { modifiers.filter { if case .trim = $0.kind { true } else { false } } }

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
    guard let items = expandingRepeaters(items.filter { !$0.isHidden }) else { return }
    for j in items.indices.reversed() {
      buildItem(at: j, of: items, into: container, inherited: inherited, clock: clock, visible: visible, depth: depth)
    }
  }

  /// The items with each repeater replaced by its copies, as lottie-web
  /// does: the items above the repeater become one group per copy (the
  /// copy's transform and opacity as the group's), placed where those items
  /// were, and the items below it — paints and modifiers among them — apply
  /// to the copies. A repeater whose copies pass the budget is reported and
  /// ends the list (`nil` after too many copies in all).
  private mutating func expandingRepeaters(_ items: [LottieShapeItem]) -> [LottieShapeItem]? {
    var list = items
    while let r = list.firstIndex(where: { if case .repeater = $0.kind { true } else { false } }) {
      guard case .repeater(let repeater) = list[r].kind else { break }
      let counts = repeater.copies.allValues.map { $0.first ?? 0 }
      let most = counts.map { $0.isFinite ? ($0 - 1e-9).rounded(.up) : .infinity }.max() ?? 0
      let above = Array(list[0..<r])
      guard most <= Double(Limits.maximumReplicatedLayers) else {
        report(paths.child(list[r].path, "c"), "a repeater of \(LottieDecoder.format(most)) copies; at most "
          + "\(Limits.maximumReplicatedLayers) are drawn (Limits.maximumReplicatedLayers)")
        return nil
      }
      repeaterCopies += Int(Swift.max(most, 0)) * Swift.max(above.count, 1)
      guard repeaterCopies <= Limits.maximumReplicatedLayers else {
        report(paths.child(list[r].path, "c"), "repeaters copy more than \(Limits.maximumReplicatedLayers) items "
          + "in all (Limits.maximumReplicatedLayers)")
        return nil
      }
      let copies = (0..<Int(Swift.max(most, 0))).map { index in
        LottieShapeItem(kind: .group(above, .copy(repeater, index: index)), type: "gr", path: list[r].path)
      }
      list = copies + list[(r + 1)...]
    }
    return list
  }

  private mutating func buildItem(at j: Int, of items: [LottieShapeItem], into container: Layer,
                                  inherited: [LottieShapeItem], clock: LottieClock, visible: ClosedRange<Double>?,
                                  depth: Int) {
    switch items[j].kind {
    case .paint(let paint):
      var sources = LottieSceneBuilder.sources(in: Array(items[0..<j]), transforms: [],
                                               modifiers: LottieSceneBuilder.modifiers(after: j, in: items) + inherited,
                                               allItems: items, mergingPaths: true)
      guard !sources.isEmpty else { return }
      for k in sources.indices where sources[k].merge != nil {
        sources[k].merge?.evenOdd = paint.evenOdd
        checkMerge(sources[k], clock: clock)
      }
      buildPaint(paint, sources: sources, into: container, clock: clock, visible: visible, path: items[j].path)
    case .group(let children, let transform):
      let group = makeLayer { Layer() }
      switch transform {
      case .transform(let t):
        applyTransform(t, autoOrient: false, to: group, clock: clock, visible: visible)
        apply(t.opacity, to: group, keyPath: "opacity", clock: clock, visible: visible) { .number($0[0] / 100) }
      case .copy:
        group.anchorPoint = .zero
        if transform.isAnimated {
          applySampled(to: group, keyPath: "transform", clock: clock, visible: visible) { frame in
            .transform(Transform3D(transform.matrix(at: frame)))
          }
          applySampled(to: group, keyPath: "opacity", clock: clock, visible: visible) { frame in
            .number(transform.opacity(at: frame))
          }
        } else {
          group.transform = Transform3D(transform.matrix(at: 0))
          group.opacity = transform.opacity(at: 0)
        }
      }
      buildGroup(children, into: group, inherited: LottieSceneBuilder.modifiers(after: j, in: items) + inherited,
                 clock: clock, visible: visible, depth: depth + 1)
      container.addSublayer(group)
    case .mergePaths(let mode):
      if !(1...5).contains(mode) {
        unsupported(items[j].path, "merge paths mode \(mode) (modes are 1 to 5); the paths are drawn as they are")
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

  /// Warns when merge paths cannot be combined at the first frame (a path
  /// boolean budget ran out): they are then drawn as mode 1 draws them.
  /// The work counts against the file's budget.
  private mutating func checkMerge(_ source: LottieShapeSource, clock: LottieClock) {
    guard let merge = source.merge, mergeBudget > 0 else { return }
    var budget = mergeBudget
    do throws(PathBooleanError) {
      _ = try merge.combined(at: clock.frames.first ?? 0, budget: &budget)
    } catch {
      if budget >= 0 {
        warn(source.item.path, "merge paths mode \(merge.mode): \(error); the paths are drawn as they are")
      }
    }
    spendMergeBudget(budget, path: [source])
  }

  /// The geometry of `items` (and of the groups among them), each with the
  /// transforms of the groups it is in and the modifiers after it. With
  /// `mergingPaths`, merge paths of mode 2–5 absorb the geometry above them
  /// in their group into one source (``LottieMergedPaths``).
  static func sources(in items: [LottieShapeItem], transforms: [LottieGroupTransform], modifiers: [LottieShapeItem],
                      allItems: [LottieShapeItem], mergingPaths: Bool = false) -> [LottieShapeSource] {
    var result: [LottieShapeSource] = []
    // Explicit stack over groups: (items, transforms, modifiers after the group in its parent).
    var pending: [(items: [LottieShapeItem], all: [LottieShapeItem], transforms: [LottieGroupTransform], outer: [LottieShapeItem])] =
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
                               allItems: visibleChildren, mergingPaths: mergingPaths)
          found += nested
        case .mergePaths(let mode) where mergingPaths && (2...5).contains(mode):
          let merge = LottieMergedPaths(mode: mode, operands: operands(above: index, in: all))
          found = [LottieShapeSource(item: item, transforms: chain,
                                     modifiers: LottieSceneBuilder.modifiers(after: index, in: all) + outer,
                                     merge: merge)]
        default: break
        }
      }
      result += found
    }
    return result
  }

  /// What merge paths at `index` of `items` combine: the geometry of each
  /// item above it, in the merge's group's space, with the modifiers
  /// between it and the merge (those after the merge apply to the result).
  static func operands(above index: Int, in items: [LottieShapeItem]) -> [[LottieShapeSource]] {
    let above = Array(items[0..<index])
    var operands: [[LottieShapeSource]] = []
    for (k, item) in above.enumerated() where !item.isHidden {
      let modifiers = LottieSceneBuilder.modifiers(after: k, in: above)
      switch item.kind {
      case .path, .rectangle, .ellipse, .polystar:
        operands.append([LottieShapeSource(item: item, transforms: [], modifiers: modifiers)])
      case .group(let children, let t):
        let visible = children.filter { !$0.isHidden }
        let nested = sources(in: visible, transforms: [t], modifiers: modifiers, allItems: visible, mergingPaths: true)
        if !nested.isEmpty { operands.append(nested) }
      default: break
      }
    }
    return operands
  }
}
