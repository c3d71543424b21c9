// SPDX-License-Identifier: Apache-2.0
// UIFont: font names and system fonts for CATextLayer.font, found by Zoetrope's fontconfig lookup.

import Foundation
import Zoetrope

/// A font as UIKit's `UIFont`, for the part animation code uses: a name, a
/// weight and a size to hand to `CATextLayer.font`. The face itself is
/// found when the layer is drawn (fontconfig, as `CATextLayer.font`'s
/// names are in Zoetrope). The system font is Apple's SF Pro — SF Pro Text
/// below 20 points, SF Pro Display from 20 up, as iOS switches — which,
/// where San Francisco is not installed (Linux), Zoetrope draws in Inter
/// and Inter Display, open faces of close proportions and metrics.
///
///     label.font = UIFont.systemFont(ofSize: 17, weight: .semibold)
///     label.fontSize = 17   // CATextLayer takes the size from fontSize, as on iOS
public final class UIFont: Hashable, Sendable, CustomStringConvertible {
  /// The name the font was asked for (`"Helvetica-Bold"`), or the system
  /// font's (`".SFUI-Semibold"`).
  public let fontName: String
  /// The family drawn: a name fontconfig knows.
  public let familyName: String
  /// The size, points.
  public let pointSize: CGFloat
  /// The OpenType weight, 100…900.
  let weight: Double
  /// Upright or italic.
  let isItalic: Bool

  init(name: String, family: String, size: CGFloat, weight: Double, italic: Bool) {
    fontName = name
    familyName = family
    pointSize = size
    self.weight = weight
    isItalic = italic
  }

  /// The font named `fontName` at `fontSize`: a PostScript name
  /// (`"Helvetica-Bold"`, `"AvenirNext-DemiBold"`, `"Menlo-Regular"`) or a
  /// family (`"Georgia"`). The part after the last hyphen gives the weight
  /// and slant (`Bold`, `DemiBold`, `Light`, `Italic`, …) and the rest the
  /// family, its capitals spaced (`HelveticaNeue` → "Helvetica Neue"), as
  /// fontconfig names families. Unlike UIKit, never `nil`: a family that is
  /// not installed is drawn in the default font, as `CATextLayer` does; the
  /// system font's own names (`".SFUI-Semibold"`) are the system font.
  public convenience init?(name fontName: String, size fontSize: CGFloat) {
    var (family, weight, italic) = UIFont.parse(fontName)
    // The system font's own names (".SFUI-Semibold", as `fontName` gives them) are the system font.
    if fontName.hasPrefix(".SF") { family = UIFont.systemFamily(ofSize: fontSize) }
    self.init(name: fontName, family: family, size: fontSize, weight: weight, italic: italic)
  }

  /// The system font (SF Pro; Inter where it is not installed) at `fontSize`, regular.
  public static func systemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .regular) }

  /// The system font at `fontSize` and `weight`: SF Pro Text below 20
  /// points, SF Pro Display from 20 up.
  public static func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
    UIFont(name: ".SFUI-\(weight.faceName)", family: systemFamily(ofSize: fontSize), size: fontSize,
           weight: weight.openTypeWeight, italic: false)
  }

  /// The cut of SF Pro iOS uses at `fontSize`.
  static func systemFamily(ofSize fontSize: CGFloat) -> String {
    fontSize >= 20 ? "SF Pro Display" : "SF Pro Text"
  }

  /// The system font at `fontSize`, bold.
  public static func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .bold) }

  /// The system font at `fontSize`, italic.
  public static func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
    UIFont(name: ".SFUI-Italic", family: systemFamily(ofSize: fontSize), size: fontSize, weight: 400, italic: true)
  }

  /// A monospaced font (fontconfig's `monospace`) at `fontSize` and `weight`.
  public static func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
    UIFont(name: ".SFMono-\(weight.faceName)", family: "monospace", size: fontSize, weight: weight.openTypeWeight,
           italic: false)
  }

  /// The system font with digits of equal width: the system font here
  /// (no OpenType feature is switched on, so the digits are the face's defaults).
  public static func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
    systemFont(ofSize: fontSize, weight: weight)
  }

  /// The system font at the default (large) Dynamic Type size of `style`.
  public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
    let (size, weight) = style.defaultSizeAndWeight
    return systemFont(ofSize: size, weight: weight)
  }

  /// The face drawn: the family at this weight and slant, or the default
  /// font when the family is not installed; `nil` when no font is found at all.
  var face: Font? {
    let style: FontStyle = isItalic ? .italic : .normal
    return (try? Font.named(familyName, weight: weight, style: style))
      ?? (try? Font.named(FontDescriptor.defaultName, weight: weight, style: style))
  }

  /// The face's metric scaled to `pointSize` (0 without a face).
  private func metric(_ value: (Font) -> Double) -> CGFloat {
    guard let face, face.unitsPerEm > 0 else { return 0 }
    return CGFloat(value(face) / face.unitsPerEm) * pointSize
  }

  /// The top of the tallest glyphs above the baseline, points.
  public var ascender: CGFloat { metric(\.ascender) }
  /// The bottom of the lowest glyphs, below the baseline: negative, points.
  public var descender: CGFloat { metric(\.descender) }
  /// The gap between lines, points.
  public var leading: CGFloat { metric(\.lineGap) }
  /// The distance between baselines a `CATextLayer` lays its lines at:
  /// `ascender − descender + leading`.
  public var lineHeight: CGFloat { metric { $0.ascender - $0.descender + $0.lineGap } }

  /// The same font at another size.
  public func withSize(_ fontSize: CGFloat) -> UIFont {
    UIFont(name: fontName, family: familyName, size: fontSize, weight: weight, italic: isItalic)
  }

  /// The same name, family, size, weight and slant.
  public static func == (a: UIFont, b: UIFont) -> Bool {
    a.fontName == b.fontName && a.familyName == b.familyName && a.pointSize == b.pointSize && a.weight == b.weight
      && a.isItalic == b.isItalic
  }
  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) { hasher.combine(fontName); hasher.combine(pointSize) }

  /// `"UIFont(Helvetica-Bold, 17 pt)"`.
  public var description: String { "UIFont(\(fontName), \(Double(pointSize)) pt)" }

  /// The family, weight and slant a font name stands for.
  static func parse(_ name: String) -> (family: String, weight: Double, italic: Bool) {
    guard let hyphen = name.lastIndex(of: "-") else { return (spacedFamily(name), 400, false) }
    var face = name[name.index(after: hyphen)...].lowercased()
    let italic = face.contains("italic") || face.contains("oblique")
    for slant in ["italic", "oblique"] { face = face.replacingOccurrences(of: slant, with: "") }
    let weights: [(String, Double)] = [
      ("ultralight", 100), ("extralight", 200), ("thin", 200), ("light", 300), ("regular", 400), ("roman", 400),
      ("book", 400), ("medium", 500), ("demibold", 600), ("semibold", 600), ("extrabold", 800),
      ("ultrabold", 800), ("heavy", 800), ("black", 900), ("bold", 700), ("", 400),
    ]
    guard let weight = weights.first(where: { $0.0 == face })?.1 else { return (spacedFamily(name), 400, false) }
    return (spacedFamily(String(name[..<hyphen])), weight, italic)
  }

  /// `"HelveticaNeue"` → `"Helvetica Neue"`; a name with spaces, or in one case, is kept.
  static func spacedFamily(_ name: String) -> String {
    guard !name.contains(" ") else { return name }
    var result = ""
    var previous: Character?
    for character in name {
      if character.isUppercase, let previous, previous.isLowercase { result.append(" ") }
      result.append(character)
      previous = character
    }
    return result
  }
}

extension UIFont {
  /// A font weight (`UIFont.Weight`), with UIKit's raw values.
  public struct Weight: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: CGFloat
    /// A weight of this raw value (UIKit's scale, −1…1).
    public init(rawValue: CGFloat) { self.rawValue = rawValue }
    /// A weight of this raw value.
    public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
    /// UIKit's -0.8, drawn at the OpenType weight 100.
    public static let ultraLight = Weight(rawValue: -0.8)
    /// UIKit's -0.6, drawn at the OpenType weight 200.
    public static let thin = Weight(rawValue: -0.6)
    /// UIKit's -0.4, drawn at the OpenType weight 300.
    public static let light = Weight(rawValue: -0.4)
    /// UIKit's 0, drawn at the OpenType weight 400.
    public static let regular = Weight(rawValue: 0)
    /// UIKit's 0.23, drawn at the OpenType weight 500.
    public static let medium = Weight(rawValue: 0.23)
    /// UIKit's 0.3, drawn at the OpenType weight 600.
    public static let semibold = Weight(rawValue: 0.3)
    /// UIKit's 0.4, drawn at the OpenType weight 700.
    public static let bold = Weight(rawValue: 0.4)
    /// UIKit's 0.56, drawn at the OpenType weight 800.
    public static let heavy = Weight(rawValue: 0.56)
    /// UIKit's 0.62, drawn at the OpenType weight 900.
    public static let black = Weight(rawValue: 0.62)

    static let table: [(Weight, Double, String)] = [
      (.ultraLight, 100, "Ultralight"), (.thin, 200, "Thin"), (.light, 300, "Light"), (.regular, 400, "Regular"),
      (.medium, 500, "Medium"), (.semibold, 600, "Semibold"), (.bold, 700, "Bold"), (.heavy, 800, "Heavy"),
      (.black, 900, "Black"),
    ]
    /// The nearest named weight's entry.
    private var nearest: (Weight, Double, String) {
      Weight.table.min { Swift.abs($0.0.rawValue - rawValue) < Swift.abs($1.0.rawValue - rawValue) }!
    }
    /// The OpenType weight: ultraLight 100 … black 900 (the nearest for other values).
    var openTypeWeight: Double { nearest.1 }
    /// The face's name: `"Semibold"`.
    var faceName: String { nearest.2 }
  }

  /// A Dynamic Type style (`UIFont.TextStyle`).
  public struct TextStyle: RawRepresentable, Hashable, Sendable {
    /// The raw value, as Core Animation spells it.
    public let rawValue: String
    /// The constant with this raw value; one Core Animation does not know behaves as the default.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// 34 points at the default Dynamic Type size.
    public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
    /// 28 points at the default Dynamic Type size.
    public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
    /// 22 points at the default Dynamic Type size.
    public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
    /// 20 points at the default Dynamic Type size.
    public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
    /// 17 (semibold) points at the default Dynamic Type size.
    public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
    /// 15 points at the default Dynamic Type size.
    public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
    /// 17 points at the default Dynamic Type size.
    public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
    /// 16 points at the default Dynamic Type size.
    public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
    /// 13 points at the default Dynamic Type size.
    public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
    /// 12 points at the default Dynamic Type size.
    public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
    /// 11 points at the default Dynamic Type size.
    public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

    /// iOS's sizes at the default content size (Large).
    var defaultSizeAndWeight: (CGFloat, Weight) {
      switch self {
      case .largeTitle: (34, .regular)
      case .title1: (28, .regular)
      case .title2: (22, .regular)
      case .title3: (20, .regular)
      case .headline: (17, .semibold)
      case .subheadline: (15, .regular)
      case .callout: (16, .regular)
      case .footnote: (13, .regular)
      case .caption1: (12, .regular)
      case .caption2: (11, .regular)
      default: (17, .regular)
      }
    }
  }
}
