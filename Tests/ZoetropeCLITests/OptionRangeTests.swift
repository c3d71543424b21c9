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

  /// Issue 34 L3: `palette --threads` allowed 1…1024 where `render` allows
  /// 1…256, and `palette --fps 5000` said "must be a positive rate". Every
  /// command that takes an option checks it alike, in the same words.
  @Test func sharedOptionsAreCheckedAlike() throws {
    let scratch = try Scratch()
    let scene = scratch.scene.path
    let commands: [(String, [String])] = [
      ("render", [scene, "-o", scratch.path("a.gif")]), ("palette", [scene, "-o", scratch.path("p.json")]),
    ]
    for (command, arguments) in commands {
      for (option, message) in [
        ("--threads=257", "--threads must be 1…256"), ("--threads=1024", "--threads must be 1…256"),
        ("--threads=0", "--threads must be 1…256"),
        ("--fps=5000", "--fps must be a rate in 0.001…1000 like 30, 29.97 or 30000/1001"),
        ("--fps=0", "--fps must be a rate in 0.001…1000"), ("--scale=0", "--scale must be a positive number"),
        ("--scale=nan", "--scale must be a positive number"), ("--scale=-inf", "--scale must be a positive number"),
      ] {
        let result = try CLI.run([command] + arguments + [option])
        #expect(result.status == 64, "\(command) \(option): \(result.standardError)")
        #expect(result.standardError.contains(message), "\(command) \(option): \(result.standardError)")
      }
    }
    for (arguments, message) in [
      (["bench", scene, "--threads=1024"], "--threads must be 1…256"),
      (["still", scene, "-o", scratch.path("a.png"), "--scale=0"], "--scale must be a positive number"),
      (["sheet", scene, "--times", "0", "-o", scratch.path("a.png"), "--scale=0"], "--scale must be a positive number"),
      (["bench", scene, "--time=inf"], "--time must be a finite number of seconds"),
      (["still", scene, "-o", scratch.path("a.png"), "--time=nan"], "--time must be a finite number of seconds"),
      (["inspect", scene, "--time", "0", "--time=inf"], "--time must be a finite number of seconds"),
    ] {
      let result = try CLI.run(arguments)
      #expect(result.status == 64, "\(arguments): \(result.standardError)")
      #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
    }
    #expect(try scratch.contents() == ["scene.json"])
  }

  /// Issue 34 L3: `palette --scale 1e-9` wrote a palette of a sub-pixel
  /// canvas that `render` then refused; every command that renders at
  /// `--scale` refuses it the same way (and a canvas over 16,384 pixels).
  @Test func everyCommandRefusesACanvasThatIsNoPicture() throws {
    let scratch = try Scratch()
    let scene = scratch.scene.path
    for arguments in [
      ["palette", scene, "-o", scratch.path("p.json")], ["render", scene, "-o", scratch.path("a.gif")],
      ["still", scene, "-o", scratch.path("a.png")], ["sheet", scene, "--times", "0", "-o", scratch.path("s.png")],
    ] {
      let tiny = try CLI.run(arguments + ["--scale", "1e-9"])
      #expect(tiny.status == 1, "\(arguments): \(tiny.standardError)")
      #expect(tiny.standardError.contains("the canvas at --scale 1e-09 is 1.6e-08 × 1.2e-08 pixels; a frame needs at "
        + "least 1 pixel a side"), "\(arguments): \(tiny.standardError)")
      let huge = try CLI.run(arguments + ["--scale", "2000"])
      #expect(huge.status == 1, "\(arguments): \(huge.standardError)")
      #expect(huge.standardError.contains("is 32000 × 24000 pixels, over the 16384 pixels a side"),
              "\(arguments): \(huge.standardError)")
    }
    #expect(try scratch.contents() == ["scene.json"])
  }

  /// Issue 34, messages: `timeline --to inf` said "--to must be after --from".
  @Test func anInfiniteEndSaysItIsNotFinite() throws {
    let scratch = try Scratch()
    let result = try CLI.run(["timeline", scratch.scene.path, "--layer", "x", "--key", "opacity", "--to", "inf", "-o",
                              scratch.path("t.png")])
    #expect(result.status == 64)
    #expect(result.standardError.contains("--to must be a finite number of seconds"), "\(result.standardError)")
  }
}
