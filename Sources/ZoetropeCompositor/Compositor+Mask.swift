// SPDX-License-Identifier: Apache-2.0
// Masks that are one solid shape: their alpha as coverage runs, without a second group buffer.

import ZoetropeShaders
import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeRaster

extension Compositor {
  /// The composited alpha of mask entry `mask`, placed in the masked
  /// layer's space (`hostToDevice`), as coverage runs — when the mask is one
  /// solid piece: a background alone or a shape's fill alone, in one colour,
  /// with no sublayers, border, shadow, gradient, contents image, text, clip
  /// or blend mode. Its
  /// alpha is then exactly the piece's coverage times the colour's alpha
  /// and the mask's opacity (`div255(coverage × α)`, what drawing it into a
  /// transparent buffer would leave). `nil` for any other mask; an empty set
  /// of runs for a hidden or transparent one.
  ///
  /// `rows` limits the mask to the device rows of what it masks, when known.
  static func solidMaskCoverage(_ mask: Int, hostToDevice: Transform3D, rows: Range<Int>? = nil,
                                context: Context) -> CoverageSpans? {
    let m = context.tree.layers[mask].properties
    guard context.tree.sublayersInPaintOrder(of: mask).isEmpty, m.compositingFilter == nil, m.replicator == nil,
      m.gradient == nil, m.content.contents == nil, !drawsText(m), !castsShadow(m, context: context), !drawsBorder(m)
    else { return nil }
    if m.isHidden || !(m.opacity > 0) { return CoverageSpans() }
    let (layerToDevice, _) = transforms(m, parentToDevice: hostToDevice)
    let background = m.backgroundColor.flatMap { $0.alpha > 0 ? $0 : nil }
    let fill = m.shape.flatMap { s -> (Path, FillRule, Color)? in
      guard let path = s.path, let color = s.fillColor, color.alpha > 0 else { return nil }
      return (path, s.fillRule, color)
    }
    let stroke = m.shape.map { s in s.path != nil && (s.strokeColor?.alpha ?? 0) > 0 && s.lineWidth > 0 } ?? false
    let runs: CoverageSpans?
    let color: Color
    switch (background, fill, stroke) {
    case (let b?, nil, false):
      runs = RoundedBounds(m).spans(transform: layerToDevice, canvas: context.canvas, scratch: context.scratch,
                                    cache: context.coverages)
      color = b
    case (nil, let f?, false) where !m.masksToBounds:
      runs = context.coverages.runs(of: f.0, fillRule: f.1, transform: layerToDevice, canvas: context.canvas,
                                    rows: rows, scratch: context.scratch) {
        Rasterizer.shape(of: f.0, fillRule: f.1, transform: layerToDevice, canvas: context.canvas, rows: rows,
                         scratch: context.scratch)?.runs(scratch: context.scratch)
      }
      color = f.2
    default:
      // Nothing the function knows, or more than one piece (or content of a
      // kind it does not know): the general mask group.
      return nil
    }
    let alpha = UInt32(color.premultipliedRGBA8(opacity: m.opacity).a)
    guard var coverage = runs, alpha > 0 else { return CoverageSpans() }
    if alpha < 255 {
      for i in coverage.spans.indices where coverage.spans[i].offset < 0 {
        coverage.spans[i].value = UInt8(div255(UInt32(coverage.spans[i].value) * alpha))
      }
      for i in coverage.coverage.indices {
        coverage.coverage[i] = UInt8(div255(UInt32(coverage.coverage[i]) * alpha))
      }
    }
    return coverage
  }
}

extension Compositor.LayerPlacement {
  /// The device rows the layer's one piece can touch when it is its
  /// background alone under an affine map (its bounds' box); `nil` otherwise.
  var backgroundRows: Range<Int>? {
    let p = properties
    guard isSinglePiece, p.shape == nil, p.text == nil, p.content.contents == nil, p.gradient == nil,
      layerToDevice.isAffine
    else { return nil }
    let t = layerToDevice.affineTransform, b = p.bounds.standardized
    let ys = [Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY), Point(x: b.minX, y: b.maxY),
              Point(x: b.maxX, y: b.maxY)].map { t.transform($0).y }
    guard let low = ys.min(), let high = ys.max(), low.isFinite, high.isFinite, Swift.abs(low) < 1e9,
      Swift.abs(high) < 1e9
    else { return nil }
    return Int(low.rounded(.down))..<(Int(high.rounded(.up)) + 1)
  }

  /// Whether the layer draws at most one piece and nothing under or over it
  /// (no sublayers, shadow or blend mode): multiplying that piece's coverage
  /// by a mask is then exactly multiplying the layer's composited result.
  var isSinglePiece: Bool {
    children.isEmpty && !hasShadow && properties.compositingFilter == nil && properties.filters.isEmpty
      && !Compositor.needsIsolation(properties, hasSublayers: false, hasShadow: false)
  }
}
