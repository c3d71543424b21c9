// SPDX-License-Identifier: Apache-2.0
// What a text asks for: a font name or file, a weight and a style.

import ZoetropeLayers

/// A font request: a family name (`"DejaVu Sans"`), an alias fontconfig
/// knows (`"Helvetica"`, `"sans-serif"`), a PostScript or full name
/// (`"DejaVuSans-Bold"`), or a font file path; with a weight and style that
/// pick the face of a family.
///
/// A name that contains a `/` or ends in `.ttf`, `.otf`, `.ttc`, `.otc`,
/// `.woff`, `.woff2`, `.pfb` or `.pfa` is a file path (write `./Name.ttf` for a
/// file beside a scene); a file is one face (the first of a collection), and
/// weight and style do not apply to it.
public struct FontDescriptor: Hashable, Sendable {
  /// The family, alias, PostScript name, full name or file path.
  public var name: String
  /// The OpenType weight: 100 thin … 400 regular … 700 bold … 900 black.
  /// Values outside 1…1000 (and NaN) are clamped into it (NaN to 400).
  public var weight: Double
  /// Upright, italic or oblique.
  public var style: FontStyle

  /// `CATextLayer`'s default font.
  public static let defaultName = "Helvetica"

  /// A request for `name` at `weight` and `style`.
  public init(name: String = FontDescriptor.defaultName, weight: Double = 400, style: FontStyle = .normal) {
    self.name = name
    self.weight = weight.isNaN ? 400 : Swift.min(Swift.max(weight, 1), 1000)
    self.style = style
  }

  /// File extensions that make a name a path.
  static let fileExtensions = [".ttf", ".otf", ".ttc", ".otc", ".woff", ".woff2", ".pfb", ".pfa"]

  /// Whether `name` is a font file path rather than a font name.
  public var isFilePath: Bool {
    let lower = name.lowercased()
    return name.contains("/") || FontDescriptor.fileExtensions.contains { lower.hasSuffix($0) }
  }

  /// Apple's system font by the names iOS code and CSS give it, and the open
  /// face drawn in its place where it is not installed (its licence keeps
  /// San Francisco on Apple's platforms): Inter, whose proportions and
  /// metrics are close to SF Pro's, and Inter Display for the display cut.
  /// Keys are lowercased.
  package static let appleSystemFontSubstitutes: [String: String] = [
    "-apple-system": "Inter", "system-ui": "Inter", "blinkmacsystemfont": "Inter", ".applesystemuifont": "Inter",
    "sf pro": "Inter", "sf pro text": "Inter", "sf ui text": "Inter", "san francisco": "Inter",
    "sf pro display": "Inter Display", "sf ui display": "Inter Display",
  ]

  /// The open face drawn for Apple's system font when `name` is one of its
  /// names (``appleSystemFontSubstitutes``); `nil` otherwise.
  package static func appleSystemFontSubstitute(for name: String) -> String? {
    appleSystemFontSubstitutes[name.lowercased()]
  }

  /// The named weights a scene file may use for ``weight``.
  package static let weightNames: [(String, Double)] = [
    ("thin", 100), ("ultraLight", 200), ("extraLight", 200), ("light", 300), ("regular", 400), ("normal", 400),
    ("medium", 500), ("semibold", 600), ("bold", 700), ("heavy", 800), ("extraBold", 800), ("black", 900),
  ]
}
