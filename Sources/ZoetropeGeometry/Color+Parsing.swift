// SPDX-License-Identifier: Apache-2.0
// Colours from hex strings and UIKit's colour names; interpolation.

extension Color {
  /// A colour from `"#RGB"`, `"#RRGGBB"` or `"#RRGGBBAA"` (case-insensitive,
  /// components / 15 or / 255); `nil` for anything else.
  public init?(hex: String) {
    let bytes = Array(hex.utf8)
    guard bytes.first == 0x23, [4, 7, 9].contains(bytes.count) else { return nil }
    var digits: [Double] = []
    for b in bytes.dropFirst() {
      switch b {
      case 0x30...0x39: digits.append(Double(b - 0x30))
      case 0x41...0x46: digits.append(Double(b - 0x41 + 10))
      case 0x61...0x66: digits.append(Double(b - 0x61 + 10))
      default: return nil
      }
    }
    if digits.count == 3 {
      self.init(red: digits[0] / 15, green: digits[1] / 15, blue: digits[2] / 15)
    } else {
      var c: [Double] = []
      for i in stride(from: 0, to: digits.count, by: 2) {
        let byte: Double = digits[i] * 16 + digits[i + 1]
        c.append(byte / 255)
      }
      self.init(red: c[0], green: c[1], blue: c[2], alpha: c.count == 4 ? c[3] : 1)
    }
  }

  /// UIKit's named colours with UIKit's components.
  static let named: [String: Color] = [
    "black": Color(white: 0), "darkGray": Color(white: 1.0 / 3), "lightGray": Color(white: 2.0 / 3),
    "white": Color(white: 1), "gray": Color(white: 0.5), "red": Color(red: 1, green: 0, blue: 0),
    "green": Color(red: 0, green: 1, blue: 0), "blue": Color(red: 0, green: 0, blue: 1),
    "cyan": Color(red: 0, green: 1, blue: 1), "yellow": Color(red: 1, green: 1, blue: 0),
    "magenta": Color(red: 1, green: 0, blue: 1), "orange": Color(red: 1, green: 0.5, blue: 0),
    "purple": Color(red: 0.5, green: 0, blue: 0.5), "brown": Color(red: 0.6, green: 0.4, blue: 0.2),
    "clear": .clear,
  ]

  /// The UIKit colour with this name (`"darkGray"`, `"orange"`, …), or `nil`.
  public static func named(_ name: String) -> Color? { named[name] }

  /// The names ``named(_:)`` knows, in UIKit's order.
  public static let namedColorNames = [
    "black", "darkGray", "lightGray", "white", "gray", "red", "green", "blue", "cyan", "yellow", "magenta",
    "orange", "purple", "brown", "clear",
  ]

  /// The colour `fraction` of the way to `other`, per component in straight
  /// alpha (extrapolates outside 0…1).
  public func interpolated(to other: Color, fraction f: Double) -> Color {
    Color(red: red + (other.red - red) * f, green: green + (other.green - green) * f,
          blue: blue + (other.blue - blue) * f, alpha: alpha + (other.alpha - alpha) * f)
  }
}
