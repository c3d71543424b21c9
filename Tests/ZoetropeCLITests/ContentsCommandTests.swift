// SPDX-License-Identifier: Apache-2.0
// `zoetrope` with layer contents: images next to the scene render; bad images stop before any output.

import Foundation
import Testing
import _ZoetropeTestSupport

@Suite struct ContentsCommandTests {
  /// A folder holding `scene.json` (a 32 × 32 canvas with one layer showing
  /// `image.png`) and `image.png` made of `imageBytes`.
  func sceneFolder(imageBytes: [UInt8]?) throws -> URL {
    let scene = try CLI.temporaryScene(#"""
      {"canvas": {"width": 32, "height": 32}, "layers": [{"frame": [0, 0, 32, 32], "contents": "image.png"}]}
      """#)
    let folder = scene.deletingLastPathComponent()
    if let imageBytes { try Data(imageBytes).write(to: folder.appendingPathComponent("image.png")) }
    return folder
  }

  @Test func anImageBesideTheSceneRendersWhateverTheCurrentFolder() throws {
    let folder = try sceneFolder(imageBytes: try Fixtures.bytes("Images/tile.png"))
    let out = folder.appendingPathComponent("frame.png").path
    let result = try CLI.run(["still", folder.appendingPathComponent("scene.json").path, "-o", out, "--time", "0"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(FileManager.default.fileExists(atPath: out))
  }

  @Test(arguments: ["missing", "truncated", "webp", "bomb"])
  func aBadImageStopsTheRenderBeforeAnyOutputIsWritten(_ kind: String) throws {
    let tile = try Fixtures.bytes("Images/tile.png")
    let bytes: [UInt8]? = switch kind {
    case "missing": nil
    case "truncated": Array(tile.prefix(tile.count / 2))
    case "webp": Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [UInt8](repeating: 0, count: 24)
    default: Array(tile.prefix(16)) + [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0] + Array(tile.dropFirst(24))
    }
    let folder = try sceneFolder(imageBytes: bytes)
    let output = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    let result = try CLI.run(["render", folder.appendingPathComponent("scene.json").path, "-o",
                              output.path + "/clip.mp4", "--progress", "none"])
    #expect(result.status == 1)
    let resolved = folder.appendingPathComponent("image.png").standardizedFileURL.path
    #expect(result.standardError.contains(#"layers[0].contents: cannot use the image "image.png" (\#(resolved))"#),
            "\(result.standardError)")
    let reason = ["missing": "No such file", "truncated": "PNG data ends early", "webp": "WebP",
                  "bomb": "100000 × 100000"][kind]!
    #expect(result.standardError.contains(reason), "\(result.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: output.path).isEmpty)
  }
}
