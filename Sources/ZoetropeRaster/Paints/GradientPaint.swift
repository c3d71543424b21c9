// SPDX-License-Identifier: Apache-2.0
// CAGradientLayer paints: axial, radial and conic colour ramps over a layer's bounds.

import ZoetropeShaders
import ZoetropeGeometry

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A gradient ready to sample: stops with their locations, the geometry in the
/// layer's coordinates, and the device→layer map. The raster knows nothing of
/// layers: the compositor turns a `CAGradientLayer`'s unit points into layer
/// coordinates before it makes one.
///
/// Axial: t is the projection onto `startPoint → endPoint` (clamped, pad).
/// Radial: t is the distance from `startPoint` over the distance to `endPoint`
/// (an ellipse when the bounds are not square, as CAGradientLayer draws);
/// with a focus, t is the ring through the point of the rings that shrink
/// from the last one (t = 1) to the focus (t = 0) as their centres move
/// there (a two-circle radial gradient, the focus kept within 0.99 of the
/// way to the last ring).
/// Conic: t is the angle around `startPoint`, starting towards `endPoint`,
/// increasing clockwise on screen, one turn = 1. Colours interpolate in
/// straight-alpha sRGB, then premultiply. Pixel centres map back to the layer
/// through a homography, so perspective is followed exactly.
package struct GradientPaint: Sendable {
  /// How the ramp parameter varies over the plane.
  package enum Kind: Sendable, Equatable {
    /// Along the line from `start` to `end`.
    case axial
    /// With the (elliptical) distance from `start`; `end` lies on the last ring.
    case radial
    /// With the angle around `start`, from the direction of `end`, clockwise on screen.
    case conic
  }

  let stops: [(location: Double, color: Color)]
  let type: Kind
  let start: Point
  let end: Point
  /// A radial gradient's focal point; `nil` is `start`.
  let focus: Point?
  let deviceToLayer: Homography
  let opacity: Double
  /// The ramp sampled at `rampSize` evenly spaced parameters over
  /// `rampStart…rampEnd` (0…1, widened to the outermost stops), as
  /// premultiplied RGBA8 words: a pixel looks its colour up instead of
  /// interpolating and rounding (steps of at most 1/1023 of the ramp, under
  /// one 8-bit level on any ramp shorter than a thousand pixels per step of 255).
  private(set) var ramp: [UInt32] = []
  let rampStart: Double, rampEnd: Double
  static let rampSize = 1024
  /// Whether the colour is the same along each device row, and whether a
  /// row's colours are every row's (``alike(_:start:end:deviceToLayer:)``).
  let isConstantAlongRows: Bool, isConstantDownColumns: Bool

  /// A paint of `colors` at `locations` (evenly spaced when `nil` or not one
  /// per colour), from `start` to `end` in layer coordinates (a radial one
  /// closing in on `focus`, when given); `nil` when there are no colours. With `ramps`, the colour ramp is the one kept there for
  /// the same stops and opacity, if any (the same ramp either way).
  package init?(colors: [Color], locations: [Double]?, kind: Kind, start: Point, end: Point, focus: Point? = nil,
                deviceToLayer: Homography, opacity: Double, ramps: GradientRampCache? = nil) {
    guard !colors.isEmpty else { return nil }
    let evenlySpaced = colors.count == 1 ? [0] : (0..<colors.count).map { Double($0) / Double(colors.count - 1) }
    let positions = locations.flatMap { $0.count == colors.count ? $0 : nil } ?? evenlySpaced
    // Stops sorted by location (stable), as the ramp needs.
    let sorted = zip(positions, colors).enumerated().sorted { a, b in
      a.element.0 != b.element.0 ? a.element.0 < b.element.0 : a.offset < b.offset
    }.map(\.element)
    stops = sorted.map { (location: $0.0, color: $0.1) }
    type = kind
    self.start = start
    self.end = end
    self.focus = focus
    self.deviceToLayer = deviceToLayer
    self.opacity = opacity
    (isConstantAlongRows, isConstantDownColumns) = GradientPaint.alike(kind, start: start, end: end,
                                                                         deviceToLayer: deviceToLayer)
    let low = Swift.min(0, stops[0].location), high = Swift.max(1, stops[stops.count - 1].location)
    rampStart = low.isFinite ? low : 0
    rampEnd = high.isFinite && high > rampStart ? high : rampStart + 1
    let n = GradientPaint.rampSize
    let (start, end) = (rampStart, rampEnd)
    let build = { [self] in
      (0..<n).map { i in
        let c = self.color(at: start + (end - start) * Double(i) / Double(n - 1))
        return UInt32(c.0) | UInt32(c.1) << 8 | UInt32(c.2) << 16 | UInt32(c.3) << 24
      }
    }
    ramp = ramps?.ramp(stops: stops, opacity: opacity, build: build) ?? build()
  }

  /// The ramp parameter at a layer-space point.
  func parameter(at p: Point) -> Double {
    let axis = end - start
    switch type {
    case .axial:
      let length2 = axis.x * axis.x + axis.y * axis.y
      guard length2 > 0 else { return 0 }
      return ((p.x - start.x) * axis.x + (p.y - start.y) * axis.y) / length2
    case .radial:
      let rx = Swift.abs(axis.x), ry = Swift.abs(axis.y)
      let dx = p.x - start.x, dy = p.y - start.y
      if let focus { return focusedParameter(dx: dx, dy: dy, focus: focus, rx: rx, ry: ry) }
      if rx > 0 && ry > 0 { return ((dx / rx) * (dx / rx) + (dy / ry) * (dy / ry)).squareRoot() }
      let r = Swift.max(rx, ry)
      return r > 0 ? (dx * dx + dy * dy).squareRoot() / r : 0
    case .conic:
      let base = atan2(axis.y, axis.x)
      var angle = atan2(p.y - start.y, p.x - start.x) - base
      angle = angle.truncatingRemainder(dividingBy: 2 * Double.pi)
      if angle < 0 { angle += 2 * Double.pi }
      return angle / (2 * Double.pi)
    }
  }

  /// A radial gradient's parameter at (dx, dy) from its centre when it closes
  /// in on `focus`. Scaled so that the last ring is the unit circle, with q
  /// the point less the focus f: the ring of parameter t has its centre at
  /// f (1 − t) and radius t, so |q + t f| = t, and t is the larger root of
  /// (1 − f²) t² − 2 (q·f) t − q² = 0.
  private func focusedParameter(dx: Double, dy: Double, focus: Point, rx: Double, ry: Double) -> Double {
    var (sx, sy) = (rx, ry)
    if !(rx > 0 && ry > 0) {
      let r = Swift.max(rx, ry)
      guard r > 0 else { return 0 }
      (sx, sy) = (r, r)
    }
    var fx = (focus.x - start.x) / sx, fy = (focus.y - start.y) / sy
    let length = (fx * fx + fy * fy).squareRoot()
    if length > 0.99 {
      fx *= 0.99 / length
      fy *= 0.99 / length
    }
    let qx = dx / sx - fx, qy = dy / sy - fy
    let a = 1 - (fx * fx + fy * fy), b = qx * fx + qy * fy, c = qx * qx + qy * qy
    return (b + (b * b + a * c).squareRoot()) / a
  }

  /// The premultiplied RGBA8 colour at ramp parameter t (padded at the ends).
  func color(at t: Double) -> (UInt8, UInt8, UInt8, UInt8) {
    let t = t.isNaN ? 0 : t
    var color = stops[0].color
    if t >= stops[stops.count - 1].location {
      color = stops[stops.count - 1].color
    } else if t > stops[0].location {
      var i = 0
      while i + 1 < stops.count && stops[i + 1].location <= t { i += 1 }
      let a = stops[i], b = stops[i + 1]
      let span = b.location - a.location
      color = span > 0 ? a.color.interpolated(to: b.color, fraction: (t - a.location) / span) : b.color
    }
    let p = color.premultipliedRGBA8(opacity: opacity)
    return (p.r, p.g, p.b, p.a)
  }

  /// Premultiplied colours for `count` pixels of device row `y` from column `x`,
  /// sampled at pixel centres. (Along a row of constant colour, the first
  /// pixel's colour stored `count` times: the bytes of sampling each.)
  func row(y: Int, x: Int, count: Int, into buffer: UnsafeMutablePointer<UInt8>) {
    if count > 1, isConstantAlongRows {
      row(y: y, x: x, count: 1, into: buffer)
      let word = UnsafeRawPointer(buffer).load(as: UInt32.self)
      UnsafeMutableRawPointer(buffer).initializeMemory(as: UInt32.self, repeating: word, count: count)
      return
    }
    let scale = Double(GradientPaint.rampSize - 1) / (rampEnd - rampStart)
    let last = Double(GradientPaint.rampSize - 1)
    let words = UnsafeMutableRawPointer(buffer)
    // The map's entries as locals: the same arithmetic as
    // `Homography.transform`, without an array access per pixel.
    let m = deviceToLayer.m
    let (m0, m1, m2, m3, m4, m5, m6, m7, m8) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
    let py = Double(y) + 0.5
    let axis = end - start
    let length2 = axis.x * axis.x + axis.y * axis.y
    ramp.withUnsafeBufferPointer { ramp in
      var i = 0
      // Axial under an affine map (w is exactly 1): four pixels at a time,
      // lane for lane the arithmetic of the loop below, so the same bytes.
      if type == .axial, length2 > 0, m2 == 0, m5 == 0, m8 == 1 {
        let (yx, yy) = (SIMD4<Double>(repeating: py * m3), SIMD4<Double>(repeating: py * m4))
        let offsets = SIMD4<Double>(0.5, 1.5, 2.5, 3.5)
        while i + 4 <= count {
          let px = SIMD4<Double>(repeating: Double(x + i)) + offsets
          let hx = px * m0 + yx + m6, hy = px * m1 + yy + m7
          let t = ((hx - start.x) * axis.x + (hy - start.y) * axis.y) / length2
          var position = (t - rampStart) * scale + 0.5
          position.replace(with: 0, where: .!(position .> 0))
          position.replace(with: last, where: .!(position .< last))
          for lane in 0..<4 {
            words.storeBytes(of: UInt32(littleEndian: ramp[Int(position[lane])]), toByteOffset: 4 * (i + lane),
                             as: UInt32.self)
          }
          i += 4
        }
      }
      while i < count {
        defer { i += 1 }
        let px = Double(x + i) + 0.5
        let hx = px * m0 + py * m3 + m6, hy = px * m1 + py * m4 + m7, hw = px * m2 + py * m5 + m8
        let p = hw == 1 ? Point(x: hx, y: hy) : Point(x: hx / hw, y: hy / hw)
        let t: Double
        if type == .axial {
          t = length2 > 0 ? ((p.x - start.x) * axis.x + (p.y - start.y) * axis.y) / length2 : 0
        } else {
          t = parameter(at: p)
        }
        // NaN and out-of-range parameters clamp to the ramp's ends.
        var position = (t - rampStart) * scale + 0.5
        position = position > 0 ? (position < last ? position : last) : 0
        words.storeBytes(of: UInt32(littleEndian: ramp[Int(position)]), toByteOffset: 4 * i, as: UInt32.self)
      }
    }
  }
}
