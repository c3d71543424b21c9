// SPDX-License-Identifier: Apache-2.0
// `zoetrope sheet`: frames of a clip side by side in one PNG, for reviewing an animation.

import ArgumentParser
import Foundation
import Zoetrope

/// `zoetrope sheet SCENE --times 0,0.5,1 [--columns N] [--scale S] -o sheet.png`
struct Sheet: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Draw the frames at several times side by side in one PNG (a contact sheet).",
    discussion: """
      Frames go left to right, then top to bottom, --columns across (all in one row by default), with a \
      2-pixel grey gap around and between them. One picture of a whole animation, for a pull request or an issue.
      """
  )

  @Argument(help: "The scene file (.json, .yaml or .yml).")
  var scene: String

  @Option(name: .customLong("times"), parsing: .singleValue,
          help: "Clip times in seconds, comma-separated (0,0.5,1); repeat the option to add more.")
  var times: [String]

  @Option(name: .customLong("columns"), help: "Frames per row; 0 puts every frame in one row.")
  var columns: Int = 0

  @OptionGroup
  var scaling: ScaleOption

  @Option(name: .shortAndLong, help: "The PNG to write.")
  var output: String

  @Option(name: .customLong("png-compression"), help: pngCompressionHelp)
  var pngCompression: RGBAImage.PNGCompression = .fast

  /// The times, parsed.
  var parsedTimes: [Double] {
    get throws {
      var result: [Double] = []
      for item in times.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
        let text = String(item.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        guard let t = Double(text), t.isFinite else {
          throw ValidationError("--times takes finite numbers of seconds separated by commas (got \"\(text)\")")
        }
        result.append(t)
      }
      return result
    }
  }

  func validate() throws {
    let list = try parsedTimes
    guard !list.isEmpty else { throw ValidationError("--times needs at least one time") }
    guard list.count <= 1000 else { throw ValidationError("--times takes at most 1000 times") }
    guard (0...1000).contains(columns) else { throw ValidationError("--columns must be 0…1000") }
  }

  func run() throws {
    try CommandChecks.checkOutput(output, inputs: [scene])
    let decoded = try SceneLoading.load(scene)
    try CommandChecks.checkOutput(output, inputs: CommandChecks.inputs(of: decoded, file: scene))
    let list = try parsedTimes
    let scale = scaling.scale
    // Each frame is a picture (as still's is), and so is the sheet of them.
    try CommandChecks.checkCanvas(decoded.canvas, scale: scale, scene: scene)
    let frameWidth = decoded.canvas.width * decoded.canvas.scale * scale
    let frameHeight = decoded.canvas.height * decoded.canvas.scale * scale
    let across = Double(columns > 0 ? min(columns, list.count) : list.count)
    let down = (Double(list.count) / across).rounded(.up)
    let limit = Double(Limits.maximumPixelsPerSide)
    guard across * (frameWidth.rounded() + 2) + 2 <= limit, down * (frameHeight.rounded() + 2) + 2 <= limit else {
      printError("\(scene): a sheet of \(list.count) frames at --scale \(String(format: "%g", scale)) exceeds "
        + "\(Limits.maximumPixelsPerSide) pixels a side; use fewer times, more --columns or a smaller --scale")
      throw ExitCode.failure
    }
    let image = ContactSheet(times: list, columns: columns, scale: scale).render(decoded)
    do {
      try image.writePNG(to: output, compression: pngCompression)
    } catch {
      printError(error.description)
      throw ExitCode.failure
    }
  }
}
