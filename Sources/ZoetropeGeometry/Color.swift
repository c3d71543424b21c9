// SPDX-License-Identifier: Apache-2.0
// A straight-alpha sRGB colour, components 0…1.

/// A colour in sRGB with straight (not premultiplied) alpha; the counterpart of
/// a `CGColor` in the device RGB space.
///
/// Components are nominally 0…1. Animation may carry them outside that range
/// (overshooting timing functions, additive animation); renderers clamp.
public struct Color: Hashable, Sendable {
  /// Red, 0…1.
  public var red: Double
  /// Green, 0…1.
  public var green: Double
  /// Blue, 0…1.
  public var blue: Double
  /// Opacity, 0 (transparent) … 1 (opaque); not premultiplied into the others.
  public var alpha: Double

  /// Creates a colour from straight-alpha sRGB components in 0…1.
  @inlinable public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Creates a grey of the given white level, as `UIColor(white:alpha:)`.
  @inlinable public init(white: Double, alpha: Double = 1) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  /// The four components in the order red, green, blue, alpha.
  @inlinable public var components: [Double] { [red, green, blue, alpha] }

  /// Transparent black, `UIColor.clear`.
  public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
  /// Opaque black.
  public static let black = Color(white: 0)
  /// Opaque white.
  public static let white = Color(white: 1)
}
