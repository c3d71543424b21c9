// SPDX-License-Identifier: Apache-2.0
// UIColor: the colours animation code writes, handed to layers as `.cgColor`.

import Foundation
import Zoetrope

/// A colour as UIKit's `UIColor`, for the part animation code uses: made from
/// RGB, white, hue/saturation/brightness or Display P3 components, UIKit's
/// named and system colours (their light-mode values), and `.cgColor` for
/// layers. Components are sRGB; values outside 0…1 (extended sRGB) are kept
/// and clamped when drawn.
///
///     ring.strokeColor = UIColor.systemBlue.cgColor
///     card.backgroundColor = UIColor(red: 1, green: 0.8, blue: 0, alpha: 1).cgColor
public final class UIColor: Hashable, Sendable, CustomStringConvertible {
  /// The colour as a layer takes it.
  public let cgColor: CGColor

  /// A colour from sRGB components 0…1.
  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    cgColor = CGColor(srgbRed: red, green: green, blue: blue, alpha: alpha)
  }

  /// A grey: 0 black … 1 white.
  public init(white: CGFloat, alpha: CGFloat) {
    cgColor = CGColor(gray: white, alpha: alpha)
  }

  /// A colour from hue (0…1, a full turn; outside it, wrapped), saturation
  /// and brightness (clamped to 0…1), as UIKit computes it (HSB, also called
  /// HSV). A hue that is not finite counts as 0, NaN saturation and brightness as 0.
  public init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
    let turn = Double(hue).isFinite ? Double(hue) : 0
    let h = (turn.truncatingRemainder(dividingBy: 1) + 1).truncatingRemainder(dividingBy: 1) * 6
    func unit(_ v: CGFloat) -> Double { v.isNaN ? 0 : Swift.min(Swift.max(Double(v), 0), 1) }
    let s = unit(saturation), v = unit(brightness)
    let sector = Int(h.rounded(.down)) % 6, f = h - h.rounded(.down)
    let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
    let (r, g, b): (Double, Double, Double) = switch sector {
    case 0: (v, t, p)
    case 1: (q, v, p)
    case 2: (p, v, t)
    case 3: (p, q, v)
    case 4: (t, p, v)
    default: (v, p, q)
    }
    cgColor = CGColor(srgbRed: CGFloat(r), green: CGFloat(g), blue: CGFloat(b), alpha: alpha)
  }

  /// A colour from Display P3 components, converted to sRGB.
  public init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    cgColor = CGColor(colorSpace: CGColorSpace(name: CGColorSpace.displayP3)!, components: [red, green, blue, alpha])!
  }

  /// The colour of a CGColor.
  public init(cgColor: CGColor) { self.cgColor = cgColor }

  /// The same colour with another alpha.
  public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
    UIColor(cgColor: cgColor.copy(alpha: alpha) ?? cgColor)
  }

  /// The sRGB components; always `true` (every colour here converts).
  @discardableResult
  public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                     blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
    let c = cgColor.zoetrope
    red?.pointee = CGFloat(c.red)
    green?.pointee = CGFloat(c.green)
    blue?.pointee = CGFloat(c.blue)
    alpha?.pointee = CGFloat(c.alpha)
    return true
  }

  /// The grey level and alpha; `false` (leaving the pointers unchanged) for a
  /// colour that is not a grey.
  @discardableResult
  public func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
    let c = cgColor.zoetrope
    guard c.red == c.green, c.green == c.blue else { return false }
    white?.pointee = CGFloat(c.red)
    alpha?.pointee = CGFloat(c.alpha)
    return true
  }

  /// Hue (0…1), saturation, brightness and alpha; always `true`.
  @discardableResult
  public func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                     brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
    let c = cgColor.zoetrope
    let maximum = Swift.max(c.red, c.green, c.blue), minimum = Swift.min(c.red, c.green, c.blue)
    let delta = maximum - minimum
    var h = 0.0
    if delta > 0 {
      if maximum == c.red { h = ((c.green - c.blue) / delta).truncatingRemainder(dividingBy: 6) }
      else if maximum == c.green { h = (c.blue - c.red) / delta + 2 }
      else { h = (c.red - c.green) / delta + 4 }
      h = (h / 6 + 1).truncatingRemainder(dividingBy: 1)
    }
    hue?.pointee = CGFloat(h)
    saturation?.pointee = CGFloat(maximum > 0 ? delta / maximum : 0)
    brightness?.pointee = CGFloat(maximum)
    alpha?.pointee = CGFloat(c.alpha)
    return true
  }

  /// Equal CGColors: the same space and components.
  public static func == (a: UIColor, b: UIColor) -> Bool { a.cgColor == b.cgColor }
  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) { hasher.combine(cgColor) }

  /// `"UIColor(sRGB 1 0 0 1)"`.
  public var description: String { "UI" + cgColor.description.dropFirst(2) }

  // MARK: UIKit's fixed colours (UIKit's component values)

  /// Opaque black.
  public static let black = UIColor(white: 0, alpha: 1)
  /// One-third grey.
  public static let darkGray = UIColor(white: 1.0 / 3, alpha: 1)
  /// Two-thirds grey.
  public static let lightGray = UIColor(white: 2.0 / 3, alpha: 1)
  /// Opaque white.
  public static let white = UIColor(white: 1, alpha: 1)
  /// Half grey.
  public static let gray = UIColor(white: 0.5, alpha: 1)
  /// Pure red.
  public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
  /// Pure green.
  public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
  /// Pure blue.
  public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
  /// Cyan.
  public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
  /// Yellow.
  public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
  /// Magenta.
  public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
  /// Orange (1, 0.5, 0).
  public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
  /// Purple (0.5, 0, 0.5).
  public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
  /// Brown (0.6, 0.4, 0.2).
  public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
  /// Transparent black.
  public static let clear = UIColor(white: 0, alpha: 0)
  /// Black text (`darkText`).
  public static let darkText = UIColor(white: 0, alpha: 1)
  /// 60 % white (`lightText`).
  public static let lightText = UIColor(white: 1, alpha: 0.6)
}
