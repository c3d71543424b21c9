// SPDX-License-Identifier: Apache-2.0
// CAMediaTimingFunction: named and control-point easing curves, over Zoetrope's MediaTimingFunction.

import Zoetrope

/// The names of Core Animation's predefined curves (`CAMediaTimingFunctionName`).
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
  /// The raw value, as Core Animation spells it.
  public let rawValue: String
  /// The constant with this raw value; one Core Animation does not know behaves as the default.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// (0, 0), (1, 1).
  public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
  /// (0.42, 0), (1, 1).
  public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
  /// (0, 0), (0.58, 1).
  public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
  /// (0.42, 0), (0.58, 1).
  public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
  /// (0.25, 0.1), (0.25, 1): what implicit animations use.
  public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// An easing curve, as `CAMediaTimingFunction`: a cubic Bézier from (0, 0)
/// to (1, 1) through two control points, x the time's progress and y the
/// value's. Solved exactly as Zoetrope's ``MediaTimingFunction``.
///
///     animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
///     animation.timingFunction = CAMediaTimingFunction(controlPoints: 0.2, 0.8, 0.2, 1)
public final class CAMediaTimingFunction: Hashable, Sendable, CustomStringConvertible {
  /// The curve.
  let zoetrope: MediaTimingFunction

  /// One of the predefined curves; an unknown name gives the linear curve.
  public init(name: CAMediaTimingFunctionName) {
    zoetrope = MediaTimingFunctionName(rawValue: name.rawValue).map(MediaTimingFunction.init(name:)) ?? .linear
  }

  /// A curve through (0, 0), (c1x, c1y), (c2x, c2y), (1, 1); x values are
  /// clamped to 0…1, y values may overshoot.
  public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
    zoetrope = MediaTimingFunction(controlPoints: Double(c1x), Double(c1y), Double(c2x), Double(c2y))
  }

  init(_ function: MediaTimingFunction) { zoetrope = function }

  /// Writes control point `index` (0…3: (0, 0), c1, c2, (1, 1)) into
  /// `values[0]` and `values[1]`; other indexes give (0, 0).
  public func getControlPoint(at index: Int, values: UnsafeMutablePointer<Float>) {
    let point = zoetrope.controlPoint(at: index)
    values[0] = Float(point.x)
    values[1] = Float(point.y)
  }

  /// The same control points.
  public static func == (a: CAMediaTimingFunction, b: CAMediaTimingFunction) -> Bool { a.zoetrope == b.zoetrope }
  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) { hasher.combine(zoetrope) }

  /// `"CAMediaTimingFunction(0.42 0 0.58 1)"`.
  public var description: String {
    "CAMediaTimingFunction(\(zoetrope.c1x) \(zoetrope.c1y) \(zoetrope.c2x) \(zoetrope.c2y))"
  }
}
