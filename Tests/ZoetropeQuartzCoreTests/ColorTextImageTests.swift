// SPDX-License-Identifier: Apache-2.0
// UIColor and CGColor components, the system colours, UIFont names, CATextLayer's string and font, CGImage contents.

import Foundation
import Testing
import Zoetrope
import ZoetropeQuartzCore
import _ZoetropeTestSupport

@Suite struct ColorTextImageTests {
  func rgba(_ color: UIColor) -> [CGFloat] {
    var (r, g, b, a) = (CGFloat(0), CGFloat(0), CGFloat(0), CGFloat(0))
    color.getRed(&r, green: &g, blue: &b, alpha: &a)
    return [r, g, b, a]
  }

  @Test func uiColorsConvertAsUIKitDoes() {
    #expect(rgba(UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1)) == [1, 0, 0, 1])
    #expect(rgba(UIColor(hue: 1.0 / 3, saturation: 1, brightness: 1, alpha: 1)).map { ($0 * 1e9).rounded() / 1e9 }
              == [0, 1, 0, 1])
    #expect(rgba(UIColor(hue: 0.5, saturation: 0.5, brightness: 0.8, alpha: 0.5)) == [0.4, 0.8, 0.8, 0.5])
    #expect(rgba(UIColor(white: 0.25, alpha: 1)) == [0.25, 0.25, 0.25, 1])
    #expect(rgba(UIColor.orange.withAlphaComponent(0.5)) == [1, 0.5, 0, 0.5])
    var (h, s, v, a) = (CGFloat(0), CGFloat(0), CGFloat(0), CGFloat(0))
    UIColor(red: 0.4, green: 0.8, blue: 0.8, alpha: 0.5).getHue(&h, saturation: &s, brightness: &v, alpha: &a)
    #expect(abs(h - 0.5) < 1e-12 && abs(s - 0.5) < 1e-12 && abs(v - 0.8) < 1e-12 && a == 0.5)
    var white = CGFloat(0)
    #expect(UIColor.gray.getWhite(&white, alpha: nil) && white == 0.5)
    #expect(!UIColor.red.getWhite(&white, alpha: nil))
  }

  @Test func systemColoursAreZoetropesLightAppearance() throws {
    let all: [(UIColor, String)] = [
      (.systemRed, "systemRed"), (.systemOrange, "systemOrange"), (.systemYellow, "systemYellow"),
      (.systemGreen, "systemGreen"), (.systemMint, "systemMint"), (.systemTeal, "systemTeal"),
      (.systemCyan, "systemCyan"), (.systemBlue, "systemBlue"), (.systemIndigo, "systemIndigo"),
      (.systemPurple, "systemPurple"), (.systemPink, "systemPink"), (.systemBrown, "systemBrown"),
      (.systemGray, "systemGray"), (.systemGray2, "systemGray2"), (.systemGray3, "systemGray3"),
      (.systemGray4, "systemGray4"), (.systemGray5, "systemGray5"), (.systemGray6, "systemGray6"),
      (.label, "label"), (.secondaryLabel, "secondaryLabel"), (.tertiaryLabel, "tertiaryLabel"),
      (.quaternaryLabel, "quaternaryLabel"), (.placeholderText, "placeholderText"), (.link, "link"),
      (.separator, "separator"), (.opaqueSeparator, "opaqueSeparator"), (.systemFill, "systemFill"),
      (.secondarySystemFill, "secondarySystemFill"), (.tertiarySystemFill, "tertiarySystemFill"),
      (.quaternarySystemFill, "quaternarySystemFill"), (.systemBackground, "systemBackground"),
      (.secondarySystemBackground, "secondarySystemBackground"), (.tertiarySystemBackground, "tertiarySystemBackground"),
      (.systemGroupedBackground, "systemGroupedBackground"),
      (.secondarySystemGroupedBackground, "secondarySystemGroupedBackground"),
      (.tertiarySystemGroupedBackground, "tertiarySystemGroupedBackground"),
    ]
    #expect(Set(all.map(\.1)) == Set(Color.systemColorNames))
    for (color, name) in all {
      let expected = try #require(Color.system(name, appearance: .light))
      #expect(rgba(color) == expected.components.map { CGFloat($0) }, "\(name)")
    }
    #expect(UIColor.tintColor == .systemBlue)
    let table: [(UIColor, [Int])] = [
      (.systemBlue, [0, 122, 255]), (.systemRed, [255, 59, 48]), (.systemGreen, [52, 199, 89]),
      (.systemOrange, [255, 149, 0]), (.systemGray6, [242, 242, 247]), (.label, [0, 0, 0]),
    ]
    for (color, bytes) in table {
      #expect(rgba(color).prefix(3).map { Int(($0 * 255).rounded()) } == bytes, "\(color)")
    }
    #expect(rgba(.secondaryLabel)[3] == 0.6)
    let swatch = CALayer()
    swatch.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
    swatch.backgroundColor = UIColor.systemBlue.cgColor
    #expect(try Frame(swatch, at: 0).pixel(2, 2) == Pixel(red: 0, green: 122, blue: 255, alpha: 255))
  }

  @Test func cgColorsKeepTheirSpaceAndComponents() {
    let grey = CGColor(gray: 0.5, alpha: 1)
    #expect(grey.components == [0.5, 1] && grey.numberOfComponents == 2)
    #expect(grey.colorSpace?.model == .monochrome)
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    #expect(red.components == [1, 0, 0, 1] && red.alpha == 1)
    #expect(red.copy(alpha: 0.25)?.components == [1, 0, 0, 0.25])
    #expect(CGColor(colorSpace: CGColorSpaceCreateDeviceRGB(), components: [0, 0, 1, 1]) == UIColor.blue.cgColor)
    #expect(CGColor.clear.alpha == 0 && CGColor.white.components == [1, 1])
    #expect(UIColor(cgColor: red).cgColor === red)
    // Display P3's pure red lies outside sRGB: red beyond 1, green and blue below 0 (clamped when drawn).
    var (r, g, b) = (CGFloat(0), CGFloat(0), CGFloat(0))
    UIColor(displayP3Red: 1, green: 0, blue: 0, alpha: 1).getRed(&r, green: &g, blue: &b, alpha: nil)
    #expect(abs(r - 1.0931) < 1e-3 && abs(g + 0.2267) < 1e-3 && abs(b + 0.1501) < 1e-3)
  }

  @Test func fontNamesGiveFamilyWeightAndSlant() {
    let bold = UIFont(name: "Helvetica-Bold", size: 17)!
    #expect(bold.familyName == "Helvetica" && bold.fontName == "Helvetica-Bold" && bold.pointSize == 17)
    #expect(UIFont(name: "HelveticaNeue-MediumItalic", size: 12)!.familyName == "Helvetica Neue")
    #expect(UIFont(name: "Georgia", size: 12)!.familyName == "Georgia")
    #expect(UIFont.systemFont(ofSize: 20, weight: .semibold).fontName == ".SFUI-Semibold")
    #expect(UIFont.systemFont(ofSize: 20).familyName == "SF Pro Display")   // iOS's cut from 20 points up
    #expect(UIFont.systemFont(ofSize: 19).familyName == "SF Pro Text")
    #expect(UIFont(name: ".SFUI-Bold", size: 12)?.familyName == "SF Pro Text")
    #expect(UIFont.boldSystemFont(ofSize: 9).withSize(30).pointSize == 30)
    #expect(UIFont.preferredFont(forTextStyle: .headline).pointSize == 17)
    let font = UIFont.systemFont(ofSize: 32)
    #expect(font.lineHeight > 32 && font.ascender > 0 && font.descender < 0)
    #expect(abs(font.lineHeight - (font.ascender - font.descender + font.leading)) < 1e-9)
  }

  /// The number of inked pixels of `string` drawn in `font`.
  func ink(_ string: Any, font: Any?, size: CGFloat = 24) throws -> Int {
    let text = CATextLayer()
    text.frame = CGRect(x: 0, y: 0, width: 120, height: 40)
    text.string = string
    text.font = font
    text.fontSize = size
    text.foregroundColor = UIColor.black.cgColor
    return try Frame(text, at: 0).image.pixels.enumerated().filter { $0.offset % 4 == 3 && $0.element > 128 }.count
  }

  @Test func textLayersDrawStringsInTheirFontAtFontSize() throws {
    let regular = try ink("Hello", font: UIFont(name: "Helvetica", size: 99))   // the font's own size is ignored
    let bold = try ink("Hello", font: UIFont(name: "Helvetica-Bold", size: 99))
    #expect(regular > 100)
    #expect(bold > regular + 40)
    #expect(try ink("Hello", font: "Helvetica-Bold") == bold)
    #expect(try ink(NSAttributedString(string: "Hello"), font: nil) == regular)   // nil: CATextLayer's Helvetica
    // The system font is SF Pro, drawn in Inter where San Francisco is not installed.
    #expect(try ink("Hello", font: UIFont.systemFont(ofSize: 12)) == (try ink("Hello", font: "Inter")))
    #expect(try ink("Hello", font: UIFont.systemFont(ofSize: 12)) != regular)
    #expect(try ink("Hello", font: nil, size: 12) < regular / 2)
    let label = CATextLayer()
    label.string = "Hi"
    #expect(label.string as? String == "Hi")
    label.font = "Helvetica-Bold"
    #expect(label.font as? String == "Helvetica-Bold")
  }

  @Test func imagesDecodeFromPNGAndJPEGBytes() throws {
    // A 2 × 1 PNG: a red pixel and a blue one.
    let pixels: [UInt8] = [255, 0, 0, 255, 0, 0, 255, 255]
    let png = Data(try RGBAImage(width: 2, height: 1, pixels: pixels).pngData())
    let provider = CGDataProvider(data: png)
    let image = try #require(CGImage(pngDataProviderSource: provider, decode: nil, shouldInterpolate: false,
                                     intent: .defaultIntent))
    #expect(image.width == 2 && image.height == 1)
    #expect(CGImage(jpegDataProviderSource: provider, decode: nil, shouldInterpolate: false, intent: .defaultIntent)
              == nil)
    #expect(CGImage(pngDataProviderSource: CGDataProvider(data: Data([0x89, 0x50, 0x4E, 0x47, 1, 2])), decode: nil,
                    shouldInterpolate: false, intent: .defaultIntent) == nil)
    let jpeg = try Data(contentsOf: Fixtures.url("Images/jpeg/orientation-1.jpg"))
    #expect(CGImage(jpegDataProviderSource: CGDataProvider(data: jpeg), decode: nil, shouldInterpolate: true,
                    intent: .defaultIntent) != nil)
    let layer = CALayer()
    layer.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
    layer.contents = image
    layer.magnificationFilter = .nearest
    let frame = try Frame(layer, at: 0)
    #expect(frame.pixel(5, 5) == Pixel(red: 255, green: 0, blue: 0, alpha: 255))
    #expect(frame.pixel(15, 5) == Pixel(red: 0, green: 0, blue: 255, alpha: 255))
    #expect(layer.contents as? CGImage === image)
  }
}
