// SPDX-License-Identifier: Apache-2.0
// Scene files at the edges: bad matrix entries named by index, files past the size budget.

import Foundation
import Testing
import ZoetropeGeometry
@testable import ZoetropeScene
import _ZoetropeTestSupport

#if canImport(Glibc)
import Glibc
#endif

@Suite struct SceneInputLimitsTests {
  func issues(_ json: String) -> [String] {
    do {
      _ = try SceneDecoder.decode(Array(json.utf8), fileName: "s.json")
      return []
    } catch {
      return error.issues.map(\.description)
    }
  }

  /// Issue 11 defect 9: a "NaN" at index 3 of a transform's 16 numbers was
  /// reported at `transform[0]` (as if the array were a list of operations).
  @Test func aBadMatrixEntryIsReportedAtItsIndex() {
    let matrix = #"[1, 0, 0, "NaN", 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]"#
    #expect(issues(#"{"canvas": {"width": 10, "height": 10}, "layers": [{"transform": \#(matrix)}]}"#)
      == [#"layers[0].transform[3]: must be a number (got "NaN")"#])
    let twoBad = #"[1, 0, 0, "NaN", 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, true]"#
    #expect(issues(#"{"canvas": {"width": 10, "height": 10}, "layers": [{"sublayerTransform": \#(twoBad)}]}"#)
      == [#"layers[0].sublayerTransform[3]: must be a number (got "NaN")"#,
          "layers[0].sublayerTransform[15]: must be a number (got true)"])
    #expect(issues(#"{"canvas": {"width": 10, "height": 10}, "layers": [{"transform": [1, 2, 3]}]}"#)
      == ["layers[0].transform: must be a transform: 16 numbers m11…m44, or an array of operations (got [1, 2, 3])"])
  }

  /// A scene file past `Limits.maximumSceneBytes` is refused from its size,
  /// before it is read (the file here is sparse: it takes no disk).
  @Test func aSceneFilePastTheSizeBudgetIsRefused() throws {
    let path = TestFiles.url("zoetrope-\(UUID().uuidString).json").path
    let file = open(path, O_WRONLY | O_CREAT, 0o600)
    #expect(file >= 0)
    #expect(ftruncate(file, off_t(Limits.maximumSceneBytes + 1)) == 0)
    close(file)
    defer { unlink(path) }
    do {
      _ = try SceneDecoder.decode(contentsOf: path)
      Issue.record("read")
    } catch {
      #expect(error.description == "\(path): cannot read the file: it has \(Limits.maximumSceneBytes + 1) bytes; "
        + "scene files may have at most \(Limits.maximumSceneBytes) (Limits.maximumSceneBytes)")
    }
  }

  /// A folder is not a scene file.
  @Test func aFolderIsNotAScene() {
    #expect(throws: SceneError.self) { try SceneDecoder.decode(contentsOf: FileManager.default.temporaryDirectory.path) }
  }
}

@Suite struct SceneSizeBudgetTests {
  /// Found attacking the release binary: a 3-MB file of a million `{}`
  /// layers took 1.7 GB, so a file at the byte budget could take a hundred.
  /// Past `Limits.maximumLayers` the decoder stops with an error at the first
  /// layer over.
  @Test func moreThanTheLayerBudgetIsRefused() {
    let json = #"{"canvas": {"width": 10, "height": 10}, "layers": ["#
      + [String](repeating: "{}", count: Limits.maximumLayers + 1).joined(separator: ",") + "]}"
    do {
      _ = try SceneDecoder.decode(Array(json.utf8), fileName: "s.json")
      Issue.record("decoded")
    } catch {
      #expect(error.issues.map(\.description)
        == ["layers[\(Limits.maximumLayers)]: the scene has more than \(Limits.maximumLayers) layers (Limits.maximumLayers)"])
    }
  }

  /// Found attacking the release binary: five million keyframe values (10 MB)
  /// took 0.9 GB. The reader counts values and stops at the budget.
  @Test func moreValuesThanTheBudgetAreRefused() throws {
    let json = Array("[[1, 2], {\"a\": [3]}, 4]".utf8)
    #expect(throws: Never.self) { try JSONReader.parse(json, maximumValues: 8) }
    do {
      _ = try JSONReader.parse(json, maximumValues: 7)
      Issue.record("read")
    } catch {
      #expect(error.message == "the document holds more than 7 values")
    }
  }
}
