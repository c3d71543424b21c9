// SPDX-License-Identifier: Apache-2.0
// `zoetrope validate`: check a scene file and summarise it.

import ArgumentParser
import Zoetrope

/// `zoetrope validate SCENE`
struct Validate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check a scene file and print a one-line summary.",
    discussion: """
      Exits 0 when the scene is usable; otherwise lists every problem with its JSON path (the first hundred, then \
      a count of the rest) and exits 1. Also warns (past a hundred warnings, a count of the rest) about likely \
      mistakes in a usable scene: a forwards fill that never shows (no "removedOnCompletion": false), a repeating \
      animation whose period does not divide the clip (a loop that jumps), a duration of 1 s chosen because no \
      animation ends, an animation with no visible effect (a hidden layer, a scale of a transform that scales \
      to zero, a key the layer does not draw). Each font the scene names is listed with the file it resolved to on this machine.

      A Lottie file (recognised by its content) is validated as it is imported: what it asks for that Zoetrope \
      does not draw (expressions, effects, merge modes) is listed with its JSON path; with --strict that is an \
      error.
      """
  )

  @Argument(help: "The scene file (.json, .yaml or .yml), or a Lottie file.")
  var scene: String

  @Flag(help: "Refuse a Lottie file that asks for anything Zoetrope does not draw.")
  var strict = false

  func run() throws {
    let decoded = try SceneLoading.load(scene, printsWarnings: false, strict: strict)
    SceneLoading.printWarnings(decoded.decodingWarnings + decoded.unsupportedFeatures + decoded.advice, about: scene)
    // Counted are the layers and animations the scene wrote (a transition is
    // one), not the snapshot's nodes: the state after a transition is drawn
    // from nodes of its own, with copies of the sublayers it keeps.
    let counts = decoded.root.writtenCounts
    let layers = counts.layers - 1, animations = counts.animations
    let canvas = decoded.canvas
    printText("\(scene): OK — \(Inspection.number(canvas.width))×\(Inspection.number(canvas.height)) pt"
      + (canvas.scale == 1 ? "" : " @\(Inspection.number(canvas.scale))x")
      + " at \(canvas.frameRate) fps, \(Inspection.number(canvas.duration)) s (\(canvas.frameCount) frames), "
      + "\(layers) layer\(layers == 1 ? "" : "s"), \(animations) animation\(animations == 1 ? "" : "s")")
    // Which file each font resolved to: another machine may have other fonts.
    for font in decoded.fonts { printText("  font \(font)") }
  }
}
