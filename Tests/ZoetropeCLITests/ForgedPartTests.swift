// SPDX-License-Identifier: Apache-2.0
// Parts whose zoetrope-part tag lies: refused with a message that says what the tag claims.

import Foundation
import Testing
import ZoetropeVideo
import _ZoetropeTestSupport

@Suite(.serialized) struct ForgedPartTests {
  /// A one-part render of a small scene into `name` in a scratch folder.
  static func part(_ name: String, extra: [String] = []) throws -> (Scratch, String) {
    let scratch = try Scratch()
    let path = scratch.path(name)
    let result = try CLI.run(["render", scratch.scene.path, "--chunk", "0/1", "-o", path, "--preset", "ultrafast"] + extra)
    #expect(result.status == 0, "\(result.standardError)")
    return (scratch, path)
  }

  /// The tag `part` holds, changed by `change`, written back in place with
  /// the same length (the `encoding` text is cut or padded to fit), so that
  /// no box or chunk size around it changes.
  static func forge(_ path: String, _ change: (inout ClipPart) -> Void) throws {
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let start = Array(#"{"clipFrames""#.utf8), end = Array(#""zoetrope-part":1}"#.utf8)
    let first = try #require((0...(bytes.count - start.count)).first { Array(bytes[$0..<($0 + start.count)]) == start })
    let last = try #require((first...(bytes.count - end.count)).first { Array(bytes[$0..<($0 + end.count)]) == end })
    let old = bytes[first..<(last + end.count)]
    var part = try ClipPart(tag: String(decoding: old, as: UTF8.self))
    change(&part)
    let slack = old.count - part.tag.utf8.count
    part.encoding = slack >= 0 ? part.encoding + String(repeating: " ", count: slack) : String(part.encoding.dropLast(-slack))
    let tag = Array(part.tag.utf8)
    try #require(tag.count == old.count)
    bytes.replaceSubrange(first..<(last + end.count), with: tag)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  /// Issue 34 L1: a part whose tag claims frames `[0, 1099511627776]` got
  /// the error `w.mp4: ` with nothing after it (an allocation of a byte per
  /// claimed frame failed without a word). A tag claiming more frames than
  /// the file has bytes is refused, saying so.
  @Test func aTagClaimingMoreFramesThanTheFileCanHoldIsRefused() throws {
    let (scratch, path) = try Self.part("w.mp4")
    try Self.forge(path) { part in
      part.frames = 0..<1_099_511_627_776
      part.clipFrameCount = 1_099_511_627_776
    }
    let result = try CLI.run(["concat", path, "-o", scratch.path("joined.mp4")])
    #expect(result.status == 1)
    #expect(result.standardError.contains("w.mp4: its zoetrope-part tag says it holds frames 0..<1099511627776, more "
      + "than a file of"), "\(result.standardError)")
    #expect(result.standardError.contains("bytes can: the tag is damaged"), "\(result.standardError)")
    #expect(try scratch.contents() == ["scene.json", "w.mp4"])
  }

  /// Issue 34, messages: a forged GIF part got "its frames last 34 cs, its
  /// frames 0..<2000000000 6666666667 cs". The message says which is the
  /// file's and which the tag's.
  @Test func aGIFPartShorterThanItsTagSaysWhich() throws {
    let palette = try Scratch()
    #expect(try CLI.run(["palette", palette.scene.path, "-o", palette.path("p.json")]).status == 0)
    let (scratch, path) = try Self.part("w.gif", extra: ["--palette", palette.path("p.json")])
    try Self.forge(path) { part in
      part.frames = 0..<200
      part.clipFrameCount = 200
    }
    let result = try CLI.run(["concat", path, "-o", scratch.path("joined.gif")])
    #expect(result.status == 1)
    #expect(result.standardError.contains("w.gif: its frames last 50 cs, but the frames its tag names, 0..<200 at "
      + "10 fps, last 2000 cs: truncated or damaged"), "\(result.standardError)")
  }
}
