// SPDX-License-Identifier: Apache-2.0
// CATransition on pixels: every type and subtype at its start, middle and end, against the geometry worked out here.

import Testing
import Zoetrope

@Suite struct TransitionTests {
  static let red = Color(red: 1, green: 0, blue: 0, alpha: 1)
  static let blue = Color(red: 0, green: 0, blue: 1, alpha: 1)
  static let green = Color(red: 0, green: 1, blue: 0, alpha: 1)
  /// The layer's frame: 32 × 32 in a 64 × 64 canvas, so a state moved by its
  /// whole width is still partly on the canvas at the middle.
  static let box = Rect(x: 16, y: 16, width: 32, height: 32)

  func render(_ layer: Layer, at time: Double) -> RGBAImage {
    let canvas = Canvas(width: 64, height: 64)
    let root = Scene.makeRoot(for: canvas)
    root.addSublayer(layer)
    return Renderer(Scene(canvas: canvas, root: root)).frame(atTime: time)
  }

  func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [Int] {
    image.pixels[(4 * (y * image.width + x))..<(4 * (y * image.width + x) + 4)].map(Int.init)
  }

  /// A red card changed to blue by `transition`, which begins at 0.25 s and lasts 1 s.
  func card(_ type: TransitionType, _ subtype: TransitionSubtype?) -> Layer {
    let card = Layer()
    card.frame = Self.box
    card.backgroundColor = Self.red
    let transition = Transition()
    transition.type = type
    transition.subtype = subtype
    transition.beginTime = 0.25
    transition.duration = 1
    card.add(transition) { $0.backgroundColor = Self.blue }
    return card
  }

  /// Which colour covers the centre of pixel (x, y) at progress `p`, worked
  /// out from the rectangles: `nil` near an edge (anti-aliased), else the
  /// colour of the state on top there, or white.
  func expected(_ type: TransitionType, _ subtype: TransitionSubtype?, progress p: Double?,
                x: Int, y: Int) -> [Int]? {
    // Before the transition begins only the old state shows, in place; after its end only the new one.
    guard let p else {
      return expected(.moveIn, .fromLeft, progress: 0, x: x, y: y).map { $0 == [0, 0, 255, 255] ? [255, 255, 255, 255] : $0 }
    }
    if p >= 1 { return expected(.moveIn, .fromLeft, progress: 0.999_999, x: x, y: y) }
    let d = (subtype ?? .fromLeft).direction
    func rect(moved amount: Double) -> Rect {
      Rect(x: Self.box.origin.x + d.x * amount * 32, y: Self.box.origin.y + d.y * amount * 32, width: 32, height: 32)
    }
    let (oldMoved, newMoved, oldOnTop): (Double, Double, Bool) = switch type {
    case .push: (p, p - 1, false)
    case .moveIn: (0, p - 1, false)
    case .reveal: (p, 0, true)
    case .fade: (0, 0, false)
    }
    let cx = Double(x) + 0.5, cy = Double(y) + 0.5
    func inside(_ r: Rect) -> Bool? {
      let margin = min(cx - r.minX, r.maxX - cx, cy - r.minY, r.maxY - cy)
      if abs(margin) < 1 { return nil }
      return margin > 0
    }
    guard let inOld = inside(rect(moved: oldMoved)), let inNew = inside(rect(moved: newMoved)) else { return nil }
    if oldOnTop {
      return inOld ? [255, 0, 0, 255] : inNew ? [0, 0, 255, 255] : [255, 255, 255, 255]
    }
    return inNew ? [0, 0, 255, 255] : inOld ? [255, 0, 0, 255] : [255, 255, 255, 255]
  }

  static let moving: [TransitionType] = [.push, .moveIn, .reveal]
  static let subtypes: [TransitionSubtype?] = [nil, .fromLeft, .fromRight, .fromTop, .fromBottom]

  @Test(arguments: moving, subtypes)
  func movingTypesPlaceBothStatesByTheLayersSize(_ type: TransitionType, _ subtype: TransitionSubtype?) {
    let card = card(type, subtype)
    // Before it begins, at its start, a quarter and half way, and after its end.
    for (time, progress) in [(0.0, 0.0), (0.25, 0.0), (0.5, 0.25), (0.75, 0.5), (1.25, 1.0), (2.0, 1.0)] {
      let image = render(card, at: time)
      var checked = 0
      for y in stride(from: 1, to: 64, by: 3) {
        for x in stride(from: 1, to: 64, by: 3) {
          guard let colour = expected(type, subtype, progress: time < 0.25 ? nil : progress, x: x, y: y) else { continue }
          checked += 1
          #expect(pixel(image, x, y) == colour, "\(type) \(String(describing: subtype)) t=\(time) at (\(x), \(y))")
        }
      }
      #expect(checked > 300)
    }
  }

  @Test func fadeCrossFadesTheTwoStatesAsGroups() {
    let card = card(.fade, .fromRight)
    #expect(pixel(render(card, at: 0.25), 32, 32) == [255, 0, 0, 255])
    // Half way: the old state at ½ over white, then the new one at ½ over that.
    let middle = pixel(render(card, at: 0.75), 32, 32)
    let expected = [127.5, 63.75, 191.25]
    for c in 0..<3 { #expect(abs(Double(middle[c]) - expected[c]) <= 1, "\(middle)") }
    #expect(pixel(render(card, at: 1.25), 32, 32) == [0, 0, 255, 255])
    #expect(pixel(render(card, at: 1.25), 10, 32) == [255, 255, 255, 255])
  }

  @Test func startAndEndProgressPlayAPartOfTheEffect() {
    let card = Layer()
    card.frame = Self.box
    card.backgroundColor = Self.red
    let transition = Transition()
    transition.type = .moveIn
    transition.subtype = .fromRight
    transition.startProgress = 0.5
    transition.endProgress = 0.75
    transition.duration = 1
    card.add(transition) { $0.backgroundColor = Self.blue }
    // At its start the new state is already half way in: its left edge at 16 + 16 = 32.
    #expect(pixel(render(card, at: 0), 30, 32) == [255, 0, 0, 255])
    #expect(pixel(render(card, at: 0), 34, 32) == [0, 0, 255, 255])
    // Just before its end it has come three quarters of the way (left edge at 24)…
    #expect(pixel(render(card, at: 0.999), 26, 32) == [0, 0, 255, 255])
    #expect(pixel(render(card, at: 0.999), 22, 32) == [255, 0, 0, 255])
    // …and after its end the new state is in place.
    #expect(pixel(render(card, at: 1), 18, 32) == [0, 0, 255, 255])
  }

  @Test(arguments: [0.0, -3.0])
  func aDurationThatIsNotPositiveIsAQuarterOfASecond(_ duration: Double) {
    let card = Layer()
    card.frame = Self.box
    card.backgroundColor = Self.red
    let transition = Transition()
    transition.type = .push
    transition.subtype = .fromRight
    transition.duration = duration
    card.add(transition) { $0.backgroundColor = Self.blue }
    // 0.125 s is half of 0.25 s: the states meet at x = 32.
    let image = render(card, at: 0.125)
    #expect(pixel(image, 30, 32) == [255, 0, 0, 255])
    #expect(pixel(image, 34, 32) == [0, 0, 255, 255])
    #expect(pixel(render(card, at: 0.25), 18, 32) == [0, 0, 255, 255])
  }

  @Test func transitionsRunInSequenceEachFromTheStateBefore() {
    let card = Layer()
    card.frame = Self.box
    card.backgroundColor = Self.red
    let label = Layer()
    label.frame = Rect(x: 4, y: 4, width: 8, height: 8)
    label.backgroundColor = .black
    card.addSublayer(label)
    let first = Transition()
    first.duration = 1
    card.add(first) { $0.backgroundColor = Self.blue }   // the sublayer stays
    let second = Transition()
    second.type = .push
    second.beginTime = 2
    second.duration = 1
    card.add(second) { $0.sublayers = [] }                 // blue stays, the sublayer goes
    #expect(pixel(render(card, at: 1.5), 32, 32) == [0, 0, 255, 255])
    #expect(pixel(render(card, at: 1.5), 24, 24) == [0, 0, 0, 255])
    #expect(pixel(render(card, at: 3.5), 32, 32) == [0, 0, 255, 255])
    #expect(pixel(render(card, at: 3.5), 24, 24) == [0, 0, 255, 255])
    // What the layer shows, as inspect reports it.
    let canvas = Canvas(width: 64, height: 64)
    let root = Scene.makeRoot(for: canvas)
    root.addSublayer(card)
    let presentation = Renderer(Scene(canvas: canvas, root: root)).evaluator.presentation(atTime: 1.5)
    #expect(presentation.layers[presentation.shownEntry(of: 1)].properties.backgroundColor == Self.blue)
  }

  @Test func aSceneTransitionCarriesTheStateAfterTheChange() throws {
    let json = """
      {"canvas": {"width": 64, "height": 64}, "layers": [{"frame": [16, 16, 32, 32], "backgroundColor": "#FF0000",
        "animations": [{"type": "CATransition", "beginTime": 0.25, "duration": 1, "transition": "kCATransitionPush",
          "subtype": "fromBottom", "to": {"backgroundColor": "#0000FF"}}]}]}
      """
    let scene = try SceneDecoder.decode(Array(json.utf8), fileName: "scene.json")
    let swift = card(.push, .fromBottom)
    for time in [0.0, 0.5, 0.75, 1.3] {
      #expect(Renderer(scene).frame(atTime: time) == render(swift, at: time), "t = \(time)")
    }
  }
}
