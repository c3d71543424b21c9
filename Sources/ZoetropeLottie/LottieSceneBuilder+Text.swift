// SPDX-License-Identifier: Apache-2.0
// Text layers: glyph shapes from the file's `chars` as paths, or the named font through a text layer.

import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeScene
import ZoetropeText

extension LottieSceneBuilder {
  /// A text layer's documents, each shown from its keyframe's time to the
  /// next one's. Lines (split at carriage returns and line feeds) start at
  /// baseline y = 0, `lh` apart, justified about x = 0. With glyphs in the
  /// file (`chars`) each character is its glyph's shapes at `s / 100`,
  /// advanced by its width and the tracking (a character without a glyph by
  /// the tracking alone, as lottie-web does); otherwise each line is a
  /// `TextLayer` in the named font (fontconfig substitutes a missing one),
  /// its first baseline placed at y = 0 by the drawn face's ascent.
  mutating func buildText(_ text: LottieText, into container: Layer, clock: LottieClock, visible: ClosedRange<Double>?) {
    let documents = text.documents.sorted { $0.time < $1.time }
    for (index, entry) in documents.enumerated() {
      let layer = makeLayer { Layer() }
      layer.anchorPoint = .zero
      if text.animators.isEmpty {
        buildDocument(entry.document, into: layer, path: text.path)
      } else {
        buildAnimatedDocument(entry.document, animators: text.animators, into: layer, path: text.path, clock: clock,
                              visible: visible)
      }
      if documents.count > 1 {
        let start = index == 0 ? -Double.infinity : entry.time
        let end = index + 1 < documents.count ? documents[index + 1].time : .infinity
        applyVisibility(to: layer, inPoint: start, outPoint: end, clock: clock)
      }
      container.addSublayer(layer)
    }
  }

  /// The weight and slant a font's `fStyle` names ("Bold Italic", "SemiBold",
  /// "Light"…): regular and upright unless a word says otherwise.
  static func face(ofStyle style: String) -> (Double, FontStyle) {
    let words = style.lowercased().split { $0 == " " || $0 == "-" }.map(String.init)
    let joined = words.joined()
    let weights: [(String, Double)] = [
      ("thin", 100), ("hairline", 100), ("extralight", 200), ("ultralight", 200), ("light", 300),
      ("medium", 500), ("semibold", 600), ("demibold", 600), ("extrabold", 800), ("ultrabold", 800),
      ("heavy", 800), ("black", 900), ("bold", 700),
    ]
    var weight = 400.0
    for (name, value) in weights where joined.contains(name) {
      weight = value
      break
    }
    let slant: FontStyle = joined.contains("italic") ? .italic : joined.contains("oblique") ? .oblique : .normal
    return (weight, slant)
  }

  /// The family to draw `family` with (itself, or the default face when no
  /// installed font answers it), recording the face once per family, weight
  /// and slant for `validate`, and warning at the text layer when another
  /// family or weight is drawn.
  private mutating func resolveFont(family: String, weight: Double, style: FontStyle, at path: Int) -> String {
    let key = "\(family)|\(weight)|\(style.rawValue)"
    if let drawn = drawnFamilies[key] { return drawn }
    guard let (font, drawn) = SceneFont.resolving(family: family, weight: weight, style: style, at: paths.render(path))
    else {
      warn(path, "no font answers \"\(family)\" here, nor the default face; the text draws nothing")
      drawnFamilies[key] = family
      return family
    }
    fonts.append(font)
    for note in font.notes { warn(path, note) }
    drawnFamilies[key] = drawn
    return drawn
  }

  /// A document with animators, character by character: glyph shapes from
  /// the file, or outlines of the drawn face.
  private mutating func buildAnimatedDocument(_ document: LottieTextDocument, animators: [LottieTextAnimator],
                                              into layer: Layer, path: Int, clock: LottieClock,
                                              visible: ClosedRange<Double>?) {
    let font = animation.fonts[document.font]
    let family = font?.family ?? document.font, style = font?.style ?? ""
    let scale = document.size / 100
    let glyphs = animation.glyphs
    let fileAscent = font?.ascent.map { $0 / 100 * document.size }
    if glyphs.keys.contains(where: { $0.family == family }) {
      buildAnimatedDocument(document, animators: animators, outlines: { character in
        let key = LottieGlyphKey(character: String(character), family: family, style: style)
        guard let glyph = glyphs[key] ?? glyphs.first(where: {
          $0.key.character == String(character) && $0.key.family == family
        })?.value else { return nil }
        var outline = Path()
        let sources = LottieSceneBuilder.sources(in: glyph.shapes, transforms: [], modifiers: [], allItems: glyph.shapes)
        let matrix = AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: 0, ty: 0)
        for source in sources { source.contour(at: 0).applying(matrix).append(to: &outline) }
        return CharacterOutline(path: outline, advance: glyph.advance * scale)
      }, ascent: fileAscent ?? 0.75 * document.size, into: layer, clock: clock, visible: visible)
      return
    }
    let (weight, slant) = LottieSceneBuilder.face(ofStyle: style)
    let drawn = resolveFont(family: family, weight: weight, style: slant, at: path)
    guard let face = FontLibrary.shared.textFont(FontDescriptor(name: drawn, weight: weight, style: slant)) else { return }
    let size = document.size
    buildAnimatedDocument(document, animators: animators, outlines: { character in
      LottieSceneBuilder.outline(of: character, font: face, size: size)
    }, ascent: fileAscent ?? face.ascender / face.unitsPerEm * size, into: layer, clock: clock, visible: visible)
  }

  private mutating func buildDocument(_ document: LottieTextDocument, into layer: Layer, path: Int) {
    let font = animation.fonts[document.font]
    let family = font?.family ?? document.font, style = font?.style ?? ""
    let scale = document.size / 100
    let tracking = document.tracking / 1000 * document.size
    let hasGlyphs = animation.glyphs.keys.contains { $0.family == family }
    func glyph(_ character: Character) -> LottieGlyph? {
      let key = LottieGlyphKey(character: String(character), family: family, style: style)
      return animation.glyphs[key] ?? animation.glyphs.first(where: {
        $0.key.character == String(character) && $0.key.family == family
      })?.value
    }
    if hasGlyphs {
      // A character the file has no glyph for (often a space) takes no room
      // but its tracking, as lottie-web places it.
      let layout = LottieTextLines(document.text, boxWidth: document.boxSize?.width, tracking: tracking) {
        (glyph($0)?.advance ?? 0) * scale
      }
      let ascent = (font?.ascent ?? 75) / 100 * document.size
      var glyphPath = Path()
      for (row, line) in layout.lines.enumerated() {
        let origin = LottieTextLines.origin(of: line, row: row, in: document, ascent: ascent)
        var x = origin.x
        for character in line.characters {
          guard let glyph = glyph(character) else { x += tracking; continue }
          let matrix = AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: x, ty: origin.y)
          let sources = LottieSceneBuilder.sources(in: glyph.shapes, transforms: [], modifiers: [], allItems: glyph.shapes)
          for source in sources { source.contour(at: 0).applying(matrix).append(to: &glyphPath) }
          x += glyph.advance * scale + tracking
        }
      }
      addTextShape(glyphPath, document: document, into: layer)
      return
    }
    let (weight, slant) = LottieSceneBuilder.face(ofStyle: style)
    let drawn = resolveFont(family: family, weight: weight, style: slant, at: path)
    let face = FontLibrary.shared.textFont(FontDescriptor(name: drawn, weight: weight, style: slant))
    // The first baseline at y = 0, or the file's ascent (lottie-web's) below
    // the box's top: the text layer sets it the drawn face's ascent below
    // its top (the file's `ascent` measures the face it names, which may
    // not be the one drawn).
    let drawnAscent = face.map { $0.ascender / $0.unitsPerEm * document.size }
    let ascent = drawnAscent ?? (font?.ascent ?? 75) / 100 * document.size
    let boxAscent = font?.ascent.map { $0 / 100 * document.size } ?? ascent
    let size = document.size
    let layout = LottieTextLines(document.text, boxWidth: document.boxSize?.width, tracking: tracking) { character in
      face.map { LottieSceneBuilder.advance(of: character, font: $0, size: size) } ?? 0
    }
    for (row, line) in layout.lines.enumerated() {
      let origin = LottieTextLines.origin(of: line, row: row, in: document, ascent: boxAscent)
      let label = makeLayer { TextLayer() }
      label.string = String(line.characters)
      (label.fontWeight, label.fontStyle) = (weight, slant)
      label.font = drawn
      label.fontSize = document.size
      label.foregroundColor = document.fillColor
      // The text layer measures and aligns the line itself, about the line's
      // start (point text) or within the box (paragraph text).
      let width: Double, left: Double
      if let box = document.boxSize, box.width.isFinite, box.width > 0 {
        (width, left) = (box.width, document.boxPosition?.x ?? 0)
      } else {
        width = Swift.max(document.size * Double(line.characters.count) * 2, 1)
        left = document.justification == 1 ? -width : document.justification == 2 ? -width / 2 : 0
      }
      label.alignmentMode = document.justification == 1 ? .right : document.justification == 2 ? .center : .left
      label.anchorPoint = .zero
      label.frame = Rect(x: left, y: origin.y - ascent, width: width, height: document.lineHeight * 2)
      layer.addSublayer(label)
    }
    if document.strokeColor != nil && document.strokeWidth > 0 {
      unsupported(path, "a stroke on text in a font; the text is filled only")
    }
  }

  /// The width of `character` in `font` at `size` points, as lottie-web
  /// measures one character: its glyphs' advances, alone (no kerning).
  static func advance(of character: Character, font: Font, size: Double) -> Double {
    let shaped = ShapingCache.shared.paragraph(String(character), font: font)
    var ems = 0.0
    for run in shaped.runs { for glyph in run.glyphs { ems += glyph.advance } }
    return ems * size
  }

  private mutating func addTextShape(_ path: Path, document: LottieTextDocument, into layer: Layer) {
    guard !path.isEmpty else { return }
    func fill() {
      guard let color = document.fillColor else { return }
      let shape = makeLayer { ShapeLayer() }
      shape.anchorPoint = .zero
      shape.path = path
      shape.fillColor = color
      layer.addSublayer(shape)
    }
    func stroke() {
      guard let color = document.strokeColor, document.strokeWidth > 0 else { return }
      let shape = makeLayer { ShapeLayer() }
      shape.anchorPoint = .zero
      shape.path = path
      shape.fillColor = nil
      shape.strokeColor = color
      shape.lineWidth = document.strokeWidth
      shape.lineJoin = .round
      layer.addSublayer(shape)
    }
    if document.strokeOverFill { fill(); stroke() } else { stroke(); fill() }
  }
}
