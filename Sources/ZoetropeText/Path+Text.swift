// SPDX-License-Identifier: Apache-2.0
// A string's shaped outline as a path, laid out as a text layer draws it.

import ZoetropeGeometry
import ZoetropeLayers

extension Path {
  /// The outline of `text` set in `font` at `size` points, laid out as a
  /// `TextLayer` draws it: the first baseline the font's ascent below y = 0,
  /// the first line starting at x = 0 (left-aligned, right-to-left lines
  /// too), each line break one line height lower. Glyphs come in line order,
  /// left to right, each glyph's contours as the font draws them, so
  /// animating `strokeEnd` "writes" the text glyph by glyph.
  ///
  /// Lives in ZoetropeText (not beside `Path`) because the geometry module
  /// cannot see fonts. Throws ``FontError`` for an unknown font or an
  /// unusable file, a `size` that is negative, NaN or above
  /// ``TextLayout/maximumFontSize`` (0 gives an empty path), and text over
  /// ``TextLayout/maximumUTF8Count`` bytes. An empty string gives an empty path.
  ///
  ///     let word = try Path(text: "hello", font: "DejaVu Sans", size: 48)
  public init(text: String, font: String = FontDescriptor.defaultName, size: Double = 36, weight: Double = 400,
              style: FontStyle = .normal) throws(FontError) {
    try self.init(text: text, font: try Font.named(font, weight: weight, style: style), size: size)
  }

  /// The outline of `text` in an already resolved `font`; see ``init(text:font:size:weight:style:)``.
  public init(text: String, font: Font, size: Double) throws(FontError) {
    guard size >= 0, size <= TextLayout.maximumFontSize else { throw FontError(.invalidSize(size)) }
    guard text.utf8.count <= TextLayout.maximumUTF8Count else {
      throw FontError(.textTooLong(utf8Count: text.utf8.count))
    }
    let request = TextLayout.Request(string: text, font: font, fontSize: size, bounds: .zero, alignment: .left)
    self = ShapingCache.shared.layout(request).path
  }
}
