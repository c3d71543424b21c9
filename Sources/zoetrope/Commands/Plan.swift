// SPDX-License-Identifier: Apache-2.0
// `zoetrope plan`: the commands (or a JSON job list) that render a clip in N chunks and join them.

import ArgumentParser
import Foundation
import Zoetrope
import ZoetropeVideo

/// `zoetrope plan SCENE --chunks N -o OUT [--json] [-- RENDER OPTIONS]`
struct Plan: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print the commands that render a clip in N chunks and join them.",
    discussion: """
      Prints one 'zoetrope render --chunk I/N' command per chunk (I from 0), preceded for GIF output by the \
      'zoetrope palette' command they share and followed by the 'zoetrope concat' that joins the parts \
      into OUT. Options after -- go to every render (for example -- --crf 20 --preset slow); plan checks \
      them as render would. Chunks can run anywhere in any order (GNU parallel, a Kubernetes Indexed \
      Job, a Slurm array: docs/distributed-rendering.md); the palette must exist before them and every \
      part before the concat. --json prints the same as a job list: each step's argument vector, frames \
      and output.
      """
  )

  @Argument(help: "The scene file (.json, .yaml or .yml).")
  var scene: String

  @Option(name: .shortAndLong, help: "The clip to make, as for render.")
  var output: String

  @Option(name: .customLong("chunks"), help: "How many chunks (1 or more, at most one per frame).")
  var chunks: Int

  @Option(name: .customLong("parts-folder"), help: "Where the parts go (a folder every machine sees); default beside OUT.")
  var partsFolder: String?

  @Option(name: .customLong("zoetrope"), help: "The command to run zoetrope as on the machines; default zoetrope.")
  var command: String = "zoetrope"

  @Flag(name: .customLong("json"), help: "Print a JSON job list instead of shell commands.")
  var json = false

  @Argument(parsing: .postTerminator, help: "Options for every render, after --.")
  var renderOptions: [String] = []

  func validate() throws {
    guard chunks >= 1 else { throw ValidationError("--chunks must be at least 1") }
    for option in renderOptions {
      let name = option.split(separator: "=", maxSplits: 1).first.map(String.init) ?? option
      if ["-o", "--output", "--chunk", "--frames", "--palette"].contains(name) {
        throw ValidationError("\(name) is set by plan for each step; give the other render options after --")
      }
      if name == "--watch" {
        throw ValidationError("--watch would make every chunk render for ever; a plan's steps must end")
      }
    }
    do {
      _ = try Render.parse([scene, "-o", output] + renderOptions)
    } catch {
      throw ValidationError("the render options after --: \(Render.message(for: error))")
    }
  }

  func run() throws {
    let render = try Render.parse([scene, "-o", output] + renderOptions)
    let decoded = try SceneLoading.load(scene)
    let canvas = render.timing.applied(to: decoded.canvas)
    let frameCount = canvas.frameCount
    guard chunks <= frameCount else {
      printError("--chunks \(chunks): the clip has \(frameCount) frames, too few for \(chunks) chunks")
      throw ExitCode.failure
    }
    let format = try render.makeOutput().format
    if case .webp = format, chunks > 1 {
      printError("\(output): WebP chunks cannot be joined without re-encoding; render the WebP in one piece, or plan "
        + "PNG chunks and encode the WebP from them")
      throw ExitCode.failure
    }
    let steps = makeSteps(format: format, frameCount: frameCount)
    if json {
      let list = JobList(scene: scene, output: output, frames: frameCount, fps: "\(canvas.frameRate)", chunks: chunks,
                         steps: steps)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
      print(String(decoding: try encoder.encode(list), as: UTF8.self))
    } else {
      // A comment names files: a line feed in a name must not end it (the
      // rest would be a command of its own), nor a control character reach
      // the terminal.
      print(escapingControlCharacters("# \(chunks) chunks of \(scene) (\(frameCount) frames at \(canvas.frameRate) fps) "
        + "into \(output)", keepingLineFeeds: false))
      var stage = ""
      for step in steps {
        if step.stage != stage {
          stage = step.stage
          print("# \(Plan.stageNotes[stage]!)")
        }
        print(step.argv.map(Plan.shellQuoted).joined(separator: " "))
      }
    }
  }

  static let stageNotes = [
    "palette": "first: the palette every GIF chunk shares",
    "chunk": "then the chunks, in any order, on any machines",
    "concat": "last, when every part exists: join them",
  ]

  /// One command of the plan.
  struct Step: Codable {
    var stage: String
    var index: Int?
    var frames: [Int]?
    var output: String
    var argv: [String]
  }

  /// The plan as JSON.
  struct JobList: Codable {
    var version = 1
    var scene: String
    var output: String
    var frames: Int
    var fps: String
    var chunks: Int
    var steps: [Step]

    enum CodingKeys: String, CodingKey {
      case version = "zoetrope-plan", scene, output, frames, fps, chunks, steps
    }
  }

  func makeSteps(format: RenderOutput.Format, frameCount: Int) -> [Step] {
    let (folder, stem, suffix) = Plan.split(output)
    let partsFolder = self.partsFolder.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? folder
    var steps: [Step] = []
    var chunkOptions = renderOptions
    if case .gif = format {
      let palette = partsFolder + stem + ".palette.json"
      var argv = [command, "palette", scene, "-o", palette]
      for option in ["--fps", "--duration", "--scale", "--matte"] { argv += Plan.value(of: option, in: renderOptions) }
      steps.append(Step(stage: "palette", output: palette, argv: argv))
      chunkOptions += ["--palette", palette]
    }
    var parts: [String] = []
    for index in 0..<chunks {
      let frames = ClipPart.chunk(index, of: chunks, frameCount: frameCount)!
      let part: String
      if case .pngSequence = format { part = output } else { part = partsFolder + stem + ".part\(index)" + suffix }
      parts.append(part)
      steps.append(Step(stage: "chunk", index: index, frames: [frames.lowerBound, frames.upperBound], output: part,
                        argv: [command, "render", scene, "--chunk", "\(index)/\(chunks)", "-o", part] + chunkOptions))
    }
    if case .pngSequence = format { return steps }
    steps.append(Step(stage: "concat", output: output, argv: [command, "concat"] + parts + ["-o", output]))
    return steps
  }

  /// `--name value` or `--name=value` from a list of options, as given.
  static func value(of name: String, in options: [String]) -> [String] {
    for (i, option) in options.enumerated() {
      if option == name, i + 1 < options.count { return [name, options[i + 1]] }
      if option.hasPrefix(name + "=") { return [option] }
    }
    return []
  }

  /// `folder/`, `name` and `.ext` of a path (folder empty for a bare name).
  static func split(_ path: String) -> (String, String, String) {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (folder, name, "") }
    return (folder, String(name[..<dot]), String(name[dot...]))
  }

  /// `text` as one word for a POSIX shell.
  static func shellQuoted(_ text: String) -> String {
    let plain = !text.isEmpty && text.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "_./:=%@+,-".unicodeScalars.contains($0)
    }
    return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
