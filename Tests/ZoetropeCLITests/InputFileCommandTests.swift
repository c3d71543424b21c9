// SPDX-License-Identifier: Apache-2.0
// Every input a command reads opened with the same checks: FIFOs never block, NUL is no file name.

import Foundation
import Testing
import _ZoetropeTestSupport

#if canImport(Glibc)
import Glibc
#endif

@Suite(.serialized) struct InputFileCommandTests {
  /// Issue 34 M1: `{"type": "text", "font": "f.ttf"}` with `f.ttf` a FIFO
  /// blocked `validate`, `still` and `render` for ever (the font reader
  /// opened it without the checks every other input had).
  @Test(.timeLimit(.minutes(2))) func aFontThatIsAFIFONeverBlocks() throws {
    let scratch = try Scratch(scene: #"{"zoetrope": 1, "canvas": {"width": 16, "height": 16}, "layers": [{"type": "text", "string": "hi", "font": "f.ttf"}]}"#)
    #expect(mkfifo(scratch.path("f.ttf"), 0o600) == 0)
    for arguments in [["validate"], ["still", "-o", scratch.path("a.png")], ["render", "-o", scratch.path("a.gif")]] {
      let result = try CLI.run([arguments[0], scratch.scene.path] + arguments.dropFirst())
      #expect(result.status == 1, "\(arguments)")
      #expect(result.standardError.contains("layers[0].font: cannot read the font file \(scratch.path("f.ttf")): "
        + "it is a FIFO (named pipe), not a regular file"), "\(arguments): \(result.standardError)")
    }
    #expect(try scratch.contents() == ["f.ttf", "scene.json"])
  }

  /// The other inputs are opened the same way: an image, a palette and a
  /// part that are FIFOs are refused at once.
  @Test(.timeLimit(.minutes(2))) func everyOtherInputThatIsAFIFOIsRefused() throws {
    let scratch = try Scratch(scene: #"{"zoetrope": 1, "canvas": {"width": 16, "height": 16}, "layers": [{"frame": [0, 0, 8, 8], "contents": "i.png"}]}"#)
    for name in ["i.png", "p.json", "x.part0.gif"] { #expect(mkfifo(scratch.path(name), 0o600) == 0) }
    let image = try CLI.run(["validate", scratch.scene.path])
    #expect(image.status == 1)
    #expect(image.standardError.contains("i.png): is a FIFO (named pipe), not an image file"), "\(image.standardError)")
    let plain = try Scratch()
    let palette = try CLI.run(["render", plain.scene.path, "-o", plain.path("a.gif"), "--chunk", "0/2",
                               "--palette", scratch.path("p.json")])
    #expect(palette.status == 1)
    #expect(palette.standardError.contains("p.json: is a FIFO (named pipe), not a regular file"), "\(palette.standardError)")
    let part = try CLI.run(["concat", scratch.path("x.part0.gif"), "-o", scratch.path("x.gif")])
    #expect(part.status != 0)
    #expect(part.standardError.contains("x.part0.gif: is a FIFO (named pipe), not a regular file"), "\(part.standardError)")
    #expect(try plain.contents() == ["scene.json"])
  }

  /// Issue 34 L4: `"contents": "ok.png\u0000.jpg"` rendered `ok.png` (the
  /// name was cut at the NUL). A NUL in any path the scene names is refused.
  @Test func aNULInAReferencedPathIsRefused() throws {
    let scratch = try Scratch(scene: #"{"zoetrope": 1, "canvas": {"width": 16, "height": 16}, "layers": [{"frame": [0, 0, 8, 8], "contents": "ok.png\u0000.jpg"}, {"type": "text", "string": "x", "font": "f.ttf\u0000"}]}"#)
    #expect(try CLI.run(["still", try Scratch().scene.path, "-o", scratch.path("ok.png")]).status == 0)
    let result = try CLI.run(["validate", scratch.scene.path])
    #expect(result.status == 1)
    #expect(result.standardError.contains("layers[0].contents: ") && result.standardError.contains("the path holds a NUL character"),
            "\(result.standardError)")
    #expect(result.standardError.contains("layers[1].font: "), "\(result.standardError)")
  }
}
