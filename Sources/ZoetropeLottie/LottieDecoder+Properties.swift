// SPDX-License-Identifier: Apache-2.0
// Reading Lottie values: numbers, vectors, colours, and animated properties with their keyframes.

import ZoetropeGeometry
import ZoetropeScene

extension LottieDecoder {
  /// A finite number, or `fallback` (with a warning when the value is there but not a number).
  mutating func number(_ value: JSONValue?, at path: Int, default fallback: Double) -> Double {
    guard let value else { return fallback }
    switch value {
    case .number(let v): return v
    case .bool(let b): return b ? 1 : 0
    case .array(let items) where items.count >= 1:
      if case .number(let v) = items[0] { return v }
    default: break
    }
    warn(path, "must be a number (got \(value.compactDescription)); \(LottieDecoder.format(fallback)) is used")
    return fallback
  }

  /// An optional integer-like number.
  func integer(_ value: JSONValue?) -> Int? {
    guard case .number(let v)? = value, v.isFinite, Swift.abs(v) < 1e15 else { return nil }
    return Int(v)
  }

  /// A string, or `nil`.
  func string(_ value: JSONValue?) -> String? {
    if case .string(let s)? = value { return s }
    return nil
  }

  /// Numbers of a value: one number, or an array of numbers.
  mutating func vector(_ value: JSONValue, at path: Int) -> [Double]? {
    switch value {
    case .number(let v): return [v]
    case .array(let items):
      var out: [Double] = []
      out.reserveCapacity(items.count)
      for item in items {
        guard case .number(let v) = item else { return nil }
        out.append(v)
      }
      return out
    default: return nil
    }
  }

  /// An animatable numeric property (`{"a": 0|1, "k": …}`); `fallback` when
  /// it is missing or unreadable (with a warning for the latter).
  mutating func property(_ value: JSONValue?, at path: Int, default fallback: [Double]) -> LottieProperty<[Double]> {
    guard let value else { return LottieProperty(fallback) }
    guard case .object = value, let k = value["k"] else {
      // A bare value where a property is expected: tolerated as a constant.
      if let v = vector(value, at: path), !v.isEmpty { return LottieProperty(v) }
      warn(path, "must be an animatable property {\"k\": …} (got \(value.compactDescription)); the default is used")
      return LottieProperty(fallback)
    }
    let kPath = paths.child(path, "k")
    var result: LottieProperty<[Double]>
    if case .array(let items) = k, case .object? = items.first {
      let frames = keyframes(items, at: kPath, fallback: fallback) { decoder, v, p in decoder.vector(v, at: p) }
      result = frames.isEmpty ? LottieProperty(fallback) : LottieProperty(keyframes: frames)
    } else if let v = vector(k, at: kPath), !v.isEmpty {
      result = LottieProperty(v)
    } else {
      warn(kPath, "must be a number, numbers or keyframes (got \(k.compactDescription)); the default is used")
      result = LottieProperty(fallback)
    }
    noteExpression(value, at: path, into: &result.hasExpression, loop: &result.loop)
    if fallback.count >= 2, let short = ([result.constant] + result.keyframes.map(\.value)).first(where: { $0.count == 1 }) {
      warn(kPath, "has one number (\(LottieDecoder.format(short[0]))) where \(fallback.count) are expected; "
        + "the missing ones take their defaults (\(LottieDecoder.format(fallback[1])) for the second)")
    }
    return result
  }

  /// A path property (`ks` of a path, `pt` of a mask).
  mutating func shapeProperty(_ value: JSONValue?, at path: Int) -> LottieProperty<LottieBezier> {
    guard let value, case .object = value, let k = value["k"] else {
      report(path, "must be a path property {\"k\": {\"v\": …, \"i\": …, \"o\": …, \"c\": …}}")
      return LottieProperty(.empty)
    }
    let kPath = paths.child(path, "k")
    var result: LottieProperty<LottieBezier>
    if case .array(let items) = k, case .object(let first)? = items.first, first.contains(where: { $0.key == "t" }) {
      let frames = keyframes(items, at: kPath, fallback: .empty) { decoder, v, p in
        // Shape keyframe values are an array holding one path.
        if case .array(let shapes) = v, let shape = shapes.first { return decoder.bezier(shape, at: decoder.paths.child(p, 0)) }
        return decoder.bezier(v, at: p)
      }
      result = frames.isEmpty ? LottieProperty(.empty) : LottieProperty(keyframes: frames)
    } else if case .array(let items) = k, let shape = items.first {
      result = LottieProperty(bezier(shape, at: paths.child(kPath, 0)) ?? .empty)
    } else {
      result = LottieProperty(bezier(k, at: kPath) ?? .empty)
    }
    noteExpression(value, at: path, into: &result.hasExpression, loop: &result.loop)
    if let kind = result.loop?.kind, kind == .offset || kind == .continue {
      // A path has no sum or slope: its keyframes are held outside their span.
      result.loop = nil
      result.hasExpression = true
      unsupported(paths.child(path, "x"), "a path's loop of type offset or continue; the keyframes are used without it")
    }
    return result
  }

  /// Reads an expression (`x`): a `loopOut`/`loopIn` that replays the
  /// keyframes as a loop, any other as unsupported.
  private mutating func noteExpression(_ value: JSONValue, at path: Int, into flag: inout Bool,
                                       loop: inout LottieLoop?) {
    if case .string(let s)? = value["x"], !s.isEmpty {
      if let replay = LottieLoop(expression: s) {
        loop = replay
        return
      }
      flag = true
      unsupported(paths.child(path, "x"), "an After Effects expression; the keyframes are used without it")
    }
  }

  /// One contour `{"v": [[x, y]…], "i": …, "o": …, "c": bool}`.
  mutating func bezier(_ value: JSONValue, at path: Int) -> LottieBezier? {
    guard case .object = value, case .array(let v)? = value["v"] else {
      warn(path, "must be a path {\"v\": …, \"i\": …, \"o\": …} (got \(value.compactDescription)); it is left out")
      return nil
    }
    func points(_ key: String) -> [Point] {
      guard case .array(let items)? = value[key] else { return [] }
      return items.map { item in
        guard case .array(let xy) = item, xy.count >= 2, case .number(let x) = xy[0], case .number(let y) = xy[1]
        else { return .zero }
        return Point(x: x, y: y)
      }
    }
    let vertices = points("v")
    var inTangents = points("i"), outTangents = points("o")
    if inTangents.count < v.count { inTangents += Array(repeating: .zero, count: v.count - inTangents.count) }
    if outTangents.count < v.count { outTangents += Array(repeating: .zero, count: v.count - outTangents.count) }
    var closed = false
    if case .bool(let c)? = value["c"] { closed = c }
    shapeVertices += vertices.count
    return LottieBezier(vertices: vertices, inTangents: Array(inTangents.prefix(v.count)),
                        outTangents: Array(outTangents.prefix(v.count)), isClosed: closed)
  }

  /// The keyframes of a property, in time order; `read` turns a keyframe's
  /// `s` (and `e`) into a value. Old files give each keyframe an `e` and the
  /// last only a time: its value is the `e` before it.
  mutating func keyframes<V>(_ items: [JSONValue], at path: Int, fallback: V,
                             read: (inout LottieDecoder, JSONValue, Int) -> V?) -> [LottieKeyframe<V>] {
    keyframeCount += items.count
    guard keyframeCount <= Limits.maximumLottieKeyframes else {
      if !reportedKeyframeBudget {
        reportedKeyframeBudget = true
        report(path, "the file has more than \(Limits.maximumLottieKeyframes) keyframes "
          + "(Limits.maximumLottieKeyframes)")
      }
      return []
    }
    var frames: [LottieKeyframe<V>] = []
    frames.reserveCapacity(items.count)
    var previousEnd: V?
    for (index, item) in items.enumerated() {
      let p = paths.child(path, index)
      guard case .object = item else {
        warn(p, "must be a keyframe object (got \(item.compactDescription)); it is left out")
        continue
      }
      guard case .number(let time)? = item["t"] else {
        warn(p, "a keyframe needs a time \"t\"; it is left out")
        continue
      }
      var value: V?
      if let s = item["s"] { value = read(&self, s, paths.child(p, "s")) }
      let end = item["e"].flatMap { read(&self, $0, paths.child(p, "e")) }
      if value == nil { value = previousEnd ?? frames.last?.value }
      guard let value else { continue }
      previousEnd = end
      var hold = false
      if case .number(let h)? = item["h"] { hold = h == 1 }
      if case .bool(let h)? = item["h"] { hold = h }
      frames.append(LottieKeyframe(time: time, value: value, end: end, hold: hold,
                                   ease: eases(item["o"], item["i"]),
                                   spatialOut: item["to"].flatMap { vector($0, at: p) },
                                   spatialIn: item["ti"].flatMap { vector($0, at: p) }))
    }
    if zip(frames, frames.dropFirst()).contains(where: { $0.time > $1.time }) {
      warn(path, "keyframe times go backwards; they are sorted")
      frames = frames.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }
    return frames
  }

  /// Per-dimension easing from a keyframe's `o` and `i` (`{"x": n | [n…], "y": …}`);
  /// linear where missing.
  private func eases(_ out: JSONValue?, _ into: JSONValue?) -> [LottieEase] {
    func list(_ value: JSONValue?, _ key: String) -> [Double] {
      switch value?[key] {
      case .number(let v)?: return [v]
      case .array(let items)?: return items.compactMap { if case .number(let v) = $0 { v } else { nil } }
      default: return []
      }
    }
    let ox = list(out, "x"), oy = list(out, "y"), ix = list(into, "x"), iy = list(into, "y")
    let count = Swift.max(1, ox.count, oy.count, ix.count, iy.count)
    func pick(_ l: [Double], _ i: Int, _ fallback: Double) -> Double { l.isEmpty ? fallback : l[Swift.min(i, l.count - 1)] }
    return (0..<count).map { i in
      LottieEase(outX: pick(ox, i, 0), outY: pick(oy, i, 0), inX: pick(ix, i, 1), inY: pick(iy, i, 1))
    }
  }

  /// A colour from components 0…1 (or 0…255 when any exceeds 1, as some exporters write).
  static func color(_ components: [Double]) -> Color {
    var c = components + [1, 1, 1, 1].dropFirst(Swift.min(components.count, 4))
    if c.prefix(3).contains(where: { $0 > 1 }) { c = c.enumerated().map { $0.offset < 3 ? $0.element / 255 : $0.element } }
    func unit(_ v: Double) -> Double { v.isFinite ? Swift.min(Swift.max(v, 0), 1) : 0 }
    return Color(red: unit(c[0]), green: unit(c[1]), blue: unit(c[2]), alpha: unit(c[3]))
  }

  /// A colour from `#RRGGBB` (solid layers' `sc`).
  static func color(hex: String) -> Color? {
    var s = Substring(hex)
    if s.hasPrefix("#") { s = s.dropFirst() }
    guard s.count == 6 || s.count == 8, let v = UInt64(s, radix: 16) else { return nil }
    let n = s.count == 8 ? v >> 8 : v
    let alpha = s.count == 8 ? Double(v & 0xFF) / 255 : 1
    return Color(red: Double((n >> 16) & 0xFF) / 255, green: Double((n >> 8) & 0xFF) / 255,
                 blue: Double(n & 0xFF) / 255, alpha: alpha)
  }

  /// A number for messages: `3`, `2.5`.
  static func format(_ v: Double) -> String {
    v == v.rounded() && Swift.abs(v) < 1e15 ? String(Int(v)) : String(v)
  }
}
