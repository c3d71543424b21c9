// SPDX-License-Identifier: Apache-2.0
// CGColor and CGColorSpace: sRGB and grey colours, held as Zoetrope's straight-alpha sRGB Color.

import Foundation
import Zoetrope

/// The colour model of a ``CGColorSpace``.
public enum CGColorSpaceModel: Int32, Sendable {
  case unknown = -1, monochrome = 0, rgb = 1
}

/// A colour space, as Core Graphics' `CGColorSpace`: sRGB (also what device
/// RGB, generic RGB and extended sRGB mean here), Display P3 (converted to
/// sRGB), and grey (gamma 2.2: a grey level is its sRGB red, green and blue).
public final class CGColorSpace: Hashable, Sendable {
  /// The space's name, one of the constants below.
  public let name: String?
  /// `.rgb` or `.monochrome`.
  public let model: CGColorSpaceModel

  /// sRGB.
  public static let sRGB = "kCGColorSpaceSRGB"
  /// Extended-range sRGB (components beyond 0…1 are clamped when drawn).
  public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
  /// Display P3, converted to sRGB (out-of-gamut components are clamped when drawn).
  public static let displayP3 = "kCGColorSpaceDisplayP3"
  /// Generic RGB, taken as sRGB.
  public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
  /// Grey, gamma 2.2.
  public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
  /// Extended grey.
  public static let extendedGray = "kCGColorSpaceExtendedGray"
  /// Linear grey.
  public static let linearGray = "kCGColorSpaceLinearGray"

  /// The space with this name; `nil` for a name not listed above.
  public init?(name: String) {
    switch name {
    case CGColorSpace.sRGB, CGColorSpace.extendedSRGB, CGColorSpace.displayP3, CGColorSpace.genericRGBLinear:
      model = .rgb
    case CGColorSpace.genericGrayGamma2_2, CGColorSpace.extendedGray, CGColorSpace.linearGray: model = .monochrome
    default: return nil
    }
    self.name = name
  }

  /// The number of colour components (without alpha): 3 or 1.
  public var numberOfComponents: Int { model == .monochrome ? 1 : 3 }

  /// The same space.
  public static func == (a: CGColorSpace, b: CGColorSpace) -> Bool { a.name == b.name }
  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// Device RGB, which is sRGB here.
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace(name: CGColorSpace.sRGB)! }
/// Device grey.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)! }

/// A colour, as Core Graphics' `CGColor`: immutable, in an sRGB, Display P3
/// or grey space, with straight (not premultiplied) alpha.
///
///     layer.backgroundColor = CGColor(red: 0, green: 0.48, blue: 1, alpha: 1)
public final class CGColor: Hashable, Sendable, CustomStringConvertible {
  /// The colour as Zoetrope draws it: sRGB, straight alpha.
  let zoetrope: Color
  /// The components as given (grey and alpha, or red, green, blue and alpha).
  public let components: [CGFloat]?
  /// The colour space the components are in.
  public let colorSpace: CGColorSpace?

  init(_ color: Color, components: [CGFloat], space: CGColorSpace) {
    zoetrope = color
    self.components = components
    colorSpace = space
  }

  /// An sRGB colour from components 0…1.
  public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.init(srgbRed: red, green: green, blue: blue, alpha: alpha)
  }

  /// An sRGB colour from components 0…1.
  public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.init(Color(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha)),
              components: [red, green, blue, alpha], space: CGColorSpaceCreateDeviceRGB())
  }

  /// A grey of level `gray` (0 black … 1 white).
  public convenience init(gray: CGFloat, alpha: CGFloat) {
    self.init(Color(white: Double(gray), alpha: Double(alpha)), components: [gray, alpha],
              space: CGColorSpaceCreateDeviceGray())
  }

  /// A grey in the gamma 2.2 space (the same as `init(gray:alpha:)` here).
  public convenience init(genericGrayGamma2_2Gray gray: CGFloat, alpha: CGFloat) {
    self.init(gray: gray, alpha: alpha)
  }

  /// A colour from `space.numberOfComponents + 1` components (the last is
  /// alpha); `nil` when `components` is shorter. Display P3 components are
  /// converted to sRGB.
  public convenience init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
    let count = space.numberOfComponents + 1
    let values = (0..<count).map { components[$0] }
    if space.model == .monochrome {
      self.init(Color(white: Double(values[0]), alpha: Double(values[1])), components: values, space: space)
    } else {
      let rgb = space.name == CGColorSpace.displayP3
        ? CGColor.sRGB(fromDisplayP3: (Double(values[0]), Double(values[1]), Double(values[2])))
        : (Double(values[0]), Double(values[1]), Double(values[2]))
      self.init(Color(red: rgb.0, green: rgb.1, blue: rgb.2, alpha: Double(values[3])), components: values,
                space: space)
    }
  }

  /// Opaque black.
  public static let black = CGColor(gray: 0, alpha: 1)
  /// Opaque white.
  public static let white = CGColor(gray: 1, alpha: 1)
  /// Transparent black.
  public static let clear = CGColor(gray: 0, alpha: 0)

  /// The opacity, 0…1.
  public var alpha: CGFloat { CGFloat(zoetrope.alpha) }
  /// The number of components, alpha included.
  public var numberOfComponents: Int { components?.count ?? 0 }

  /// The same colour with another alpha.
  public func copy(alpha: CGFloat) -> CGColor? {
    var color = zoetrope
    color.alpha = Double(alpha)
    var values = components ?? []
    if !values.isEmpty { values[values.count - 1] = alpha }
    return CGColor(color, components: values, space: colorSpace ?? CGColorSpaceCreateDeviceRGB())
  }

  /// The colour itself (colours are immutable).
  public func copy() -> CGColor? { self }

  /// Equal colour spaces and components, as `CGColorEqualToColor`.
  public static func == (a: CGColor, b: CGColor) -> Bool {
    a.colorSpace == b.colorSpace && a.components == b.components
  }
  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) { hasher.combine(components) }

  /// `"CGColor(sRGB 1 0 0 1)"`, for messages.
  public var description: String {
    let name = colorSpace?.model == .monochrome ? "grey" : (colorSpace?.name == CGColorSpace.displayP3 ? "P3" : "sRGB")
    return "CGColor(\(name) \((components ?? []).map { "\(Double($0))" }.joined(separator: " ")))"
  }

  /// A CGColor from a Zoetrope colour (sRGB).
  convenience init(_ color: Color) {
    self.init(color, components: color.components.map { CGFloat($0) }, space: CGColorSpaceCreateDeviceRGB())
  }

  /// Display P3 components to sRGB: both use the sRGB transfer curve; the
  /// primaries differ (the matrix is P3-D65 → XYZ → sRGB, rounded to 7 digits).
  static func sRGB(fromDisplayP3 p3: (Double, Double, Double)) -> (Double, Double, Double) {
    func linear(_ v: Double) -> Double {
      let a = Swift.abs(v)
      let l = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
      return v < 0 ? -l : l
    }
    func encoded(_ v: Double) -> Double {
      let a = Swift.abs(v)
      let e = a <= 0.0031308 ? a * 12.92 : 1.055 * pow(a, 1 / 2.4) - 0.055
      return v < 0 ? -e : e
    }
    let (r, g, b) = (linear(p3.0), linear(p3.1), linear(p3.2))
    return (encoded(1.2249401 * r - 0.2249404 * g + 0.0000001 * b),
            encoded(-0.0420569 * r + 1.0420571 * g - 0.0000001 * b),
            encoded(-0.0196376 * r - 0.0786361 * g + 1.0982735 * b))
  }
}
