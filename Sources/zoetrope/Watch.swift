// SPDX-License-Identifier: Apache-2.0
// `render --watch`: render, then render again whenever a file the scene was read from changes.

import ArgumentParser
import Zoetrope

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `--watch` flag's help text.
let watchHelp = ArgumentHelp(
  "Keep running: render again whenever the scene file, or a file it references, changes (checked every 0.1 s; "
    + "a change is rendered once the files have been still for 0.1 s). A failed render prints its errors and "
    + "keeps watching; the last good output stays. Ctrl-C ends it: exit 0 when the last render succeeded, 1 when "
    + "it failed, 130 when Ctrl-C interrupted a render (the previous output stays).")

/// Renders a scene, then renders it again each time one of its source files
/// (``Scene/sourceFiles``: the scene file and the files it references)
/// changes, until SIGINT, SIGTERM or SIGHUP.
///
/// Changes are found by polling each file's identity, size and times every
/// ``pollInterval``. Polling rather than inotify/kqueue because it behaves the
/// same on Linux and macOS, survives editors that save by writing a new file
/// and renaming it over the old one (a watch on the old file would go quiet),
/// sees files on network and container mounts where change events are not
/// delivered, and notices a referenced file that does not exist yet; a few
/// `stat` calls ten times a second cost nothing next to a render.
///
/// Debouncing: a change is acted on once the files have looked the same for
/// one more poll, so a save written in several steps, or a scene and an image
/// saved together, render once. Files are stamped before the scene is read,
/// so a save that lands during a render is rendered next.
struct RenderWatch {
  /// The command whose options every render uses.
  let command: Render
  /// SIGINT/SIGTERM, shared by the renders and the waiting.
  let interrupt: Interruption
  /// How often the files are looked at, and how long they must stay still.
  static let pollInterval: UInt32 = 100_000  // microseconds

  /// Renders until interrupted. Ends with exit 0 when the last render
  /// succeeded, 1 when it failed, and 128 + the signal when the signal
  /// interrupted a render.
  func run() throws {
    var watched = [command.scene]
    while true {
      let before = FileStamp.of(watched)
      var read: [String] = []
      let decoded = try? SceneLoading.load(command.scene, sourceFiles: &read)  // prints its errors
      // The files to watch: those the scene was read from; after a refusal
      // that stopped before reading them all, also those known before. Files
      // met for the first time are stamped now, before the render.
      let current = RenderWatch.unique([command.scene] + read + (decoded == nil ? watched : []))
      var baseline = before.filter { current.contains($0.key) }
      for file in current where before[file] == nil { baseline[file] = FileStamp.of(file) }
      watched = current
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
      guard let changed = waitForChange(from: baseline) else {
        if succeeded { return }
        throw ExitCode.failure
      }
      printError("\(changed): changed; rendering again")
    }
  }

  /// Waits until a file's stamp differs from `baseline` and then stays the
  /// same for one poll; returns a changed file, or `nil` when a signal came first.
  func waitForChange(from baseline: [String: FileStamp?]) -> String? {
    var seen = baseline
    var changed: String?
    while interrupt.signal == 0 {
      usleep(RenderWatch.pollInterval)
      let now = FileStamp.of(Array(baseline.keys))
      if now != seen {
        changed = changed ?? baseline.keys.sorted().first { now[$0]! != baseline[$0]! } ?? command.scene
        seen = now
      } else if let changed {
        return changed
      }
    }
    return nil
  }

  /// `files` without repeats, in order.
  static func unique(_ files: [String]) -> [String] {
    var seen = Set<String>()
    return files.filter { seen.insert($0).inserted }
  }
}

/// What `stat` says about a file that changes when it is written or replaced:
/// device and inode (an editor's save-by-rename), size, and the modification
/// and status-change times to the nanosecond.
struct FileStamp: Equatable {
  var device: UInt64, inode: UInt64, size: Int64
  var modified: timespec, changed: timespec

  static func == (a: FileStamp, b: FileStamp) -> Bool {
    a.device == b.device && a.inode == b.inode && a.size == b.size
      && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
      && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
  }

  /// The stamp of the file at `path`; `nil` when it cannot be stat'ed (missing).
  static func of(_ path: String) -> FileStamp? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    #if canImport(Darwin)
    let modified = info.st_mtimespec, changed = info.st_ctimespec
    #else
    let modified = info.st_mtim, changed = info.st_ctim
    #endif
    return FileStamp(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                     modified: modified, changed: changed)
  }

  /// The stamps of `paths`, `nil` for each one missing.
  static func of(_ paths: [String]) -> [String: FileStamp?] {
    var stamps: [String: FileStamp?] = [:]
    for path in paths { stamps[path] = .some(of(path)) }
    return stamps
  }
}
