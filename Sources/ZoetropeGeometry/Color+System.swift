// SPDX-License-Identifier: Apache-2.0
// UIKit's dynamic system colours (systemBlue, label, systemBackground, …) in their light and dark values.

/// Which of a system colour's two values applies: UIKit's
/// `UIUserInterfaceStyle`, SwiftUI's `ColorScheme`.
public enum Appearance: String, Hashable, Sendable, CaseIterable {
  /// The default appearance.
  case light
  /// Dark Mode.
  case dark
}

extension Color {
  /// One system colour: sRGB bytes and alpha, light then dark.
  private typealias SystemValues = (light: (UInt8, UInt8, UInt8, Double), dark: (UInt8, UInt8, UInt8, Double))

  /// UIKit's system colours as iOS 15 to 18 draw them at the default contrast
  /// (docs/scene-format.md, "Colours", says where the values come from).
  private static let system: [(name: String, values: SystemValues)] = [
    ("systemRed", ((255, 59, 48, 1), (255, 69, 58, 1))),
    ("systemOrange", ((255, 149, 0, 1), (255, 159, 10, 1))),
    ("systemYellow", ((255, 204, 0, 1), (255, 214, 10, 1))),
    ("systemGreen", ((52, 199, 89, 1), (48, 209, 88, 1))),
    ("systemMint", ((0, 199, 190, 1), (99, 230, 226, 1))),
    ("systemTeal", ((48, 176, 199, 1), (64, 200, 224, 1))),
    ("systemCyan", ((50, 173, 230, 1), (100, 210, 255, 1))),
    ("systemBlue", ((0, 122, 255, 1), (10, 132, 255, 1))),
    ("systemIndigo", ((88, 86, 214, 1), (94, 92, 230, 1))),
    ("systemPurple", ((175, 82, 222, 1), (191, 90, 242, 1))),
    ("systemPink", ((255, 45, 85, 1), (255, 55, 95, 1))),
    ("systemBrown", ((162, 132, 94, 1), (172, 142, 104, 1))),
    ("systemGray", ((142, 142, 147, 1), (142, 142, 147, 1))),
    ("systemGray2", ((174, 174, 178, 1), (99, 99, 102, 1))),
    ("systemGray3", ((199, 199, 204, 1), (72, 72, 74, 1))),
    ("systemGray4", ((209, 209, 214, 1), (58, 58, 60, 1))),
    ("systemGray5", ((229, 229, 234, 1), (44, 44, 46, 1))),
    ("systemGray6", ((242, 242, 247, 1), (28, 28, 30, 1))),
    ("label", ((0, 0, 0, 1), (255, 255, 255, 1))),
    ("secondaryLabel", ((60, 60, 67, 0.6), (235, 235, 245, 0.6))),
    ("tertiaryLabel", ((60, 60, 67, 0.3), (235, 235, 245, 0.3))),
    ("quaternaryLabel", ((60, 60, 67, 0.18), (235, 235, 245, 0.16))),
    ("placeholderText", ((60, 60, 67, 0.3), (235, 235, 245, 0.3))),
    ("link", ((0, 122, 255, 1), (9, 132, 255, 1))),
    ("separator", ((60, 60, 67, 0.29), (84, 84, 88, 0.6))),
    ("opaqueSeparator", ((198, 198, 200, 1), (56, 56, 58, 1))),
    ("systemFill", ((120, 120, 128, 0.2), (120, 120, 128, 0.36))),
    ("secondarySystemFill", ((120, 120, 128, 0.16), (120, 120, 128, 0.32))),
    ("tertiarySystemFill", ((118, 118, 128, 0.12), (118, 118, 128, 0.24))),
    ("quaternarySystemFill", ((116, 116, 128, 0.08), (118, 118, 128, 0.18))),
    ("systemBackground", ((255, 255, 255, 1), (0, 0, 0, 1))),
    ("secondarySystemBackground", ((242, 242, 247, 1), (28, 28, 30, 1))),
    ("tertiarySystemBackground", ((255, 255, 255, 1), (44, 44, 46, 1))),
    ("systemGroupedBackground", ((242, 242, 247, 1), (0, 0, 0, 1))),
    ("secondarySystemGroupedBackground", ((255, 255, 255, 1), (28, 28, 30, 1))),
    ("tertiarySystemGroupedBackground", ((242, 242, 247, 1), (44, 44, 46, 1))),
  ]

  private static let systemByName: [String: SystemValues] = Dictionary(
    uniqueKeysWithValues: system.map { ($0.name, $0.values) })

  /// The names ``system(_:appearance:)`` knows, in UIKit's order: the tints
  /// (`systemRed` … `systemBrown`), the grays (`systemGray` …
  /// `systemGray6`), then the semantic colours (labels, `link`, separators,
  /// fills, backgrounds).
  public static let systemColorNames: [String] = system.map(\.name)

  /// UIKit's system colour `name` (`"systemBlue"`, `"label"`,
  /// `"secondarySystemBackground"`, …) as it looks in `appearance`; `nil`
  /// for a name UIKit does not have. Names are case-sensitive, as in UIKit.
  ///
  ///     Color.system("systemBlue", appearance: .dark)  // (10, 132, 255) / 255
  public static func system(_ name: String, appearance: Appearance) -> Color? {
    guard let values = systemByName[name] else { return nil }
    let (r, g, b, a) = appearance == .light ? values.light : values.dark
    return Color(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: a)
  }
}
