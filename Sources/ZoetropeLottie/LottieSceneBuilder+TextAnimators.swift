// SPDX-License-Identifier: Apache-2.0
// Text with animators: a layer per character, laid out as lottie-web lays it out, each moved by the range selectors.

import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeText

extension LottieSceneBuilder {
  /// One character's outline and advance, in points, its pen position at
  /// the origin on the baseline.
  struct CharacterOutline {
    var path: Path
    var advance: Double
  }

  /// A document whose text has animators: each character is a layer (its
  /// outline filled, and stroked, as the document says) placed as
  /// lottie-web places it — lines at `lh`, justified about x = 0, or in
  /// paragraph text from the box's top left, the first baseline the font's
  /// ascent below it; advances plus the tracking, a character without an
  /// outline taking no room but the tracking, paragraph text wrapped in its
  /// box (``LottieTextLines``) — and moved, scaled, turned,
  /// faded and recoloured by the animators at every frame (discrete
  /// keyframes: Core Animation has no range selector).
  mutating func buildAnimatedDocument(_ document: LottieTextDocument, animators: [LottieTextAnimator],
                                      outlines: (Character) -> CharacterOutline?, ascent: Double,
                                      into layer: Layer, clock: LottieClock, visible: ClosedRange<Double>?) {
    let tracking = document.tracking / 1000 * document.size
    var outlined: [Character: CharacterOutline] = [:]
    func outline(_ character: Character) -> CharacterOutline {
      if let known = outlined[character] { return known }
      let found = outlines(character) ?? CharacterOutline(path: Path(), advance: 0)
      outlined[character] = found
      return found
    }
    let layout = LottieTextLines(document.text, boxWidth: document.boxSize?.width, tracking: tracking) {
      outline($0).advance
    }
    struct Placed { var outline: CharacterOutline; var x: Double; var baseline: Double; var index: Int; var first: Bool }
    var placed: [Placed] = []
    var index = 0
    for (row, line) in layout.lines.enumerated() {
      let origin = LottieTextLines.origin(of: line, row: row, in: document, ascent: ascent)
      var x = origin.x
      for (column, character) in line.characters.enumerated() {
        let outline = outline(character)
        placed.append(Placed(outline: outline, x: x, baseline: origin.y, index: index, first: column == 0))
        x += outline.advance + tracking
        index += 1
      }
    }
    let count = index
    let fill = document.fillColor.map { [$0.red, $0.green, $0.blue] }
    // Every character at every frame is worked out once, within the budget of values computed frame by frame.
    sampledValues += placed.count * clock.frames.count
    if sampledValues > Limits.maximumLottieSampledValues {
      budgetExceeded = true
      return
    }
    var table: [Double: (states: [LottieCharacterState], shifts: [Double])] = [:]
    func state(_ i: Int, at frame: Double) -> (LottieCharacterState, Double) {
      if let known = table[frame] { return (known.states[i], known.shifts[i]) }
      let all = placed.map {
        LottieCharacterState(animators: animators, index: $0.index, count: count, fill: fill, at: frame)
      }
      // The animators' tracking moves each character by what the characters before it (each but a line's first) add.
      var shifts = [Double](repeating: 0, count: all.count)
      var running = 0.0
      for k in all.indices {
        if placed[k].first { running = 0 } else { running += all[k].tracking }
        shifts[k] = running
      }
      table[frame] = (all, shifts)
      return (all[i], shifts[i])
    }
    for (i, character) in placed.enumerated() where !character.outline.path.isEmpty {
      let holder = makeLayer { Layer() }
      holder.anchorPoint = .zero
      holder.bounds = .zero
      let centre = character.outline.advance / 2
      let local = character.outline.path.applying(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: -centre, ty: 0))
      var fillShape: ShapeLayer?
      func paint(stroke: Bool) {
        let shape = makeLayer { ShapeLayer() }
        shape.anchorPoint = .zero
        shape.path = local
        if stroke {
          guard let color = document.strokeColor, document.strokeWidth > 0 else { return }
          shape.fillColor = nil
          shape.strokeColor = color
          shape.lineWidth = document.strokeWidth
          shape.lineJoin = .round
        } else {
          guard let color = document.fillColor else { return }
          shape.fillColor = color
          fillShape = shape
        }
        holder.addSublayer(shape)
      }
      if document.strokeOverFill { paint(stroke: false); paint(stroke: true) } else { paint(stroke: true); paint(stroke: false) }
      let x = character.x + centre, y = character.baseline
      applySampled(to: holder, keyPath: "transform", clock: clock, visible: visible) { frame in
        let (s, shift) = state(i, at: frame)
        let m = AffineTransform(a: s.scale.x, b: 0, c: 0, d: s.scale.y, tx: 0, ty: 0)
          .concatenating(AffineTransform.identity.rotated(by: s.rotation * .pi / 180))
          .concatenating(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x + shift + s.offset.x, ty: y + s.offset.y))
        return .transform(Transform3D(m))
      }
      applySampled(to: holder, keyPath: "opacity", clock: clock, visible: visible) { frame in
        .number(Swift.min(Swift.max(state(i, at: frame).0.opacity, 0), 1))
      }
      if let fillShape, let alpha = document.fillColor?.alpha, animators.contains(where: { $0.fillColor != nil }) {
        applySampled(to: fillShape, keyPath: "fillColor", clock: clock, visible: visible) { frame in
          let c = state(i, at: frame).0.fill ?? [0, 0, 0]
          return .color(LottieDecoder.color([c[0], c[1], c[2], alpha]))
        }
      }
      layer.addSublayer(holder)
    }
  }

  /// The outline and advance of `character` in `font` at `size` points, as
  /// the text layer would draw it (its pen at the origin on the baseline).
  /// The advance is where a following "x" starts, so that a space, which
  /// a line does not count at its end, keeps its width.
  static func outline(of character: Character, font: Font, size: Double) -> CharacterOutline? {
    func layout(_ string: String) -> TextLayout {
      ShapingCache.shared.layout(TextLayout.Request(string: string, font: font, fontSize: size, bounds: .zero,
                                                    alignment: .left))
    }
    let alone = layout(String(character)), followed = layout(String(character) + "x")
    guard let line = followed.placedLines.first, let next = followed.glyphs.last, followed.glyphs.count >= 2 else {
      return nil
    }
    let baseline = alone.baselines.first ?? alone.ascent
    let start = alone.placedLines.first?.start ?? line.start
    let path = alone.path.applying(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: -start, ty: -baseline))
    return CharacterOutline(path: path, advance: next.origin.x - line.start)
  }
}
