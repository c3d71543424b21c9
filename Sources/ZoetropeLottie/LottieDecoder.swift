// SPDX-License-Identifier: Apache-2.0
// Decodes a Lottie document into the importer's model, collecting errors, warnings and unsupported features by JSON path.

import ZoetropeGeometry
import ZoetropeImages
import ZoetropeScene

/// Reads a Lottie (bodymovin) document into a ``LottieAnimation``.
///
/// Lottie files in the wild are loose: a value of the wrong type is a
/// warning and takes its default, as lottie-web would read it. What makes
/// the file unusable — no canvas size, frame rate or frame range, a
/// precomposition that contains itself, a budget exceeded — is an error.
/// Features the importer does not draw are listed as unsupported (`validate`
/// names them; `--strict` refuses them).
struct LottieDecoder: LottieIssueReporting {
  var paths = JSONPathArena()
  var issues: [SceneIssue] = []
  var warnings: [SceneIssue] = []
  /// Features that are not drawn, each with its path.
  var unsupportedFeatures: [SceneIssue] = []
  var keyframeCount = 0
  var reportedKeyframeBudget = false
  var shapeVertices = 0
  var layerCount = 0
  let baseFolder: String
  let images: ImageLoader
  /// Files read besides the Lottie file (external images).
  var sourceFiles: [String] = []
  /// The encoded bytes of every image, by its name.
  var encodedImages: [String: [UInt8]] = [:]
  /// The dotLottie archive the animation came from, whose images it reads.
  var archive: DotLottieBundle?

  init(baseFolder: String, images: ImageLoader) {
    self.baseFolder = baseFolder
    self.images = images
  }

  /// Whether a document looks like Lottie: an object with `v`, `fr`, `ip`,
  /// `op` and `layers` (of a scene file, only `canvas` and `layers` are
  /// required, and it has neither `fr` nor `op`).
  static func looksLikeLottie(_ document: JSONValue) -> Bool {
    guard case .object = document else { return false }
    return document["fr"] != nil && document["op"] != nil && document["ip"] != nil && document["layers"] != nil
  }

  // MARK: Document

  mutating func decodeDocument(_ document: JSONValue) -> LottieAnimation? {
    let root = JSONPathArena.root
    guard case .object = document else {
      report(root, "a Lottie file must be a JSON object")
      return nil
    }
    func required(_ key: String, _ range: ClosedRange<Double>, _ what: String) -> Double? {
      let path = paths.child(root, key)
      guard case .number(let v)? = document[key] else {
        report(path, "a Lottie file needs \"\(key)\", \(what)")
        return nil
      }
      guard range.contains(v) else {
        report(path, "must be \(what) in \(LottieDecoder.format(range.lowerBound))…\(LottieDecoder.format(range.upperBound)) (got \(LottieDecoder.format(v)))")
        return nil
      }
      return v
    }
    let side = 1.0...Double(Limits.maximumPixelsPerSide)
    let width = required("w", side, "the canvas width in points")
    let height = required("h", side, "the canvas height in points")
    let frameRate = required("fr", Limits.frameRates, "the frame rate")
    let frames = -1e9...1e9
    let inPoint = required("ip", frames, "the first frame")
    let outPoint = required("op", frames, "the frame after the last")
    if let inPoint, let outPoint {
      if outPoint <= inPoint {
        report(paths.child(root, "op"), "must be after ip (\(LottieDecoder.format(inPoint))), got \(LottieDecoder.format(outPoint))")
      } else if outPoint - inPoint > Double(Limits.maximumLottieFrames) {
        report(paths.child(root, "op"), "the animation spans \(LottieDecoder.format(outPoint - inPoint)) frames; "
          + "at most \(Limits.maximumLottieFrames) are accepted (Limits.maximumLottieFrames)")
      } else if let frameRate, (outPoint - inPoint) / frameRate > Limits.maximumDuration {
        report(paths.child(root, "op"), "the animation lasts more than a day (Limits.maximumDuration)")
      }
    }
    var animation = LottieAnimation(width: width ?? 1, height: height ?? 1, frameRate: frameRate ?? 30,
                                    inPoint: inPoint ?? 0, outPoint: outPoint ?? 1, layers: [])
    if let fonts = document["fonts"] { decodeFonts(fonts, at: paths.child(root, "fonts"), into: &animation) }
    if let chars = document["chars"] { decodeGlyphs(chars, at: paths.child(root, "chars"), into: &animation) }
    if let assets = document["assets"] { decodeAssets(assets, at: paths.child(root, "assets"), into: &animation) }
    let layersPath = paths.child(root, "layers")
    if case .array(let items)? = document["layers"] {
      animation.layers = decodeLayers(items, at: layersPath)
    } else {
      report(layersPath, "a Lottie file needs \"layers\", an array")
    }
    if case .array(let markers)? = document["markers"], !markers.isEmpty {
      // Markers name ranges for players; a clip renders the whole range.
    }
    checkPrecompCycles(animation)
    return issues.isEmpty ? animation : nil
  }

  // MARK: Assets

  private mutating func decodeAssets(_ value: JSONValue, at path: Int, into animation: inout LottieAnimation) {
    guard case .array(let items) = value else {
      warn(path, "must be an array of assets; it is ignored")
      return
    }
    for (index, item) in items.enumerated() {
      let p = paths.child(path, index)
      guard case .object = item, let id = string(item["id"]) ?? integer(item["id"]).map(String.init) else {
        warn(p, "an asset needs an \"id\"; it is ignored")
        continue
      }
      if case .array(let layers)? = item["layers"] {
        let layersPath = paths.child(p, "layers")
        animation.precomps[id] = LottiePrecomp(layers: decodeLayers(layers, at: layersPath), path: layersPath)
      } else if item["p"] != nil {
        animation.images[id] = decodeImage(item, at: p)
      }
    }
  }

  // MARK: Layers

  mutating func decodeLayers(_ items: [JSONValue], at path: Int) -> [LottieLayer] {
    var layers: [LottieLayer] = []
    for (index, item) in items.enumerated() {
      let p = paths.child(path, index)
      layerCount += 1
      if layerCount > Limits.maximumLayers {
        if layerCount == Limits.maximumLayers + 1 {
          report(p, "the file has more than \(Limits.maximumLayers) layers (Limits.maximumLayers)")
        }
        return layers
      }
      if let layer = decodeLayer(item, at: p) { layers.append(layer) }
    }
    return layers
  }

  private mutating func decodeLayer(_ value: JSONValue, at path: Int) -> LottieLayer? {
    guard case .object = value else {
      warn(path, "must be a layer object (got \(value.compactDescription)); it is ignored")
      return nil
    }
    let type = integer(value["ty"]) ?? -1
    let name = string(value["nm"]) ?? "layer"
    let kind: LottieLayer.Kind
    switch type {
    case 0:
      let ref = string(value["refId"]) ?? ""
      var timeRemap: LottieProperty<[Double]>?
      if let tm = value["tm"] { timeRemap = property(tm, at: paths.child(path, "tm"), default: [0]) }
      kind = .precomp(ref: ref, width: number(value["w"], at: paths.child(path, "w"), default: 0),
                      height: number(value["h"], at: paths.child(path, "h"), default: 0), timeRemap: timeRemap)
    case 1:
      let color = string(value["sc"]).flatMap(LottieDecoder.color(hex:)) ?? .black
      kind = .solid(color: color, width: number(value["sw"], at: paths.child(path, "sw"), default: 0),
                    height: number(value["sh"], at: paths.child(path, "sh"), default: 0))
    case 2: kind = .image(ref: string(value["refId"]) ?? "")
    case 3: kind = .null
    case 4:
      let shapesPath = paths.child(path, "shapes")
      if case .array(let items)? = value["shapes"] {
        kind = .shape(decodeShapes(items, at: shapesPath))
      } else {
        kind = .shape([])
      }
    case 5: kind = .text(decodeText(value["t"], at: paths.child(path, "t")))
    case 13:
      unsupported(paths.child(path, "ty"), "a camera layer; the layers are drawn flat")
      kind = .other(type)
    default:
      if type != 6 { unsupported(paths.child(path, "ty"), "layer type \(type); it is not drawn") }
      kind = .other(type)
    }
    let is3D = integer(value["ddd"]) == 1
    let transform = decodeTransform(value["ks"], at: paths.child(path, "ks"), is3D: is3D)
    var masks: [LottieMask] = []
    if case .array(let items)? = value["masksProperties"] {
      let masksPath = paths.child(path, "masksProperties")
      for (index, item) in items.enumerated() {
        masks.append(decodeMask(item, at: paths.child(masksPath, index)))
      }
    }
    var fillEffect: LottieFillEffect?
    var dropShadow: LottieDropShadow?
    var tint: LottieTint?
    if case .array(let effects)? = value["ef"], !effects.isEmpty {
      let effectsPath = paths.child(path, "ef")
      for (index, effect) in effects.enumerated() {
        if integer(effect["en"]) == 0 || effect["en"] == .bool(false) { continue }
        if integer(effect["ty"]) == 21, fillEffect == nil {
          fillEffect = decodeFillEffect(effect, at: paths.child(effectsPath, index))
          continue
        }
        if integer(effect["ty"]) == 25, dropShadow == nil {
          dropShadow = decodeDropShadow(effect, at: paths.child(effectsPath, index))
          continue
        }
        if integer(effect["ty"]) == 20, tint == nil {
          let p = paths.child(effectsPath, index)
          tint = LottieTint(black: effectValue(effect, 0, at: p, default: [0, 0, 0, 1]),
                            white: effectValue(effect, 1, at: p, default: [1, 1, 1, 1]),
                            amount: effectValue(effect, 2, at: p, default: [100]), path: p)
          continue
        }
        let type = integer(effect["ty"]).map(String.init) ?? "?"
        let effectName = string(effect["nm"]).map { " (\"\($0)\")" } ?? ""
        unsupported(paths.child(effectsPath, index), "effect type \(type)\(effectName); the layer is drawn without it")
      }
    }
    if case .array(let styles)? = value["sy"], !styles.isEmpty {
      unsupported(paths.child(path, "sy"), "layer styles; the layer is drawn without them")
    }
    let stretch = number(value["sr"], at: paths.child(path, "sr"), default: 1)
    if stretch == 0 { warn(paths.child(path, "sr"), "a time stretch of 0 is read as 1") }
    var matteParent: Int?
    if value["tp"] != nil { matteParent = integer(value["tp"]) }
    return LottieLayer(
      kind: kind, name: name, index: integer(value["ind"]), parent: integer(value["parent"]), transform: transform,
      inPoint: number(value["ip"], at: paths.child(path, "ip"), default: -1e9),
      outPoint: number(value["op"], at: paths.child(path, "op"), default: 1e9),
      startTime: number(value["st"], at: paths.child(path, "st"), default: 0), timeStretch: stretch == 0 ? 1 : stretch,
      blendMode: integer(value["bm"]) ?? 0, is3D: is3D, autoOrient: integer(value["ao"]) == 1,
      isHidden: value["hd"] == .bool(true), masks: masks, matteMode: integer(value["tt"]) ?? 0,
      isMatteSource: integer(value["td"]).map { $0 != 0 } ?? false, matteParent: matteParent, path: path,
      fillEffect: fillEffect, dropShadow: dropShadow, tint: tint)
  }

  /// A Fill effect's colour (its third value) and opacity (its seventh), as
  /// lottie-web reads them; its mask selection, inversion and feathers are
  /// not drawn (lottie-web ignores them too).
  mutating func decodeFillEffect(_ effect: JSONValue, at path: Int) -> LottieFillEffect {
    let valuesPath = paths.child(path, "ef")
    var values: [JSONValue] = []
    if case .array(let items)? = effect["ef"] { values = items }
    for index in [0, 3] where index < values.count {
      if case .number(let k)? = values[index]["v"]?["k"], k != 0 {
        unsupported(paths.child(paths.child(valuesPath, index), "v"),
                    index == 0 ? "a Fill effect limited to one mask; the whole layer is filled"
                               : "an inverted Fill effect; the layer is filled as it is")
      }
    }
    return LottieFillEffect(color: effectValue(effect, 2, at: path, default: [1, 0, 0, 1]),
                            opacity: effectValue(effect, 6, at: path, default: [1]))
  }

  /// Value `index` of an effect's values (`ef[index].v`) as an animatable
  /// property, as lottie-web reads effect values by position; `fallback`
  /// when the effect has fewer values.
  mutating func effectValue(_ effect: JSONValue, _ index: Int, at path: Int,
                            default fallback: [Double]) -> LottieProperty<[Double]> {
    guard case .array(let values)? = effect["ef"], index >= 0, index < values.count else {
      return LottieProperty(fallback)
    }
    return property(values[index]["v"], at: paths.child(paths.child(paths.child(path, "ef"), index), "v"),
                    default: fallback)
  }

  /// A Drop Shadow effect's colour, opacity, direction, distance and
  /// softness (its first five values); "shadow only" (the sixth) is named
  /// when set, as lottie-web does not draw it either.
  mutating func decodeDropShadow(_ effect: JSONValue, at path: Int) -> LottieDropShadow {
    let valuesPath = paths.child(path, "ef")
    var values: [JSONValue] = []
    if case .array(let items)? = effect["ef"] { values = items }
    func value(_ index: Int, _ fallback: [Double]) -> LottieProperty<[Double]> {
      effectValue(effect, index, at: path, default: fallback)
    }
    if values.count > 5, case .number(let only)? = values[5]["v"]?["k"], only != 0 {
      unsupported(paths.child(paths.child(valuesPath, 5), "v"), "a shadow only drop shadow; the layer is drawn too")
    }
    return LottieDropShadow(color: value(0, [0, 0, 0, 1]), opacity: value(1, [127.5]), direction: value(2, [135]),
                            distance: value(3, [5]), softness: value(4, [0]))
  }

  /// A layer's `ks` or a group's `tr`.
  mutating func decodeTransform(_ value: JSONValue?, at path: Int, is3D: Bool = false) -> LottieTransform {
    var t = LottieTransform()
    t.path = path
    guard let value, case .object = value else { return t }
    t.anchor = property(value["a"], at: paths.child(path, "a"), default: [0, 0])
    if case .object? = value["p"], value["p"]?["s"] == .bool(true) {
      let p = paths.child(path, "p")
      t.position = nil
      t.positionX = property(value["p"]?["x"], at: paths.child(p, "x"), default: [0])
      t.positionY = property(value["p"]?["y"], at: paths.child(p, "y"), default: [0])
    } else {
      t.position = property(value["p"], at: paths.child(path, "p"), default: [0, 0])
    }
    t.scale = property(value["s"], at: paths.child(path, "s"), default: [100, 100])
    let rotationKey = value["r"] == nil && value["rz"] != nil ? "rz" : "r"
    t.rotation = property(value[rotationKey], at: paths.child(path, rotationKey), default: [0])
    t.opacity = property(value["o"], at: paths.child(path, "o"), default: [100])
    t.skew = property(value["sk"], at: paths.child(path, "sk"), default: [0])
    t.skewAxis = property(value["sa"], at: paths.child(path, "sa"), default: [0])
    // A 3D layer's turns about x and y, drawn without perspective as
    // lottie-web's SVG and canvas renderers and ThorVG draw them. A 2D
    // layer's are ignored (ThorVG reads them on 3D layers only).
    if is3D {
      var rotation = LottieRotation3D()
      var turns = false
      for key in ["rx", "ry", "or"] where value[key] != nil {
        let p = property(value[key], at: paths.child(path, key), default: key == "or" ? [0, 0, 0] : [0])
        if p.isAnimated || p.allValues.contains(where: { $0.contains { $0 != 0 } }) { turns = true }
        switch key {
        case "rx": rotation.x = p
        case "ry": rotation.y = p
        default: rotation.orientation = p
        }
      }
      if turns { t.rotation3D = rotation }
    }
    return t
  }

  private mutating func decodeMask(_ value: JSONValue, at path: Int) -> LottieMask {
    let mode = string(value["mode"]) ?? "a"
    if !["a", "s", "i", "l", "da", "f", "n"].contains(mode) {
      warn(paths.child(path, "mode"), "unknown mask mode \"\(mode)\"; it is read as add")
    }
    if let feather = value["f"] {
      let f = property(feather, at: paths.child(path, "f"), default: [0, 0])
      if f.allValues.contains(where: { $0.contains { $0 != 0 } }) {
        unsupported(paths.child(path, "f"), "mask feather; the mask has a hard edge")
      }
    }
    return LottieMask(mode: mode, isInverted: value["inv"] == .bool(true), shape: shapeProperty(value["pt"], at: paths.child(path, "pt")),
                      opacity: property(value["o"], at: paths.child(path, "o"), default: [100]),
                      expansion: property(value["x"], at: paths.child(path, "x"), default: [0]), path: path)
  }

  /// Precompositions that contain themselves, directly or through others, are errors.
  private mutating func checkPrecompCycles(_ animation: LottieAnimation) {
    // Depth-first over asset references with an explicit stack; each asset is finished once.
    var state: [String: Int] = [:]  // 1 on the stack, 2 done
    func references(_ layers: [LottieLayer]) -> [(String, Int)] {
      layers.compactMap { if case .precomp(let ref, _, _, _) = $0.kind { (ref, $0.path) } else { nil } }
    }
    for (id, _) in animation.precomps.sorted(by: { $0.key < $1.key }) where state[id] == nil {
      var stack: [(id: String, next: [(String, Int)], index: Int)] = [(id, references(animation.precomps[id]!.layers), 0)]
      state[id] = 1
      while !stack.isEmpty {
        let top = stack.count - 1
        if stack[top].index == stack[top].next.count {
          state[stack[top].id] = 2
          stack.removeLast()
          continue
        }
        let (ref, layerPath) = stack[top].next[stack[top].index]
        stack[top].index += 1
        guard let precomp = animation.precomps[ref] else { continue }
        switch state[ref] {
        case 1?:
          let chain = (stack.map(\.id).drop { $0 != ref } + [ref]).joined(separator: " → ")
          report(layerPath, "precomposition \"\(ref)\" contains itself (\(chain))")
          return
        case 2?: continue
        default:
          if stack.count >= Limits.maximumLottiePrecompDepth {
            report(layerPath, "precompositions nest more than \(Limits.maximumLottiePrecompDepth) deep "
              + "(Limits.maximumLottiePrecompDepth)")
            return
          }
          state[ref] = 1
          stack.append((ref, references(precomp.layers), 0))
        }
      }
    }
  }
}
