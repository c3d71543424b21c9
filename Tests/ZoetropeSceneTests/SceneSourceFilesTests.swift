// SPDX-License-Identifier: Apache-2.0
// Scene.sourceFiles and SceneError.sourceFiles: the files a watcher must look at.

import Foundation
import Testing
import ZoetropeScene
import _ZoetropeTestSupport

@Suite struct SceneSourceFilesTests {
  func temporaryScene(_ json: String) throws -> String {
    let folder = TestFiles.url("zoetrope-sources-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("scene.json").path
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func aSceneReadFromAFileListsItFirst() throws {
    let path = try temporaryScene(#"{"canvas": {"width": 4, "height": 4}, "layers": []}"#)
    #expect(try SceneDecoder.decode(contentsOf: path).sourceFiles == [path])
  }

  @Test func aSceneDecodedFromBytesListsNoSceneFile() throws {
    let scene = try SceneDecoder.decode(Array(#"{"canvas": {"width": 4, "height": 4}, "layers": []}"#.utf8),
                                        fileName: "scene.json")
    #expect(scene.sourceFiles.isEmpty)
  }

  @Test func aRefusedOrMissingSceneStillNamesItsFile() throws {
    let path = try temporaryScene(#"{"canvas": {"width": "wide", "height": 4}, "layers": []}"#)
    let refused = #expect(throws: SceneError.self) { try SceneDecoder.decode(contentsOf: path) }
    #expect(refused?.sourceFiles == [path])
    let missing = #expect(throws: SceneError.self) { try SceneDecoder.decode(contentsOf: path + ".missing") }
    #expect(missing?.sourceFiles == [path + ".missing"])
  }
}
