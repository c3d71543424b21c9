// SPDX-License-Identifier: Apache-2.0
// The presentation of a scene at an instant as JSON, the output of `zoetrope inspect`.

import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers

/// Writes presentation trees as the JSON of `zoetrope inspect`: one object per
/// instant, `{"time": T, "layers": [{"name", "path", "localTime", "properties"}]}`,
/// layers in pre-order with the root left out (a layer, its mask, then its
/// sublayers), numbers at full double precision (shortest round-trip form;
/// non-finite numbers as `null`).
///
/// Inside a replicator every copy of every sublayer is listed, copy after
/// copy, with `"instance": k` (its copy index in the innermost replicator)
/// and, inside nested replicators, `"instancePath": [outer, …, inner]`. An
/// emitter has its cells' values in `properties` and, after them,
/// `"particles": [{"cell", "name", "alive"}]`: how many particles of each
/// cell, sub-cells included, are alive. A layer in the middle of a
/// transition shows the new state's values, then `"transition": {"type",
/// "subtype", "progress"}`: the transition running (its subtype `fromLeft`
/// when it has none) and its progress through the timing function, 0…1.
public struct Inspection {
  /// The snapshot being inspected.
  public let tree: LayerTree
  /// An inspection of `tree`, whose root is the scene's root layer.
  public init(_ tree: LayerTree) { self.tree = tree }

  /// The scene path of node `index`: `layers[i]` under the root, then
  /// `.sublayers[j]` or `.mask` per level; `root` for node 0.
  public func scenePath(of index: Int) -> String {
    var parts: [String] = []
    var current = index
    while current > 0 {
      let node = tree.nodes[current]
      parts.append(node.isMask ? "mask" : "sublayers[\(node.indexInParent)]")
      current = node.parent
    }
    guard let first = parts.popLast() else { return "root" }
    var text = first.hasPrefix("sublayers") ? "layers" + first.dropFirst("sublayers".count) : "root." + first
    while let part = parts.popLast() { text += "." + part }
    return text
  }

  /// One line of JSON for `presentation`, limited to the nodes in `indexes`
  /// (every copy of each; all layers but the root when `nil`).
  public func json(for presentation: PresentationTree, indexes: [Int]? = nil) -> String {
    var out = "{\"time\": " + Inspection.number(presentation.time) + ", \"layers\": ["
    let wanted = indexes.map(Set.init)
    var first = true
    for entry in Inspection.entriesInPreOrder(presentation).dropFirst() {
      let index = presentation.layers[entry].node
      if let wanted, !wanted.contains(index) { continue }
      if !first { out += ", " }
      first = false
      let node = tree.nodes[index]
      out += "{"
      if let name = node.name { out += "\"name\": " + Inspection.string(name) + ", " }
      out += "\"path\": " + Inspection.string(scenePath(of: index))
      let copies = presentation.copyPath(of: entry)
      if let innermost = copies.last {
        out += ", \"instance\": \(innermost)"
        if copies.count > 1 { out += ", \"instancePath\": [" + copies.map(String.init).joined(separator: ", ") + "]" }
      }
      out += ", \"localTime\": " + Inspection.number(presentation.layers[entry].localTime)
      let shown = presentation.shownEntry(of: entry)
      out += ", \"properties\": " + Inspection.properties(presentation.layers[shown].properties)
      if let census = Inspection.particleCensus(presentation, entry: shown) { out += ", \"particles\": " + census }
      if case .between(let frame) = presentation.transitionShown(of: entry) {
        out += ", \"transition\": {\"type\": " + Inspection.string(frame.type.rawValue) + ", \"subtype\": "
          + Inspection.string(frame.subtype.rawValue) + ", \"progress\": " + Inspection.number(frame.progress) + "}"
      }
      out += "}"
    }
    return out + "]}"
  }

  /// Every entry of `presentation` in pre-order: a layer, its mask's
  /// subtree, then its sublayers' subtrees in sublayer order — for a
  /// replicator, copy 0's sublayers, then copy 1's, …
  static func entriesInPreOrder(_ presentation: PresentationTree) -> [Int] {
    var order: [Int] = []
    order.reserveCapacity(presentation.layers.count)
    var stack = [0]
    while let entry = stack.popLast() {
      order.append(entry)
      let node = presentation.structure.nodes[presentation.layers[entry].node]
      var children: [Int] = []
      if node.kind == .replicator {
        for copy in presentation.copies(of: entry) { children += copy.sublayers.sorted() }
      } else {
        children = presentation.sublayersInPaintOrder(of: entry).sorted()
      }
      if let mask = presentation.mask(of: entry) { children.insert(mask, at: 0) }
      stack += children.reversed()
    }
    return order
  }

  /// The properties object, with the scene format's names (docs/scene-format.md).
  static func properties(_ p: LayerProperties) -> String {
    var fields: [(String, String)] = [
      ("position", numbers([p.position.x, p.position.y])),
      ("bounds", rect(p.bounds)),
      ("anchorPoint", numbers([p.anchorPoint.x, p.anchorPoint.y])),
      ("zPosition", number(p.zPosition)),
      ("opacity", number(p.opacity)),
      ("hidden", p.isHidden ? "true" : "false"),
      ("backgroundColor", color(p.backgroundColor)),
      ("cornerRadius", number(p.cornerRadius)),
      ("borderWidth", number(p.borderWidth)),
      ("borderColor", color(p.borderColor)),
      ("masksToBounds", p.masksToBounds ? "true" : "false"),
      ("transform", numbers(p.transform.values)),
      ("sublayerTransform", numbers(p.sublayerTransform.values)),
    ]
    if let s = p.shape {
      fields += [
        ("path", s.path.map { string($0.svgPathData) } ?? "null"),
        ("fillColor", color(s.fillColor)),
        ("fillRule", string(s.fillRule.rawValue)),
        ("strokeColor", color(s.strokeColor)),
        ("lineWidth", number(s.lineWidth)),
        ("lineCap", string(s.lineCap.rawValue)),
        ("lineJoin", string(s.lineJoin.rawValue)),
        ("miterLimit", number(s.miterLimit)),
        ("lineDashPattern", s.lineDashPattern.map(numbers) ?? "null"),
        ("lineDashPhase", number(s.lineDashPhase)),
        ("strokeStart", number(s.strokeStart)),
        ("strokeEnd", number(s.strokeEnd)),
        ("pathBounds", s.path.map { rect($0.boundingBoxOfPath) } ?? "null"),
      ]
    }
    if let g = p.gradient {
      fields += [
        ("colors", g.colors.map { "[" + $0.map { color($0) }.joined(separator: ", ") + "]" } ?? "null"),
        ("locations", g.locations.map(numbers) ?? "null"),
        ("startPoint", numbers([g.startPoint.x, g.startPoint.y])),
        ("endPoint", numbers([g.endPoint.x, g.endPoint.y])),
        ("gradientType", string(g.type.rawValue)),
      ]
      if let f = g.focalPoint { fields.append(("focalPoint", numbers([f.x, f.y]))) }
    }
    if let t = p.text { fields += textFields(t) + lineFields(p) }
    fields += contentsFields(p)
    fields += compositingFields(p)
    fields += emitterFields(p)
    return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
  }

  /// A number at full precision; `null` when not finite.
  package static func number(_ v: Double) -> String {
    guard v.isFinite else { return "null" }
    if v == 0 { return "0" }
    if v == v.rounded(), Swift.abs(v) < 1e15 { return String(Int(v)) }
    return String(v)
  }

  static func numbers(_ list: [Double]) -> String {
    "[" + list.map(number).joined(separator: ", ") + "]"
  }

  /// A rectangle as `[x, y, width, height]`.
  static func rect(_ r: Rect) -> String {
    numbers([r.origin.x, r.origin.y, r.size.width, r.size.height])
  }

  static func color(_ c: Color?) -> String {
    guard let c else { return "null" }
    return numbers([c.red, c.green, c.blue, c.alpha])
  }

  /// `s` as a JSON string literal: quotes, backslashes and control
  /// characters escaped (`\n`, `\r`, `\t`, the others as `\u00XX`), every
  /// other character as it is. The package's one JSON string escaper
  /// (inspection lines, the schema, `compare --json`, the fuzzing harnesses).
  package static func string(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
