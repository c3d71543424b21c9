// SPDX-License-Identifier: Apache-2.0
// `zoetrope inspect`: the presentation values of every layer at given times, as JSON lines.

import ArgumentParser
import Zoetrope

/// `zoetrope inspect SCENE --time T [--time T2 …] [--layer NAME]`
struct Inspect: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print every layer's presentation values at the given times, one JSON object per line.",
    discussion: """
      Each line is {"time": T, "layers": [{"name", "path", "localTime", "properties"}]}, layers in \
      pre-order, numbers at full double precision.
      """
  )

  @Argument(help: "The scene file (.json, .yaml or .yml).")
  var scene: String

  @Option(name: .customLong("time"), help: "A clip time in seconds; repeat for several.")
  var times: [Double]

  @Option(name: .customLong("layer"), help: "Only the layer with this name.")
  var layer: String?

  func validate() throws {
    guard !times.isEmpty else { throw ValidationError("give at least one --time") }
    for time in times { try CommandChecks.validateTime(time) }
  }

  func run() throws {
    let decoded = try SceneLoading.load(scene)
    let tree = decoded.snapshot()
    var indexes: [Int]?
    if let layer {
      guard let index = tree.index(named: layer) else {
        printError("\(scene): no layer named \"\(layer)\"")
        throw ExitCode.failure
      }
      indexes = [index]
    }
    let evaluator = PresentationEvaluator(tree)
    let inspection = Inspection(tree)
    for time in times {
      print(inspection.json(for: evaluator.presentation(atTime: time), indexes: indexes))
    }
  }
}
