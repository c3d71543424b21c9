// SPDX-License-Identifier: Apache-2.0
// A text layer's properties in `inspect` output, with the font file they resolve to.

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
}
