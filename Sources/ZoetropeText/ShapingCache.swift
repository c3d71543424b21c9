// SPDX-License-Identifier: Apache-2.0
// Shaped paragraphs and layouts kept across frames, bounded, shared by all threads.

import Synchronization

/// Shaped paragraphs by (text, font) and layouts by request, kept across
/// frames: a label is shaped once per clip, and re-laid out only when its
/// size, width or string changes.
///
/// Both are bounded (by characters and by glyphs): when full, a cache starts
/// over. The pixels never depend on what is cached — a layout is a pure
/// function of its request.
package final class ShapingCache: Sendable {
  /// The process's cache.
  package static let shared = ShapingCache()

  private struct ParagraphKey: Hashable {
    var text: String
    var font: Font
  }
  private struct Paragraphs {
    var entries: [ParagraphKey: ShapedParagraph] = [:]
    var characters = 0
  }
  private struct Layouts {
    var entries: [TextLayout.Request: TextLayout] = [:]
    var glyphs = 0
  }
  private let paragraphs = Mutex(Paragraphs())
  private let layouts = Mutex(Layouts())
  /// The most characters of shaped paragraphs kept.
  static let maximumCharacters = 4_000_000
  /// The most placed glyphs of layouts kept.
  static let maximumGlyphs = 2_000_000

  package init() {}

  /// `text` (one paragraph) shaped with `font`.
  package func paragraph(_ text: String, font: Font) -> ShapedParagraph {
    let key = ParagraphKey(text: text, font: font)
    if let known = paragraphs.withLock({ $0.entries[key] }) { return known }
    let shaped = ShapedParagraph(text, font: font)
    paragraphs.withLock { cache in
      if cache.characters + shaped.scalars.count > ShapingCache.maximumCharacters {
        cache = Paragraphs()
      }
      if cache.entries.updateValue(shaped, forKey: key) == nil { cache.characters += shaped.scalars.count }
    }
    return shaped
  }

  /// The layout of `request`.
  package func layout(_ request: TextLayout.Request) -> TextLayout {
    if let known = layouts.withLock({ $0.entries[request] }) { return known }
    let layout = TextLayout(request, shaping: self)
    layouts.withLock { cache in
      if cache.glyphs + layout.glyphs.count > ShapingCache.maximumGlyphs { cache = Layouts() }
      if cache.entries.updateValue(layout, forKey: request) == nil { cache.glyphs += layout.glyphs.count }
    }
    return layout
  }
}
