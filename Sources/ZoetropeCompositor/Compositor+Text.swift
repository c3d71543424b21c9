// SPDX-License-Identifier: Apache-2.0
// How a text layer is drawn: its laid-out glyph outlines filled with the foreground colour.

import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeRaster
import ZoetropeText

extension Compositor {
  /// Whether a layer has text to draw: a non-empty string, a visible colour and a positive size.
  static func drawsText(_ p: LayerProperties) -> Bool {
    guard let t = p.text, let string = t.string, !string.isEmpty, let color = t.foregroundColor, color.alpha > 0,
      t.fontSize > 0
    else { return false }
    return true
  }

  /// The face a text layer's font resolves to; the default font when it
  /// resolves to none (as `CATextLayer` falls back to Helvetica); `nil` when
  /// not even that can be found.
  static func font(of t: TextProperties) -> Font? {
    return FontLibrary.shared.textFont(FontDescriptor(name: t.font, weight: t.fontWeight, style: t.fontStyle))
  }

  /// Draws a text layer's glyphs, laid out in its bounds (see `TextLayout`),
  /// as one non-zero fill of their outlines in `foregroundColor`, clipped by
  /// `clip` (the layer's own bounds when it masks to bounds).
  ///
  /// Under an affine transform each glyph is flattened in device space
  /// through a cache keyed by glyph and linear map (a label keeps its scale
  /// and rotation from frame to frame), then moved to its place; glyphs whose
  /// box misses the canvas are skipped. Under perspective the outlines are
  /// flattened in layer space and projected, as every path is.
  static func drawText(_ p: LayerProperties, layerToDevice: Transform3D, opacity: Double, clip: ClipMask?,
                       context: Context, into frame: inout DisplayList) {
    guard drawsText(p), let t = p.text, let string = t.string, let color = t.foregroundColor, let font = font(of: t)
    else { return }
    let request = TextLayout.Request(
      string: string, font: font, fontSize: t.fontSize, bounds: p.bounds,
      alignment: t.alignmentMode,
      truncation: t.truncationMode, isWrapped: t.isWrapped)
    let layout = ShapingCache.shared.layout(request)
    guard !layout.glyphs.isEmpty else { return }
    let coverage: ShapeCoverage?
    if layerToDevice.isAffine {
      coverage = Rasterizer.shape(of: deviceOutlines(layout, transform: layerToDevice.affineTransform, canvas: context.canvas),
                              fillRule: .nonZero, canvasWidth: context.canvas.width,
                              canvasHeight: context.canvas.height, scratch: context.scratch)
    } else {
      coverage = Rasterizer.shape(of: layout.path, fillRule: .nonZero, transform: layerToDevice, canvas: context.canvas,
                              scratch: context.scratch)
    }
    if let coverage { frame.fill(clipped(coverage, by: clip), color: color, opacity: opacity) }
  }

  /// The flattened outlines of the glyphs that land on the canvas, in device pixels.
  static func deviceOutlines(_ layout: TextLayout, transform t: AffineTransform,
                             canvas: Rasterizer.Canvas) -> [Polyline] {
    var lines: [Polyline] = []
    lines.reserveCapacity(layout.glyphs.count * 2)
    // Glyph space (font units, y up) → device: the glyph's scale with the y flip, then the layer's linear part.
    let linears = layout.scales.map { s in AffineTransform(a: s * t.a, b: s * t.b, c: -s * t.c, d: -s * t.d, tx: 0, ty: 0) }
    let width = Double(canvas.width), height = Double(canvas.height)
    for glyph in layout.glyphs {
      let font = layout.fonts[glyph.font], linear = linears[glyph.font]
      let origin = t.transform(glyph.origin)
      guard origin.isFinite else { continue }
      let box = font.outline(of: glyph.id).bounds
      guard box.size.width > 0 || box.size.height > 0 else { continue }
      var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
      for corner in [Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY),
                     Point(x: box.minX, y: box.maxY), Point(x: box.maxX, y: box.maxY)] {
        let q = linear.transform(corner)
        minX = Swift.min(minX, q.x); maxX = Swift.max(maxX, q.x)
        minY = Swift.min(minY, q.y); maxY = Swift.max(maxY, q.y)
      }
      guard origin.x + maxX >= -1, origin.x + minX <= width + 1, origin.y + maxY >= -1, origin.y + minY <= height + 1
      else { continue }
      for line in font.flattenedOutline(of: glyph.id, linear: linear, tolerance: Rasterizer.tolerance) {
        var placed = line
        for i in placed.points.indices { placed.points[i] = placed.points[i] + origin }
        lines.append(placed)
      }
    }
    return lines
  }
}
