// SPDX-License-Identifier: Apache-2.0
// UIKit's system colours, resolved as iOS resolves them in light mode at standard contrast.

import Zoetrope

extension UIColor {
  /// UIKit's system colour `name` in the light appearance: Zoetrope's table
  /// (`Color.system(_:appearance:)`, the values scene files use, with their
  /// sources in docs/scene-format.md). Offscreen there is no trait
  /// collection to resolve a dynamic colour against, so it is the light one.
  convenience init(system name: String) {
    self.init(cgColor: CGColor(Color.system(name, appearance: .light)!))
  }

  // MARK: Adaptable colours (iOS 15 light-mode values, sRGB bytes / 255)

  /// (255, 59, 48).
  public static let systemRed = UIColor(system: "systemRed")
  /// (255, 149, 0).
  public static let systemOrange = UIColor(system: "systemOrange")
  /// (255, 204, 0).
  public static let systemYellow = UIColor(system: "systemYellow")
  /// (52, 199, 89).
  public static let systemGreen = UIColor(system: "systemGreen")
  /// (0, 199, 190).
  public static let systemMint = UIColor(system: "systemMint")
  /// (48, 176, 199).
  public static let systemTeal = UIColor(system: "systemTeal")
  /// (50, 173, 230).
  public static let systemCyan = UIColor(system: "systemCyan")
  /// (0, 122, 255).
  public static let systemBlue = UIColor(system: "systemBlue")
  /// (88, 86, 214).
  public static let systemIndigo = UIColor(system: "systemIndigo")
  /// (175, 82, 222).
  public static let systemPurple = UIColor(system: "systemPurple")
  /// (255, 45, 85).
  public static let systemPink = UIColor(system: "systemPink")
  /// (162, 132, 94).
  public static let systemBrown = UIColor(system: "systemBrown")
  /// (142, 142, 147).
  public static let systemGray = UIColor(system: "systemGray")
  /// (174, 174, 178).
  public static let systemGray2 = UIColor(system: "systemGray2")
  /// (199, 199, 204).
  public static let systemGray3 = UIColor(system: "systemGray3")
  /// (209, 209, 214).
  public static let systemGray4 = UIColor(system: "systemGray4")
  /// (229, 229, 234).
  public static let systemGray5 = UIColor(system: "systemGray5")
  /// (242, 242, 247).
  public static let systemGray6 = UIColor(system: "systemGray6")
  /// The app's tint: system blue.
  public static let tintColor = systemBlue

  // MARK: Semantic colours (light mode)

  /// Black.
  public static let label = UIColor(system: "label")
  /// (60, 60, 67) at 60 %.
  public static let secondaryLabel = UIColor(system: "secondaryLabel")
  /// (60, 60, 67) at 30 %.
  public static let tertiaryLabel = UIColor(system: "tertiaryLabel")
  /// (60, 60, 67) at 18 %.
  public static let quaternaryLabel = UIColor(system: "quaternaryLabel")
  /// (0, 122, 255).
  public static let link = UIColor(system: "link")
  /// (60, 60, 67) at 30 %.
  public static let placeholderText = UIColor(system: "placeholderText")
  /// (60, 60, 67) at 29 %.
  public static let separator = UIColor(system: "separator")
  /// (198, 198, 200).
  public static let opaqueSeparator = UIColor(system: "opaqueSeparator")
  /// White.
  public static let systemBackground = UIColor(system: "systemBackground")
  /// (242, 242, 247).
  public static let secondarySystemBackground = UIColor(system: "secondarySystemBackground")
  /// White.
  public static let tertiarySystemBackground = UIColor(system: "tertiarySystemBackground")
  /// (242, 242, 247).
  public static let systemGroupedBackground = UIColor(system: "systemGroupedBackground")
  /// White.
  public static let secondarySystemGroupedBackground = UIColor(system: "secondarySystemGroupedBackground")
  /// (242, 242, 247).
  public static let tertiarySystemGroupedBackground = UIColor(system: "tertiarySystemGroupedBackground")
  /// (120, 120, 128) at 20 %.
  public static let systemFill = UIColor(system: "systemFill")
  /// (120, 120, 128) at 16 %.
  public static let secondarySystemFill = UIColor(system: "secondarySystemFill")
  /// (118, 118, 128) at 12 %.
  public static let tertiarySystemFill = UIColor(system: "tertiarySystemFill")
  /// (116, 116, 128) at 8 %.
  public static let quaternarySystemFill = UIColor(system: "quaternarySystemFill")
}
