// SPDX-License-Identifier: Apache-2.0
// The properties a CATextLayer adds, as a value.

import ZoetropeGeometry

/// How a text layer aligns its lines in its bounds (`CATextLayerAlignmentMode`).
public enum TextLayerAlignmentMode: String, Hashable, Sendable, CaseIterable {
  /// Left for left-to-right paragraphs, right for right-to-left ones (the default).
  case natural
  /// Lines start at the left edge.
  case left
  /// Lines end at the right edge.
  case right
  /// Lines are centred.
  case center
  /// Wrapped lines fill the width by stretching their spaces; a paragraph's last line is natural.
  case justified
}

/// Where a line too wide for its text layer loses characters to a "…" (`CATextLayerTruncationMode`).
public enum TextLayerTruncationMode: String, Hashable, Sendable, CaseIterable {
  /// Lines are drawn whole (the default).
  case none
  /// "…" replaces the start of the line.
  case start
  /// "…" replaces the middle.
  case middle
  /// "…" replaces the end.
  case end
}

/// Upright, italic or oblique: which face of a family a text layer uses.
public enum FontStyle: String, Hashable, Sendable, CaseIterable {
  /// Upright (the default).
  case normal
  /// Italic.
  case italic
  /// Oblique (italic where the family has no oblique face).
  case oblique
}

/// The properties a `CATextLayer` adds.
public struct TextProperties: Hashable, Sendable {
  /// The text; `nil` (the default) or empty draws nothing.
  public var string: String?
  /// A family (`"DejaVu Sans"`), an alias (`"Helvetica"`), a PostScript or
  /// full name, or a font file path. Default `"Helvetica"`, as `CATextLayer`.
  public var font = "Helvetica"
  /// The OpenType weight that picks the family's face (400 regular, 700 bold).
  public var fontWeight = 400.0
  /// Upright, italic or oblique.
  public var fontStyle = FontStyle.normal
  /// The size, points. Default 36.
  public var fontSize = 36.0
  /// The text colour; default opaque white, `nil` draws nothing.
  public var foregroundColor: Color? = .white
  /// Horizontal alignment; default natural.
  public var alignmentMode = TextLayerAlignmentMode.natural
  /// Whether lines wrap at the bounds width; default false.
  public var isWrapped = false
  /// Where over-long lines lose characters; default none.
  public var truncationMode = TextLayerTruncationMode.none

  /// Core Animation's defaults.
  public init() {}
}
