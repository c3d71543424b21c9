// SPDX-License-Identifier: Apache-2.0
// CATextLayer: a layer that draws a string.

import ZoetropeGeometry

/// A layer that draws a string, as `CATextLayer`: shaped with HarfBuzz
/// (kerning, ligatures, right-to-left scripts), in a font found by fontconfig
/// (characters the font lacks come from a fallback font), filled with
/// `foregroundColor`.
///
/// Line layout is `CATextLayer`'s: the first baseline sits the font's ascent
/// below the top of the bounds, lines are one line height apart, there is no
/// vertical alignment, and nothing is clipped unless `masksToBounds`.
///
///     let label = TextLayer()
///     label.string = "Pull to refresh"
///     label.fontSize = 17
///     label.foregroundColor = .black
///     label.frame = Rect(x: 16, y: 12, width: 240, height: 24)
public final class TextLayer: Layer {
  /// Creates a text layer with Core Animation's defaults (no string,
  /// Helvetica at 36 points, opaque white, natural alignment, unwrapped).
  public override init() {
    super.init()
    model.text = TextProperties()
  }

  override var kind: LayerKind { .text }

  private var text: TextProperties {
    get { model.text ?? TextProperties() }
    set { model.text = newValue }
  }

  /// The text; `nil` (the default) or empty draws nothing. Swift strings are
  /// always valid Unicode. Control characters other than tab (drawn as a
  /// space) and line breaks draw nothing; only the first 256 KiB of UTF-8
  /// are laid out.
  public var string: String? {
    get { text.string }
    set { text.string = newValue }
  }
  /// A family (`"DejaVu Sans"`), an alias fontconfig knows (`"Helvetica"`,
  /// `"sans-serif"`), a PostScript or full name (`"DejaVuSans-Bold"`), or a
  /// font file path. Default `"Helvetica"`, found by fontconfig (on Debian,
  /// the metric-compatible Liberation Sans). A name no installed font has is
  /// drawn in the default font, as `CATextLayer` does; scene files refuse it.
  public var font: String {
    get { text.font }
    set { text.font = newValue }
  }
  /// The OpenType weight that picks the family's face: 400 regular (the
  /// default), 700 bold; clamped to 1…1000. Ignored for a font file.
  public var fontWeight: Double {
    get { text.fontWeight }
    set { text.fontWeight = newValue }
  }
  /// Upright (the default), italic or oblique. Ignored for a font file.
  public var fontStyle: FontStyle {
    get { text.fontStyle }
    set { text.fontStyle = newValue }
  }
  /// The size in points; default 36, animatable. Zero, negative and NaN
  /// sizes draw nothing; sizes above 100,000 are drawn at 100,000.
  public var fontSize: Double {
    get { text.fontSize }
    set { text.fontSize = newValue }
  }
  /// The text colour; default opaque white, animatable; `nil` draws nothing.
  public var foregroundColor: Color? {
    get { text.foregroundColor }
    set { text.foregroundColor = newValue }
  }
  /// Horizontal alignment of the lines in the bounds; default natural.
  public var alignmentMode: TextLayerAlignmentMode {
    get { text.alignmentMode }
    set { text.alignmentMode = newValue }
  }
  /// Whether lines wrap at the bounds width (after spaces, between
  /// ideographs; inside a word too wide for a line); default false. Line
  /// breaks in the string always break.
  public var isWrapped: Bool {
    get { text.isWrapped }
    set { text.isWrapped = newValue }
  }
  /// Where a line wider than the bounds loses characters to "…"; default
  /// none. Wrapped text keeps the lines that fit the bounds height and
  /// truncates the last of them.
  public var truncationMode: TextLayerTruncationMode {
    get { text.truncationMode }
    set { text.truncationMode = newValue }
  }
}
