// SPDX-License-Identifier: Apache-2.0
// `zoetrope still`: one frame of a scene as a PNG.

import ArgumentParser
import Zoetrope

/// `zoetrope still SCENE --time T -o OUT.png [--scale K] [--png-compression fast|smallest|0…9]`
struct Still: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Render the frame at one time as a PNG.",
    discussion: """
      The PNG is written beside OUT under a temporary name and renamed when complete. OUT must be a regular \
      file or a new name (a device, FIFO, symbolic link or folder there is refused), and never a file the scene \
      reads (the scene file, an image or a font it names).
      """
  )

  @Argument(help: "The scene file (.json, .yaml or .yml).")
  var scene: String

  @Option(name: .customLong("time"), help: "The clip time in seconds.")
  var time: Double = 0

  @Option(name: .shortAndLong, help: "The PNG to write.")
  var output: String

  @OptionGroup
  var scaling: ScaleOption

  @Option(name: .customLong("png-compression"), help: pngCompressionHelp)
  var pngCompression: RGBAImage.PNGCompression = .fast

  func validate() throws {
    try CommandChecks.validateTime(time)
  }

  func run() throws {
    try CommandChecks.checkOutput(output, inputs: [scene])
    let decoded = try SceneLoading.load(scene)
    try CommandChecks.checkOutput(output, inputs: CommandChecks.inputs(of: decoded, file: scene))
    try CommandChecks.checkCanvas(decoded.canvas, scale: scaling.scale, scene: scene)
    var image = RGBAImage(width: 0, height: 0, pixels: [])
    // Ctrl-C stops a slow frame between layers and bands; nothing is written.
    let interrupt = Interruption.install()
    do {
      try Renderer(decoded).render(atTime: time, scale: scaling.scale, into: &image, isCancelled: { interrupt.signal != 0 })
    } catch {
      guard error != .cancelled else {
        printError("\(output): interrupted; nothing was written")
        throw ExitCode(128 + interrupt.signal)
      }
      printError("\(scene): \(error)")
      throw ExitCode.failure
    }
    do {
      try image.writePNG(to: output, compression: pngCompression)
    } catch {
      printError(error.description)
      throw ExitCode.failure
    }
  }
}
