// SPDX-License-Identifier: Apache-2.0
// A keyframe path prepared for sampling: segments, their lengths and key times.

import ZoetropeGeometry
import ZoetropeTiming

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `path` of a keyframe animation prepared for sampling (docs/scene-format.md, "Keyframe animations").
///
/// Every element but a move defines one keyframe at its end point; between
/// keyframes the point travels along the element. `linear` (and `cubic`) give
/// each element an equal share of time, or its `keyTimes` slot, and advance the
/// curve parameter linearly with time; `paced` (and `cubicPaced`) move at
/// constant speed along the whole path; `discrete` jumps from end point to end
/// point. A move inside the path is a jump.
///
///     segment 0        segment 1          keyframes: start, end0, end1
///     start ──────▶ end0 ╭──────╮ end1
package struct PathTrack: Sendable {
  /// One drawable element: its start point and the element.
  struct Segment: Sendable {
    var start: Point
    var element: Path.Element
    var end: Point
  }
  let segments: [Segment]
  /// Key times, one per keyframe (segments + 1), or segments + 1 (+1) for discrete.
  let keyTimes: [Double]
  let mode: CalculationMode
  let timingFunctions: [MediaTimingFunction]?
  /// Cumulative arc length per segment sample, for paced parameter inversion.
  let sampleLengths: [[Double]]
  static let samplesPerSegment = 64

  /// Prepares a path; `nil` when it has no drawable element.
  init?(path: Path, animation: KeyframeAnimation) {
    var segments: [Segment] = []
    var current = Point.zero, subpathStart = Point.zero
    for element in path.elements {
      switch element {
      case .moveTo(let p):
        current = p
        subpathStart = p
      case .lineTo(let p), .quadCurveTo(let p, _), .curveTo(let p, _, _):
        segments.append(Segment(start: current, element: element, end: p))
        current = p
      case .closeSubpath:
        segments.append(Segment(start: current, element: .lineTo(subpathStart), end: subpathStart))
        current = subpathStart
      }
    }
    guard !segments.isEmpty else { return nil }
    self.segments = segments
    let mode = animation.calculationMode
    self.mode = mode
    let n = segments.count + 1
    var lengths: [[Double]] = []
    for segment in segments {
      var table: [Double] = [0]
      var previous = segment.start
      for step in 1...PathTrack.samplesPerSegment {
        let p = PathTrack.point(on: segment, at: Double(step) / Double(PathTrack.samplesPerSegment))
        table.append(table.last! + previous.distance(to: p))
        previous = p
      }
      lengths.append(table)
    }
    sampleLengths = lengths
    switch mode {
    case .discrete:
      keyTimes = KeyframeTrack.usableKeyTimes(animation.keyTimes, count: n, mode: mode)
        ?? KeyframeTrack.evenDiscreteKeyTimes(n)
    case .linear, .cubic:
      keyTimes = KeyframeTrack.usableKeyTimes(animation.keyTimes, count: n, mode: mode) ?? KeyframeTrack.uniform(n)
    case .paced, .cubicPaced:
      let total = lengths.reduce(0) { $0 + $1.last! }
      if total > 0 && total.isFinite {
        var times: [Double] = [0]
        var running = 0.0
        for table in lengths {
          running += table.last!
          times.append(running / total)
        }
        times[n - 1] = 1
        keyTimes = times
      } else {
        keyTimes = KeyframeTrack.uniform(n)
      }
    }
    let functions = animation.timingFunctions
    timingFunctions = (mode == .linear || mode == .cubic) && functions?.count == n - 1 ? functions : nil
  }

  /// The point at parameter `s` of a segment's element.
  static func point(on segment: Segment, at s: Double) -> Point {
    let p0 = segment.start
    switch segment.element {
    case .quadCurveTo(let p2, let c):
      let u = 1 - s
      return Point(x: u * u * p0.x + 2 * u * s * c.x + s * s * p2.x, y: u * u * p0.y + 2 * u * s * c.y + s * s * p2.y)
    case .curveTo(let p3, let c1, let c2):
      let u = 1 - s
      let a = u * u * u, b = 3 * u * u * s, c = 3 * u * s * s, d = s * s * s
      return Point(x: a * p0.x + b * c1.x + c * c2.x + d * p3.x, y: a * p0.y + b * c1.y + c * c2.y + d * p3.y)
    default:
      return p0.interpolated(to: segment.end, fraction: s)
    }
  }

  /// The direction of travel at parameter `s` of a segment (not normalised).
  static func tangent(on segment: Segment, at s: Double) -> Point {
    let p0 = segment.start
    var d: Point
    switch segment.element {
    case .quadCurveTo(let p2, let c):
      d = (c - p0) * (2 * (1 - s)) + (p2 - c) * (2 * s)
    case .curveTo(let p3, let c1, let c2):
      let u = 1 - s
      d = (c1 - p0) * (3 * u * u) + (c2 - c1) * (6 * u * s) + (p3 - c2) * (3 * s * s)
    default:
      d = segment.end - p0
    }
    if d.x == 0 && d.y == 0 { d = segment.end - p0 }
    return d
  }

  /// The point and the tangent angle (radians, from +x towards +y) at cycle progress `f`.
  package func sample(at f: Double) -> (point: Point, angle: Double) {
    let f = f.isNaN ? 0 : Swift.min(Swift.max(f, 0), 1)
    let count = segments.count
    if mode == .discrete {
      var index = 0
      while index + 1 < count + 1 && index + 1 < keyTimes.count && keyTimes[index + 1] <= f { index += 1 }
      let segment = segments[Swift.max(index - 1, 0)]
      let point = index == 0 ? segments[0].start : segment.end
      let direction = PathTrack.tangent(on: segment, at: index == 0 ? 0 : 1)
      return (point, atan2(direction.y, direction.x))
    }
    let (i, local) = KeyframeTrack.segment(for: f, in: keyTimes, segments: count)
    let segment = segments[i]
    var s = timingFunctions?[i].solve(forInput: local) ?? local
    if mode == .paced || mode == .cubicPaced {
      s = PathTrack.parameter(forLengthFraction: local, in: sampleLengths[i])
    }
    let direction = PathTrack.tangent(on: segment, at: s)
    return (PathTrack.point(on: segment, at: s), atan2(direction.y, direction.x))
  }

  /// The curve parameter at which `fraction` of a segment's length is covered.
  static func parameter(forLengthFraction fraction: Double, in table: [Double]) -> Double {
    let total = table.last!
    guard total > 0 else { return fraction }
    let target = fraction * total
    var k = 0
    while k + 1 < table.count - 1 && table[k + 1] < target { k += 1 }
    let span = table[k + 1] - table[k]
    let within = span > 0 ? (target - table[k]) / span : 0
    return (Double(k) + within) / Double(table.count - 1)
  }
}
