// SPDX-License-Identifier: Apache-2.0
// Recording a frame's drawing: fills of shapes in paint order, isolated groups and masks around them.

import ZoetropeShaders
import ZoetropeGeometry

extension DisplayList {
  /// Records a solid fill; nothing when the colour times opacity rounds to transparent.
  package mutating func fill(_ shape: ShapeCoverage, color: Color, opacity: Double) {
    let p = color.premultipliedRGBA8(opacity: opacity)
    guard p.a > 0 else { return }
    let context = FillSolidContext(premultipliedRed: p.r, green: p.g, blue: p.b, alpha: p.a)
    record(shape) { .solid($0, context) }
  }

  /// Records a gradient fill.
  package mutating func fill(_ shape: ShapeCoverage, gradient: GradientPaint) {
    let paint = paints.count
    if record(shape, { .gradient($0, paint: paint) }) { paints.append(gradient) }
  }

  /// Records an image fill; nothing when the paint is transparent.
  package mutating func fill(_ shape: ShapeCoverage, image: ImagePaint) {
    guard image.alpha > 0 else { return }
    let paint = imagePaints.count
    if record(shape, { .image($0, paint: paint) }) { imagePaints.append(image) }
  }

  /// Records a command for each piece of `shape` that covers anything;
  /// returns whether any did.
  @discardableResult
  private mutating func record(_ shape: ShapeCoverage, _ command: (Coverage) -> Command) -> Bool {
    var recorded = false
    var clip: Int?
    if let mask = shape.clip {
      guard !mask.isEmpty else { return false }
      if let known = clipRuns[ObjectIdentifier(mask)] {
        clip = known.index
      } else {
        clip = appendRuns(mask.runs)
        clipRuns[ObjectIdentifier(mask)] = (mask, runs.count - 1)
      }
    }
    for piece in shape.pieces {
      var coverage: Coverage
      switch piece {
      case .runs(let runs):
        guard !runs.spans.isEmpty else { continue }
        coverage = .runs(appendRuns(runs))
      case .edges(let list):
        edgeLists.append(list)
        coverage = .edges(edgeLists.count - 1)
      case .rectangle(let rectangle):
        rectangles.append(rectangle)
        coverage = .rectangle(rectangles.count - 1)
      }
      if let clip {
        let own = ShapeCoverage(piece).bounds, mask = runColumns[clip]
        let left = Swift.max(own.x, mask.lowerBound)
        let columns = left..<Swift.max(left, Swift.min(own.maxX, mask.upperBound))
        clippedPieces.append((coverage, clip, columns))
        coverage = .clipped(clippedPieces.count - 1)
      }
      commands.append(command(coverage))
      recorded = true
    }
    if recorded, !openGroups.isEmpty {
      openGroups[openGroups.count - 1].bounds.formUnion(PixelBounds(shape.bounds))
    }
    return recorded
  }

  /// Opens an isolated group: what is recorded until ``endGroup(opacity:mode:)``
  /// draws into a transparent buffer.
  package mutating func beginGroup() {
    openGroups.append((commands.count, PixelBounds(), false))
    commands.append(.beginGroup(bounds: PixelBounds(), end: -1))
    groupDepth = Swift.max(groupDepth, openGroups.count)
  }

  /// Closes the innermost group, blending it at `opacity` (NaN counts as 0),
  /// source-over or with `mode`. A group that drew nothing is dropped.
  package mutating func endGroup(opacity: Double, mode: BlendFormula? = nil) {
    guard let (start, bounds, _) = openGroups.popLast() else { return }
    let alpha = UInt8((Swift.min(Swift.max(opacity.isNaN ? 0 : opacity, 0), 1) * 255).rounded())
    if bounds.isEmpty || alpha == 0 {
      commands.removeSubrange(start...)
      return
    }
    commands[start] = .beginGroup(bounds: bounds, end: commands.count)
    commands.append(.endGroup(alpha: alpha, bounds: bounds, mode: mode))
    if !openGroups.isEmpty { openGroups[openGroups.count - 1].bounds.formUnion(bounds) }
  }

  /// Closes the innermost group, multiplied by the coverage `mask` (zero
  /// outside its runs), then blended at `opacity` as
  /// ``endGroup(opacity:mode:)`` blends: a mask layer that is one shape,
  /// without a second buffer. A group that draws nothing there is dropped.
  package mutating func endGroup(opacity: Double, mode: BlendFormula?, mask: CoverageSpans) {
    guard let (start, drawn, _) = openGroups.popLast() else { return }
    let alpha = UInt8((Swift.min(Swift.max(opacity.isNaN ? 0 : opacity, 0), 1) * 255).rounded())
    let bounds = drawn.intersection(PixelBounds(mask))
    if bounds.isEmpty || alpha == 0 || mask.spans.isEmpty {
      commands.removeSubrange(start...)
      return
    }
    let maskIndex = appendRuns(mask)
    commands[start] = .beginGroup(bounds: bounds, end: commands.count)
    commands.append(.endGroupMasked(alpha: alpha, bounds: bounds, mode: mode, mask: maskIndex))
    if !openGroups.isEmpty { openGroups[openGroups.count - 1].bounds.formUnion(bounds) }
  }

  /// Opens a mask inside the open group (the masked layer's): what is
  /// recorded until ``endMask()`` draws the mask, whose alpha will multiply
  /// the group. The mask must be the last thing recorded in the group.
  package mutating func beginMask() {
    beginGroup()
    openGroups[openGroups.count - 1].isMask = true
  }

  /// Closes the mask: the enclosing group keeps only what lies inside the
  /// mask's pixels, multiplied by its alpha (a group whose mask drew nothing
  /// draws nothing). With an inverted `source` the group keeps what lies
  /// outside them too, multiplied by one minus the mask's value (a mask
  /// that drew nothing leaves the group as it is). Call
  /// ``endGroup(opacity:mode:)`` for the masked group next.
  package mutating func endMask(source: MaskAlphaSource = .alpha) {
    guard let (start, maskBounds, isMask) = openGroups.popLast(), isMask, !openGroups.isEmpty else { return }
    let host = openGroups.count - 1
    let inverted = source == .alphaInverted || source == .luminanceInverted
    let kept = openGroups[host].bounds.intersection(maskBounds)
    if kept.isEmpty {
      commands.removeSubrange(start...)
      if !inverted { openGroups[host].bounds = PixelBounds() }
      return
    }
    commands[start] = .beginGroup(bounds: maskBounds, end: commands.count)
    commands.append(.endMask(bounds: kept, source: source))
    if !inverted { openGroups[host].bounds = kept }
  }
}
