// SPDX-License-Identifier: Apache-2.0
// Glyph outlines in font units, loaded once per face and glyph, and their flattenings.

import CZoetropeText
import ZoetropeGeometry

/// A glyph's outline as designed: font units, y up, unhinted; every contour closed.
package struct GlyphOutline: Sendable {
  /// The outline; empty for glyphs that draw nothing (a space).
  package var path: Path
  /// The smallest rectangle holding every point, control points included (font units).
  package var bounds: Rect
  /// The smallest rectangle holding the outline itself, its ink (font units;
  /// FreeType's `FT_Outline_Get_BBox`); `.zero` for an empty outline.
  package var inkBounds: Rect
}

extension Font {
  /// The outline of `glyph`, loaded through FreeType on first use and cached.
  /// A glyph id past the last, or one FreeType cannot load, has an empty outline.
  package func outline(of glyph: UInt32) -> GlyphOutline {
    if let cached = outlines.withLock({ $0[glyph] }) { return cached }
    let loaded = loadOutline(glyph)
    return outlines.withLock { cache in
      if let raced = cache[glyph] { return raced }
      cache[glyph] = loaded
      return loaded
    }
  }

  private func loadOutline(_ glyph: UInt32) -> GlyphOutline {
    var outline = zt_outline()
    var message = [CChar](repeating: 0, count: 256)
    guard zt_face_glyph_outline(face, glyph, &outline, &message, message.count) == Int32(ZT_TEXT_OK.rawValue) else {
      return GlyphOutline(path: Path(), bounds: .zero, inkBounds: .zero)
    }
    defer { zt_outline_free(&outline) }
    var path = Path()
    path.elements.reserveCapacity(outline.verb_count)
    var index = 0
    func next() -> Point {
      defer { index += 1 }
      return Point(x: Double(outline.coordinates[2 * index]), y: Double(outline.coordinates[2 * index + 1]))
    }
    for v in 0..<outline.verb_count {
      switch UInt32(outline.verbs[v]) {
      case ZT_OUTLINE_MOVE.rawValue: path.elements.append(.moveTo(next()))
      case ZT_OUTLINE_LINE.rawValue: path.elements.append(.lineTo(next()))
      case ZT_OUTLINE_QUAD.rawValue:
        let control = next()
        path.elements.append(.quadCurveTo(next(), control: control))
      case ZT_OUTLINE_CUBIC.rawValue:
        let c1 = next(), c2 = next()
        path.elements.append(.curveTo(next(), control1: c1, control2: c2))
      default: path.elements.append(.closeSubpath)
      }
    }
    return GlyphOutline(path: path, bounds: path.boundingBox, inkBounds: path.boundingBoxOfPath)
  }
}
