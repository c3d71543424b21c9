// SPDX-License-Identifier: Apache-2.0
// `render --watch`: render, then render again whenever a file the scene was read from changes.

import ArgumentParser
import Zoetrope

/// The `--watch` flag's help text.
let watchHelp = ArgumentHelp(
  "Keep running: render again whenever the scene file, or a file it references, changes (checked every 0.1 s; "
    + "a change is rendered once the files have been still for 0.1 s). A failed render prints its errors and "
    + "keeps watching; the last good output stays. Ctrl-C ends it: exit 0 when the last render succeeded, 1 when "
    + "it failed, 130 when Ctrl-C interrupted a render (the previous output stays).")

/// Renders a scene, then renders it again each time one of its source files
/// (``Scene/sourceFiles``: the scene file and the files it references)
/// changes, until SIGINT or SIGTERM. ``SourceWatch`` polls the files (every
/// 0.1 s) and debounces (a change counts once the files were still for one
/// more poll); `zoetrope preview` reloads through the same watch.
struct RenderWatch {
  /// The command whose options every render uses.
  let command: Render
  /// SIGINT/SIGTERM, shared by the renders and the waiting.
  let interrupt: Interruption

  /// Renders until interrupted. Ends with exit 0 when the last render
  /// succeeded, 1 when it failed, and 128 + the signal when the signal
  /// interrupted a render.
  func run() throws {
    var watch = SourceWatch(scene: command.scene)
    while true {
      let before = watch.stamp()
      var read: [String] = []
      let decoded = try? SceneLoading.load(command.scene, sourceFiles: &read)  // prints its errors
      let baseline = watch.settle(before: before, read: read, decoded: decoded != nil)
      let watched = watch.watched
      var succeeded = false
      if let decoded {
        do {
          try command.render(decoded, interrupt: interrupt)
          succeeded = true
        } catch {
          if interrupt.signal != 0 { throw error }  // interrupted mid-render: exit as a render without --watch does
        }
      }
      let what = watched.count == 1 ? watched[0] : "\(watched[0]) and \(watched.count - 1) more"
      printError("\(succeeded ? "\(command.output): written" : "\(command.scene): not rendered"); "
        + "watching \(what) for changes (Ctrl-C to stop)")
      guard let changed = watch.waitForChange(from: baseline, stop: { interrupt.signal != 0 }) else {
        if succeeded { return }
        throw ExitCode.failure
      }
      printError("\(changed): changed; rendering again")
    }
  }
}
