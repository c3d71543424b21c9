// SPDX-License-Identifier: Apache-2.0
// CAMediaTimingFunction: a cubic Bézier easing curve from (0,0) to (1,1).

/// The names of Core Animation's predefined timing functions
/// (`CAMediaTimingFunctionName`); raw values are its constant strings.
public enum MediaTimingFunctionName: String, Hashable, Sendable, CaseIterable {
  /// Control points (0, 0), (1, 1).
  case linear
  /// Control points (0.42, 0), (1, 1).
  case easeIn
  /// Control points (0, 0), (0.58, 1).
  case easeOut
  /// Control points (0.42, 0), (0.58, 1).
  case easeInEaseOut
  /// Control points (0.25, 0.1), (0.25, 1) — CSS `ease`; implicit animations use it.
  case `default`
}

/// An easing curve: a cubic Bézier through (0,0), `c1`, `c2`, (1,1), where x is
/// the input progress and y the output. See docs/scene-format.md, "Timing functions".
///
/// The x coordinates of the control points are clamped to 0…1 so the curve is a
/// function of x; y may leave 0…1 (overshoot). Inputs outside 0…1 are clamped,
/// as Apple's solver does.
///
///     MediaTimingFunction(name: .easeInEaseOut).solve(forInput: 0.25)  // ≈ 0.129162
public struct MediaTimingFunction: Hashable, Sendable {
  /// The first control point's x, 0…1.
  public let c1x: Double
  /// The first control point's y.
  public let c1y: Double
  /// The second control point's x, 0…1.
  public let c2x: Double
  /// The second control point's y.
  public let c2y: Double

  /// A curve from its two inner control points, as
  /// `CAMediaTimingFunction(controlPoints:_:_:_:)`. x values are clamped to 0…1;
  /// NaN components become the linear curve's.
  public init(controlPoints c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
    func unit(_ v: Double, _ fallback: Double) -> Double { v.isNaN ? fallback : Swift.min(Swift.max(v, 0), 1) }
    self.c1x = unit(c1x, 0)
    self.c1y = c1y.isFinite ? c1y : 0
    self.c2x = unit(c2x, 1)
    self.c2y = c2y.isFinite ? c2y : 1
  }

  /// One of the predefined curves.
  public init(name: MediaTimingFunctionName) {
    switch name {
    case .linear: self.init(controlPoints: 0, 0, 1, 1)
    case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
    case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
    case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
    case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
    }
  }

  /// The linear curve (what a nil `timingFunction` means for explicit animations).
  public static let linear = MediaTimingFunction(name: .linear)

  /// The control point at `index` 0…3: (0,0), c1, c2, (1,1), as
  /// `getControlPoint(at:values:)`. Indexes outside 0…3 give (0,0).
  public func controlPoint(at index: Int) -> (x: Double, y: Double) {
    switch index {
    case 1: return (c1x, c1y)
    case 2: return (c2x, c2y)
    case 3: return (1, 1)
    default: return (0, 0)
    }
  }

  /// Whether this is the identity curve, which needs no solving.
  @inlinable public var isLinear: Bool { c1x == c1y && c2x == c2y }

  /// The output progress y for an input progress x (clamped to 0…1).
  ///
  /// Solves x(t) = x to 1e-12 by Newton–Raphson from t = x, falling back to
  /// bisection where the derivative vanishes (the ends of easeIn/easeOut), then
  /// returns y(t) — well within the 1e-7 the contract asks (§3.3).
  public func solve(forInput x: Double) -> Double {
    guard !x.isNaN else { return 0 }
    let x = Swift.min(Swift.max(x, 0), 1)
    if isLinear || x == 0 || x == 1 { return isLinear ? x : (x == 0 ? 0 : 1) }
    let cx = 3 * c1x, bx = 3 * (c2x - c1x) - cx, ax = 1 - cx - bx
    let cy = 3 * c1y, by = 3 * (c2y - c1y) - cy, ay = 1 - cy - by
    func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    var t = x
    for _ in 0..<8 {
      let error = sampleX(t) - x
      if Swift.abs(error) < 1e-12 { return sampleY(t) }
      let slope = slopeX(t)
      if Swift.abs(slope) < 1e-7 { break }
      t -= error / slope
      if t < 0 || t > 1 { break }
    }
    var low = 0.0, high = 1.0
    t = x
    for _ in 0..<64 {
      let value = sampleX(t)
      if Swift.abs(value - x) < 1e-12 { break }
      if value < x { low = t } else { high = t }
      t = (low + high) / 2
    }
    return sampleY(t)
  }
}
