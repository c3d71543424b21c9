// SPDX-License-Identifier: Apache-2.0
// Lottie gradients on a gradient layer: stops merged with their opacities, points in the layer's unit square.

import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension LottieSceneBuilder {
  /// A gradient's colours, locations and points on `layer` (whose bounds
  /// span ±``gradientExtent`` around the shape's origin). A radial
  /// gradient's end point is put at (r, r) from its centre, so that Core
  /// Animation's ellipse is the circle of radius r Lottie draws; its
  /// highlight is the layer's `focalPoint` (when nothing about it moves).
  mutating func applyGradient(_ g: LottieGradient, to layer: GradientLayer, clock: LottieClock,
                              visible: ClosedRange<Double>?, path: Int) {
    layer.type = g.isRadial ? .radial : .axial
    let count = g.colorStopCount
    if g.stops.isAnimated {
      applySampled(to: layer, keyPath: "colors", clock: clock, visible: visible) { frame in
        .colors(LottieSceneBuilder.gradientStops(g.stops.value(at: frame), colorStops: count).colors)
      }
      applySampled(to: layer, keyPath: "locations", clock: clock, visible: visible) { frame in
        .numbers(LottieSceneBuilder.gradientStops(g.stops.value(at: frame), colorStops: count).locations)
      }
    } else {
      let stops = LottieSceneBuilder.gradientStops(g.stops.constant, colorStops: count)
      layer.colors = stops.colors
      layer.locations = stops.locations
    }
    let extent = LottieSceneBuilder.gradientExtent
    func unit(_ v: [Double]) -> Point {
      Point(x: ((v.first ?? 0) + extent) / (2 * extent), y: ((v.count > 1 ? v[1] : 0) + extent) / (2 * extent))
    }
    apply(g.start, to: layer, keyPath: "startPoint", clock: clock, visible: visible) { .point(unit($0)) }
    if g.isRadial {
      if g.highlightLength.isAnimated || g.highlightLength.constant.first.map({ $0 != 0 }) == true {
        if g.highlightLength.isAnimated || g.highlightAngle.isAnimated || g.start.isAnimated || g.end.isAnimated {
          unsupported(path, "an animated radial gradient's highlight; the gradient is centred")
        } else {
          layer.focalPoint = unit(LottieSceneBuilder.highlight(of: g, at: 0))
        }
      }
      func radiusPoint(_ frame: Double) -> AnimationValue {
        let s = g.start.value(at: frame), e = g.end.value(at: frame)
        let dx = (e.first ?? 0) - (s.first ?? 0), dy = (e.count > 1 ? e[1] : 0) - (s.count > 1 ? s[1] : 0)
        let r = (dx * dx + dy * dy).squareRoot()
        return .point(unit([(s.first ?? 0) + r, (s.count > 1 ? s[1] : 0) + r]))
      }
      if g.start.isAnimated || g.end.isAnimated {
        applySampled(to: layer, keyPath: "endPoint", clock: clock, visible: visible, value: radiusPoint)
      } else {
        setModel(layer, "endPoint", radiusPoint(0))
      }
    } else {
      apply(g.end, to: layer, keyPath: "endPoint", clock: clock, visible: visible) { .point(unit($0)) }
    }
  }

  /// A radial gradient's highlight, the point its rings close in on, in the
  /// shape's coordinates: `h` percent of the radius from the start point
  /// (kept within ±99 %), at `a` degrees from the direction of the end
  /// point, as lottie-web places the focal point.
  static func highlight(of g: LottieGradient, at frame: Double) -> [Double] {
    let s = g.start.value(at: frame), e = g.end.value(at: frame)
    let sx = s.first ?? 0, sy = s.count > 1 ? s[1] : 0
    let dx = (e.first ?? 0) - sx, dy = (e.count > 1 ? e[1] : 0) - sy
    let length = Swift.min(Swift.max(g.highlightLength.scalar(at: frame) / 100, -0.99), 0.99)
    let distance = (dx * dx + dy * dy).squareRoot() * length
    let angle = atan2(dy, dx) + g.highlightAngle.scalar(at: frame) * .pi / 180
    return [sx + cos(angle) * distance, sy + sin(angle) * distance]
  }

  /// A gradient's `g.k` as colours with locations: the colour stops
  /// (position, r, g, b) and the opacity stops (position, alpha) after them
  /// merged at the union of their positions, each channel interpolated
  /// between its own stops (so the ramp is exactly Lottie's, in straight
  /// alpha).
  static func gradientStops(_ k: [Double], colorStops: Int) -> (colors: [Color], locations: [Double]) {
    let n = Swift.min(colorStops, k.count / 4)
    guard n > 0 else { return ([.clear, .clear], [0, 1]) }
    var colors: [(Double, [Double])] = (0..<n).map { i in (k[4 * i], [k[4 * i + 1], k[4 * i + 2], k[4 * i + 3]]) }
    colors.sort { $0.0 < $1.0 }
    var alphas: [(Double, Double)] = []
    var i = 4 * n
    while i + 1 < k.count {
      alphas.append((k[i], k[i + 1]))
      i += 2
    }
    alphas.sort { $0.0 < $1.0 }
    func sample<T>(_ stops: [(Double, T)], at x: Double, mix: (T, T, Double) -> T) -> T {
      if x <= stops[0].0 { return stops[0].1 }
      for j in 1..<stops.count where x <= stops[j].0 {
        let a = stops[j - 1], b = stops[j]
        let span = b.0 - a.0
        return span > 0 ? mix(a.1, b.1, (x - a.0) / span) : b.1
      }
      return stops[stops.count - 1].1
    }
    // Every position either list has, as often as the list that repeats it
    // most (a repeated position is a hard step): the k-th stop of a list at
    // that position, or its interpolation where it has fewer.
    func unit(_ v: Double) -> Double { Swift.min(Swift.max(v, 0), 1) }
    var positions: [Double] = []
    var result: [Color] = []
    let all = Set((colors.map(\.0) + alphas.map(\.0)).map(unit)).sorted()
    for x in all {
      let colorHere = colors.filter { unit($0.0) == x }.map(\.1)
      let alphaHere = alphas.filter { unit($0.0) == x }.map(\.1)
      for k in 0..<Swift.max(colorHere.count, alphaHere.count, 1) {
        let rgb = k < colorHere.count ? colorHere[k]
          : colorHere.last ?? sample(colors, at: x) { a, b, f in zip(a, b).map { $0 + ($1 - $0) * f } }
        let alpha = alphas.isEmpty ? 1 : k < alphaHere.count ? alphaHere[k]
          : alphaHere.last ?? sample(alphas, at: x) { a, b, f in a + (b - a) * f }
        positions.append(x)
        result.append(LottieDecoder.color(rgb + [alpha]))
      }
    }
    if positions.count == 1 {
      positions.append(positions[0])
      result.append(result[0])
    }
    return (result, positions)
  }
}
