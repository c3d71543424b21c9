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
  /// Only the glyphs that may land on the canvas are looked at: groups of
  /// glyphs whose box misses it are skipped whole (`GlyphBoxes`), so a text
  /// off the canvas costs a few box tests however long it is — a replicator
  /// draws it once per copy. Under an affine transform each glyph left is
  /// flattened in device space through a cache keyed by glyph and linear map
  /// (a label keeps its scale and rotation from frame to frame), then moved to
  /// its place, its segments spent from the frame's budget
  /// (``Limits/maximumSegmentsPerFrame``: past it the text is not drawn).
  /// Under perspective the outlines are flattened in layer space and
  /// projected, as every path is.
  static func drawText(_ p: LayerProperties, layerToDevice: Transform3D, opacity: Double, clip: ClipMask?,
                       context: Context, into frame: inout DisplayList) {
    guard drawsText(p), context.scratch.budget.isWithin, let t = p.text, let string = t.string,
      let color = t.foregroundColor
    else { return }
    // A label drawn as in the frame before is found by its layer, without
    // its font resolved or its layout request built and looked up.
    let source = TextSource(text: t, bounds: p.bounds)
    if layerToDevice.isAffine,
      let found = context.coverages.textInSlot(source, transform: layerToDevice.affineTransform,
                                               canvas: context.canvas, scratch: context.scratch)
    {
      if let coverage = found.value { frame.fill(clipped(coverage, by: clip), color: color, opacity: opacity) }
      return
    }
    guard let font = font(of: t) else { return }
    let request = TextLayout.Request(
      string: string, font: font, fontSize: t.fontSize, bounds: p.bounds,
      alignment: t.alignmentMode,
      truncation: t.truncationMode, isWrapped: t.isWrapped)
    let layout: TextLayout
    if let last = context.lastText, last.request == request {
      layout = last.layout
    } else {
      layout = ShapingCache.shared.layout(request)
      context.lastText = (request, layout)
    }
    guard !layout.glyphs.isEmpty else { return }
    let coverage: ShapeCoverage?
    if layerToDevice.isAffine {
      // A label that holds still is found again in a clip's next frame.
      let affine = layerToDevice.affineTransform
      coverage = context.coverages.shape(ofText: request, drawnFrom: source, transform: affine,
                                         canvas: context.canvas, scratch: context.scratch) {
        guard let lines = deviceOutlines(layout, transform: affine, canvas: context.canvas,
                                         budget: context.scratch.budget)
        else { return nil }
        return Rasterizer.shape(of: lines, fillRule: .nonZero, canvasWidth: context.canvas.width,
                                canvasHeight: context.canvas.height, scratch: context.scratch)
      }
    } else {
      coverage = Rasterizer.shape(of: visiblePath(layout, under: layerToDevice, canvas: context.canvas),
                                  fillRule: .nonZero, transform: layerToDevice, canvas: context.canvas,
                                  scratch: context.scratch)
    }
    if let coverage { frame.fill(clipped(coverage, by: clip), color: color, opacity: opacity) }
  }

  /// What a text layer's layout is made from: its text properties (the
  /// string, font, size, alignment, wrapping, truncation; the colour too,
  /// which only misses a slot when it changes) and its bounds. The same
  /// source resolves to the same font and layout within a clip.
  struct TextSource: Equatable {
    let text: TextProperties
    let bounds: Rect
  }

  /// The flattened outlines of the glyphs that land on the canvas, in device
  /// pixels; `nil` once they go past `budget` (or the frame is cancelled).
  static func deviceOutlines(_ layout: TextLayout, transform t: AffineTransform, canvas: Rasterizer.Canvas,
                             budget: FrameBudget? = nil) -> [Polyline]? {
    var lines: [Polyline] = []
    // Glyph space (font units, y up) → device: the glyph's scale with the y flip, then the layer's linear part.
    let linears = layout.scales.map { s in AffineTransform(a: s * t.a, b: s * t.b, c: -s * t.c, d: -s * t.d, tx: 0, ty: 0) }
    let width = Double(canvas.width), height = Double(canvas.height)
    let affine = Transform3D(t)
    let finished = layout.glyphBoxes.forEachVisibleRun({ !missesCanvas($0, under: affine, canvas) }) { run in
      for glyph in layout.glyphs[run] {
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
        guard origin.x + maxX >= -1, origin.x + minX <= width + 1, origin.y + maxY >= -1,
          origin.y + minY <= height + 1
        else { continue }
        let outline = font.flattenedOutline(of: glyph.id, linear: linear, tolerance: Rasterizer.tolerance)
        let segments = outline.reduce(0) { $0 + $1.points.count }
        if let budget, !budget.spend(segments: segments, on: "its text") { return false }
        for line in outline {
          var placed = line
          for i in placed.points.indices { placed.points[i] = placed.points[i] + origin }
          lines.append(placed)
        }
      }
      return true
    }
    return finished ? lines : nil
  }

  /// The outline of the glyphs that may land on the canvas under
  /// `layerToDevice`, in layer coordinates: groups of glyphs wholly off it
  /// are left out.
  static func visiblePath(_ layout: TextLayout, under layerToDevice: Transform3D, canvas: Rasterizer.Canvas) -> Path {
    var path = Path()
    layout.glyphBoxes.forEachVisibleRun({ !missesCanvas($0, under: layerToDevice, canvas) }) { run in
      path.addPath(layout.path(of: layout.glyphs[run]))
      return true
    }
    return path
  }

  /// Whether `box` (layer coordinates) certainly lands off the canvas under
  /// `layerToDevice`, with two pixels to spare (a glyph is drawn when its own
  /// box comes within one). Under perspective only a box wholly in front of
  /// the viewer is judged; one reaching behind is kept.
  static func missesCanvas(_ box: GlyphBoxes.Box, under layerToDevice: Transform3D,
                           _ canvas: Rasterizer.Canvas) -> Bool {
    let m = layerToDevice
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    for (x, y) in [(box.minX, box.minY), (box.maxX, box.minY), (box.minX, box.maxY), (box.maxX, box.maxY)] {
      let w = x * m.m14 + y * m.m24 + m.m44
      guard w >= Rasterizer.nearPlaneW else { return false }
      let px = (x * m.m11 + y * m.m21 + m.m41) / w, py = (x * m.m12 + y * m.m22 + m.m42) / w
      guard px.isFinite, py.isFinite else { return false }
      minX = Swift.min(minX, px); maxX = Swift.max(maxX, px)
      minY = Swift.min(minY, py); maxY = Swift.max(maxY, py)
    }
    let margin = 2.0
    return maxX < -margin || maxY < -margin || minX > Double(canvas.width) + margin
      || minY > Double(canvas.height) + margin
  }
}
