// SPDX-License-Identifier: Apache-2.0
// Keyframe values with their times, tangents and arc lengths, ready to sample.

import ZoetropeTiming

/// The values of a keyframe animation prepared for sampling: key times checked
/// (or replaced by uniform or paced ones), spline tangents and arc-length tables
/// precomputed. See docs/scene-format.md, "Keyframe animations".
package struct KeyframeTrack: Sendable {
  /// The keyframe values, all of one kind.
  package let values: [AnimationValue]
  /// The effective key times (n entries, or n + 1 for `discrete`).
  package let keyTimes: [Double]
  /// The calculation mode in effect (`cubic` falls back to `linear` for values
  /// with no components, such as transforms).
  package let mode: CalculationMode
  /// Per-segment easing, when there is exactly one per segment.
  let timingFunctions: [MediaTimingFunction]?
  /// Kochanek–Bartels tangents per keyframe (cubic modes).
  let outgoing: [[Double]]
  let incoming: [[Double]]
  /// The values' components (cubic modes).
  let points: [[Double]]
  /// Cumulative arc length at each sample of the spline (cubicPaced), and the
  /// number of samples per segment.
  let arcLengths: [Double]
  static let samplesPerSegment = 32

  /// Prepares keyframes; `nil` when there are none.
  init?(values: [AnimationValue], animation: KeyframeAnimation) {
    guard !values.isEmpty else { return nil }
    self.values = values
    let n = values.count
    let componentsAvailable = values.allSatisfy { $0.vectorComponents != nil }
      && Set(values.map { $0.vectorComponents!.count }).count == 1
    var mode = animation.calculationMode
    if (mode == .cubic || mode == .cubicPaced) && !componentsAvailable { mode = mode == .cubic ? .linear : .paced }
    self.mode = mode

    switch mode {
    case .discrete:
      keyTimes = KeyframeTrack.usableKeyTimes(animation.keyTimes, count: n, mode: mode)
        ?? KeyframeTrack.evenDiscreteKeyTimes(n)
    case .linear, .cubic:
      keyTimes = KeyframeTrack.usableKeyTimes(animation.keyTimes, count: n, mode: mode) ?? KeyframeTrack.uniform(n)
    case .paced:
      keyTimes = KeyframeTrack.pacedKeyTimes(values)
    case .cubicPaced:
      keyTimes = KeyframeTrack.uniform(n)
    }
    let functions = animation.timingFunctions
    timingFunctions = (mode == .linear || mode == .cubic) && functions?.count == n - 1 ? functions : nil

    let points = mode == .cubic || mode == .cubicPaced ? values.map { $0.vectorComponents! } : []
    self.points = points
    if mode == .cubic || mode == .cubicPaced {
      func parameter(_ list: [Double]?, _ i: Int) -> Double {
        guard let list, i < list.count, list[i].isFinite else { return 0 }
        return list[i]
      }
      var outgoing: [[Double]] = [], incoming: [[Double]] = []
      for i in 0..<n {
        let previous = points[max(i - 1, 0)], current = points[i], next = points[min(i + 1, n - 1)]
        let t = parameter(animation.tensionValues, i)
        let c = parameter(animation.continuityValues, i)
        let b = parameter(animation.biasValues, i)
        let outA = (1 - t) * (1 + b) * (1 + c) / 2, outB = (1 - t) * (1 - b) * (1 - c) / 2
        let inA = (1 - t) * (1 + b) * (1 - c) / 2, inB = (1 - t) * (1 - b) * (1 + c) / 2
        outgoing.append(current.indices.map { outA * (current[$0] - previous[$0]) + outB * (next[$0] - current[$0]) })
        incoming.append(current.indices.map { inA * (current[$0] - previous[$0]) + inB * (next[$0] - current[$0]) })
      }
      self.outgoing = outgoing
      self.incoming = incoming
    } else {
      outgoing = []
      incoming = []
    }

    if mode == .cubicPaced && n > 1 {
      var lengths: [Double] = [0]
      var previous = points[0]
      let samples = KeyframeTrack.samplesPerSegment
      for segment in 0..<(n - 1) {
        for step in 1...samples {
          let point = KeyframeTrack.hermite(points, outgoing, incoming,
                                            segment: segment, s: Double(step) / Double(samples))
          var d = 0.0
          for k in point.indices { d += (point[k] - previous[k]) * (point[k] - previous[k]) }
          lengths.append(lengths.last! + d.squareRoot())
          previous = point
        }
      }
      arcLengths = lengths
    } else {
      arcLengths = []
    }
  }

  /// `i/(n−1)` for n values (a single value: `[0]`).
  static func uniform(_ n: Int) -> [Double] {
    n == 1 ? [0] : (0..<n).map { Double($0) / Double(n - 1) }
  }

  /// The one key-time policy of keyframe animations: the given `keyTimes`
  /// when they suit `mode` with `n` values, else `nil` (Core Animation then
  /// spaces the keyframes itself). Linear and cubic modes take n entries from
  /// 0 to 1; discrete mode takes n + 1 entries from 0 to 1, or n entries from
  /// 0 (the last value then holds to the end, as in Apple's documentation
  /// example); every list must be non-decreasing within 0…1. Paced modes
  /// always ignore key times.
  package static func usableKeyTimes(_ keyTimes: [Double]?, count n: Int, mode: CalculationMode) -> [Double]? {
    guard let keyTimes, keyTimes.first == 0, isNonDecreasingUnit(keyTimes) else { return nil }
    switch mode {
    case .linear, .cubic:
      return keyTimes.count == n && keyTimes.last == 1 ? keyTimes : nil
    case .discrete:
      return keyTimes.count == n || (keyTimes.count == n + 1 && keyTimes.last == 1) ? keyTimes : nil
    case .paced, .cubicPaced:
      return nil
    }
  }

  /// The key times of discrete mode when none fit: `i / n`, each value an equal share.
  static func evenDiscreteKeyTimes(_ n: Int) -> [Double] {
    (0..<n).map { Double($0) / Double(n) }
  }

  /// Whether every entry is in 0…1 and none is smaller than the one before.
  package static func isNonDecreasingUnit(_ list: [Double]) -> Bool {
    var previous = 0.0
    for v in list {
      guard v >= 0, v <= 1, v >= previous else { return false }
      previous = v
    }
    return true
  }

  /// Key times proportional to the cumulative distance between values.
  static func pacedKeyTimes(_ values: [AnimationValue]) -> [Double] {
    let n = values.count
    guard n > 1 else { return [0] }
    var cumulative: [Double] = [0]
    for i in 1..<n { cumulative.append(cumulative[i - 1] + values[i - 1].distance(to: values[i])) }
    let total = cumulative[n - 1]
    guard total > 0, total.isFinite else { return uniform(n) }
    var times = cumulative.map { $0 / total }
    times[n - 1] = 1
    return times
  }

  /// A point on the Hermite segment from keyframe `segment` to the next.
  static func hermite(_ points: [[Double]], _ outgoing: [[Double]], _ incoming: [[Double]], segment i: Int,
                      s: Double) -> [Double] {
    let s2 = s * s, s3 = s2 * s
    let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
    let p0 = points[i], p1 = points[i + 1], m0 = outgoing[i], m1 = incoming[i + 1]
    return p0.indices.map { h00 * p0[$0] + h10 * m0[$0] + h01 * p1[$0] + h11 * m1[$0] }
  }

  /// The segment containing progress `f` and the position in it, 0…1.
  static func segment(for f: Double, in keyTimes: [Double], segments: Int) -> (index: Int, s: Double) {
    var i = 0
    while i + 1 < segments && keyTimes[i + 1] <= f { i += 1 }
    let span = keyTimes[i + 1] - keyTimes[i]
    let s = span > 0 ? (f - keyTimes[i]) / span : 1
    return (i, Swift.min(Swift.max(s, 0), 1))
  }

  /// The value at cycle progress `f` (after the animation's own timing function).
  package func value(at f: Double) -> AnimationValue {
    let n = values.count
    let f = f.isNaN ? 0 : Swift.min(Swift.max(f, 0), 1)
    guard n > 1 else { return values[0] }
    switch mode {
    case .discrete:
      var index = 0
      while index + 1 < n && keyTimes[index + 1] <= f { index += 1 }
      return values[index]
    case .linear, .paced:
      let (i, s) = KeyframeTrack.segment(for: f, in: keyTimes, segments: n - 1)
      let eased = timingFunctions?[i].solve(forInput: s) ?? s
      return values[i].interpolated(to: values[i + 1], fraction: eased)
    case .cubic:
      let (i, s) = KeyframeTrack.segment(for: f, in: keyTimes, segments: n - 1)
      let eased = timingFunctions?[i].solve(forInput: s) ?? s
      let point = KeyframeTrack.hermite(points, outgoing, incoming, segment: i, s: eased)
      return values[i].withVectorComponents(point)
    case .cubicPaced:
      let total = arcLengths.last ?? 0
      let samples = KeyframeTrack.samplesPerSegment
      var segmentIndex: Int, s: Double
      if total > 0 {
        let target = f * total
        var k = 0
        while k + 1 < arcLengths.count - 1 && arcLengths[k + 1] < target { k += 1 }
        let span = arcLengths[k + 1] - arcLengths[k]
        let within = span > 0 ? (target - arcLengths[k]) / span : 0
        let position = (Double(k) + within) / Double(samples)
        segmentIndex = Swift.min(Int(position), n - 2)
        s = position - Double(segmentIndex)
      } else {
        (segmentIndex, s) = KeyframeTrack.segment(for: f, in: keyTimes, segments: n - 1)
      }
      let point = KeyframeTrack.hermite(points, outgoing, incoming, segment: segmentIndex, s: s)
      return values[segmentIndex].withVectorComponents(point)
    }
  }
}
