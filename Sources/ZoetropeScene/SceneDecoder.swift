// SPDX-License-Identifier: Apache-2.0
// Decodes a scene file (docs/scene-format.md) into a canvas and a model layer tree.

import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeImages
import ZoetropeLayers
import ZoetropeText
import ZoetropeTiming

/// Decodes scene files (format 1, docs/scene-format.md) into a ``Scene``: the same
/// model layers and animations the Swift API builds.
///
/// A scene is refused as a whole: every problem is collected and thrown in one
/// ``SceneError`` naming the file and each value's JSON path. Nothing about the
/// input — depth, size, bytes — can crash the decoder.
///
///     let scene = try SceneDecoder.decode(contentsOf: "scene.json")
public struct SceneDecoder {
  /// The file formats a scene can be written in.
  public enum Format: Sendable {
    /// JSON (RFC 8259).
    case json
    /// YAML with the same structure.
    case yaml

    /// YAML for `.yaml`/`.yml` names, JSON otherwise.
    public init(fileName: String) {
      let lower = fileName.lowercased()
      self = lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") ? .yaml : .json
    }
  }

  /// Things the decoder accepts but that may not be what the user meant (key
  /// times ignored for their mode, a key used twice on one layer, …).
  var warnings: [SceneIssue] = []
  var issues: [SceneIssue] = []
  /// The animations added directly to layers, for ``advice(for:explicitDuration:)``.
  var addedAnimations: [AddedAnimation] = []
  var paths = JSONPathArena()
  /// Names seen so far, with the path of the layer that has each.
  var names: [String: Int] = [:]
  /// Every replicator decoded, with its path (for the copy budget).
  var replicatorPaths: [(layer: Layer, path: Int)] = []
  /// Every emitter layer decoded, with its JSON path (for the particle budget).
  var emitterPaths: [(layer: Layer, path: Int)] = []
  /// Every emitter cell decoded, with its name and JSON path.
  var cellPaths: [(name: String?, path: Int)] = []
  /// How many layers (masks included) were decoded so far, against ``Limits/maximumLayers``.
  var decodedLayerCount = 0
  /// Decodes the scene's image files, each once, within one memory budget.
  let images: ImageLoader
  /// The folder relative paths of the files a scene names (images, fonts) start from.
  let baseFolder: String
  /// What system colours mean: the canvas's `appearance`.
  var appearance = Appearance.light
  /// Whether the canvas gave a duration.
  var explicitDuration = false
  /// The files the scene references that the decoder has read, for ``Scene/sourceFiles``.
  var sourceFiles: [String] = []
  /// Every font the scene names, with the file it resolved to.
  var fonts: [SceneFont] = []
  /// Canvas side limit in pixels (``Limits/maximumPixelsPerSide``).
  public static let maximumPixelsPerSide = Limits.maximumPixelsPerSide
  /// The longest clip accepted, seconds (``Limits/maximumDuration``).
  public static let maximumDuration: Double = Limits.maximumDuration
  /// The deepest animation group nesting accepted (``Limits/maximumGroupDepth``).
  public static let maximumGroupDepth = Limits.maximumGroupDepth

  init(images: ImageLoader = ImageLoader(), baseFolder: String = ".") {
    self.images = images
    self.baseFolder = baseFolder
  }

  /// Decodes scene bytes. `fileName` names the file in errors and picks the
  /// format. Image paths (`contents`) are relative to `baseFolder`, or to
  /// `fileName`'s folder when it is `nil` (the current folder for a bare
  /// name); every image is decoded now, within `imageLimits`.
  public static func decode(_ bytes: [UInt8], fileName: String, format: Format? = nil, baseFolder: String? = nil,
                            imageLimits: ImageDecodingLimits = .standard) throws(SceneError) -> Scene {
    try decode(bytes, fileName: fileName, format: format, baseFolder: baseFolder,
               images: ImageLoader(limits: imageLimits))
  }

  /// ``decode(_:fileName:format:baseFolder:imageLimits:)`` decoding images through `images`.
  package static func decode(_ bytes: [UInt8], fileName: String, format: Format? = nil, baseFolder: String? = nil,
                             images: ImageLoader) throws(SceneError) -> Scene {
    let format = format ?? Format(fileName: fileName)
    let document: JSONValue
    do throws(JSONReadError) {
      switch format {
      case .json:
        document = try JSONReader.parse(bytes)
      case .yaml:
        guard let text = String(validating: bytes, as: UTF8.self) else {
          throw JSONReadError(message: "the file is not valid UTF-8", line: 1, column: 1)
        }
        document = try YAMLReader.parse(text)
      }
    } catch {
      throw SceneError(file: fileName, issues: [SceneIssue(path: "", message: error.description)])
    }
    var decoder = SceneDecoder(images: images, baseFolder: baseFolder ?? SceneDecoder.folder(of: fileName))
    let scene = decoder.decodeDocument(document)
    JSONValue.dismantle(consume document)
    guard decoder.issues.isEmpty, let scene else {
      var error = SceneError(file: fileName, issues: decoder.issues)
      error.sourceFiles = decoder.sourceFiles
      throw error
    }
    scene.decodingWarnings = decoder.warnings
    scene.sourceFiles = decoder.sourceFiles
    scene.advice = decoder.advice(for: scene.canvas, explicitDuration: decoder.explicitDuration)
    scene.fonts = decoder.fonts
    return scene
  }

  /// Reads and decodes a scene file; image paths are relative to its folder.
  /// Unreadable files are reported as a ``SceneError`` with the operating system's reason.
  public static func decode(contentsOf fileName: String, format: Format? = nil,
                            imageLimits: ImageDecodingLimits = .standard) throws(SceneError) -> Scene {
    try decode(contentsOf: fileName, format: format, images: ImageLoader(limits: imageLimits))
  }

  /// ``decode(contentsOf:format:imageLimits:)`` decoding images through `images`.
  package static func decode(contentsOf fileName: String, format: Format? = nil,
                             images: ImageLoader) throws(SceneError) -> Scene {
    func withSceneFileFirst(_ files: [String]) -> [String] { [fileName] + files.filter { $0 != fileName } }
    let bytes: [UInt8]
    do {
      bytes = try FileBytes.read(fileName)
    } catch {
      var error = SceneError(file: fileName, issues: [SceneIssue(path: "", message: "cannot read the file: \(error)")])
      error.sourceFiles = [fileName]
      throw error
    }
    let scene: Scene
    do {
      scene = try decode(bytes, fileName: fileName, format: format, images: images)
    } catch {
      var error = error
      error.sourceFiles = withSceneFileFirst(error.sourceFiles)
      throw error
    }
    scene.sourceFiles = withSceneFileFirst(scene.sourceFiles)
    return scene
  }

  /// Records that decoding read the file at `path` (an image, a font), so
  /// that ``Scene/sourceFiles`` lists it; a path recorded before is not
  /// listed twice. Every decoder that opens a file the scene names calls this,
  /// whether or not the read succeeds (a tool watching the scene then notices
  /// when a missing file appears).
  mutating func noteSourceFile(_ path: String) {
    if !sourceFiles.contains(path) { sourceFiles.append(path) }
  }

  // MARK: Reporting

  /// Records a problem at `path`.
  mutating func report(_ path: Int, _ message: String) {
    issues.append(SceneIssue(path: paths.render(path), message: message))
  }

  /// Records a warning at `path`.
  mutating func warn(_ path: Int, _ message: String) {
    warnings.append(SceneIssue(path: paths.render(path), message: message))
  }

  /// The members of an object whose keys are all allowed (or start with `x-`);
  /// reports unknown keys, missing required ones, and a value that is not an object.
  /// A key in `unsupported` is reported as a Core Animation property not supported yet.
  mutating func checkKeys(_ value: JSONValue, at path: Int, allowed: Set<String>, required: [String] = [],
                          unsupported: Set<String> = [], what: String,
                          hint: (String) -> String? = { _ in nil }) -> [JSONMember]? {
    guard case .object(let members) = value else {
      report(path, "must be \(what), an object (got \(value.compactDescription))")
      return nil
    }
    var ok = true
    for member in members where !allowed.contains(member.key) && !member.key.hasPrefix("x-") {
      ok = false
      if unsupported.contains(member.key) {
        report(paths.child(path, member.key), SceneDecoder.notSupportedYet(member.key))
        continue
      }
      let extra = hint(member.key) ?? SceneDecoder.hint(forUnknownKey: member.key, among: allowed)
      report(paths.child(path, member.key), "unknown key in \(what)\(extra)")
    }
    for key in required where !members.contains(where: { $0.key == key }) {
      report(path, "\(what) needs \"\(key)\"")
      ok = false
    }
    return ok ? members : nil
  }

  /// The message for a Core Animation property that Zoetrope does not support yet.
  static func notSupportedYet(_ key: String) -> String {
    "\"\(key)\" is a Core Animation property Zoetrope does not support yet"
  }

  /// ` (did you mean "x"?)` for the closest candidate within a small edit distance.
  static func suggestion(for word: String, among candidates: [String]) -> String {
    var best: (String, Int)?
    let lowered = Array(word.lowercased().utf8)
    for candidate in candidates {
      let d = FontLibrary.editDistance(lowered, Array(candidate.lowercased().utf8))
      if d <= Swift.max(1, word.count / 3), d < (best?.1 ?? Int.max) { best = (candidate, d) }
    }
    return best.map { " (did you mean \"\($0.0)\"?)" } ?? ""
  }

  /// A Core Animation constant with its prefix removed: `kCAFillModeForwards` →
  /// `forwards`, `CAShapeLayer` → `shape`-style names are handled by callers.
  static func constantName(_ s: String, prefixes: [String]) -> String {
    for prefix in prefixes where s.hasPrefix(prefix) && s.count > prefix.count {
      let rest = s.dropFirst(prefix.count)
      return rest.prefix(1).lowercased() + rest.dropFirst()
    }
    return s
  }

  // MARK: Document

  /// The whole document; `nil` when it has errors.
  mutating func decodeDocument(_ document: JSONValue) -> Scene? {
    _ = checkKeys(document, at: JSONPathArena.root, allowed: SceneDecoder.documentKeys, required: ["canvas"],
                  what: "a scene document")
    guard case .object = document else { return nil }
    // Go on after a problem, to report everything wrong in one pass.
    return decodeParts(document)
  }

  private mutating func decodeParts(_ document: JSONValue) -> Scene? {
    let root = JSONPathArena.root
    if let version = document["zoetrope"] {
      let path = paths.child(root, "zoetrope")
      if let v = number(version, at: path), v != 1 {
        report(path, "unsupported format version \(SceneDecoder.format(v)); this Zoetrope reads format 1")
      }
    }
    var canvas = Canvas(width: 1, height: 1)
    if let value = document["canvas"] {
      (canvas, explicitDuration) = decodeCanvas(value, at: paths.child(root, "canvas"))
    }
    let rootLayer = Scene.makeRoot(for: canvas)
    if let rootValue = document["root"] {
      decodeRootLayer(rootValue, into: rootLayer, at: paths.child(root, "root"))
    }
    if let layers = document["layers"] {
      let layersPath = paths.child(root, "layers")
      if case .array(let items) = layers {
        decodeLayers(items, under: rootLayer, at: layersPath)
      } else {
        report(layersPath, "must be an array of layers (got \(layers.compactDescription))")
      }
    }
    checkReplicatorBudget(rootLayer)
    for (layer, path) in emitterPaths {
      if let emitter = layer as? EmitterLayer {
        checkParticleBudget(emitter, at: path, clipDuration: explicitDuration ? canvas.duration : SceneDecoder.maximumDuration)
      }
    }
    guard issues.isEmpty else { return nil }
    if !explicitDuration {
      // The end of the last finite animation, within (0, a day].
      canvas.duration = LayerTree(root: rootLayer).lastAnimationEnd.map { Swift.max($0, 0) } ?? 1
      if !(canvas.duration > 0) { canvas.duration = 1 }
      canvas.duration = Swift.min(canvas.duration, SceneDecoder.maximumDuration)
    }
    return Scene(canvas: canvas, root: rootLayer)
  }

  /// The canvas object; returns whether `duration` was given.
  private mutating func decodeCanvas(_ value: JSONValue, at path: Int) -> (Canvas, Bool) {
    var canvas = Canvas(width: 1, height: 1)
    var explicitDuration = false
    guard let members = checkKeys(value, at: path, allowed: SceneDecoder.canvasKeys, required: ["width", "height"],
                                  what: "the canvas")
    else { return (canvas, false) }
    let positive = Double.leastNonzeroMagnitude...Double.greatestFiniteMagnitude
    // The appearance first: it decides what every system colour means, the background's too.
    if let member = members.first(where: { $0.key == "appearance" }),
      let appearance = enumeration(member.value, at: paths.child(path, member.key), Appearance.self, prefixes: [])
    {
      canvas.appearance = appearance
      self.appearance = appearance
    }
    for member in members {
      let p = paths.child(path, member.key)
      switch member.key {
      case "width": if let v = number(member.value, at: p, in: positive) { canvas.width = v }
      case "height": if let v = number(member.value, at: p, in: positive) { canvas.height = v }
      case "scale": if let v = number(member.value, at: p, in: positive) { canvas.scale = v }
      case "duration":
        if let v = number(member.value, at: p, in: Double.leastNonzeroMagnitude...SceneDecoder.maximumDuration) {
          canvas.duration = v
          explicitDuration = true
        }
      case "background": if let c = color(member.value, at: p) { canvas.background = c }
      case "fps": if let rate = frameRate(member.value, at: p) { canvas.frameRate = rate }
      default: break
      }
    }
    let limit = Double(SceneDecoder.maximumPixelsPerSide)
    for (side, points) in [("width", canvas.width), ("height", canvas.height)] {
      let pixels = points * canvas.scale
      if pixels > limit || pixels.rounded() < 1 {
        report(paths.child(path, side), "\(side) × scale must give 1…\(SceneDecoder.maximumPixelsPerSide) pixels "
          + "(got \(SceneDecoder.format(pixels)))")
      }
    }
    return (canvas, explicitDuration)
  }

  /// `30`, `29.97` or `"30000/1001"`.
  /// A frame rate within ``Limits/frameRates``: a number (to a thousandth)
  /// or a ratio of positive integers.
  private mutating func frameRate(_ value: JSONValue, at path: Int) -> FrameRate? {
    switch value {
    case .number(let v) where Limits.frameRates.contains(v):
      if v == v.rounded() { return FrameRate(Int(v)) }
      var numerator = Int((v * 1000).rounded()), denominator = 1000
      let g = SceneDecoder.gcd(numerator, denominator)
      numerator /= g
      denominator /= g
      return FrameRate(numerator: numerator, denominator: denominator)
    case .string(let s):
      let parts = s.split(separator: "/", omittingEmptySubsequences: false)
      if parts.count == 2, let n = Int(parts[0].trimmingSpaces), let d = Int(parts[1].trimmingSpaces),
        n > 0, d > 0, Limits.frameRates.contains(Double(n) / Double(d))
      {
        return FrameRate(numerator: n, denominator: d)
      }
    default: break
    }
    report(path, "must be a frame rate in 0.001…1000: a number or a ratio such as \"30000/1001\" "
      + "(got \(value.compactDescription))")
    return nil
  }

  static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? Swift.max(a, 1) : gcd(b, a % b) }
}
