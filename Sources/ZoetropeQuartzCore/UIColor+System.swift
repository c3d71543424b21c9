// SPDX-License-Identifier: Apache-2.0
// UIKit's system colours, resolved as iOS resolves them in light mode at standard contrast.

extension UIColor {
  // MARK: Adaptable colours (iOS 15 light-mode values, sRGB bytes / 255)

  /// (255, 59, 48).
  public static let systemRed = UIColor(bytes: 255, 59, 48)
  /// (255, 149, 0).
  public static let systemOrange = UIColor(bytes: 255, 149, 0)
  /// (255, 204, 0).
  public static let systemYellow = UIColor(bytes: 255, 204, 0)
  /// (52, 199, 89).
  public static let systemGreen = UIColor(bytes: 52, 199, 89)
  /// (0, 199, 190).
  public static let systemMint = UIColor(bytes: 0, 199, 190)
  /// (48, 176, 199).
  public static let systemTeal = UIColor(bytes: 48, 176, 199)
  /// (50, 173, 230).
  public static let systemCyan = UIColor(bytes: 50, 173, 230)
  /// (0, 122, 255).
  public static let systemBlue = UIColor(bytes: 0, 122, 255)
  /// (88, 86, 214).
  public static let systemIndigo = UIColor(bytes: 88, 86, 214)
  /// (175, 82, 222).
  public static let systemPurple = UIColor(bytes: 175, 82, 222)
  /// (255, 45, 85).
  public static let systemPink = UIColor(bytes: 255, 45, 85)
  /// (162, 132, 94).
  public static let systemBrown = UIColor(bytes: 162, 132, 94)
  /// (142, 142, 147).
  public static let systemGray = UIColor(bytes: 142, 142, 147)
  /// (174, 174, 178).
  public static let systemGray2 = UIColor(bytes: 174, 174, 178)
  /// (199, 199, 204).
  public static let systemGray3 = UIColor(bytes: 199, 199, 204)
  /// (209, 209, 214).
  public static let systemGray4 = UIColor(bytes: 209, 209, 214)
  /// (229, 229, 234).
  public static let systemGray5 = UIColor(bytes: 229, 229, 234)
  /// (242, 242, 247).
  public static let systemGray6 = UIColor(bytes: 242, 242, 247)
  /// The app's tint: system blue.
  public static let tintColor = systemBlue

  // MARK: Semantic colours (light mode)

  /// Black.
  public static let label = UIColor(bytes: 0, 0, 0)
  /// (60, 60, 67) at 60 %.
  public static let secondaryLabel = UIColor(bytes: 60, 60, 67, alpha: 0.6)
  /// (60, 60, 67) at 30 %.
  public static let tertiaryLabel = UIColor(bytes: 60, 60, 67, alpha: 0.3)
  /// (60, 60, 67) at 18 %.
  public static let quaternaryLabel = UIColor(bytes: 60, 60, 67, alpha: 0.18)
  /// (0, 122, 255).
  public static let link = UIColor(bytes: 0, 122, 255)
  /// (60, 60, 67) at 30 %.
  public static let placeholderText = UIColor(bytes: 60, 60, 67, alpha: 0.3)
  /// (60, 60, 67) at 29 %.
  public static let separator = UIColor(bytes: 60, 60, 67, alpha: 0.29)
  /// (198, 198, 200).
  public static let opaqueSeparator = UIColor(bytes: 198, 198, 200)
  /// White.
  public static let systemBackground = UIColor(bytes: 255, 255, 255)
  /// (242, 242, 247).
  public static let secondarySystemBackground = UIColor(bytes: 242, 242, 247)
  /// White.
  public static let tertiarySystemBackground = UIColor(bytes: 255, 255, 255)
  /// (242, 242, 247).
  public static let systemGroupedBackground = UIColor(bytes: 242, 242, 247)
  /// White.
  public static let secondarySystemGroupedBackground = UIColor(bytes: 255, 255, 255)
  /// (242, 242, 247).
  public static let tertiarySystemGroupedBackground = UIColor(bytes: 242, 242, 247)
  /// (120, 120, 128) at 20 %.
  public static let systemFill = UIColor(bytes: 120, 120, 128, alpha: 0.2)
  /// (120, 120, 128) at 16 %.
  public static let secondarySystemFill = UIColor(bytes: 120, 120, 128, alpha: 0.16)
  /// (118, 118, 128) at 12 %.
  public static let tertiarySystemFill = UIColor(bytes: 118, 118, 128, alpha: 0.12)
  /// (116, 116, 128) at 8 %.
  public static let quaternarySystemFill = UIColor(bytes: 116, 116, 128, alpha: 0.08)
}
