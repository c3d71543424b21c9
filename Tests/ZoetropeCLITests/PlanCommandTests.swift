// SPDX-License-Identifier: Apache-2.0
// `zoetrope plan`: the printed commands, the JSON job list, and running the list makes the clip.

import Foundation
import Testing
import ZoetropeVideo
import _ZoetropeTestSupport

@Suite struct PlanCommandTests {
  static let scene = "Fixtures/Scenes/chunks/slide.json"

  @Test func printsOneRenderPerChunkThenTheConcat() throws {
    let result = try CLI.run(["plan", Self.scene, "--chunks", "3", "-o", "out/clip.mp4", "--", "--crf", "20"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput == """
      # 3 chunks of \(Self.scene) (30 frames at 30 fps) into out/clip.mp4
      # then the chunks, in any order, on any machines
      zoetrope render \(Self.scene) --chunk 0/3 -o out/clip.part0.mp4 --crf 20
      zoetrope render \(Self.scene) --chunk 1/3 -o out/clip.part1.mp4 --crf 20
      zoetrope render \(Self.scene) --chunk 2/3 -o out/clip.part2.mp4 --crf 20
      # last, when every part exists: join them
      zoetrope concat out/clip.part0.mp4 out/clip.part1.mp4 out/clip.part2.mp4 -o out/clip.mp4

      """)
  }

  @Test func quotesWordsTheShellWouldSplit() throws {
    let result = try CLI.run(["plan", Self.scene, "--chunks", "1", "-o", "my clip's.webm", "--parts-folder", "/mnt/render/parts",
                              "--zoetrope", "/opt/zoetrope/bin/zoetrope"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains(
      "/opt/zoetrope/bin/zoetrope render \(Self.scene) --chunk 0/1 -o '/mnt/render/parts/my clip'\\''s.part0.webm'"),
            "\(result.standardOutput)")
  }

  /// Issue 34 M6: a scene path holding line feeds (`a⏎touch PWNED⏎.json`)
  /// put `touch PWNED` on a line of its own in the printed script, and
  /// running the script ran it. The comment shows the line feeds escaped;
  /// the commands quote the name whole.
  @Test func aFileNameCannotAddALineToTheScript() throws {
    let folder = TestFiles.url("zoetrope-plan-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let scene = folder.appendingPathComponent("a\ntouch PWNED\n.json").path
    try FileManager.default.copyItem(atPath: Fixtures.packageRoot.appendingPathComponent(Self.scene).path, toPath: scene)
    let result = try CLI.run(["plan", scene, "--chunks", "2", "-o", folder.appendingPathComponent("c.mp4").path,
                              "--zoetrope", CLI.executable.path, "--", "--preset", "ultrafast"])
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0].hasPrefix("# 2 chunks of ") && lines[0].hasSuffix(
      "/a\\u000atouch PWNED\\u000a.json (30 frames at 30 fps) into \(folder.path)/c.mp4"), "\(result.standardOutput)")
    #expect(lines[1] == "# then the chunks, in any order, on any machines", "\(result.standardOutput)")
    // Run as a script, it makes the clip and nothing else.
    let script = folder.appendingPathComponent("plan.sh")
    try Data(result.standardOutput.utf8).write(to: script)
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = [script.path]
    shell.currentDirectoryURL = folder
    try shell.run()
    shell.waitUntilExit()
    #expect(shell.terminationStatus == 0)
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("PWNED").path))
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("c.mp4").path))
  }

  struct Step: Decodable {
    var stage: String
    var index: Int?
    var frames: [Int]?
    var output: String
    var argv: [String]
  }

  struct JobList: Decodable {
    var version: Int
    var frames: Int
    var chunks: Int
    var steps: [Step]
    enum CodingKeys: String, CodingKey { case version = "zoetrope-plan", frames, chunks, steps }
  }

  @Test func theJobListRunStepByStepMakesTheGIF() throws {
    let folder = TestFiles.url("zoetrope-plan-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let output = folder.appendingPathComponent("clip.gif").path
    let result = try CLI.run(["plan", Self.scene, "--chunks", "4", "-o", output, "--json", "--", "--fps", "20"])
    #expect(result.status == 0, "\(result.standardError)")
    let list = try JSONDecoder().decode(JobList.self, from: Data(result.standardOutput.utf8))
    #expect(list.version == 1 && list.frames == 20 && list.chunks == 4)
    #expect(list.steps.map(\.stage) == ["palette", "chunk", "chunk", "chunk", "chunk", "concat"])
    #expect(list.steps.compactMap(\.frames) == [[0, 5], [5, 10], [10, 15], [15, 20]])
    #expect(list.steps[0].argv.suffix(2) == ["--fps", "20"])
    for stage in ["palette", "chunk", "concat"] {
      let commands = list.steps.filter { $0.stage == stage }.map { Array($0.argv.dropFirst()) }
      for run in try ConcurrentCLI.run(commands) { #expect(run.status == 0, "\(stage): \(run.error)") }
    }
    let gif = try GIFFile(contentsOf: output)
    #expect(gif.delays.reduce(0, +) == 100)
  }

  @Test func pngSequencesNeedNoConcat() throws {
    let result = try CLI.run(["plan", Self.scene, "--chunks", "2", "-o", "frames/%04d.png", "--json"])
    let list = try JSONDecoder().decode(JobList.self, from: Data(result.standardOutput.utf8))
    #expect(list.steps.map(\.stage) == ["chunk", "chunk"])
    #expect(list.steps.map(\.output) == ["frames/%04d.png", "frames/%04d.png"])
  }

  @Test func badPlansAreRefused() throws {
    for (arguments, status, text) in [
      (["--chunks", "0"], Int32(64), "--chunks must be at least 1"),
      (["--chunks", "31"], 1, "the clip has 30 frames, too few for 31 chunks"),
      (["--chunks", "2", "--", "--chunk", "1/2"], 64, "--chunk is set by plan"),
      (["--chunks", "2", "--", "--crf", "x"], 64, "--crf"),
      // Issue 34 L7: every printed chunk command would have watched for ever.
      (["--chunks", "2", "--", "--watch"], 64, "--watch would make every chunk render for ever"),
    ] {
      let result = try CLI.run(["plan", Self.scene, "-o", "clip.mp4"] + arguments)
      #expect(result.status == status && result.standardError.contains(text), "\(arguments): \(result.standardError)")
      #expect(result.standardOutput.isEmpty)
    }
  }
}

@Suite struct DistributedRenderingDocsTests {
  /// The fenced JSON blocks of docs/distributed-rendering.md, in order.
  static func jsonBlocks() throws -> [String] {
    let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/distributed-rendering.md"),
                          encoding: .utf8)
    var blocks: [String] = []
    var current: [Substring]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop { $0 == " " }
      if current == nil, trimmed.hasPrefix("```json") {
        current = []
      } else if current != nil, trimmed.hasPrefix("```") {
        blocks.append(current!.joined(separator: "\n"))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  @Test func thePaletteFileExampleIsAPaletteRenderAccepts() throws {
    let example = try #require(try Self.jsonBlocks().first { $0.contains("\"zoetrope-palette\"") })
    let folder = TestFiles.url("zoetrope-docs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let palette = folder.appendingPathComponent("palette.json")
    try Data(example.utf8).write(to: palette)
    let result = try CLI.run(["render", PlanCommandTests.scene, "--chunk", "0/3", "--palette", palette.path, "-o",
                              folder.appendingPathComponent("part.gif").path, "--progress", "none"])
    #expect(result.status == 0, "\(result.standardError)")
  }

  @Test func thePartTagExampleIsATagConcatReads() throws {
    let example = try #require(try Self.jsonBlocks().first { $0.contains("\"zoetrope-part\"") })
    let tag = example.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    let part = try ClipPart(tag: tag)
    #expect(part.frames == 150..<300 && part.clipFrameCount == 600)
  }
}
