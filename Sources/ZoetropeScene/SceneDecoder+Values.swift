// SPDX-License-Identifier: Apache-2.0
// Decoding the value types of scene files (docs/scene-format.md): numbers, points, colours, transforms, paths.

import ZoetropeAnimation
import ZoetropeGeometry

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension SceneDecoder {
  /// A finite number, or `nil` after reporting. `range` bounds are inclusive.
  mutating func number(_ value: JSONValue, at path: Int, in range: ClosedRange<Double>? = nil,
                       isAngle: Bool = false) -> Double? {
    var result: Double?
    switch value {
    case .number(let v): result = v
    case .string(let s) where isAngle:
      if s.hasSuffix("deg"), let degrees = Double(s.dropLast(3).trimmingSpaces), degrees.isFinite {
        result = degrees * Double.pi / 180
      } else {
        report(path, "must be an angle: radians, or a string such as \"90deg\" (got \(value.compactDescription))")
        return nil
      }
    default:
      report(path, "must be \(isAngle ? "an angle (radians, or \"90deg\")" : "a number") (got \(value.compactDescription))")
      return nil
    }
    guard let v = result, v.isFinite else {
      report(path, "must be a finite number")
      return nil
    }
    if let range, !range.contains(v) {
      report(path, "must be \(describe(range)) (got \(value.compactDescription))")
      return nil
    }
    return v
  }

  /// A boolean, or `nil` after reporting.
  mutating func bool(_ value: JSONValue, at path: Int) -> Bool? {
    guard case .bool(let b) = value else {
      report(path, "must be true or false (got \(value.compactDescription))")
      return nil
    }
    return b
  }

  /// A string, or `nil` after reporting.
  mutating func string(_ value: JSONValue, at path: Int) -> String? {
    guard case .string(let s) = value else {
      report(path, "must be a string (got \(value.compactDescription))")
      return nil
    }
    return s
  }

  /// A fixed-length array of finite numbers; every entry that is not one is
  /// reported at its own index.
  mutating func numbers(_ value: JSONValue, at path: Int, count: Int, what: String) -> [Double]? {
    guard case .array(let items) = value, items.count == count else {
      report(path, "must be \(what) (got \(value.compactDescription))")
      return nil
    }
    var result: [Double] = []
    for (i, item) in items.enumerated() {
      if let v = number(item, at: paths.child(path, i)) { result.append(v) }
    }
    return result.count == count ? result : nil
  }

  /// An array of finite numbers of any length.
  mutating func numberList(_ value: JSONValue, at path: Int, in range: ClosedRange<Double>? = nil) -> [Double]? {
    guard case .array(let items) = value else {
      report(path, "must be an array of numbers (got \(value.compactDescription))")
      return nil
    }
    var result: [Double] = []
    var ok = true
    for (i, item) in items.enumerated() {
      if let v = number(item, at: paths.child(path, i), in: range) { result.append(v) } else { ok = false }
    }
    return ok ? result : nil
  }

  /// `[x, y]`.
  mutating func point(_ value: JSONValue, at path: Int) -> Point? {
    numbers(value, at: path, count: 2, what: "a point [x, y]").map { Point(x: $0[0], y: $0[1]) }
  }

  /// `[width, height]`.
  mutating func size(_ value: JSONValue, at path: Int) -> Size? {
    numbers(value, at: path, count: 2, what: "a size [width, height]").map { Size(width: $0[0], height: $0[1]) }
  }

  /// `[x, y, width, height]`.
  mutating func rect(_ value: JSONValue, at path: Int) -> Rect? {
    numbers(value, at: path, count: 4, what: "a rect [x, y, width, height]").map {
      Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3])
    }
  }

  /// A colour: `"#RGB"`, `"#RRGGBB"`, `"#RRGGBBAA"`, a UIKit name, a UIKit
  /// system colour in the canvas's appearance, or `[r, g, b]` / `[r, g, b, a]`
  /// with components in 0…1.
  mutating func color(_ value: JSONValue, at path: Int) -> Color? {
    switch value {
    case .string(let s):
      if s.hasPrefix("#") {
        if let c = Color(hex: s) { return c }
        report(path, "must be a colour \"#RGB\", \"#RRGGBB\" or \"#RRGGBBAA\" with hexadecimal digits (got \"\(s)\")")
        return nil
      }
      if let c = Color.named(s) ?? Color.system(s, appearance: appearance) { return c }
      let suggestion = SceneDecoder.suggestion(for: s, among: Color.namedColorNames + Color.systemColorNames)
      report(path, "unknown colour name \"\(s)\"\(suggestion); use \"#RRGGBB\", [r, g, b, a], one of "
        + Color.namedColorNames.joined(separator: ", ") + ", or a system colour such as \"systemBlue\", \"label\" or "
        + "\"systemBackground\" (docs/scene-format.md lists them)")
      return nil
    case .array(let items) where items.count == 3 || items.count == 4:
      var components: [Double] = []
      for (i, item) in items.enumerated() {
        guard let v = number(item, at: paths.child(path, i), in: 0...1) else { return nil }
        components.append(v)
      }
      return Color(red: components[0], green: components[1], blue: components[2],
                   alpha: components.count == 4 ? components[3] : 1)
    default:
      report(path, "must be a colour: \"#RRGGBB\", a name such as \"red\", or [r, g, b, a] in 0…1 "
        + "(got \(value.compactDescription))")
      return nil
    }
  }

  /// A colour or `null` (no colour).
  mutating func optionalColor(_ value: JSONValue, at path: Int) -> Color?? {
    if case .null = value { return .some(nil) }
    return color(value, at: path).map { .some($0) }
  }

  /// A transform: 16 numbers (m11…m44) or a list of operations.
  mutating func transform(_ value: JSONValue, at path: Int) -> Transform3D? {
    guard case .array(let items) = value else {
      report(path, "must be a transform: 16 numbers m11…m44, or an array of operations such as "
        + "{\"translate\": [x, y]} (got \(value.compactDescription))")
      return nil
    }
    // Numbers (or anything but operation objects) make a matrix: each entry
    // is checked at its own index, so "NaN" at index 3 is reported there.
    if let first = items.first, !items.contains(where: { if case .object = $0 { true } else { false } }),
      { if case .object = first { false } else { true } }()
    {
      return numbers(value, at: path, count: 16, what: "a transform: 16 numbers m11…m44, or an array of operations")
        .flatMap { Transform3D($0) }
    }
    var result = Transform3D.identity
    for (i, item) in items.enumerated() {
      let itemPath = paths.child(path, i)
      guard let step = transformOperation(item, at: itemPath, result) else { return nil }
      result = step
    }
    return result
  }

  /// Applies one `{"translate"|"scale"|"rotate"|"perspective": …}` operation.
  private mutating func transformOperation(_ item: JSONValue, at path: Int, _ t: Transform3D) -> Transform3D? {
    // The operation is the first key that is not an extension (`x-…`) nor
    // a rotation's `axis`, which may come before `rotate` (a JSON object's
    // members have no order: tools that sort keys write it first).
    guard case .object(let all) = item,
      let first = all.first(where: { !$0.key.hasPrefix("x-") && $0.key != "axis" })
        ?? all.first(where: { !$0.key.hasPrefix("x-") })
    else {
      report(path, "must be a transform operation: {\"translate\": [x, y, z?]}, {\"scale\": [sx, sy, sz?]}, "
        + "{\"rotate\": angle, \"axis\": [x, y, z]?} or {\"perspective\": distance} (got \(item.compactDescription))")
      return nil
    }
    let operation = first.key
    guard SceneDecoder.transformOperationKeys.contains(operation), operation != "axis" else {
      report(paths.child(path, operation), "unknown transform operation \"\(operation)\"; use translate, scale, "
        + "rotate or perspective" + SceneDecoder.suggestion(for: operation, among: ["translate", "scale", "rotate", "perspective"]))
      return nil
    }
    let allowed: Set<String> = operation == "rotate" ? ["rotate", "axis"] : [operation]
    for member in all where !allowed.contains(member.key) && !member.key.hasPrefix("x-") {
      report(paths.child(path, member.key), "unexpected key in a \(operation) operation")
      return nil
    }
    let operandPath = paths.child(path, operation)
    switch operation {
    case "translate", "scale":
      guard case .array(let a) = first.value, a.count == 2 || a.count == 3,
        let v = numbers(first.value, at: operandPath, count: a.count, what: "[x, y] or [x, y, z]")
      else {
        report(operandPath, "must be [x, y] or [x, y, z] (got \(first.value.compactDescription))")
        return nil
      }
      let z = v.count == 3 ? v[2] : (operation == "scale" ? 1 : 0)
      return operation == "scale" ? t.scaledBy(x: v[0], y: v[1], z: z) : t.translatedBy(x: v[0], y: v[1], z: z)
    case "rotate":
      guard let angle = number(first.value, at: operandPath, isAngle: true) else { return nil }
      var axis = [0.0, 0, 1]
      if let axisValue = item["axis"] {
        guard let a = numbers(axisValue, at: paths.child(path, "axis"), count: 3, what: "an axis [x, y, z]") else {
          return nil
        }
        axis = a
      }
      return t.rotated(by: angle, x: axis[0], y: axis[1], z: axis[2])
    default:
      guard let distance = number(first.value, at: operandPath), distance != 0 else {
        if case .number = first.value { report(operandPath, "must be a non-zero distance") }
        return nil
      }
      var p = Transform3D.identity
      p.m34 = -1 / distance
      return p.concatenating(t)
    }
  }

  /// A path: SVG path data, a shape object, or an array of these (subpaths in order).
  mutating func path(_ value: JSONValue, at path: Int) -> Path? {
    switch value {
    case .string(let data):
      do throws(PathDataError) {
        return try Path(svgPathData: data)
      } catch {
        report(path, "bad SVG path data: \(error)")
        return nil
      }
    case .array(let items):
      var result = Path()
      for (i, item) in items.enumerated() {
        guard let part = self.path(item, at: paths.child(path, i)) else { return nil }
        result.addPath(part)
      }
      return result
    case .object(let members):
      return shapePath(members, at: path)
    default:
      report(path, "must be a path: SVG path data such as \"M 0 0 L 10 10\", a shape such as {\"rect\": "
        + "[x, y, w, h]}, or an array of these (got \(value.compactDescription))")
      return nil
    }
  }

  /// `{"rect"}`, `{"roundedRect", "cornerRadius"}`, `{"ellipse"}`, `{"arc": {…}}`, `{"polyline", "closed"}`,
  /// `{"text", "font", "size"…}`.
  private mutating func shapePath(_ members: [JSONMember], at path: Int) -> Path? {
    let shapes = ["rect", "roundedRect", "ellipse", "arc", "polyline", "text"]  // SceneDecoder.shapePathKeys, companions aside
    guard let kind = members.first(where: { shapes.contains($0.key) })?.key else {
      report(path, "must name a shape: one of \(shapes.joined(separator: ", ")), or be SVG path data")
      return nil
    }
    if kind == "text" { return textPath(members, at: path) }
    let allowed: Set<String> = kind == "roundedRect" ? ["roundedRect", "cornerRadius"]
      : kind == "polyline" ? ["polyline", "closed"] : [kind]
    guard let members = checkKeys(.object(members), at: path, allowed: allowed, what: "a \(kind) path") else {
      return nil
    }
    let value = members.first { $0.key == kind }!.value
    let valuePath = paths.child(path, kind)
    switch kind {
    case "rect":
      return rect(value, at: valuePath).map { Path.rect($0) }
    case "ellipse":
      return rect(value, at: valuePath).map { Path.ellipse(in: $0) }
    case "roundedRect":
      guard let r = rect(value, at: valuePath) else { return nil }
      var radius = 0.0
      if let c = members.first(where: { $0.key == "cornerRadius" }) {
        guard let v = number(c.value, at: paths.child(path, "cornerRadius"), in: 0...Double.greatestFiniteMagnitude)
        else { return nil }
        radius = v
      }
      return Path.roundedRect(r, cornerRadius: radius)
    case "polyline":
      guard case .array(let items) = value, !items.isEmpty else {
        report(valuePath, "must be a non-empty array of points [x, y]")
        return nil
      }
      var points: [Point] = []
      for (i, item) in items.enumerated() {
        guard let p = point(item, at: paths.child(valuePath, i)) else { return nil }
        points.append(p)
      }
      var closed = false
      if let c = members.first(where: { $0.key == "closed" }) {
        guard let b = bool(c.value, at: paths.child(path, "closed")) else { return nil }
        closed = b
      }
      return Path.polyline(points, closed: closed)
    default:
      guard let arc = checkKeys(value, at: valuePath, allowed: SceneDecoder.arcKeys,
                                required: ["center", "radius", "startAngle", "endAngle"], what: "an arc")
      else { return nil }
      var center = Point.zero, radius = 0.0, start = 0.0, end = 0.0, clockwise = true
      for member in arc {
        let p = paths.child(valuePath, member.key)
        switch member.key {
        case "center": guard let v = point(member.value, at: p) else { return nil }; center = v
        case "radius": guard let v = number(member.value, at: p, in: 0...Double.greatestFiniteMagnitude) else { return nil }
          radius = v
        case "startAngle": guard let v = number(member.value, at: p, isAngle: true) else { return nil }; start = v
        case "endAngle": guard let v = number(member.value, at: p, isAngle: true) else { return nil }; end = v
        case "clockwise": guard let v = bool(member.value, at: p) else { return nil }; clockwise = v
        default: break  // `x-` keys
        }
      }
      return Path.arc(center: center, radius: radius, startAngle: start, endAngle: end, clockwise: clockwise)
    }
  }

  /// A value of the given kind, for animations.
  mutating func animationValue(_ value: JSONValue, at path: Int, kind: AnimationValueKind,
                               isAngle: Bool) -> AnimationValue? {
    switch kind {
    case .number: return number(value, at: path, isAngle: isAngle).map { .number($0) }
    case .bool:
      if case .number(let v) = value { return .bool(v != 0) }
      return bool(value, at: path).map { .bool($0) }
    case .point: return point(value, at: path).map { .point($0) }
    case .size: return size(value, at: path).map { .size($0) }
    case .rect: return rect(value, at: path).map { .rect($0) }
    case .color: return optionalColor(value, at: path).map { .color($0) }
    case .transform: return transform(value, at: path).map { .transform($0) }
    case .path:
      if case .null = value { return .path(nil) }
      return self.path(value, at: path).map { .path($0) }
    case .colors:
      guard case .array(let items) = value else {
        report(path, "must be an array of colours (got \(value.compactDescription))")
        return nil
      }
      var colors: [Color] = []
      for (i, item) in items.enumerated() {
        guard let c = color(item, at: paths.child(path, i)) else { return nil }
        colors.append(c)
      }
      return .colors(colors)
    case .numbers: return numberList(value, at: path).map { .numbers($0) }
    case .image: return image(value, at: path).map { .image($0) }
    }
  }

  /// What a value in `range` is, after "must be": `in 0…1`, `≥ 0`, and
  /// `> 0` for a range from the least positive number (it said
  /// "in ≥ 5e-324"), as the docs and the schema say it.
  private func describe(_ range: ClosedRange<Double>) -> String {
    let positive = range.lowerBound == .leastNonzeroMagnitude
    let upper = SceneDecoder.format(range.upperBound)
    switch (positive, range.upperBound == .greatestFiniteMagnitude) {
    case (true, true): return "> 0"
    case (true, false): return "> 0 and ≤ \(upper)"
    case (false, true): return "≥ \(SceneDecoder.format(range.lowerBound))"
    case (false, false): return "in \(SceneDecoder.format(range.lowerBound))…\(upper)"
    }
  }

  /// A number as it is written in messages: `1` rather than `1.0`.
  static func format(_ v: Double) -> String {
    v == v.rounded() && Swift.abs(v) < 1e15 ? String(Int(v)) : String(v)
  }
}

extension StringProtocol {
  /// Without leading and trailing spaces.
  var trimmingSpaces: String {
    var s = Substring(self)
    while s.first == " " { s.removeFirst() }
    while s.last == " " { s.removeLast() }
    return String(s)
  }
}
