// SPDX-License-Identifier: Apache-2.0
// Timeline strips and contact sheets: pictures of how an animation unfolds.

/// A strip picturing one layer property over time, as the figures of
/// "Controlling Animation Timing" do: x is time, and each column shows the
/// presentation value at its time — colours as colour, numbers as a plotted
/// line.
///
/// A layer with transitions shows the values of its state at each time
/// (the new one while a transition runs); an emitter's key path may name a
/// cell's property, `emitterCells.NAME.birthRate`.
///
/// Column `x` of the strip shows time `from + (x + 0.5) · (to − from) / width`.
/// A plain strip is exactly `width × height`; otherwise a 1-pixel grey frame
/// surrounds it and a tick marks every whole second below it (the image is
/// `(width + 2) × (height + 8)`).
public struct TimelineStrip: Sendable {
  /// The layer's name.
  public var layer: String
  /// The key path (`backgroundColor`, `opacity`, `position.y`, `transform.rotation.z`, …).
  public var keyPath: String
  /// The first and last time, seconds.
  public var from: Double, to: Double
  /// The strip's size in pixels.
  public var width: Int, height: Int
  /// No frame and no ticks.
  public var plain: Bool

  /// A strip of `layer`'s `keyPath` from `from` to `to` seconds.
  public init(layer: String, keyPath: String, from: Double, to: Double, width: Int = 600, height: Int = 40,
              plain: Bool = false) {
    self.layer = layer
    self.keyPath = keyPath
    self.from = from
    self.to = to
    self.width = width
    self.height = height
    self.plain = plain
  }

  /// The widest and tallest strip that fits, with its frame and ticks
  /// (`(width + 2) × (height + 8)`), in the 16,384 pixels a side of a PNG
  /// the tool writes; a plain strip may be 16,384 pixels a side.
  public static let maximumFramedWidth = 16382, maximumFramedHeight = 16376

  /// The time column `x` shows.
  public func time(ofColumn x: Int) -> Double {
    from + (Double(x) + 0.5) * (to - from) / Double(width)
  }

  /// Draws the strip for the layer tree of `scene`.
  public func render(_ scene: Scene) throws(RenderError) -> RGBAImage {
    try render(scene.snapshot())
  }

  /// Draws the strip for `tree`.
  public func render(_ tree: LayerTree) throws(RenderError) -> RGBAImage {
    guard width > 0, height > 0, width <= 16384, height <= 16384 else {
      throw RenderError.invalidTimeline("a timeline needs a size of 1…16384 pixels a side")
    }
    // The framed picture's size is checked before anything is drawn (a
    // 16384-pixel strip was drawn, 2 GB and 7 s, before its frame was refused).
    guard plain || (width <= TimelineStrip.maximumFramedWidth && height <= TimelineStrip.maximumFramedHeight) else {
      throw RenderError.invalidTimeline("a framed timeline is (width + 2) × (height + 8) pixels, at most 16384 a "
        + "side: a width of at most \(TimelineStrip.maximumFramedWidth) and a height of at most "
        + "\(TimelineStrip.maximumFramedHeight), or a plain strip")
    }
    guard from.isFinite, to.isFinite, to > from, (to - from).isFinite else {
      throw RenderError.invalidTimeline("a timeline needs finite times with --to after --from")
    }
    guard let path = AnimatableKeyPath(keyPath) else {
      throw RenderError.invalidTimeline("'\(keyPath)' is not an animatable key path")
    }
    guard let index = tree.index(named: layer) else {
      throw RenderError.invalidTimeline("no layer is named '\(layer)'")
    }
    let evaluator = PresentationEvaluator(tree)
    // The values of the state shown (past a layer's transitions, the state
    // after each change); an emitter cell's key path reads the cell.
    let values: [AnimationValue?] = (0..<width).map { x in
      let presentation = evaluator.presentation(atTime: time(ofColumn: x))
      return presentation.layers[presentation.shownEntry(of: index)].properties.value(at: path)
    }
    var strip = [UInt8](repeating: 255, count: 4 * width * height)
    func set(_ x: Int, _ y: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8)) {
      let o = 4 * (y * width + x)
      strip[o] = rgba.0; strip[o + 1] = rgba.1; strip[o + 2] = rgba.2; strip[o + 3] = rgba.3
    }
    switch values.first(where: { $0 != nil }) ?? nil {
    case .color?:
      for (x, value) in values.enumerated() {
        var rgba: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        if case .color(let color?)? = value {
          func byte(_ c: Double) -> UInt8 { UInt8((Swift.min(Swift.max(c.isNaN ? 0 : c, 0), 1) * 255).rounded()) }
          rgba = (byte(color.red), byte(color.green), byte(color.blue), byte(color.alpha))
        }
        for y in 0..<height { set(x, y, rgba) }
      }
    case .number?, .bool?:
      let numbers: [Double?] = values.map {
        switch $0 {
        case .number(let n)?: n.isFinite ? n : nil
        case .bool(let b)?: b ? 1 : 0
        default: nil
        }
      }
      let known = numbers.compactMap { $0 }
      let low = known.min() ?? 0, high = known.max() ?? 1
      let span = high > low ? high - low : 1
      // The plotted value: top is the largest, bottom the smallest, a 2-pixel
      // margin; a strip of 1 or 2 rows (no room for the margin) plots on its
      // last row (row 2 was drawn past the strip: a trap).
      func row(_ n: Double) -> Int {
        let usable = Double(Swift.max(height - 5, 0))
        return Swift.min(2 + Int(((high - n) / span * usable).rounded()), height - 1)
      }
      var previous: Int?
      for (x, n) in numbers.enumerated() {
        guard let n else { previous = nil; continue }
        let y = row(n)
        let (a, b) = (Swift.min(previous ?? y, y), Swift.max(previous ?? y, y))
        for yy in a...Swift.min(b + 1, height - 1) { set(x, yy, (40, 40, 48, 255)) }
        previous = y
      }
    case nil:
      throw RenderError.invalidTimeline("layer '\(layer)' has no '\(keyPath)'")
    case let other?:
      throw RenderError.invalidTimeline("'\(keyPath)' is a \(other.kind); a timeline draws colours and numbers "
        + "(name a component, such as position.x)")
    }
    let image = RGBAImage(width: width, height: height, pixels: strip)
    return plain ? image : framed(image)
  }

  /// The strip inside a 1-pixel frame with second ticks below.
  private func framed(_ strip: RGBAImage) -> RGBAImage {
    let w = width + 2, h = height + 8
    var pixels = [UInt8](repeating: 255, count: 4 * w * h)
    func set(_ x: Int, _ y: Int, _ v: UInt8) {
      let o = 4 * (y * w + x)
      pixels[o] = v; pixels[o + 1] = v; pixels[o + 2] = v; pixels[o + 3] = 255
    }
    for x in 0..<w { set(x, 0, 150); set(x, height + 1, 150) }
    for y in 0..<(height + 2) { set(0, y, 150); set(w - 1, y, 150) }
    for y in 0..<height {
      for x in 0..<width {
        let s = 4 * (y * width + x), o = 4 * ((y + 1) * w + x + 1)
        for c in 0..<4 { pixels[o + c] = strip.pixels[s + c] }
      }
    }
    // A tick under the column nearest each whole second. A column a second
    // or more wide always holds one, so past `width` seconds every column
    // is ticked; otherwise the seconds are counted (never by adding 1 to a
    // time: past 2⁵³ that adds nothing).
    if to - from >= Double(width) {
      for x in 1...width { for y in (height + 2)..<(height + 7) { set(x, y, 60) } }
    } else {
      let first = from.rounded(.up), count = Int((to - first).rounded(.down)) + 1
      for k in 0..<Swift.max(count, 0) {
        let second = first + Double(k)
        let column = Int(((second - from) / (to - from) * Double(width)).rounded(.down))
        let x = Swift.min(Swift.max(column, 0), width - 1) + 1
        for y in (height + 2)..<(height + 7) { set(x, y, 60) }
      }
    }
    return RGBAImage(width: w, height: h, pixels: pixels)
  }
}

/// Frames of a scene side by side: a contact sheet of `times`, left to right
/// then top to bottom, `columns` across (all in one row by default), with a
/// 2-pixel grey gap around and between frames.
public struct ContactSheet: Sendable {
  /// The clip times of the frames.
  public var times: [Double]
  /// Frames per row; 0 puts every frame in one row.
  public var columns: Int
  /// Extra device scale on top of the canvas scale.
  public var scale: Double

  /// A contact sheet of the frames at `times`.
  public init(times: [Double], columns: Int = 0, scale: Double = 1) {
    self.times = times
    self.columns = columns
    self.scale = scale
  }

  /// Renders the sheet for `scene`.
  public func render(_ scene: Scene) -> RGBAImage {
    let renderer = Renderer(scene)
    let frames = times.map { renderer.frame(atTime: $0, scale: scale) }
    let (fw, fh) = renderer.frameSize(scale: scale)
    let across = Swift.max(1, columns > 0 ? Swift.min(columns, Swift.max(frames.count, 1)) : frames.count)
    let down = Swift.max(1, (frames.count + across - 1) / across)
    let gap = 2
    let w = across * (fw + gap) + gap, h = down * (fh + gap) + gap
    var pixels = [UInt8](repeating: 0, count: 4 * w * h)
    for i in 0..<(w * h) { pixels[4 * i] = 200; pixels[4 * i + 1] = 200; pixels[4 * i + 2] = 204; pixels[4 * i + 3] = 255 }
    for (k, frame) in frames.enumerated() {
      let ox = gap + (k % across) * (fw + gap), oy = gap + (k / across) * (fh + gap)
      for y in 0..<fh {
        let s = 4 * y * fw, o = 4 * ((oy + y) * w + ox)
        pixels.replaceSubrange(o..<(o + 4 * fw), with: frame.pixels[s..<(s + 4 * fw)])
      }
    }
    return RGBAImage(width: w, height: h, pixels: pixels)
  }
}
