// SPDX-License-Identifier: Apache-2.0
// The `zoetrope` command and its subcommands.

import ArgumentParser

/// `zoetrope`: render Core Animation–style scenes offscreen.
struct ZoetropeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "zoetrope",
    abstract: "Evaluate and render Core Animation-style layer trees offscreen.",
    discussion: """
      Scene files are described in docs/scene-format.md (and by `zoetrope schema`); timing follows \
      CAMediaTiming, as docs/timing.md explains. Shell completions: `zoetrope --generate-completion-script \
      bash|zsh|fish`.
      """,
    subcommands: [
      Validate.self, Inspect.self, Still.self, Sheet.self, Render.self, Palette.self, Plan.self, Concat.self,
      Timeline.self, Compare.self, Bench.self, Schema.self, Convert.self, Preview.self,
    ]
  )
}
