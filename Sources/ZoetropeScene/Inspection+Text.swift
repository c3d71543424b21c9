// SPDX-License-Identifier: Apache-2.0
// A text layer's properties in `inspect` output, with the font file they resolve to.

import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeText

extension Inspection {
  /// The `CATextLayer` fields, in scene-file names, and `fontFile`: the file
  /// the font resolves to on this machine (`null` when it resolves to none).
  static func textFields(_ t: TextProperties) -> [(String, String)] {
    let style = t.fontStyle
    let file = try? FontLibrary.shared.font(FontDescriptor(name: t.font, weight: t.fontWeight, style: style)).file
    return [
      ("string", t.string.map(string) ?? "null"),
      ("font", string(t.font)),
      ("fontFile", file.map(string) ?? "null"),
      ("fontWeight", number(t.fontWeight)),
      ("fontStyle", string(t.fontStyle.rawValue)),
      ("fontSize", number(t.fontSize)),
      ("foregroundColor", color(t.foregroundColor)),
      ("alignmentMode", string(t.alignmentMode.rawValue)),
      ("wrapped", t.isWrapped ? "true" : "false"),
      ("truncationMode", string(t.truncationMode.rawValue)),
    ]
  }

  /// `lines`: each laid-out line of a text layer as the compositor draws it,
  /// in the layer's coordinates — `baseline` (y), `typographicBounds` (from
  /// the pen's start to its end, the font's ascent above the baseline to its
  /// descent below) and `inkBounds` (the glyphs' outlines; `null` for a line
  /// of spaces), rectangles as `[x, y, width, height]`. Empty when nothing
  /// is laid out (no string, a size of 0, no font).
  static func lineFields(_ p: LayerProperties) -> [(String, String)] {
    guard let t = p.text else { return [] }
    var lines: [String] = []
    if let string = t.string, !string.isEmpty,
      let font = FontLibrary.shared.textFont(FontDescriptor(name: t.font, weight: t.fontWeight, style: t.fontStyle))
    {
      let request = TextLayout.Request(
        string: string, font: font, fontSize: t.fontSize, bounds: p.bounds,
        alignment: t.alignmentMode, truncation: t.truncationMode, isWrapped: t.isWrapped)
      for line in ShapingCache.shared.layout(request).lineMetrics {
        lines.append("{\"baseline\": \(number(line.baseline)), \"typographicBounds\": \(rect(line.typographicBounds)), "
          + "\"inkBounds\": \(line.inkBounds.map(rect) ?? "null")}")
      }
    }
    return [("lines", "[" + lines.joined(separator: ", ") + "]")]
  }
}
