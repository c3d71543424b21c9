// SPDX-License-Identifier: Apache-2.0
// A Lottie property: a constant or keyframes, and its value at any frame as lottie-web computes it.

import ZoetropeGeometry
import ZoetropeTiming

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The easing of one dimension of a keyframe segment: the cubic Bézier of
/// the keyframe's `o` (out) and the next one's `i` (in) control points, as a
/// `CAMediaTimingFunction`.
struct LottieEase: Hashable, Sendable {
  var outX: Double, outY: Double, inX: Double, inY: Double
  static let linear = LottieEase(outX: 0, outY: 0, inX: 1, inY: 1)

  /// The timing function of the segment (x clamped to 0…1 as Core Animation does).
  var timingFunction: MediaTimingFunction { MediaTimingFunction(controlPoints: outX, outY, inX, inY) }
}

/// One keyframe: from `time` (frames, in the composition's time) the value
/// moves towards the next keyframe's, eased per dimension, or holds.
struct LottieKeyframe<Value: Sendable>: Sendable {
  /// When the keyframe is reached, composition frames.
  var time: Double
  /// The value at `time`.
  var value: Value
  /// The value the segment ends at when the next keyframe has none (the
  /// old `e` field); `nil` otherwise.
  var end: Value?
  /// Whether the value holds until the next keyframe (`h: 1`).
  var hold: Bool
  /// The easing towards the next keyframe, one per dimension (a single entry
  /// applies to all).
  var ease: [LottieEase]
  /// The spatial tangents of a position's motion path (`to`, `ti`), relative
  /// to this keyframe's and the next one's value; `nil` when absent.
  var spatialOut: [Double]?
  var spatialIn: [Double]?

  /// The easing of dimension `index`.
  func ease(_ index: Int) -> LottieEase { index < ease.count ? ease[index] : (ease.first ?? .linear) }

  /// Whether the dimensions ease differently.
  var easesPerDimension: Bool { ease.count > 1 && ease.dropFirst().contains { $0 != ease[0] } }

  /// Whether the segment to the next keyframe follows a curve (non-zero spatial tangents).
  var hasSpatialCurve: Bool {
    (spatialOut?.contains { $0 != 0 } ?? false) || (spatialIn?.contains { $0 != 0 } ?? false)
  }
}

/// The keyframes of a property replayed or carried on outside their span:
/// the whole of an expression `loopOut(type, keyframes)` or `loopIn(…)`.
struct LottieLoop: Hashable, Sendable {
  /// What happens outside the keyframes, as lottie-web's expression helpers
  /// compute it.
  enum Kind: Hashable, Sendable {
    /// The span's keyframes over again.
    case cycle
    /// The span back and forth.
    case pingPong
    /// Over again, each time moved on by what one span changes (its last
    /// value less its first).
    case offset
    /// On at the velocity the value has at the last keyframe (`loopOut`) or
    /// the first (`loopIn`), measured over its last (first) 0.001 frame.
    case `continue`
  }

  /// After the last keyframe (`loopOut`), or before the first (`loopIn`).
  var isOut: Bool
  var kind: Kind
  /// Back and forth (`pingpong`) rather than over again.
  var pingPong: Bool { kind == .pingPong }
  /// How many segments the cycle spans, from the last keyframe back
  /// (`loopOut`) or the first on (`loopIn`); 0 for all.
  var keyframes: Int

  /// The loop an expression asks for, when it is only a `loopOut` or
  /// `loopIn` call (as After Effects exports it, `var $bm_rt; $bm_rt = …;`,
  /// or bare) with a type of `cycle`, `pingpong`, `offset` or `continue` in
  /// any case (none is `cycle`) and an optional whole number of keyframes;
  /// `nil` otherwise.
  init?(expression: String) {
    var text = Substring(expression.filter { !$0.isWhitespace })
    if text.hasPrefix("var$bm_rt;") { text = text.dropFirst("var$bm_rt;".count) }
    if text.hasPrefix("$bm_rt=") { text = text.dropFirst("$bm_rt=".count) }
    while text.hasSuffix(";") { text = text.dropLast() }
    if text.hasPrefix("loopOut(") {
      isOut = true
      text = text.dropFirst("loopOut(".count)
    } else if text.hasPrefix("loopIn(") {
      isOut = false
      text = text.dropFirst("loopIn(".count)
    } else {
      return nil
    }
    guard text.hasSuffix(")") else { return nil }
    let arguments = text.dropLast().split(separator: ",", omittingEmptySubsequences: false)
    guard arguments.count <= 2 else { return nil }
    var type = arguments.first.map(String.init) ?? ""
    if type.count >= 2, let quote = type.first, quote == "'" || quote == "\"", type.last == quote {
      type = String(type.dropFirst().dropLast())
    } else if !type.isEmpty {
      return nil
    }
    switch type.lowercased() {
    case "", "cycle": kind = .cycle
    case "pingpong": kind = .pingPong
    case "offset": kind = .offset
    case "continue": kind = .continue
    default: return nil
    }
    keyframes = 0
    if arguments.count == 2 {
      guard let n = Int(arguments[1]), n >= 0 else { return nil }
      keyframes = n
    }
  }
}

/// A property of a Lottie file: a constant, or keyframes in composition frames.
struct LottieProperty<Value: Sendable>: Sendable {
  /// The value when not animated (the first keyframe's otherwise).
  var constant: Value
  /// The keyframes, in file order (at least two when animated); empty when constant.
  var keyframes: [LottieKeyframe<Value>]
  /// Whether the file gives an After Effects expression (`x`), which is ignored.
  var hasExpression = false
  /// The keyframes repeated before the first or after the last, when the
  /// expression is only a `loopIn`/`loopOut` that replays them.
  var loop: LottieLoop?

  init(_ value: Value) {
    constant = value
    keyframes = []
  }

  init(keyframes: [LottieKeyframe<Value>]) {
    constant = keyframes[0].value
    self.keyframes = keyframes.count > 1 ? keyframes : []
  }

  /// Whether the value changes over time.
  var isAnimated: Bool { !keyframes.isEmpty }

  /// The keyframe segment shown at `frame` and the raw progress in it, as
  /// lottie-web finds them: before the first keyframe its value, from the
  /// last keyframe on the last value; otherwise the segment whose start is at
  /// or before `frame` (a binary search: keyframe times are non-decreasing
  /// once decoded).
  func segment(at frame: Double) -> (index: Int, progress: Double)? {
    let n = keyframes.count
    guard n > 1 else { return nil }
    let frame = loopedFrame(frame)
    if frame < keyframes[0].time { return (0, 0) }
    if frame >= keyframes[n - 1].time { return (n - 1, 0) }
    var low = 0, high = n - 1  // keyframes[low].time <= frame < keyframes[high].time
    while high - low > 1 {
      let mid = (low + high) / 2
      if keyframes[mid].time <= frame { low = mid } else { high = mid }
    }
    let start = keyframes[low].time, end = keyframes[low + 1].time
    let progress = end > start ? (frame - start) / (end - start) : 1
    return (low, Swift.min(Swift.max(progress, 0), 1))
  }

  /// The frame whose value `frame` shows: itself, or under a loop the frame
  /// of the cycle it replays (lottie-web's `loopOut`/`loopIn`).
  func loopedFrame(_ frame: Double) -> Double {
    guard let loop, loop.kind != .continue, let (first, last) = loopSpan, frame.isFinite else { return frame }
    if loop.isOut {
      guard frame > last else { return frame }
    } else {
      guard frame < first else { return frame }
    }
    let cycle = last - first
    guard cycle > 0 else { return frame }
    // lottie-web's arithmetic: the distance from the cycle's first
    // keyframe, forwards (loopOut) or backwards (loopIn); a ping-pong
    // plays every other cycle mirrored, starting with the one next to the
    // keyframes.
    let distance = loop.isOut ? frame - first : first - frame
    let into = distance.truncatingRemainder(dividingBy: cycle)
    let odd = (distance / cycle).rounded(.down).truncatingRemainder(dividingBy: 2) != 0
    if loop.isOut { return loop.pingPong && odd ? last - into : first + into }
    return loop.pingPong && !odd ? first + into : last - into
  }

  /// The times of the first and last keyframe a loop replays: the last n
  /// segments (`loopOut`) or the first n (`loopIn`), all when n is 0 or
  /// more than there are; `nil` without a loop or keyframes.
  var loopSpan: (first: Double, last: Double)? {
    guard let loop, keyframes.count > 1 else { return nil }
    let n = keyframes.count
    let count = loop.keyframes > 0 ? Swift.min(loop.keyframes, n - 1) : n - 1
    return loop.isOut ? (keyframes[n - 1 - count].time, keyframes[n - 1].time)
                      : (keyframes[0].time, keyframes[count].time)
  }

  /// The value a segment ends at: the next keyframe's, or this one's `end`.
  func endValue(of index: Int) -> Value {
    if index + 1 < keyframes.count { return keyframes[index + 1].value }
    return keyframes[index].end ?? keyframes[index].value
  }

  /// The value of the last keyframe as lottie-web holds it after the end: its
  /// own value, or the `e` of the one before when the file gives the last
  /// keyframe only a time.
  var lastValue: Value {
    guard let last = keyframes.last else { return constant }
    return last.value
  }
}

extension LottieProperty where Value == [Double] {
  /// The value at a composition frame: linear per dimension between
  /// keyframes after each dimension's easing, holds held, and a position
  /// with spatial tangents moved along its Bézier at the eased fraction of
  /// its arc length (lottie-web's `interpolateValue`).
  func value(at frame: Double) -> [Double] {
    guard let loop, loop.kind == .offset || loop.kind == .continue, let (first, last) = loopSpan, frame.isFinite,
          loop.isOut ? frame > last : frame < first
    else { return keyedValue(at: frame) }
    func combine(_ a: [Double], _ b: [Double], _ f: (Double, Double) -> Double) -> [Double] {
      (0..<Swift.min(a.count, b.count)).map { f(a[$0], b[$0]) }
    }
    if loop.kind == .continue {
      // lottie-web's slope: the change over the 0.001 frame next to the end
      // keyframe, carried on at that rate (per frame).
      let edge = loop.isOut ? last : first
      let end = keyedValue(at: edge), near = keyedValue(at: loop.isOut ? edge - 0.001 : edge + 0.001)
      let frames = Swift.abs(frame - edge)
      return combine(end, near) { e, n in e + (e - n) * frames / 0.001 }
    }
    let cycle = last - first
    guard cycle > 0 else { return keyedValue(at: frame) }
    let change = combine(keyedValue(at: last), keyedValue(at: first)) { $0 - $1 }
    let current = keyedValue(at: frame)
    if loop.isOut {
      let repeats = ((frame - first) / cycle).rounded(.down)
      return combine(current, change) { $0 + $1 * repeats }
    }
    let repeats = ((first - frame) / cycle).rounded(.down) + 1
    return combine(current, change) { $0 - $1 * repeats }
  }

  /// The value at a composition frame from the keyframes (a `cycle`,
  /// `pingpong` or `offset` loop replaying them).
  private func keyedValue(at frame: Double) -> [Double] {
    guard let (i, progress) = segment(at: frame) else { return constant }
    let frame = loopedFrame(frame)
    let n = keyframes.count
    if i == n - 1 && frame >= keyframes[n - 1].time { return lastValue }
    if frame < keyframes[0].time { return keyframes[0].value }
    let key = keyframes[i]
    if key.hold { return key.value }
    let start = key.value, end = endValue(of: i)
    if key.hasSpatialCurve, start.count >= 2, end.count >= 2 {
      let eased = key.ease(0).timingFunction.solve(forInput: progress)
      return LottieMotionPath(from: start, to: end, out: key.spatialOut ?? [], in: key.spatialIn ?? [])
        .point(atFractionOfLength: eased)
    }
    var result = start
    for d in 0..<Swift.min(start.count, end.count) {
      let eased = key.ease(d).timingFunction.solve(forInput: progress)
      result[d] = start[d] + (end[d] - start[d]) * eased
    }
    return result
  }

  /// The first component at `frame` (0 for an empty value).
  func scalar(at frame: Double) -> Double { value(at: frame).first ?? 0 }

  /// Whether any keyframe's segment eases its dimensions differently.
  var easesPerDimension: Bool { keyframes.dropLast().contains { !$0.hold && $0.easesPerDimension } }

  /// Whether any segment follows a curved motion path.
  var hasSpatialCurves: Bool { keyframes.dropLast().contains { !$0.hold && $0.hasSpatialCurve } }

  /// Every value the property takes at a keyframe (or its constant).
  var allValues: [[Double]] { keyframes.isEmpty ? [constant] : keyframes.map(\.value) + keyframes.compactMap(\.end) }
}

extension LottieProperty where Value == LottieBezier {
  /// The shape at a composition frame: vertices and tangents interpolated
  /// one by one at the segment's eased progress (lottie-web's
  /// `interpolateShape`; the first dimension's easing). Shapes whose
  /// vertex counts differ hold the earlier one.
  func value(at frame: Double) -> LottieBezier {
    guard let (i, progress) = segment(at: frame) else { return constant }
    let frame = loopedFrame(frame)
    let n = keyframes.count
    if i == n - 1 && frame >= keyframes[n - 1].time { return lastValue }
    if frame < keyframes[0].time { return keyframes[0].value }
    let key = keyframes[i]
    if key.hold { return key.value }
    let eased = key.ease(0).timingFunction.solve(forInput: progress)
    return key.value.interpolated(to: endValue(of: i), fraction: eased)
  }
}

/// The curved path between two position keyframes (their values and
/// spatial tangents), measured as lottie-web measures it: 150 straight
/// pieces, a point found by its fraction of their total length.
struct LottieMotionPath {
  var points: [Point] = []
  var lengths: [Double] = [0]

  static let pieces = 150

  init(from start: [Double], to end: [Double], out: [Double], in tangentIn: [Double]) {
    let p0 = Point(x: start[0], y: start[1]), p3 = Point(x: end[0], y: end[1])
    let p1 = Point(x: p0.x + (out.count > 0 ? out[0] : 0), y: p0.y + (out.count > 1 ? out[1] : 0))
    let p2 = Point(x: p3.x + (tangentIn.count > 0 ? tangentIn[0] : 0), y: p3.y + (tangentIn.count > 1 ? tangentIn[1] : 0))
    for k in 0...LottieMotionPath.pieces {
      let t = Double(k) / Double(LottieMotionPath.pieces), u = 1 - t
      let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
      let p = Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
      if let last = points.last { lengths.append(lengths[lengths.count - 1] + last.distance(to: p)) }
      points.append(p)
    }
  }

  /// The point `fraction` of the way along (clamped to the ends), as `[x, y]`.
  func point(atFractionOfLength fraction: Double) -> [Double] {
    let total = lengths[lengths.count - 1]
    if fraction <= 0 || total <= 0 || !fraction.isFinite { return [points[0].x, points[0].y] }
    if fraction >= 1 { return [points[points.count - 1].x, points[points.count - 1].y] }
    let target = total * fraction
    var low = 0, high = lengths.count - 1
    while high - low > 1 {
      let mid = (low + high) / 2
      if lengths[mid] <= target { low = mid } else { high = mid }
    }
    let span = lengths[high] - lengths[low]
    let s = span > 0 ? (target - lengths[low]) / span : 0
    let a = points[low], b = points[high]
    return [a.x + (b.x - a.x) * s, a.y + (b.y - a.y) * s]
  }

  /// The direction of travel at `fraction` of the length, radians (for auto-orient).
  func angle(atFractionOfLength fraction: Double) -> Double? {
    let f = Swift.min(Swift.max(fraction.isFinite ? fraction : 0, 0), 1)
    let a = point(atFractionOfLength: Swift.max(f - 0.001, 0)), b = point(atFractionOfLength: Swift.min(f + 0.001, 1))
    let dx = b[0] - a[0], dy = b[1] - a[1]
    return dx == 0 && dy == 0 ? nil : atan2(dy, dx)
  }
}
