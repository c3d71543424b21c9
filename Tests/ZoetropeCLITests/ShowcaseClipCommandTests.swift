// SPDX-License-Identifier: Apache-2.0
// The README's showcase clips are what `zoetrope render` writes for their scenes today, byte for byte.

import Foundation
import Testing
import _ZoetropeTestSupport

@Suite(.serialized) struct ShowcaseClipCommandTests {
  /// Each clip and its scene. A GIF's bytes are deterministic (one palette
  /// per clip, fixed LZW), so the committed file is checked whole.
  static let clips = [
    ("clip.sparkler.gif", "showcase/sparkler.json"),
    ("clip.transitions.gif", "showcase/transitions.json"),
    ("clip.card-stack.gif", "transform-layers/card-stack.json"),
  ]

  /// Re-record after a deliberate change with `ZOETROPE_RECORD=1`, and look
  /// at the clips before committing them.
  @Test(arguments: clips)
  func showcaseClipIsWhatRenderWrites(clip: String, scene: String) throws {
    let golden = Fixtures.url("Golden/showcase/" + clip)
    let folder = TestFiles.url("zoetrope-clip-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let output = folder.appendingPathComponent(clip)
    let result = try CLI.run(["render", "Fixtures/Scenes/" + scene, "-o", output.path, "--loop", "0", "--progress", "none"])
    #expect(result.status == 0, "\(result.standardError)")
    let rendered = try Data(contentsOf: output)
    if ProcessInfo.processInfo.environment["ZOETROPE_RECORD"] == "1" {
      try rendered.write(to: golden)
    }
    #expect(rendered == (try? Data(contentsOf: golden)), "\(clip) differs from the render of \(scene): \(output.path)")
    #expect(rendered.count < 50_000, "\(clip): \(rendered.count) bytes, over the fixtures' 50 KB")
  }
}
