// SPDX-License-Identifier: Apache-2.0
// How one layer is drawn: background, gradient, shape fill and stroke, border, and its clip.

import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeRaster

extension Compositor {
  /// The clip for a layer's content and sublayers: its rounded bounds inside
  /// `inherited` when it masks to bounds, else `inherited`.
  static func clip(of p: LayerProperties, layerToDevice: Transform3D, inside inherited: ClipMask?,
                   context: Context) -> ClipMask? {
    withUnsafePointer(to: p) { clip(of: $0, layerToDevice: layerToDevice, inside: inherited, context: context) }
  }

  /// ``clip(of:layerToDevice:inside:context:)`` of the properties `p` points
  /// at, read in place (a layer's properties lent from the tree were copied
  /// whole, every reference in them retained and released, to be lent on).
  static func clip(of p: UnsafePointer<LayerProperties>, layerToDevice: Transform3D, inside inherited: ClipMask?,
                   context: Context) -> ClipMask? {
    guard p.pointee.masksToBounds else { return inherited }
    let runs = RoundedBounds(p).spans(transform: layerToDevice, canvas: context.canvas, scratch: context.scratch,
                                      cache: context.coverages)
    return ClipMask(runs, parent: inherited)
  }

  /// Draws one layer's background, its `contents` image, and its content (its
  /// border comes after its sublayers, in ``drawBorder(_:layerToDevice:opacity:clip:context:into:)``).
  /// The background and a gradient fill the rounded bounds themselves, so
  /// only the superlayers' clip (`inheritedClip`) applies to them — clipping a
  /// shape by itself would square its edge coverage; a shape's path is
  /// clipped by the layer's own rounded bounds too when it masks to bounds
  /// (`ownClip`). `p`'s colours are already tinted; `tint` multiplies the
  /// contents image.
  static func draw(_ p: LayerProperties, layerToDevice: Transform3D, opacity: Double, inheritedClip: ClipMask?,
                   ownClip: ClipMask?, tint: Color? = nil, context: Context, into frame: inout DisplayList) {
    withUnsafePointer(to: p) {
      draw($0, layerToDevice: layerToDevice, opacity: opacity, inheritedClip: inheritedClip, ownClip: ownClip,
           tint: tint, context: context, into: &frame)
    }
  }

  /// ``draw(_:layerToDevice:opacity:inheritedClip:ownClip:tint:context:into:)``
  /// of the properties `p` points at, read in place (see
  /// ``clip(of:layerToDevice:inside:context:)-(UnsafePointer<LayerProperties>,_,_,_)``);
  /// a contents image's and a text's drawing get a copy of them.
  static func draw(_ p: UnsafePointer<LayerProperties>, layerToDevice: Transform3D, opacity: Double,
                   inheritedClip: ClipMask?, ownClip: ClipMask?, tint: Color? = nil, context: Context,
                   into frame: inout DisplayList) {
    let shape = RoundedBounds(p)
    if let background = p.pointee.backgroundColor, background.alpha > 0,
      let coverage = shape.coverage(transform: layerToDevice, canvas: context.canvas, scratch: context.scratch,
                                    cache: context.coverages, opaque: background.alpha * opacity >= 1)
    {
      frame.fill(clipped(coverage, by: inheritedClip), color: background, opacity: opacity)
    }
    if p.pointee.content.contents != nil {
      drawContents(p.pointee, layerToDevice: layerToDevice, opacity: opacity, inheritedClip: inheritedClip,
                   ownClip: ownClip, tint: tint, context: context, into: &frame)
    }
    if let gradient = p.pointee.gradient, !shape.isEmpty, let paint = gradientPaint(gradient, bounds: p.pointee.bounds,
                                                                           layerToDevice: layerToDevice,
                                                                           opacity: opacity, ramps: context.ramps),
      let coverage = fillCoverage(shape.path, transform: layerToDevice, context: context)
    {
      frame.fill(clipped(coverage, by: inheritedClip), gradient: paint)
    }
    if let content = p.pointee.shape, let path = content.path {
      if let fillColor = content.fillColor, fillColor.alpha > 0,
        let coverage = fillCoverage(path, fillRule: content.fillRule, transform: layerToDevice, context: context)
      {
        frame.fill(clipped(coverage, by: ownClip), color: fillColor, opacity: opacity)
      }
      if let strokeColor = content.strokeColor, strokeColor.alpha > 0, content.lineWidth > 0,
        let coverage = strokeCoverage(content, path: path, layerToDevice: layerToDevice, context: context)
      {
        frame.fill(clipped(coverage, by: ownClip), color: strokeColor, opacity: opacity)
      }
    }
    // (Through the optional in place: `text != nil` compared copies of it.)
    if let fontSize = p.pointee.text?.fontSize, fontSize > 0 {
      drawText(p.pointee, layerToDevice: layerToDevice, opacity: opacity, clip: ownClip, context: context,
               into: &frame)
    }
  }

  /// The coverage of a shape layer's stroke: the path trimmed to
  /// `strokeStart…strokeEnd` (clamped to 0…1; nothing when start ≥ end),
  /// flattened and stroked in layer space within the device tolerance — or,
  /// when the frame (or the one before) stroked it the same way but for
  /// whole pixels of translation, that coverage moved.
  static func strokeCoverage(_ content: ShapeProperties, path: Path, layerToDevice: Transform3D,
                             context: Context) -> ShapeCoverage? {
    let start = Swift.min(Swift.max(content.strokeStart, 0), 1), end = Swift.min(Swift.max(content.strokeEnd, 0), 1)
    guard start < end else { return nil }
    let style = StrokeStyle(lineWidth: content.lineWidth, lineCap: content.lineCap, lineJoin: content.lineJoin,
                            miterLimit: content.miterLimit, dashPattern: content.lineDashPattern ?? [],
                            dashPhase: content.lineDashPhase)
    return context.coverages.strokeShape(of: path, style: style, trimmedFrom: start, to: end,
                                         transform: layerToDevice, canvas: context.canvas, scratch: context.scratch) {
      Rasterizer.strokeShape(of: path, style: style, trimmedFrom: start, to: end, transform: layerToDevice,
                             canvas: context.canvas, scratch: context.scratch, outlines: context.coverages.outlines)
    }
  }

  /// A `CAGradientLayer`'s paint: its unit start and end points placed in the
  /// bounds, sampled through the inverse of the layer's projective map (so it
  /// follows perspective); `nil` without colours or for a singular map. Its
  /// ramp is the one `ramps` keeps for the same colours and opacity, if any.
  static func gradientPaint(_ g: GradientProperties, bounds: Rect, layerToDevice: Transform3D,
                            opacity: Double, ramps: GradientRampCache? = nil) -> GradientPaint? {
    guard let colors = g.colors, let inverse = Homography(layerToDevice)?.inverted() else { return nil }
    func place(_ unit: Point) -> Point {
      Point(x: bounds.origin.x + unit.x * bounds.size.width, y: bounds.origin.y + unit.y * bounds.size.height)
    }
    let kind: GradientPaint.Kind = switch g.type {
    case .axial: .axial
    case .radial: .radial
    case .conic: .conic
    }
    return GradientPaint(colors: colors, locations: g.locations, kind: kind, start: place(g.startPoint),
                         end: place(g.endPoint), focus: g.type == .radial ? g.focalPoint.map(place) : nil,
                         deviceToLayer: inverse, opacity: opacity, ramps: ramps)
  }

  /// Draws a layer's border inside its rounded bounds, over its sublayers
  /// (as `CALayer` composites it). Like the background, only the superlayers'
  /// clip applies.
  static func drawBorder(_ p: LayerProperties, layerToDevice: Transform3D, opacity: Double, clip: ClipMask?,
                         context: Context, into frame: inout DisplayList) {
    withUnsafePointer(to: p) {
      drawBorder($0, layerToDevice: layerToDevice, opacity: opacity, clip: clip, context: context, into: &frame)
    }
  }

  /// ``drawBorder(_:layerToDevice:opacity:clip:context:into:)`` of the
  /// properties `p` points at, read in place.
  static func drawBorder(_ p: UnsafePointer<LayerProperties>, layerToDevice: Transform3D, opacity: Double,
                         clip: ClipMask?, context: Context, into frame: inout DisplayList) {
    guard p.pointee.borderWidth > 0, let border = p.pointee.borderColor, border.alpha > 0 else { return }
    let shape = RoundedBounds(p)
    guard !shape.isEmpty, !shape.missesCanvasRows(under: layerToDevice, context.canvas) else { return }
    let width = Swift.min(p.pointee.borderWidth, shape.rect.width / 2, shape.rect.height / 2)
    // Found again by its numbers: the ring's path is built only to make it.
    let coverage = context.coverages.shape(of: shape.cacheOutline(borderWidth: width), method: ringCacheMethod,
                                           fillRule: .evenOdd, transform: layerToDevice, canvas: context.canvas,
                                           scratch: context.scratch) {
      var ring = shape.path
      let inner = shape.inset(by: width)
      if !inner.isEmpty { ring.addPath(inner.path) }
      return Rasterizer.shape(of: ring, fillRule: .evenOdd, transform: layerToDevice, canvas: context.canvas,
                              scratch: context.scratch)
    }
    if let coverage {
      frame.fill(clipped(coverage, by: clip), color: border, opacity: opacity)
    }
  }

  /// How a ``CoverageCache`` tells a border's ring (made by
  /// ``drawBorder(_:layerToDevice:opacity:clip:context:into:)``) from other outlines.
  static let ringCacheMethod = 2

  /// The coverage of `path` filled under `transform` — or, when the frame
  /// filled the same path under the same transform but for whole pixels of
  /// translation before (a list of identical cards), that coverage moved.
  static func fillCoverage(_ path: Path, fillRule: FillRule = .nonZero, transform: Transform3D,
                           context: Context) -> ShapeCoverage? {
    context.coverages.shape(of: path, fillRule: fillRule, transform: transform, canvas: context.canvas,
                            scratch: context.scratch) {
      Rasterizer.shape(of: path, fillRule: fillRule, transform: transform, canvas: context.canvas,
                       scratch: context.scratch)
    }
  }

  /// Whether a layer has a border to draw.
  static func drawsBorder(_ p: LayerProperties) -> Bool {
    withUnsafePointer(to: p) { drawsBorder($0) }
  }

  /// ``drawsBorder(_:)`` of the properties `p` points at, read in place.
  static func drawsBorder(_ p: UnsafePointer<LayerProperties>) -> Bool {
    p.pointee.borderWidth > 0 && (p.pointee.borderColor?.alpha ?? 0) > 0 && !p.pointee.bounds.isEmpty
  }

  /// `shape` restricted to `clip` (multiplied by its coverage where it is
  /// drawn), or as it is without one.
  static func clipped(_ shape: ShapeCoverage, by clip: ClipMask?) -> ShapeCoverage {
    guard let clip else { return shape }
    var clipped = shape
    clipped.clip = shape.clip.map { ClipMask($0.runs, parent: clip) } ?? clip
    return clipped
  }
}
