// SPDX-License-Identifier: Apache-2.0
// Scene files with contents: paths relative to the scene file, errors naming both paths, flipbooks, inspect.

import Foundation
import Testing
import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeImages
import ZoetropeLayers
import ZoetropeScene
import _ZoetropeTestSupport

@Suite struct SceneContentsTests {
  static let imagesFolder = Fixtures.url("Images").path

  static func scene(layer: String) -> [UInt8] {
    Array(#"{"zoetrope": 1, "canvas": {"width": 64, "height": 64}, "layers": [\#(layer)]}"#.utf8)
  }

  static func issues(_ layer: String, fileName: String = "scene.json", baseFolder: String? = imagesFolder)
    -> [SceneIssue] {
    do {
      _ = try SceneDecoder.decode(scene(layer: layer), fileName: fileName, baseFolder: baseFolder)
      return []
    } catch {
      return error.issues
    }
  }

  @Test func everyContentsKeyIsDecoded() throws {
    let decoded = try SceneDecoder.decode(Self.scene(layer: #"""
      {"contents": "tile.png", "contentsGravity": "kCAGravityTopLeft", "contentsRect": [0, 0, 0.5, 1],
       "contentsCenter": [0.25, 0.25, 0.5, 0.5], "contentsScale": 2, "minificationFilter": "trilinear",
       "magnificationFilter": "kCAFilterNearest"}
      """#), fileName: "scene.json", baseFolder: Self.imagesFolder)
    let layer = try #require(decoded.root.sublayers?.first)
    #expect(layer.contents?.width == 64 && layer.contents?.name == "tile.png")
    #expect(layer.contentsGravity == .topLeft)
    #expect(layer.contentsRect == Rect(x: 0, y: 0, width: 0.5, height: 1))
    #expect(layer.contentsCenter == Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
    #expect(layer.contentsScale == 2)
    #expect(layer.minificationFilter == .trilinear && layer.magnificationFilter == .nearest)
  }

  /// Issue 34, M7: a JPEG the scene's image budget has no room for at full
  /// size is decoded smaller, with a warning naming it and both sizes.
  @Test func aJPEGDecodedSmallerIsNamedInAWarning() throws {
    let layer = #"{"frame": [0, 0, 32, 16], "contents": "jpeg/progressive.jpg"}"#
    func decoded(_ budget: Int) -> Scene? {
      try? SceneDecoder.decode(Self.scene(layer: layer), fileName: "scene.json", baseFolder: Self.imagesFolder,
                               imageLimits: ImageDecodingLimits(memoryBudget: budget))
    }
    func isFullSize(_ scene: Scene?) -> Bool { (scene?.root.sublayers?.first?.contents?.storage.width ?? 0) == 32 }
    var (low, high) = (0, 64 << 20)
    while low < high {
      let middle = (low + high) / 2
      if isFullSize(decoded(middle)) { high = middle } else { low = middle + 1 }
    }
    #expect(try #require(decoded(low)).decodingWarnings.isEmpty)
    let scene = try #require(decoded(low - 1))
    #expect(scene.root.sublayers?.first?.contents?.width == 32)
    let warnings = scene.decodingWarnings.map(\.description)
    #expect(warnings.count == 1 && warnings[0].contains("the image \"jpeg/progressive.jpg\" (32 × 16 pixels) is decoded at 28 × 14"),
            "\(warnings)")
  }

  @Test func pathsAreRelativeToTheSceneFile() throws {
    // The fixture scenes name "../../Images/…" from Fixtures/Scenes/images/.
    let scene = try Fixtures.scene("Scenes/images/rounded-mask.json")
    #expect(scene.root.sublayers?.first?.contents?.name == "../../Images/tile.png")
    // Bytes with a file name resolve against the file name's folder.
    let json = Self.scene(layer: #"{"contents": "Images/tile.png"}"#)
    let decoded = try SceneDecoder.decode(json, fileName: Fixtures.url("scene.json").path)
    #expect(decoded.root.sublayers?.first?.contents != nil)
  }

  @Test func aMissingFileNamesTheJSONPathAndTheResolvedPath() {
    let issues = Self.issues(#"{"contents": "nothing/here.png"}"#, fileName: "/scenes/demo.json", baseFolder: nil)
    #expect(issues == [SceneIssue(path: "layers[0].contents", message:
      #"cannot use the image "nothing/here.png" (/scenes/nothing/here.png): No such file or directory"#)])
  }

  @Test func aFlipbookFrameThatCannotBeDecodedIsNamedByItsIndex() {
    let issues = Self.issues(#"""
      {"animations": [{"type": "keyframe", "keyPath": "contents", "calculationMode": "discrete",
                       "values": ["flipbook/frame-0.png", null, "jpeg/cmyk.jpg"]}]}
      """#)
    #expect(issues.map(\.path) == ["layers[0].animations[0].values[2]"])
    #expect(issues.first?.message.contains("CMYK") == true)
  }

  @Test func badContentsValuesAreReported() {
    #expect(Self.issues(#"{"contents": 3}"#).first?.message.contains("must be an image file path") == true)
    #expect(Self.issues(#"{"contentsGravity": "topleft"}"#).first?.message.contains(#"did you mean "topLeft""#) == true)
    #expect(Self.issues(#"{"contentsScale": 0}"#).first?.path == "layers[0].contentsScale")
    #expect(Self.issues(#"{"contentsRect": [0, 0, 1]}"#).first?.path == "layers[0].contentsRect")
    #expect(Self.issues(#"{"minificationFilter": "cubic"}"#).first?.path == "layers[0].minificationFilter")
    #expect(Self.issues(#"{"contents": null}"#).isEmpty)
  }

  @Test func contentsThatInterpolateWarnThatTheySwitchHalfway() throws {
    let decoded = try SceneDecoder.decode(Self.scene(layer: #"""
      {"animations": [{"type": "basic", "keyPath": "contents", "fromValue": "tile.png", "toValue": "button.png"}]}
      """#), fileName: "scene.json", baseFolder: Self.imagesFolder)
    #expect(decoded.decodingWarnings.map(\.path) == ["layers[0].animations[0]"])
  }

  @Test func theImageBudgetNamesTheFileThatExceedsIt() {
    do {
      _ = try SceneDecoder.decode(Self.scene(layer: #"{"contents": "tile.png"}"#), fileName: "scene.json",
                                  baseFolder: Self.imagesFolder, imageLimits: .init(memoryBudget: 1000))
      Issue.record("decoded over budget")
    } catch {
      #expect(error.issues.first?.path == "layers[0].contents")
      #expect(error.issues.first?.message.contains("\(Self.imagesFolder)/tile.png") == true)
      #expect(error.issues.first?.message.contains("image memory budget") == true)
    }
  }

  @Test func inspectReportsTheContentsKeysOfLayersThatHaveThem() throws {
    let scene = try Fixtures.scene("Scenes/images/sprites.json")
    let tree = scene.snapshot()
    let json = Inspection(tree).json(for: PresentationEvaluator(tree).presentation(atTime: 0.3))
    #expect(json.contains(#""contents": "../../Images/sprites.png", "contentsGravity": "resize", "#
      + #""contentsRect": [0.25, 0, 0.25, 1], "contentsCenter": [0, 0, 1, 1], "contentsScale": 1, "#
      + #""minificationFilter": "linear", "magnificationFilter": "linear""#))
    let plain = try Fixtures.scene("Scenes/compositor/features.json").snapshot()
    #expect(!Inspection(plain).json(for: PresentationEvaluator(plain).presentation(atTime: 0)).contains("contents"))
  }
}
