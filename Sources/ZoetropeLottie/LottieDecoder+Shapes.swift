// SPDX-License-Identifier: Apache-2.0
// Reading a shape layer's items: groups, geometry, paints and modifiers.

import ZoetropeGeometry
import ZoetropeScene

extension LottieDecoder {
  /// The items of `shapes` or a group's `it`, in file order. Nesting is
  /// followed with an explicit stack of pending groups, so no depth of
  /// groups can overflow the call stack.
  mutating func decodeShapes(_ items: [JSONValue], at path: Int) -> [LottieShapeItem] {
    // Each frame: the group's items still to read, where it is, and what was read.
    struct Pending {
      var items: [JSONValue]
      var path: Int
      var next = 0
      var decoded: [LottieShapeItem] = []
      /// The group item (its JSON and path) this list belongs to; nil for the top list.
      var group: (value: JSONValue, path: Int)?
    }
    var stack = [Pending(items: items, path: path)]
    while true {
      let top = stack.count - 1
      if stack[top].next == stack[top].items.count {
        let done = stack.removeLast()
        guard let group = done.group else { return done.decoded }
        stack[stack.count - 1].decoded.append(finishGroup(group.value, items: done.decoded, at: group.path))
        continue
      }
      let index = stack[top].next
      stack[top].next += 1
      let value = stack[top].items[index]
      let p = paths.child(stack[top].path, index)
      if string(value["ty"]) == "gr" {
        if stack.count > 256 {
          report(p, "shape groups nest more than 256 deep")
          continue
        }
        var children: [JSONValue] = []
        if case .array(let it)? = value["it"] { children = it }
        stack.append(Pending(items: children, path: paths.child(p, "it"), group: (value, p)))
        continue
      }
      if let item = decodeShapeItem(value, at: p) { stack[top].decoded.append(item) }
    }
  }

  /// A group from its decoded items: the last `tr` item is its transform.
  private mutating func finishGroup(_ value: JSONValue, items: [LottieShapeItem], at path: Int) -> LottieShapeItem {
    var transform = LottieTransform()
    var contents = items
    if let last = contents.lastIndex(where: { $0.type == "tr" }), case .array(let raw)? = value["it"] {
      // Find the JSON of that transform item again (the decoded list may have skipped items).
      let itPath = paths.child(path, "it")
      if let rawIndex = raw.lastIndex(where: { string($0["ty"]) == "tr" }) {
        transform = decodeTransform(raw[rawIndex], at: paths.child(itPath, rawIndex))
      }
      contents.remove(at: last)
    }
    _ = shapeBlendMode(value, at: path, drawn: false)
    return LottieShapeItem(kind: .group(contents, .transform(transform)), isHidden: value["hd"] == .bool(true), type: "gr", path: path)
  }

  private mutating func decodeShapeItem(_ value: JSONValue, at path: Int) -> LottieShapeItem? {
    guard case .object = value, let type = string(value["ty"]) else {
      warn(path, "must be a shape item with a \"ty\"; it is ignored")
      return nil
    }
    func prop(_ key: String, _ fallback: [Double]) -> LottieProperty<[Double]> {
      property(value[key], at: paths.child(path, key), default: fallback)
    }
    let kind: LottieShapeItem.Kind
    switch type {
    case "sh":
      var shape = shapeProperty(value["ks"], at: paths.child(path, "ks"))
      if value["closed"] == .bool(true) {
        // Old exporters (bodymovin 3) say on the item that its path is closed.
        shape.constant.isClosed = true
        for i in shape.keyframes.indices {
          shape.keyframes[i].value.isClosed = true
          shape.keyframes[i].end?.isClosed = true
        }
      }
      kind = .path(shape)
    case "rc": kind = .rectangle(position: prop("p", [0, 0]), size: prop("s", [0, 0]), roundness: prop("r", [0]))
    case "el": kind = .ellipse(position: prop("p", [0, 0]), size: prop("s", [0, 0]))
    case "sr":
      kind = .polystar(LottiePolystar(
        isStar: integer(value["sy"]) != 2, position: prop("p", [0, 0]), points: prop("pt", [5]),
        rotation: prop("r", [0]), outerRadius: prop("or", [0]), outerRoundness: prop("os", [0]),
        innerRadius: prop("ir", [0]), innerRoundness: prop("is", [0])))
    case "fl", "st", "gf", "gs":
      kind = .paint(decodePaint(value, type: type, at: path))
    case "tm":
      kind = .trim(start: prop("s", [0]), end: prop("e", [100]), offset: prop("o", [0]),
                   individually: integer(value["m"]) == 2)
    case "rd": kind = .roundCorners(prop("r", [0]))
    case "rp":
      var repeaterTransform = LottieTransform()
      let trPath = paths.child(path, "tr")
      if let tr = value["tr"] { repeaterTransform = decodeTransform(tr, at: trPath) }
      kind = .repeater(LottieRepeater(
        copies: prop("c", [1]), offset: prop("o", [0]), composite: integer(value["m"]) ?? 1,
        transform: repeaterTransform,
        startOpacity: property(value["tr"]?["so"], at: paths.child(trPath, "so"), default: [100]),
        endOpacity: property(value["tr"]?["eo"], at: paths.child(trPath, "eo"), default: [100])))
    case "mm":
      let mode = integer(value["mm"]) ?? 1
      kind = .mergePaths(mode: mode)
    case "tr": kind = .ignored
    default:
      let names = ["op": "offset path", "pb": "pucker and bloat", "tw": "twist", "zz": "zig zag", "gr": "group"]
      unsupported(paths.child(path, "ty"), "shape item \"\(type)\"\(names[type].map { " (\($0))" } ?? ""); it is ignored")
      kind = .ignored
    }
    return LottieShapeItem(kind: kind, direction: integer(value["d"]), isHidden: value["hd"] == .bool(true),
                           type: type, path: path)
  }

  private mutating func decodePaint(_ value: JSONValue, type: String, at path: Int) -> LottiePaint {
    func prop(_ key: String, _ fallback: [Double]) -> LottieProperty<[Double]> {
      property(value[key], at: paths.child(path, key), default: fallback)
    }
    let source: LottiePaint.Source
    if type == "gf" || type == "gs" {
      let gPath = paths.child(path, "g")
      let stopCount = integer(value["g"]?["p"]) ?? 0
      let stops = property(value["g"]?["k"], at: paths.child(gPath, "k"), default: [])
      source = .gradient(LottieGradient(
        isRadial: integer(value["t"]) == 2, start: prop("s", [0, 0]), end: prop("e", [0, 0]),
        highlightLength: prop("h", [0]), highlightAngle: prop("a", [0]), colorStopCount: Swift.max(0, stopCount),
        stops: stops))
    } else {
      source = .color(prop("c", [0, 0, 0, 1]))
    }
    var stroke: LottieStroke?
    if type == "st" || type == "gs" {
      let caps: [Int: LineCap] = [1: .butt, 2: .round, 3: .square]
      let joins: [Int: LineJoin] = [1: .miter, 2: .round, 3: .bevel]
      var dashes: [LottieProperty<[Double]>] = []
      var dashOffset: LottieProperty<[Double]>?
      if case .array(let items)? = value["d"] {
        let dPath = paths.child(path, "d")
        for (index, item) in items.enumerated() {
          let p = paths.child(paths.child(dPath, index), "v")
          if string(item["n"]) == "o" {
            dashOffset = property(item["v"], at: p, default: [0])
          } else {
            dashes.append(property(item["v"], at: p, default: [0]))
          }
        }
      }
      stroke = LottieStroke(width: prop("w", [1]), cap: caps[integer(value["lc"]) ?? 2] ?? .round,
                            join: joins[integer(value["lj"]) ?? 2] ?? .round,
                            miterLimit: number(value["ml"], at: paths.child(path, "ml"), default: 4),
                            dashes: dashes, dashOffset: dashOffset)
    }
    return LottiePaint(source: source, opacity: prop("o", [100]), stroke: stroke, evenOdd: integer(value["r"]) == 2,
                       blendMode: shapeBlendMode(value, at: path, drawn: true))
  }

  /// A shape item's blend mode (`bm`): 0 for normal. A paint's modes 1–15
  /// are drawn (its layer's `compositingFilter`); any other, and any on a
  /// group, is named and drawn normally.
  mutating func shapeBlendMode(_ value: JSONValue, at path: Int, drawn: Bool) -> Int {
    guard let bm = integer(value["bm"]), bm != 0 else { return 0 }
    if !drawn || !(1...15).contains(bm) {
      unsupported(paths.child(path, "bm"), "blend mode \(bm) on a\(drawn ? " paint" : " group") inside a shape layer; "
        + "drawn as normal")
      return 0
    }
    return bm
  }
}
