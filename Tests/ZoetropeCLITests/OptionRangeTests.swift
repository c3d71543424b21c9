// SPDX-License-Identifier: Apache-2.0
// The options commands share are checked alike: the same ranges and the same words in every command.

import Foundation
import Testing
import _ZoetropeTestSupport

@Suite(.serialized) struct OptionRangeTests {
  /// Issue 34 M3: `palette --duration 1e9` was not capped as `render`'s is
  /// (it aborted after 53 s allocating 240 GB), and 86401 s was accepted.
  @Test func paletteDurationIsCappedAsRenders() throws {
    let scratch = try Scratch()
    for duration in ["1e9", "86401", "0", "-1", "nan", "inf"] {
      for command in ["palette", "render"] {
        let output = scratch.path(command == "palette" ? "p.json" : "a.gif")
        let result = try CLI.run([command, scratch.scene.path, "-o", output, "--duration=" + duration])
        #expect(result.status == 64, "\(command) \(duration): \(result.standardError)")
        #expect(result.standardError.contains("--duration must be more than 0 and at most 86400 seconds (a day)"),
                "\(command) \(duration): \(result.standardError)")
      }
    }
    #expect(try scratch.contents() == ["scene.json"])
  }

  /// Issue 34 M4: `palette --every 9223372036854775807` trapped on an
  /// overflow (exit 132). It samples frame 0 alone.
  @Test func paletteEveryAtTheLargestIntegerSamplesOneFrame() throws {
    let scratch = try Scratch()
    let result = try CLI.run(["palette", scratch.scene.path, "-o", scratch.path("p.json"), "--every", "9223372036854775807"])
    #expect(result.status == 0, "\(result.standardError)")
    let text = try String(contentsOfFile: scratch.path("p.json"), encoding: .utf8)
    #expect(text.contains(#""frames": {"sampled": 1, "clip": 5, "every": 9223372036854775807}"#), "\(text)")
  }
}
