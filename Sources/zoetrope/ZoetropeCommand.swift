// SPDX-License-Identifier: Apache-2.0
// The `zoetrope` command and its subcommands.

import ArgumentParser

/// `zoetrope`: render Core Animation–style scenes offscreen.
struct ZoetropeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "zoetrope",
    abstract: "Evaluate and render Core Animation–style layer trees offscreen.",
    discussion: "Scene files are described in SCENE-FORMAT.md; timing follows CAMediaTiming.",
    subcommands: [Validate.self, Inspect.self, Still.self, Render.self, Timeline.self, Compare.self, Bench.self]
  )
}
