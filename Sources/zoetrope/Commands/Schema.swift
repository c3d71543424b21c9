// SPDX-License-Identifier: Apache-2.0
// `zoetrope schema`: print the JSON Schema of scene files.

import ArgumentParser
import Zoetrope

/// `zoetrope schema`
struct Schema: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print the JSON Schema (draft 2020-12) of scene files.",
    discussion: """
      The same bytes as docs/scene.schema.json. Save it beside your scenes and name it in a scene's "$schema" \
      key: editors that read JSON Schema then complete keys and flag typos. `zoetrope validate` checks what a \
      schema cannot (unique names, values that fit their key path).
      """
  )

  func run() throws {
    print(SceneSchema.text, terminator: "")
  }
}
