// SPDX-License-Identifier: Apache-2.0
// iOS's colours and fonts in scene files: system colours by appearance, Apple's system font, weights, UIKit spellings.

import Testing
import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeScene
import ZoetropeText

@Suite struct SceneSystemStyleTests {
  static func scene(_ layer: String, canvas: String = #""width": 100, "height": 100"#) -> String {
    #"{"canvas": {\#(canvas)}, "layers": [\#(layer)]}"#
  }

  static func decode(_ json: String) throws(SceneError) -> Scene {
    try SceneDecoder.decode(Array(json.utf8), fileName: "scene.json")
  }

  static func messages(_ json: String) -> [String] {
    do {
      _ = try decode(json)
      return []
    } catch {
      return error.issues.map(\.description)
    }
  }

  @Test func systemColoursFollowTheCanvasAppearance() throws {
    let layer = #"{"name": "card", "backgroundColor": "systemBlue", "borderColor": "separator"}"#
    let light = try Self.decode(Self.scene(layer))
    #expect(light.canvas.appearance == .light)
    #expect(light.root.sublayers?.first?.backgroundColor == Color.system("systemBlue", appearance: .light))
    // "appearance" after "background" in the file still decides the background's colour.
    let dark = try Self.decode(Self.scene(layer, canvas: #""width": 100, "height": 100, "background": "systemBackground", "appearance": "dark""#))
    #expect(dark.canvas.appearance == .dark)
    #expect(dark.canvas.background == Color(red: 0, green: 0, blue: 0))
    #expect(dark.root.sublayers?.first?.backgroundColor == Color.system("systemBlue", appearance: .dark))
    #expect(dark.root.sublayers?.first?.borderColor == Color.system("separator", appearance: .dark))
  }

  @Test func badAppearancesAndColourNamesSayWhatFits() {
    #expect(Self.messages(Self.scene("{}", canvas: #""width": 100, "height": 100, "appearance": "night""#))
      .contains { $0.hasPrefix(#"canvas.appearance: must be one of "light", "dark""#) })
    #expect(Self.messages(Self.scene(#"{"backgroundColor": "sytemBlue"}"#))
      .contains { $0.contains(#"unknown colour name "sytemBlue" (did you mean "systemBlue"?)"#) })
    #expect(Self.messages(Self.scene("{}", canvas: #""width": 100, "height": 100, "colorScheme": "dark""#))
      .contains { $0.contains(#"(did you mean "appearance"?)"#) })
  }

  @Test func uiKitsTextKeysPointAtCATextLayersNames() {
    let cases = [("textAlignment", "alignmentMode"), ("textColor", "foregroundColor"), ("text", "string"),
                 ("fontFamily", "font")]
    for (key, meant) in cases {
      let messages = Self.messages(Self.scene(#"{"type": "text", "\#(key)": 1}"#))
      #expect(messages.contains { $0.hasPrefix("layers[0].\(key): unknown key in a text layer (did you mean \"\(meant)\"?") },
              "\(messages)")
    }
  }

  static let appleSystemNames: [(name: String, family: String)] = [
    ("SF Pro", "Inter"), ("SF Pro Text", "Inter"), ("-apple-system", "Inter"), ("system-ui", "Inter"),
    ("SF Pro Display", "Inter Display"),
  ]

  @Test(arguments: appleSystemNames.indices)
  func applesSystemFontIsDrawnInInterWithANotice(_ index: Int) throws {
    let (name, family) = Self.appleSystemNames[index]
    let scene = try Self.decode(Self.scene(#"{"type": "text", "string": "Hi", "font": "\#(name)"}"#))
    let font = try #require(scene.fonts.first)
    #expect(font.face.hasPrefix("\(family) Regular"), "\(font)")
    #expect(font.notes.first?.contains("Apple's system font") == true)
    #expect(scene.decodingWarnings.map(\.path) == ["layers[0].font"])
  }

  @Test func aWeightTheFamilyHasIsTakenAndOneItLacksIsExplained() throws {
    // Inter has a SemiBold: semibold is that face, with nothing to say.
    let inter = try Self.decode(Self.scene(#"{"type": "text", "string": "Hi", "font": "Inter", "fontWeight": "semibold"}"#))
    #expect(inter.fonts.first?.face == "Inter Semi Bold, weight 600")
    #expect(inter.fonts.first?.notes == [] && inter.decodingWarnings.isEmpty)
    // Helvetica (Liberation Sans) has 400 and 700: semibold is its Bold, and validate says so.
    let helvetica = try Self.decode(Self.scene(#"{"type": "text", "string": "Hi", "fontWeight": "semibold"}"#))
    let note = try #require(helvetica.fonts.first?.notes.first)
    #expect(note == #"fontWeight 600 ("semibold"): Liberation Sans has no face of that weight (its faces weigh 400 and 700); drawn in the nearest, Liberation Sans Bold (700)"#)
    #expect(helvetica.decodingWarnings.map(\.description) == ["layers[0]: " + note])
  }

  @Test func didYouMeanProposesOnlyFamiliesThatLookAlike() {
    #expect(FontLibrary.shared.closestFamilies(to: "DejaVu Sanz").first == "DejaVu Sans")
    #expect(FontLibrary.shared.closestFamilies(to: "Roboto Slab Condensed").isEmpty)
    #expect(FontLibrary.shared.closestFamilies(to: "Liberation").contains("Liberation Sans"))
    let messages = Self.messages(Self.scene(#"{"type": "text", "string": "a", "font": "Roboto Slab Condensed"}"#))
    #expect(messages.contains { $0.contains("no installed family has a name like it") }, "\(messages)")
  }
}
