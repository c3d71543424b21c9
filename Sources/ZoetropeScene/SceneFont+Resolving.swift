// SPDX-License-Identifier: Apache-2.0
// Resolving a font family the way a text layer draws it, for importers that name fonts by family (Lottie's `fonts`).

import ZoetropeLayers
import ZoetropeText

extension SceneFont {
  /// The face a text layer asking for `family` at `weight` and `style` is
  /// drawn in on this machine, recorded at `path` with its notes (Apple's
  /// system font drawn in its open substitute, a weight the family lacks,
  /// a family fontconfig answers with another), and the family name to
  /// draw with: `family`, or when no installed font answers it at all,
  /// ``FontDescriptor/defaultName`` (said in a note). `nil` when not even
  /// that resolves (no fonts installed).
  package static func resolving(family: String, weight: Double, style: FontStyle,
                                at path: String) -> (font: SceneFont, family: String)? {
    var request = "\"\(family)\""
    if weight != 400 { request += " weight \(SceneDecoder.format(weight))" }
    if style != .normal { request += " \(style.rawValue)" }
    var drawn = family
    var notes: [String] = []
    var descriptor = FontDescriptor(name: family, weight: weight, style: style)
    let font: Font
    do throws(FontError) {
      font = try FontLibrary.shared.font(descriptor)
      let isAppleSubstitute = FontDescriptor.appleSystemFontSubstitute(for: family) != nil
      if !isAppleSubstitute && !descriptor.isFilePath && font.family.lowercased() != family.lowercased() {
        notes.append("\"\(family)\" is not installed here: fontconfig substitutes \(font.family)")
      }
    } catch {
      drawn = FontDescriptor.defaultName
      descriptor = FontDescriptor(name: drawn, weight: weight, style: style)
      guard let fallback = try? FontLibrary.shared.font(descriptor) else { return nil }
      font = fallback
      notes.append("\"\(family)\" is not installed here (\(error)): drawn in \(font.family), the default face")
    }
    notes += SceneDecoder.fontNotes(descriptor, font: font)
    return (SceneFont(path: path, request: request, file: font.file,
                      face: "\(font.family) \(font.style), weight \(SceneDecoder.format(font.weight))", notes: notes),
            drawn)
  }
}
