// SPDX-License-Identifier: Apache-2.0
// `zoetrope timeline`: a strip of one layer property over time.

import ArgumentParser
import Zoetrope

/// `zoetrope timeline SCENE --layer NAME --key KEYPATH --from A --to B [--width PX] [--height PX] [--plain] -o OUT.png`
struct Timeline: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Draw a strip of one layer property over time (colours as colour, numbers as a line).",
    discussion: """
      Column x shows the presentation value at time A + (x + 0.5) * (B - A) / width. With --plain the PNG \
      is exactly width x height; otherwise a frame surrounds the strip and ticks mark each second below it.
      """
  )

  @Argument(help: "The scene file (.json, .yaml or .yml).")
  var scene: String

  @Option(name: .customLong("layer"), help: "The layer's name.")
  var layer: String

  @Option(name: .customLong("key"), help: "The key path: backgroundColor, opacity, position.y, transform.rotation.z or another.")
  var key: String

  @Option(name: .customLong("from"), help: "The first time, seconds.")
  var from: Double = 0

  @Option(name: .customLong("to"), help: "The last time, seconds; default the clip's duration.")
  var to: Double?

  @Option(name: .customLong("width"), help: "Strip width in pixels.")
  var width: Int = 600

  @Option(name: .customLong("height"), help: "Strip height in pixels.")
  var height: Int = 40

  @Flag(name: .customLong("plain"), help: "Only the strip: no frame, no ticks.")
  var plain = false

  @Option(name: .shortAndLong, help: "The PNG to write.")
  var output: String

  func validate() throws {
    guard width > 0, width <= 16384, height > 0, height <= 16384 else {
      throw ValidationError("--width and --height must be 1…16384")
    }
    guard plain || (width <= TimelineStrip.maximumFramedWidth && height <= TimelineStrip.maximumFramedHeight) else {
      throw ValidationError("with its frame and ticks the picture is (--width + 2) × (--height + 8) pixels, at most "
        + "16384 a side: --width at most \(TimelineStrip.maximumFramedWidth), --height at most "
        + "\(TimelineStrip.maximumFramedHeight), or give --plain")
    }
    guard from.isFinite else { throw ValidationError("--from must be a finite number of seconds") }
    if let to {
      guard to.isFinite else { throw ValidationError("--to must be a finite number of seconds") }
      guard to > from else { throw ValidationError("--to must be after --from") }
      guard (to - from).isFinite else { throw ValidationError("--to − --from must be a finite number of seconds") }
    }
  }

  func run() throws {
    try CommandChecks.checkOutput(output, inputs: [scene])
    let decoded = try SceneLoading.load(scene)
    try CommandChecks.checkOutput(output, inputs: CommandChecks.inputs(of: decoded, file: scene))
    let strip = TimelineStrip(layer: layer, keyPath: key, from: from, to: to ?? decoded.canvas.duration, width: width,
                              height: height, plain: plain)
    do {
      try strip.render(decoded).writePNG(to: output)
    } catch let error as RenderError {
      printError("\(scene): \(error.description)")
      throw ExitCode.failure
    } catch {
      printError("\(error)")
      throw ExitCode.failure
    }
  }
}
