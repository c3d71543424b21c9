// SPDX-License-Identifier: Apache-2.0
// Draws a presentation tree into a frame: backgrounds, borders, shapes, in paint order.

import ZoetropeGeometry
import ZoetropeLayers

/// Records a ``PresentationTree`` as a ``DisplayList``: for every visible
/// layer in paint order (a layer, then its sublayers by ascending `zPosition`,
/// ties in order) its background with rounded corners, its content (a
/// gradient over the rounded bounds; shape fill then stroke, trimmed by
/// `strokeStart…strokeEnd`), its sublayers, then its border inside the bounds
/// (over the sublayers, as Core Animation draws it); source-over in
/// premultiplied sRGB. A translucent layer whose pieces can overlap is
/// composited as an isolated group; otherwise opacity multiplies down the tree.
/// Gradients are sampled through the inverse of the layer's projective map,
/// so they follow perspective too.
///
/// Geometry is flattened to within 0.05 device pixels after the layer's world
/// transform (`anchorPoint`, `position`, `transform`, the superlayer's
/// `sublayerTransform` about its anchor point, and the canvas scale).
public enum Compositor {
  /// The flattening tolerance in device pixels.
  public static let tolerance = 0.05

  /// Records `tree` for a frame of `width × height` pixels over
  /// `background`, at `scale` device pixels per point: every piece rasterized
  /// into coverage runs, ready to be played into pixels.
  public static func record(_ tree: PresentationTree, width: Int, height: Int, scale: Double,
                            background: Color) -> DisplayList {
    var frame = DisplayList(width: width, height: height, background: background)
    let nodes = tree.structure.nodes
    guard !nodes.isEmpty, frame.width > 0, frame.height > 0 else { return frame }
    // Children of every node, in paint order.
    var children = [[Int]](repeating: [], count: nodes.count)
    for index in nodes.indices.dropFirst() { children[nodes[index].parent].append(index) }
    for index in children.indices where children[index].count > 1 {
      let z = children[index].map { tree.layers[$0].properties.zPosition }
      children[index] = children[index].enumerated().sorted { a, b in
        z[a.offset] != z[b.offset] ? z[a.offset] < z[b.offset] : a.offset < b.offset
      }.map(\.element)
    }
    let context = Context(tree: tree, children: children)
    renderSubtree(0, parentToDevice: .scale(x: scale, y: scale, z: 1), opacity: 1, clip: nil, isolationDepth: 0,
                  context: context, into: &frame)
    return frame
  }

  /// What every subtree render shares.
  struct Context {
    let tree: PresentationTree
    let children: [[Int]]
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
                   scratch: context.scratch, into: &frame)
      case .layer(let index, let parentToDevice, let inheritedOpacity, let inheritedClip):
        let p = context.tree.layers[index].properties
        guard !p.isHidden, p.opacity > 0 else { continue }
        let children = context.children[index]
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
        let clip = self.clip(of: p, layerToDevice: layerToDevice, inside: inheritedClip, frame: frame,
                              scratch: context.scratch)
        draw(p, layerToDevice: layerToDevice, opacity: opacity, inheritedClip: inheritedClip, ownClip: clip,
             scratch: context.scratch, into: &frame)
        // The border goes over the sublayers: it is popped after all of them.
        if children.isEmpty {
          drawBorder(p, layerToDevice: layerToDevice, opacity: opacity, clip: inheritedClip, scratch: context.scratch,
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
    let clip = self.clip(of: p, layerToDevice: layerToDevice, inside: inheritedClip, frame: frame,
                          scratch: context.scratch)
    draw(p, layerToDevice: layerToDevice, opacity: 1, inheritedClip: inheritedClip, ownClip: clip,
         scratch: context.scratch, into: &frame)
    for child in context.children[index] {
      renderSubtree(child, parentToDevice: childToDevice, opacity: 1, clip: clip, isolationDepth: isolationDepth,
                    context: context, into: &frame)
    }
    drawBorder(p, layerToDevice: layerToDevice, opacity: 1, clip: inheritedClip, scratch: context.scratch, into: &frame)
  }

  /// The clip for a layer's content and sublayers: its rounded bounds inside
  /// `inherited` when it masks to bounds, else `inherited`.
  static func clip(of p: LayerProperties, layerToDevice: Transform3D, inside inherited: ClipMask?,
                   frame: DisplayList, scratch: RasterScratch) -> ClipMask? {
    guard p.masksToBounds else { return inherited }
    let bounds = p.bounds.standardized
    let radius = Swift.max(0, Swift.min(p.cornerRadius, bounds.width / 2, bounds.height / 2))
    let runs = bounds.isEmpty ? nil : rasterize(.roundedRect(bounds, cornerRadius: radius), rule: .nonZero,
                                                transform: layerToDevice, frame: frame, scratch: scratch)
    return ClipMask(runs, width: frame.width, height: frame.height, parent: inherited)
  }

  /// Whether a translucent layer's pieces can overlap one another.
  static func needsIsolation(_ p: LayerProperties, hasSublayers: Bool) -> Bool {
    if hasSublayers { return true }
    var pieces = 0
    if let c = p.backgroundColor, c.alpha > 0 { pieces += 1 }
    if p.borderWidth > 0, let c = p.borderColor, c.alpha > 0 { pieces += 1 }
    if let g = p.gradient, g.colors?.isEmpty == false { pieces += 1 }
    if let s = p.shape, s.path != nil {
      if let c = s.fillColor, c.alpha > 0 { pieces += 1 }
      if let c = s.strokeColor, c.alpha > 0, s.lineWidth > 0 { pieces += 1 }
    }
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

  /// Draws one layer's background and content (its border comes after its
  /// sublayers, in ``drawBorder(_:layerToDevice:opacity:clip:scratch:into:)``).
  /// The background and a gradient fill the rounded bounds themselves, so
  /// only the superlayers' clip (`inheritedClip`) applies to them — clipping a
  /// shape by itself would square its edge coverage; a shape's path is
  /// clipped by the layer's own rounded bounds too when it masks to bounds
  /// (`ownClip`).
  static func draw(_ p: LayerProperties, layerToDevice: Transform3D, opacity: Double, inheritedClip: ClipMask?,
                   ownClip: ClipMask?, scratch: RasterScratch, into frame: inout DisplayList) {
    let bounds = p.bounds.standardized
    let radius = Swift.max(0, Swift.min(p.cornerRadius, bounds.width / 2, bounds.height / 2))
    if let background = p.backgroundColor, background.alpha > 0, !bounds.isEmpty {
      if radius > 0, let runs = roundedRectangleSpans(bounds, radius: radius, transform: layerToDevice, frame: frame,
                                                      scratch: scratch) {
        frame.fill(inheritedClip.map { $0.clip(runs) } ?? runs, color: background, opacity: opacity)
      } else {
        fill(.roundedRect(bounds, cornerRadius: radius), rule: .nonZero, color: background, opacity: opacity,
             transform: layerToDevice, clip: inheritedClip, scratch: scratch, into: &frame)
      }
    }
    if let gradient = p.gradient, !bounds.isEmpty, let inverse = Homography(layerToDevice)?.inverted(),
      let paint = GradientPaint(gradient, bounds: p.bounds, deviceToLayer: inverse, opacity: opacity),
      let runs = rasterize(.roundedRect(bounds, cornerRadius: radius), rule: .nonZero, transform: layerToDevice,
                           frame: frame, scratch: scratch)
    {
      frame.fill(inheritedClip.map { $0.clip(runs) } ?? runs, gradient: paint)
    }
    if let shape = p.shape, let path = shape.path {
      if let fillColor = shape.fillColor, fillColor.alpha > 0 {
        fill(path, rule: shape.fillRule, color: fillColor, opacity: opacity, transform: layerToDevice, clip: ownClip,
             scratch: scratch, into: &frame)
      }
      if let strokeColor = shape.strokeColor, strokeColor.alpha > 0, shape.lineWidth > 0 {
        let start = Swift.min(Swift.max(shape.strokeStart, 0), 1), end = Swift.min(Swift.max(shape.strokeEnd, 0), 1)
        if start < end {
          let trimmed = path.trimmed(from: start, to: end)
          let style = StrokeStyle(lineWidth: shape.lineWidth, lineCap: shape.lineCap, lineJoin: shape.lineJoin,
                                  miterLimit: shape.miterLimit, dashPattern: shape.lineDashPattern ?? [],
                                  dashPhase: shape.lineDashPhase)
          let scale = deviceScale(of: layerToDevice)
          let lines = trimmed.flattened(tolerance: tolerance / scale)
          let outline = Stroker.stroke(lines, style: style, tolerance: tolerance / scale)
          fillPolylines(outline, rule: .nonZero, color: strokeColor, opacity: opacity, transform: layerToDevice,
                        clip: ownClip, scratch: scratch, into: &frame)
        }
      }
    }
  }

  /// Draws a layer's border inside its rounded bounds, over its sublayers
  /// (as `CALayer` composites it). Like the background, only the superlayers'
  /// clip applies.
  static func drawBorder(_ p: LayerProperties, layerToDevice: Transform3D, opacity: Double, clip: ClipMask?,
                         scratch: RasterScratch, into frame: inout DisplayList) {
    let bounds = p.bounds.standardized
    let radius = Swift.max(0, Swift.min(p.cornerRadius, bounds.width / 2, bounds.height / 2))
    if p.borderWidth > 0, let border = p.borderColor, border.alpha > 0, !bounds.isEmpty {
      var ring = Path.roundedRect(bounds, cornerRadius: radius)
      let w = Swift.min(p.borderWidth, bounds.width / 2, bounds.height / 2)
      let inner = Rect(x: bounds.minX + w, y: bounds.minY + w, width: bounds.width - 2 * w, height: bounds.height - 2 * w)
      if !inner.isEmpty { ring.addPath(.roundedRect(inner, cornerRadius: Swift.max(0, radius - w))) }
      fill(ring, rule: .evenOdd, color: border, opacity: opacity, transform: layerToDevice, clip: clip, scratch: scratch, into: &frame)
    }
  }

  /// The largest factor by which `t` stretches lengths near the layer origin.
  static func deviceScale(of t: Transform3D) -> Double {
    let sx = (t.m11 * t.m11 + t.m12 * t.m12).squareRoot(), sy = (t.m21 * t.m21 + t.m22 * t.m22).squareRoot()
    let s = Swift.max(sx, sy) / Swift.max(Swift.abs(t.m44), 1e-9)
    return s.isFinite && s > 0 ? Swift.max(s, 1e-6) : 1
  }

  /// Coverage runs of a rounded rectangle under an axis-aligned transform:
  /// the rows between the corners are a plain rectangle (computed directly);
  /// only the rows the corners touch go through the accumulation. `nil` when
  /// the transform is not axis-aligned (the caller takes the general path).
  ///
  ///     ╭──────────╮  rows touched by corners: accumulated
  ///     │          │  rows strictly between:   rectangle runs
  ///     ╰──────────╯  rows touched by corners: accumulated
  static func roundedRectangleSpans(_ bounds: Rect, radius: Double, transform: Transform3D, frame: DisplayList,
                                    scratch: RasterScratch) -> CoverageSpans? {
    guard transform.isAffine, transform.m12 == 0, transform.m21 == 0 else { return nil }
    let t = transform.affineTransform
    let a = t.transform(Point(x: bounds.minX, y: bounds.minY)), b = t.transform(Point(x: bounds.maxX, y: bounds.maxY))
    let top = Swift.min(a.y, b.y), bottom = Swift.max(a.y, b.y)
    let left = Swift.min(a.x, b.x), right = Swift.max(a.x, b.x)
    let ry = radius * Swift.abs(t.d)
    guard top.isFinite, bottom.isFinite, left.isFinite, right.isFinite, ry.isFinite else { return nil }
    // Whole pixel rows clear of both corners.
    let bandTop = Int(Swift.min(Swift.max(top + ry, -1), Double(frame.height) + 1).rounded(.up))
    let bandBottom = Int(Swift.min(Swift.max(bottom - ry, -1), Double(frame.height) + 1).rounded(.down))
    guard bandBottom > bandTop else { return nil }
    let path = Path.roundedRect(bounds, cornerRadius: radius)
    let lines = path.flattened(tolerance: tolerance, transform: t)
    var result = Rasterizer.spans(of: lines, fillRule: .nonZero, canvasWidth: frame.width, canvasHeight: frame.height,
                                  rows: Int.min..<bandTop, scratch: scratch) ?? CoverageSpans()
    if let middle = Rasterizer.rectangleSpans(minX: left, minY: Double(bandTop), maxX: right, maxY: Double(bandBottom),
                                              canvasWidth: frame.width, canvasHeight: frame.height) {
      result.append(middle)
    }
    if let lower = Rasterizer.spans(of: lines, fillRule: .nonZero, canvasWidth: frame.width, canvasHeight: frame.height,
                                    rows: bandBottom..<Int.max, scratch: scratch) {
      result.append(lower)
    }
    return result
  }

  /// Coverage runs of a path under a transform, flattened within the tolerance.
  static func rasterize(_ path: Path, rule: FillRule, transform: Transform3D, frame: DisplayList,
                        scratch: RasterScratch) -> CoverageSpans? {
    // Axis-aligned rectangles (square backgrounds, full-screen layers) skip
    // the accumulation buffer.
    if transform.isAffine, transform.m12 == 0, transform.m21 == 0, let rect = path.axisAlignedRectangle {
      let t = transform.affineTransform
      let a = t.transform(Point(x: rect.minX, y: rect.minY)), b = t.transform(Point(x: rect.maxX, y: rect.maxY))
      if a.isFinite && b.isFinite {
        return Rasterizer.rectangleSpans(minX: Swift.min(a.x, b.x), minY: Swift.min(a.y, b.y), maxX: Swift.max(a.x, b.x),
                                         maxY: Swift.max(a.y, b.y), canvasWidth: frame.width,
                                         canvasHeight: frame.height)
      }
    }
    let lines: [Polyline]
    if transform.isAffine {
      lines = path.flattened(tolerance: tolerance, transform: transform.affineTransform)
    } else {
      lines = project(path.flattened(tolerance: tolerance / deviceScale(of: transform)), transform)
    }
    return Rasterizer.spans(of: lines, fillRule: rule, canvasWidth: frame.width, canvasHeight: frame.height,
                            scratch: scratch)
  }

  static func fill(_ path: Path, rule: FillRule, color: Color, opacity: Double, transform: Transform3D,
                   clip: ClipMask?, scratch: RasterScratch, into frame: inout DisplayList) {
    guard let runs = rasterize(path, rule: rule, transform: transform, frame: frame, scratch: scratch) else { return }
    frame.fill(clip.map { $0.clip(runs) } ?? runs, color: color, opacity: opacity)
  }

  static func fillPolylines(_ polylines: [Polyline], rule: FillRule, color: Color, opacity: Double,
                            transform: Transform3D, clip: ClipMask?, scratch: RasterScratch,
                            into frame: inout DisplayList) {
    let lines: [Polyline]
    if transform.isAffine {
      let t = transform.affineTransform
      lines = polylines.map { Polyline(points: $0.points.map(t.transform), isClosed: $0.isClosed) }
    } else {
      lines = project(polylines, transform)
    }
    guard let runs = Rasterizer.spans(of: lines, fillRule: rule, canvasWidth: frame.width,
                                      canvasHeight: frame.height, scratch: scratch) else { return }
    frame.fill(clip.map { $0.clip(runs) } ?? runs, color: color, opacity: opacity)
  }

  /// Projects layer-space polylines through a perspective transform, dropping
  /// points behind the viewer.
  static func project(_ polylines: [Polyline], _ transform: Transform3D) -> [Polyline] {
    polylines.map { Polyline(points: $0.points.map(transform.transform).filter(\.isFinite), isClosed: $0.isClosed) }
  }
}
