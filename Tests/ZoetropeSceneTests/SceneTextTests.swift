// SPDX-License-Identifier: Apache-2.0
// Text layers and text paths in scene files: keys, defaults, fonts resolved or refused with their JSON paths.

import Testing
import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeScene

#if canImport(Glibc)
import Glibc
#endif

@Suite struct SceneTextTests {
  static func scene(layer: String) -> String {
    #"{"zoetrope": 1, "canvas": {"width": 100, "height": 100}, "layers": [\#(layer)]}"#
  }

  static let cases: [(name: String, json: String, path: String, message: String)] = [
    ("unknownFont", scene(layer: #"{"type": "text", "string": "a", "font": "DejaVu Sanz"}"#), "layers[0].font",
     #"unknown font "DejaVu Sanz" (closest installed: "DejaVu Sans""#),
    ("missingFontFile", scene(layer: #"{"type": "text", "string": "a", "font": "/no/such/font.ttf"}"#),
     "layers[0].font", "cannot read the font file /no/such/font.ttf"),
    ("corruptFontFile", scene(layer: #"{"type": "text", "string": "a", "font": "/etc/hostname.ttf/"}"#),
     "layers[0].font", "font file"),
    ("negativeFontSize", scene(layer: #"{"type": "text", "fontSize": -3}"#), "layers[0].fontSize", "must be in 0…100000"),
    ("hugeFontSize", scene(layer: #"{"type": "text", "fontSize": 1e9}"#), "layers[0].fontSize", "must be in 0…100000"),
    ("unknownAlignment", scene(layer: #"{"type": "text", "alignmentMode": "centre"}"#), "layers[0].alignmentMode",
     #"did you mean "center""#),
    ("unknownWeight", scene(layer: #"{"type": "text", "fontWeight": "bolder"}"#), "layers[0].fontWeight", "\"bold\""),
    ("textKeyOnPlainLayer", scene(layer: #"{"string": "a"}"#), "layers[0].string", #""type": "text""#),
    ("fontSizeAnimationOnShape", scene(layer: #"{"type": "shape", "animations": [{"type": "basic", "keyPath": "fontSize", "toValue": 3}]}"#),
     "layers[0].animations[0].keyPath", "text layer property"),
    ("unknownFontInPath", scene(layer: #"{"type": "shape", "path": {"text": "hi", "font": "Nope Sans Pro"}}"#),
     "layers[0].path.font", "unknown font \"Nope Sans Pro\""),
    ("negativePathSize", scene(layer: #"{"type": "shape", "path": {"text": "hi", "size": -1}}"#),
     "layers[0].path.size", "must be in 0…100000"),
    ("unknownPathKey", scene(layer: #"{"type": "shape", "path": {"text": "hi", "fontSize": 3}}"#),
     "layers[0].path.fontSize", "unknown key in a text path"),
  ]

  @Test(arguments: cases)
  func badTextInputNamesThePath(_ name: String, _ json: String, _ path: String, _ message: String) {
    do {
      _ = try SceneDecoder.decode(Array(json.utf8), fileName: "scene.json")
      Issue.record("\(name): decoded")
    } catch {
      #expect(error.issues.contains { $0.path == path && $0.message.contains(message) }, "\(name): \(error)")
    }
  }

  @Test func aMegabyteStringIsRefused() {
    let huge = String(repeating: "a", count: 1 << 20)
    do {
      _ = try SceneDecoder.decode(Array(Self.scene(layer: #"{"type": "text", "string": "\#(huge)"}"#).utf8),
                                  fileName: "scene.json")
      Issue.record("decoded")
    } catch {
      #expect(error.issues.map(\.path) == ["layers[0].string"])
      #expect(error.description.contains("1048576 bytes"))
    }
  }

  @Test func defaultsAreCATextLayers() throws {
    let scene = try SceneDecoder.decode(Array(Self.scene(layer: #"{"type": "CATextLayer", "string": ""}"#).utf8),
                                        fileName: "scene.json")
    let text = try #require(scene.root.sublayers?.first as? TextLayer)
    #expect(text.string == "")
    #expect(text.font == "Helvetica" && text.fontSize == 36 && text.foregroundColor == .white)
    #expect(text.alignmentMode == .natural && !text.isWrapped && text.truncationMode == .none)
    #expect(scene.fonts.count == 1 && scene.fonts[0].request == "\"Helvetica\"")
  }

  @Test func everyKeyIsDecoded() throws {
    let json = Self.scene(layer: #"""
      {"type": "text", "string": "Hi\nthere", "font": "DejaVu Sans", "fontWeight": "bold", "fontStyle": "italic",
       "fontSize": 20, "foregroundColor": "#FF0000", "alignmentMode": "kCAAlignmentJustified", "wrapped": true,
       "truncationMode": "middle"}
      """#)
    let scene = try SceneDecoder.decode(Array(json.utf8), fileName: "scene.json")
    let text = try #require(scene.root.sublayers?.first as? TextLayer)
    #expect(text.string == "Hi\nthere" && text.fontWeight == 700 && text.fontStyle == .italic && text.fontSize == 20)
    #expect(text.alignmentMode == .justified && text.isWrapped && text.truncationMode == .middle)
    #expect(scene.fonts[0].file.hasSuffix("DejaVuSans-BoldOblique.ttf"))
  }

  /// A relative font file is found beside the scene file and stored absolute.
  @Test func aRelativeFontFileIsTakenFromTheScenesFolder() throws {
    let folder = "/tmp/zoetrope-scene-fonts-\(getpid())"
    mkdir(folder, 0o700)
    defer { _ = system("rm -rf '\(folder)'") }
    symlink("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", folder + "/Mine.ttf")
    let json = Self.scene(layer: #"{"type": "text", "string": "a", "font": "./Mine.ttf"}"#)
    let scene = try SceneDecoder.decode(Array(json.utf8), fileName: folder + "/scene.json")
    let text = try #require(scene.root.sublayers?.first as? TextLayer)
    #expect(text.font == folder + "/Mine.ttf")
  }

  @Test func aTextPathIsTheShapedOutline() throws {
    let json = Self.scene(layer: #"{"type": "shape", "path": {"text": "hello", "font": "DejaVu Sans", "size": 48}}"#)
    let scene = try SceneDecoder.decode(Array(json.utf8), fileName: "scene.json")
    let shape = try #require(scene.root.sublayers?.first as? ShapeLayer)
    let box = try #require(shape.path).boundingBox
    #expect(box.minX > 0 && box.minX < 10 && box.maxY > 40 && box.maxY < 46)
    #expect(scene.fonts.map(\.path) == ["layers[0].path"])
  }
}
