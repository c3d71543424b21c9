// SPDX-License-Identifier: Apache-2.0
// The CLI against a hostile user: absurd numbers, outputs onto pipes, links and inputs, full disks.

import Foundation
import Testing
import ZoetropeImages
import ZoetropeMedia
import _ZoetropeTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A scratch folder with a small scene in it.
struct Scratch {
  let folder: URL
  let scene: URL

  init(scene json: String = #"{"zoetrope": 1, "canvas": {"width": 16, "height": 12, "fps": 10, "duration": 0.5}, "layers": [{"frame": [2, 2, 8, 6], "backgroundColor": "red"}]}"#)
    throws
  {
    scene = try CLI.temporaryScene(json)
    folder = scene.deletingLastPathComponent()
  }

  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// Runs `zoetrope` under `prlimit` with a file-size limit of `bytes`.
  static func runLimited(fileSize bytes: Int, _ arguments: [String]) throws -> CLI.Result {
    try runLimited(["--fsize=\(bytes)"], arguments)
  }

  /// Runs `zoetrope` under `prlimit` with `limits` (its options, such as `--as=BYTES`).
  static func runLimited(_ limits: [String], _ arguments: [String]) throws -> CLI.Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
    process.arguments = limits + [CLI.executable.path] + arguments
    process.currentDirectoryURL = Fixtures.packageRoot
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let errorReader = Thread.detachedReader(err.fileHandleForReading)
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = errorReader.wait()
    process.waitUntilExit()
    return CLI.Result(status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
                      standardError: String(decoding: errData, as: UTF8.self))
  }

  /// Every name in the folder, hidden ones included.
  func contents(_ sub: String = "") throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: sub.isEmpty ? folder.path : path(sub)).sorted()
  }
}

@Suite(.serialized) struct HostileInputTests {
  static let hasPrlimit = FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit")
  /// Under scripts/sanitize: a sanitizer's runtime maps files of its own, and
  /// dies of SIGBUS under a 40-byte file-size limit before Zoetrope runs
  /// (even `validate`, which writes nothing, does).
  static let isSanitized = ProcessInfo.processInfo.environment["ZOETROPE_SANITIZER"] != nil

  // MARK: Numbers (issue 11, defects 8 and 10)

  /// Each of these trapped (integer overflow, a range with its bounds
  /// reversed, an allocation of 2⁶³ samples); each is now a usage error.
  @Test func absurdNumbersAreUsageErrors() throws {
    let scratch = try Scratch()
    let scene = scratch.scene.path
    let cases: [([String], String)] = [
      (["render", scene, "-o", scratch.path("a.gif"), "--frames", "0...9223372036854775807"], "--frames must be a non-empty range"),
      (["render", scene, "-o", scratch.path("a.gif"), "--threads", "9223372036854775807"], "--threads must be 1…256"),
      (["render", scene, "-o", scratch.path("a.gif"), "--threads", "0"], "--threads must be 1…256"),
      (["render", scene, "-o", scratch.path("a.gif"), "--threads", "257"], "--threads must be 1…256"),
      (["render", scene, "-o", scratch.path("a.gif"), "--duration", "1e9"], "--duration must be more than 0 and at most 86400"),
      (["bench", scene, "--frames", "9223372036854775807"], "--frames must be 1…1000000"),
      (["bench", scene, "--threads", "9223372036854775807"], "--threads must be 1…256"),
      (["timeline", scene, "--layer", "x", "--key", "opacity", "--from=-1e308", "--to", "1e308", "-o",
        scratch.path("t.png")], "--to − --from must be a finite number"),
    ]
    for (arguments, message) in cases {
      let result = try CLI.run(arguments)
      #expect(result.status == 64, "\(arguments): \(result.standardError)")
      #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
    }
    #expect(try scratch.contents() == ["scene.json"])
  }

  /// `bench --threads 4 --frames 2` gave two threads an empty, reversed range and trapped.
  @Test func benchWithMoreThreadsThanFramesRuns() throws {
    let scratch = try Scratch()
    let result = try CLI.run(["bench", scratch.scene.path, "--threads", "4", "--frames", "2"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("(2 frames, 2 threads)"), "\(result.standardOutput)")
  }

  /// Issue 11 defect 7: `--to 1e16` counted ticks a second at a time past 2⁵³
  /// (adding 1 changed nothing) and never ended; now every column is ticked.
  @Test(.timeLimit(.minutes(1))) func timelineOverAHugeSpanEnds() throws {
    let scratch = try Scratch(scene: #"{"canvas": {"width": 10, "height": 10}, "layers": [{"name": "a", "animations": [{"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1}]}]}"#)
    let output = scratch.path("strip.png")
    let result = try CLI.run(["timeline", scratch.scene.path, "--layer", "a", "--key", "opacity", "--to", "1e16",
                              "--width", "20", "-o", output])
    #expect(result.status == 0, "\(result.standardError)")
    let strip = try RGBAImage(contentsOfPNG: output)
    #expect(strip.width == 22)
    // Every column under the frame carries a tick.
    for x in 1...20 { #expect(strip.pixels[4 * ((strip.height - 3) * strip.width + x)] == 60, "column \(x)") }
  }

  /// Issue 11 defect 9: `--scale 1e-9` said the canvas "exceeds 16384 pixels".
  @Test func aTinyScaleSaysTheCanvasIsUnderAPixel() throws {
    let scratch = try Scratch()
    for command in ["still", "render"] {
      let output = scratch.path(command == "still" ? "a.png" : "a.gif")
      let result = try CLI.run([command, scratch.scene.path, "-o", output, "--scale", "1e-9"])
      #expect(result.status == 1)
      #expect(result.standardError.contains("--scale 1e-09 is 1.6e-08 × 1.2e-08 pixels; a frame needs at least 1 pixel a side"),
              "\(result.standardError)")
      let huge = try CLI.run([command, scratch.scene.path, "-o", output, "--scale", "2000"])
      #expect(huge.standardError.contains("is 32000 × 24000 pixels, over the 16384 pixels a side"), "\(huge.standardError)")
    }
  }

  // MARK: Outputs (issue 11, defects 4, 5 and 6)

  /// `still s.json -o s.json` overwrote the scene; any spelling of the same
  /// file (another path, a hard link) is refused, compared by inode.
  @Test func anOutputThatIsTheInputIsRefused() throws {
    let scratch = try Scratch()
    let scene = scratch.scene.path
    let original = try Data(contentsOf: scratch.scene)
    try FileManager.default.linkItem(atPath: scene, toPath: scratch.path("hard.json"))
    let spellings = [scene, scratch.folder.path + "/./scene.json", scratch.path("hard.json")]
    for output in spellings {
      for arguments in [["still", scene, "-o", output], ["timeline", scene, "--layer", "x", "--key", "opacity", "-o", output]] {
        let result = try CLI.run(arguments)
        #expect(result.status == 1, "\(arguments)")
        #expect(result.standardError.contains("is the input \(scene) itself"), "\(arguments): \(result.standardError)")
      }
    }
    try FileManager.default.linkItem(atPath: scene, toPath: scratch.path("hard.gif"))
    let render = try CLI.run(["render", scene, "-o", scratch.path("hard.gif")])
    #expect(render.status == 1)
    #expect(render.standardError.contains("is the input \(scene) itself"), "\(render.standardError)")
    #expect(try Data(contentsOf: scratch.scene) == original)
  }

  /// `compare a b --diff b.png` overwrote an input.
  @Test func compareNeverWritesItsDiffOverAnInput() throws {
    let scratch = try Scratch()
    let a = scratch.path("a.png"), b = scratch.path("b.png")
    #expect(try CLI.run(["still", scratch.scene.path, "-o", a]).status == 0)
    #expect(try CLI.run(["still", scratch.scene.path, "-o", b, "--time", "0.1"]).status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: b))
    for diff in [b, a, scratch.folder.path + "//b.png"] {
      let result = try CLI.run(["compare", a, b, "--diff", diff])
      #expect(result.status == 2, "\(diff)")
      #expect(result.standardError.contains("itself; writing there would destroy it"), "\(result.standardError)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: b)) == before)
    // A folder compared with itself as the diff folder.
    try FileManager.default.createDirectory(atPath: scratch.path("frames"), withIntermediateDirectories: false)
    try FileManager.default.copyItem(atPath: a, toPath: scratch.path("frames/0000.png"))
    let folders = try CLI.run(["compare", scratch.path("frames"), scratch.path("frames"), "--diff", scratch.path("frames")])
    #expect(folders.status == 2)
    #expect(folders.standardError.contains("is one of the folders compared"), "\(folders.standardError)")
  }

  /// `-o` onto a FIFO, a symbolic link or a folder replaced it with a regular
  /// file; they are refused, untouched, and nothing is left beside them.
  @Test func outputsOntoFIFOsLinksAndFoldersAreRefused() throws {
    let scratch = try Scratch()
    let fifo = scratch.path("pipe.png"), link = scratch.path("link.png"), folder = scratch.path("folder.png")
    #expect(mkfifo(fifo, 0o600) == 0)
    try Data("target".utf8).write(to: URL(fileURLWithPath: scratch.path("target.png")))
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.png")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    for (output, kind) in [(fifo, "is a FIFO (named pipe)"), (link, "is a symbolic link"), (folder, "is a folder")] {
      let still = try CLI.run(["still", scratch.scene.path, "-o", output])
      #expect(still.status == 1)
      #expect(still.standardError.contains(kind), "\(still.standardError)")
      let gif = output.replacingOccurrences(of: ".png", with: ".gif")
      if output != folder {
        try FileManager.default.moveItem(atPath: output, toPath: gif)
        let render = try CLI.run(["render", scratch.scene.path, "-o", gif])
        #expect(render.status == 1)
        #expect(render.standardError.contains(kind), "\(render.standardError)")
        try FileManager.default.moveItem(atPath: gif, toPath: output)
      }
    }
    var info = stat()
    #expect(lstat(fifo, &info) == 0 && info.st_mode & 0o170000 == 0o010000)
    #expect(lstat(link, &info) == 0 && info.st_mode & 0o170000 == 0o120000)
    #expect(try String(contentsOfFile: scratch.path("target.png"), encoding: .utf8) == "target")
    #expect(try scratch.contents() == ["folder.png", "link.png", "pipe.png", "scene.json", "target.png"])
  }

  /// `/dev/null` is a character device: refused like the rest. Run only as an
  /// ordinary user (as root a mistake here could replace the device).
  @Test(.enabled(if: getuid() != 0)) func devNullIsRefusedAndKept() throws {
    let scratch = try Scratch()
    let result = try CLI.run(["still", scratch.scene.path, "-o", "/dev/null"])
    #expect(result.status == 1)
    #expect(result.standardError.contains("/dev/null: is a character device"), "\(result.standardError)")
    var info = stat()
    #expect(stat("/dev/null", &info) == 0 && info.st_mode & 0o170000 == 0o020000)
  }

  /// Issue 11 defect 4: with `d/0003.png` an existing folder, a render had
  /// already replaced `d/0000.png`…`0002.png` before failing. Now no frame
  /// moves until every name is checked, and nothing of the render is left.
  @Test func aFailedSequenceLeavesExistingFramesUntouched() throws {
    let scratch = try Scratch()
    let frames = scratch.path("d")
    try FileManager.default.createDirectory(atPath: frames + "/0003.png", withIntermediateDirectories: true)
    for i in 0..<3 { try Data("old \(i)".utf8).write(to: URL(fileURLWithPath: frames + "/000\(i).png")) }
    let result = try CLI.run(["render", scratch.scene.path, "-o", frames + "/"])
    #expect(result.status == 1)
    #expect(result.standardError.contains("d/0003.png: is a folder"), "\(result.standardError)")
    for i in 0..<3 { #expect(try String(contentsOfFile: frames + "/000\(i).png", encoding: .utf8) == "old \(i)") }
    #expect(try scratch.contents("d") == ["0000.png", "0001.png", "0002.png", "0003.png"])
  }

  /// Issue 11 defects 5 and 9: a write past the file-size limit (as on a full
  /// disk) says the system's reason, and leaves neither `.part` files nor the
  /// staging folder of a PNG sequence behind.
  @Test(.enabled(if: HostileInputTests.hasPrlimit && !HostileInputTests.isSanitized))
  func aFailedWriteSaysWhyAndLeavesNothing() throws {
    let scratch = try Scratch()
    let still = try Scratch.runLimited(fileSize: 40, ["still", scratch.scene.path, "-o", scratch.path("a.png")])
    #expect(still.status == 1)
    #expect(still.standardError.contains("a.png: writing: File too large"), "\(still.standardError)")
    let render = try Scratch.runLimited(fileSize: 40, ["render", scratch.scene.path, "-o", scratch.path("frames") + "/"])
    #expect(render.status == 1)
    #expect(render.standardError.contains("File too large"), "\(render.standardError)")
    #expect(try scratch.contents() == ["scene.json"])
    // A GIF's frames are compressed and written on a thread of their own:
    // its failure reaches the render all the same, whether the first bytes
    // fail or a frame part way (this clip's GIF is about 25 KB).
    let moving = try Scratch(scene: #"{"zoetrope": 1, "canvas": {"width": 96, "height": 64, "fps": 10, "duration": 1}, "layers": [{"type": "gradient", "frame": [0, 0, 96, 64], "colors": ["red", "blue"], "startPoint": [0, 0], "endPoint": [1, 1], "animations": [{"type": "basic", "keyPath": "position.x", "fromValue": 48, "toValue": 60, "duration": 1}]}]}"#)
    for limit in [40, 9000] {
      let gif = try Scratch.runLimited(fileSize: limit, ["render", moving.scene.path, "-o", moving.path("a.gif")])
      #expect(gif.status == 1)
      #expect(gif.standardError.contains("a.gif: compressing a frame: Write failed"), "\(gif.standardError)")
      #expect(try moving.contents() == ["scene.json"])
    }
  }

  // MARK: Inputs (issue 11, defect 12; scene files from pipes and devices)

  /// `compare` on a folder holding a FIFO named `*.png` waited for a writer
  /// for ever; only regular files are read.
  @Test(.timeLimit(.minutes(1))) func compareRefusesAFIFONamedLikeAPNG() throws {
    let scratch = try Scratch()
    for folder in ["a", "b"] {
      try FileManager.default.createDirectory(atPath: scratch.path(folder), withIntermediateDirectories: false)
      #expect(mkfifo(scratch.path(folder + "/0000.png"), 0o600) == 0)
    }
    let result = try CLI.run(["compare", scratch.path("a"), scratch.path("b")])
    #expect(result.status == 2)
    #expect(result.standardError.contains("is a FIFO (named pipe), not an image file"), "\(result.standardError)")
  }

  /// A FIFO with no writer as the scene reads as an empty file instead of blocking.
  @Test(.timeLimit(.minutes(1))) func aSceneFIFOWithoutAWriterDoesNotBlock() throws {
    let scratch = try Scratch()
    let fifo = scratch.path("scene-pipe.json")
    #expect(mkfifo(fifo, 0o600) == 0)
    let result = try CLI.run(["validate", fifo])
    #expect(result.status == 1)
    #expect(result.standardError.contains("line 1, column 1"), "\(result.standardError)")
  }
}

@Suite(.serialized) struct HostileRateTests {
  /// Found attacking the release binary: a frame rate so low that it
  /// rounded to 0/1000 trapped in `FrameRate` (`--fps 1e-300`, a scene's
  /// `"fps": 1e-9`). Rates are 0.001…1000 frames per second (`Limits.frameRates`).
  @Test func tinyFrameRatesAreErrorsNotTraps() throws {
    let scratch = try Scratch()
    for fps in ["1e-300", "0.0009", "1/1001", "1/0", "1000.5"] {
      let result = try CLI.run(["render", scratch.scene.path, "-o", scratch.path("a.gif"), "--fps", fps])
      #expect(result.status == 64, "\(fps): \(result.standardError)")
      #expect(result.standardError.contains("--fps must be a rate in 0.001…1000"), "\(fps): \(result.standardError)")
    }
    for fps in ["0.001", "0.003", "1/1000"] {
      let result = try CLI.run(["render", scratch.scene.path, "-o", scratch.path("a.gif"), "--fps", fps])
      #expect(result.status == 0, "\(fps): \(result.standardError)")
    }
    for fps in ["1e-9", "0.0004", #""1/9223372036854775807""#] {
      let scene = try CLI.temporaryScene(#"{"canvas": {"width": 4, "height": 4, "fps": \#(fps)}}"#)
      let result = try CLI.run(["validate", scene.path])
      #expect(result.status == 1, "\(fps): \(result.standardError)")
      #expect(result.standardError.contains("canvas.fps: must be a frame rate in 0.001…1000"), "\(result.standardError)")
    }
  }

  /// An encoder preset x264 does not know was passed on and came back as
  /// "Invalid argument"; it is a usage error naming the presets.
  @Test func anUnknownPresetIsAUsageError() throws {
    let scratch = try Scratch()
    let result = try CLI.run(["render", scratch.scene.path, "-o", scratch.path("a.mp4"), "--preset", "bogus"])
    #expect(result.status == 64)
    #expect(result.standardError.contains("--preset must be one of ultrafast"), "\(result.standardError)")
  }
}
