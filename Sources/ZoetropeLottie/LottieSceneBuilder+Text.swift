// SPDX-License-Identifier: Apache-2.0
// Text layers: glyph shapes from the file's `chars` as paths, or the named font through a text layer.

import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeScene

extension LottieSceneBuilder {
  /// A text layer's documents, each shown from its keyframe's time to the
  /// next one's. Lines (split at carriage returns and line feeds) start at
  /// baseline y = 0, `lh` apart, justified about x = 0. With glyphs in the
  /// file (`chars`) each character is its glyph's shapes at `s / 100`,
  /// advanced by its width and the tracking (a character without a glyph by
  /// the tracking alone, as lottie-web does); otherwise each line is a
  /// `TextLayer` in the named font (fontconfig substitutes a missing one),
  /// its first baseline placed at y = 0 by the font's ascent.
  mutating func buildText(_ text: LottieText, into container: Layer, clock: LottieClock, visible: ClosedRange<Double>?) {
    let documents = text.documents.sorted { $0.time < $1.time }
    for (index, entry) in documents.enumerated() {
      let layer = makeLayer { Layer() }
      layer.anchorPoint = .zero
      buildDocument(entry.document, into: layer, path: text.path)
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

  private mutating func buildDocument(_ document: LottieTextDocument, into layer: Layer, path: Int) {
    let lines = document.text.split(omittingEmptySubsequences: false) { $0 == "\r" || $0 == "\n" || $0 == "\u{3}" }
      .map(String.init)
    let font = animation.fonts[document.font]
    let family = font?.family ?? document.font, style = font?.style ?? ""
    let scale = document.size / 100
    let hasGlyphs = animation.glyphs.keys.contains { $0.family == family }
    for (row, line) in lines.enumerated() {
      let baseline = Double(row) * document.lineHeight - document.baselineShift
      if hasGlyphs {
        var glyphPath = Path()
        var x = 0.0
        var placed: [(LottieGlyph, Double)] = []
        for character in line {
          let key = LottieGlyphKey(character: String(character), family: family, style: style)
          guard let glyph = animation.glyphs[key] ?? animation.glyphs.first(where: {
            $0.key.character == String(character) && $0.key.family == family
          })?.value else {
            // A character the file has no glyph for (often a space) takes no
            // room but its tracking, as lottie-web places it.
            x += document.tracking / 1000 * document.size
            continue
          }
          placed.append((glyph, x))
          x += glyph.advance * scale + document.tracking / 1000 * document.size
        }
        let width = x
        let shift = document.justification == 1 ? -width : document.justification == 2 ? -width / 2 : 0
        for (glyph, offset) in placed {
          let matrix = AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: offset + shift, ty: baseline)
          let sources = LottieSceneBuilder.sources(in: glyph.shapes, transforms: [], modifiers: [], allItems: glyph.shapes)
          for source in sources { source.contour(at: 0).applying(matrix).append(to: &glyphPath) }
        }
        addTextShape(glyphPath, document: document, into: layer)
      } else {
        let label = makeLayer { TextLayer() }
        label.string = line
        (label.fontWeight, label.fontStyle) = LottieSceneBuilder.face(ofStyle: style)
        label.font = resolveFont(family: family, weight: label.fontWeight, style: label.fontStyle, at: path)
        label.fontSize = document.size
        label.foregroundColor = document.fillColor
        let ascent = (font?.ascent ?? 75) / 100 * document.size
        let width = Swift.max(document.size * Double(line.count) * 2, 1)
        let left = document.justification == 1 ? -width : document.justification == 2 ? -width / 2 : 0
        label.alignmentMode = document.justification == 1 ? .right : document.justification == 2 ? .center : .left
        label.anchorPoint = .zero
        label.frame = Rect(x: left, y: baseline - ascent, width: width, height: document.lineHeight * 2)
        layer.addSublayer(label)
        if document.strokeColor != nil && document.strokeWidth > 0 {
          unsupported(path, "a stroke on text in a font; the text is filled only")
        }
      }
    }
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
