// SPDX-License-Identifier: Apache-2.0
// A scene written back as a scene file: every layer, property and animation that differs from Core Animation's defaults.

import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers
import ZoetropePixels
import ZoetropeTiming

/// Writes a ``Scene`` as a scene file (docs/scene-format.md) that decodes to
/// the same layers and animations, so that it renders the same bytes: what
/// `zoetrope convert` writes for a Lottie file.
///
/// Numbers are written in full (the shortest text that reads back as the
/// same double); only values that differ from the defaults of their layer's
/// kind are written. Layer names are kept where they are unique and
/// numbered (`name 2`, `name 3`, …) where a scene file would refuse them.
/// Images are written by `imageFile`, which returns the path (relative to
/// the scene file) to name them by; an image it returns `nil` for is left
/// out. Animations other than basic and keyframe ones (springs, groups) are
/// left out too.
public enum SceneEncoder {
  /// The scene file's JSON text.
  public static func json(for scene: Scene, imageFile: @escaping (Image) -> String?) -> String {
    var writer = Writer(imageFile: imageFile)
    var out = "{\n  \"zoetrope\": 1,\n  \"canvas\": {"
    let c = scene.canvas
    out += "\"width\": \(n(c.width)), \"height\": \(n(c.height)), \"fps\": \(fps(c.frameRate)), "
    out += "\"duration\": \(n(c.duration)), \"background\": \(color(c.background))"
    if c.scale != 1 { out += ", \"scale\": \(n(c.scale))" }
    out += "},\n"
    let root = writer.members(of: scene.root, isRoot: true)
    if !root.isEmpty { out += "  \"root\": {" + root.joined(separator: ", ") + "},\n" }
    out += "  \"layers\": ["
    out += (scene.root.sublayers ?? []).map { writer.layer($0) }.joined(separator: ",")
    out += "\n  ]\n}\n"
    return out
  }

  static func fps(_ rate: FrameRate) -> String {
    rate.denominator == 1 ? "\(rate.numerator)" : "\"\(rate.numerator)/\(rate.denominator)\""
  }

  /// A number in full: integers without a point, others as Swift prints them (round-trip exact).
  static func n(_ v: Double) -> String {
    guard v.isFinite else { return v > 0 ? "1e308" : v < 0 ? "-1e308" : "0" }
    if v == 0 { return "0" }
    if v == v.rounded(), Swift.abs(v) < 1e15 { return String(Int(v)) }
    return String(v)
  }

  static func numbers(_ list: [Double]) -> String { "[" + list.map(n).joined(separator: ", ") + "]" }
  static func color(_ c: Color?) -> String { c.map { numbers([$0.red, $0.green, $0.blue, $0.alpha]) } ?? "null" }
  static func point(_ p: Point) -> String { numbers([p.x, p.y]) }
  static func rect(_ r: Rect) -> String { numbers([r.origin.x, r.origin.y, r.size.width, r.size.height]) }
  static func string(_ s: String) -> String { Inspection.string(s) }

  /// The layer walk: names seen so far, and the image writer.
  struct Writer {
    let imageFile: (Image) -> String?
    var names: [String: Int] = [:]
    var used: Set<String> = []

    /// A layer object, with its sublayers and mask (recursion follows the tree: scene files nest at most as deep
    /// as the scenes a decoder accepts).
    mutating func layer(_ layer: Layer, indent: Int = 2) -> String {
      var members: [String] = []
      let kind = layer.layerKind
      if kind != .layer { members.append("\"type\": \"\(kind.rawValue)\"") }
      if let name = layer.name { members.append("\"name\": " + SceneEncoder.string(unique(name))) }
      members += self.members(of: layer, isRoot: false)
      if let mask = layer.mask { members.append("\"mask\": " + self.layer(mask, indent: indent + 1)) }
      if let sublayers = layer.sublayers, !sublayers.isEmpty {
        members.append("\"sublayers\": [" + sublayers.map { self.layer($0, indent: indent + 1) }.joined(separator: ",") + "]")
      }
      let pad = String(repeating: "  ", count: indent)
      return "\n" + pad + "{" + members.joined(separator: ", ") + "}"
    }

    mutating func unique(_ name: String) -> String {
      var count = names[name] ?? 0
      var candidate = name
      while used.contains(candidate) {
        count += 1
        candidate = "\(name) \(count + 1)"
      }
      names[name] = count
      used.insert(candidate)
      return candidate
    }

    /// The properties, timing and animations of a layer that differ from its kind's defaults.
    mutating func members(of layer: Layer, isRoot: Bool) -> [String] {
      var out: [String] = []
      let p = layer.model
      let d = LayerProperties()
      func add(_ key: String, _ value: String) { out.append("\"\(key)\": \(value)") }
      if !isRoot {
        if p.bounds != d.bounds { add("bounds", rect(p.bounds)) }
        if p.position != d.position { add("position", point(p.position)) }
        if p.anchorPoint != d.anchorPoint { add("anchorPoint", point(p.anchorPoint)) }
      }
      if p.zPosition != d.zPosition { add("zPosition", n(p.zPosition)) }
      if p.transform != d.transform { add("transform", numbers(p.transform.values)) }
      if p.sublayerTransform != d.sublayerTransform { add("sublayerTransform", numbers(p.sublayerTransform.values)) }
      if p.opacity != d.opacity { add("opacity", n(p.opacity)) }
      if p.isHidden { add("hidden", "true") }
      if p.backgroundColor != d.backgroundColor { add("backgroundColor", color(p.backgroundColor)) }
      if p.cornerRadius != d.cornerRadius { add("cornerRadius", n(p.cornerRadius)) }
      if p.borderWidth != d.borderWidth { add("borderWidth", n(p.borderWidth)) }
      if p.borderColor != d.borderColor { add("borderColor", color(p.borderColor)) }
      if p.masksToBounds { add("masksToBounds", "true") }
      if p.compositingFilter != d.compositingFilter { add("compositingFilter", p.compositingFilter.map { string($0.rawValue) } ?? "null") }
      if p.maskMode != d.maskMode { add("maskMode", string(p.maskMode.rawValue)) }
      if !p.filters.isEmpty { add("filters", SceneEncoder.filters(p.filters)) }
      if let image = p.content.contents, let file = imageFile(image) { add("contents", string(file)) }
      if p.content.contentsGravity != .resize { add("contentsGravity", string(p.content.contentsGravity.rawValue)) }
      if let s = p.shape {
        let e = ShapeProperties()
        if s.path != e.path { add("path", s.path.map { string($0.svgPathData) } ?? "null") }
        if s.fillColor != e.fillColor { add("fillColor", color(s.fillColor)) }
        if s.fillRule != e.fillRule { add("fillRule", string(s.fillRule.rawValue)) }
        if s.strokeColor != e.strokeColor { add("strokeColor", color(s.strokeColor)) }
        if s.lineWidth != e.lineWidth { add("lineWidth", n(s.lineWidth)) }
        if s.lineCap != e.lineCap { add("lineCap", string(s.lineCap.rawValue)) }
        if s.lineJoin != e.lineJoin { add("lineJoin", string(s.lineJoin.rawValue)) }
        if s.miterLimit != e.miterLimit { add("miterLimit", n(s.miterLimit)) }
        if let dashes = s.lineDashPattern { add("lineDashPattern", numbers(dashes)) }
        if s.lineDashPhase != e.lineDashPhase { add("lineDashPhase", n(s.lineDashPhase)) }
        if s.strokeStart != e.strokeStart { add("strokeStart", n(s.strokeStart)) }
        if s.strokeEnd != e.strokeEnd { add("strokeEnd", n(s.strokeEnd)) }
      }
      if let g = p.gradient {
        let e = GradientProperties()
        if let colors = g.colors { add("colors", "[" + colors.map(color).joined(separator: ", ") + "]") }
        if let locations = g.locations { add("locations", numbers(locations)) }
        if g.startPoint != e.startPoint { add("startPoint", point(g.startPoint)) }
        if g.endPoint != e.endPoint { add("endPoint", point(g.endPoint)) }
        if g.type != e.type { add("gradientType", string(g.type.rawValue)) }
        if let f = g.focalPoint { add("focalPoint", point(f)) }
      }
      if let t = p.text {
        let e = TextProperties()
        if let s = t.string { add("string", string(s)) }
        if t.font != e.font { add("font", string(t.font)) }
        if t.fontSize != e.fontSize { add("fontSize", n(t.fontSize)) }
        if t.foregroundColor != e.foregroundColor { add("foregroundColor", color(t.foregroundColor)) }
        if t.alignmentMode != e.alignmentMode { add("alignmentMode", string(t.alignmentMode.rawValue)) }
      }
      let timing = layer.timing, layerDefault = Timing.layerDefault
      if timing.beginTime != layerDefault.beginTime { add("beginTime", n(timing.beginTime)) }
      if timing.speed != layerDefault.speed { add("speed", n(timing.speed)) }
      if timing.timeOffset != layerDefault.timeOffset { add("timeOffset", n(timing.timeOffset)) }
      if timing.duration != layerDefault.duration, timing.duration.isFinite { add("duration", n(timing.duration)) }
      let animations = layer.addedAnimations.compactMap { animation($0.animation, key: $0.key) }
      if !animations.isEmpty { add("animations", "[" + animations.joined(separator: ", ") + "]") }
      return out
    }

    /// A basic or keyframe animation; `nil` for other kinds.
    func animation(_ animation: Animation, key: String?) -> String? {
      var out: [String] = []
      func add(_ k: String, _ v: String) { out.append("\"\(k)\": \(v)") }
      guard let property = animation as? PropertyAnimation, let keyPath = property.keyPath,
        let parsed = AnimatableKeyPath(keyPath)
      else { return nil }
      func value(_ v: AnimationValue) -> String { SceneEncoder.value(v, imageFile: imageFile) }
      switch animation {
      case let k as KeyframeAnimation:
        add("type", "\"keyframe\"")
        add("keyPath", string(keyPath))
        if let values = k.values {
          add("values", "[" + values.map { value($0.coerced(to: parsed.valueKind) ?? $0) }.joined(separator: ", ") + "]")
        }
        if let times = k.keyTimes { add("keyTimes", numbers(times)) }
        if let functions = k.timingFunctions {
          add("timingFunctions", "[" + functions.map { numbers([$0.c1x, $0.c1y, $0.c2x, $0.c2y]) }.joined(separator: ", ") + "]")
        }
        if k.calculationMode != .linear { add("calculationMode", string(k.calculationMode.rawValue)) }
      case let b as BasicAnimation:
        add("type", "\"basic\"")
        add("keyPath", string(keyPath))
        if let v = b.fromValue { add("fromValue", value(v)) }
        if let v = b.toValue { add("toValue", value(v)) }
        if let v = b.byValue { add("byValue", value(v)) }
      default:
        return nil
      }
      if let key { add("key", string(key)) }
      let t = animation.timing, d = Timing.animationDefault
      if t.beginTime != d.beginTime { add("beginTime", n(t.beginTime)) }
      if t.duration != d.duration { add("duration", n(t.duration)) }
      if t.speed != d.speed { add("speed", n(t.speed)) }
      if t.timeOffset != d.timeOffset { add("timeOffset", n(t.timeOffset)) }
      if t.fillMode != d.fillMode { add("fillMode", string(t.fillMode.rawValue)) }
      if !animation.isRemovedOnCompletion { add("removedOnCompletion", "false") }
      if let f = animation.timingFunction { add("timingFunction", numbers([f.c1x, f.c1y, f.c2x, f.c2y])) }
      return "{" + out.joined(separator: ", ") + "}"
    }
  }

  /// An animation value as a scene file writes it.
  static func value(_ v: AnimationValue, imageFile: (Image) -> String?) -> String {
    switch v {
    case .number(let x): n(x)
    case .point(let p): point(p)
    case .size(let s): numbers([s.width, s.height])
    case .rect(let r): rect(r)
    case .color(let c): color(c)
    case .transform(let t): numbers(t.values)
    case .path(let p): p.map { string($0.svgPathData) } ?? "null"
    case .colors(let list): "[" + list.map(color).joined(separator: ", ") + "]"
    case .numbers(let list): numbers(list)
    case .bool(let b): b ? "true" : "false"
    case .image(let image): image.flatMap(imageFile).map(string) ?? "null"
    }
  }
}
