// SPDX-License-Identifier: Apache-2.0
// Noticing that a scene's files changed: `render --watch` and `preview` both wait with this.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files a scene was read from (``Scene/sourceFiles``), and the wait
/// for one of them to change: what `zoetrope render --watch` renders again
/// after and `zoetrope preview` reloads after.
///
/// Changes are found by polling each file's identity, size and times every
/// ``pollInterval``. Polling rather than inotify/kqueue because it behaves the
/// same on Linux and macOS, survives editors that save by writing a new file
/// and renaming it over the old one (a watch on the old file would go quiet),
/// sees files on network and container mounts where change events are not
/// delivered, and notices a referenced file that does not exist yet; a few
/// `stat` calls ten times a second cost nothing next to a render.
///
/// Use: ``stamp()`` before reading the scene, ``settle(before:read:decoded:)``
/// after (the files to watch now, and their stamps as of the read), then
/// ``waitForChange(from:stop:)``. Files are stamped before the scene is read,
/// so a save that lands during the read or the work after it is seen next.
package struct SourceWatch: Sendable {
  /// The scene file.
  package let scene: String
  /// The files watched: the scene file first, then those it references.
  package private(set) var watched: [String]
  /// How often the files are looked at, and how long they must stay still.
  package static let pollInterval: UInt32 = 100_000  // microseconds

  /// A watch of `scene` alone, until ``settle(before:read:decoded:)`` learns its references.
  package init(scene: String) {
    self.scene = scene
    watched = [scene]
  }

  /// The stamps of the watched files now; take them before reading the scene.
  package func stamp() -> [String: FileStamp?] { FileStamp.of(watched) }

  /// After a read of the scene that opened `read` (and decoded it when
  /// `decoded`): from now on the files to watch are those it was read from;
  /// after a refusal that stopped before reading them all, also those known
  /// before. Returns the baseline to wait from: the stamps of `before` for
  /// files watched then, and for files met for the first time their stamps now.
  package mutating func settle(before: [String: FileStamp?], read: [String], decoded: Bool) -> [String: FileStamp?] {
    let current = SourceWatch.unique([scene] + read + (decoded ? [] : watched))
    var baseline = before.filter { current.contains($0.key) }
    for file in current where before[file] == nil { baseline[file] = FileStamp.of(file) }
    watched = current
    return baseline
  }

  /// Waits until a file's stamp differs from `baseline` and then stays the
  /// same for one more poll (a save written in several steps, or a scene and
  /// an image saved together, count once); returns a changed file, or `nil`
  /// when `stop` returned true first (it is asked before every poll).
  package func waitForChange(from baseline: [String: FileStamp?], stop: () -> Bool) -> String? {
    var seen = baseline
    var changed: String?
    while !stop() {
      usleep(SourceWatch.pollInterval)
      let now = FileStamp.of(Array(baseline.keys))
      if now != seen {
        changed = changed ?? baseline.keys.sorted().first { now[$0]! != baseline[$0]! } ?? scene
        seen = now
      } else if let changed {
        return changed
      }
    }
    return nil
  }

  /// `files` without repeats, in order.
  package static func unique(_ files: [String]) -> [String] {
    var seen = Set<String>()
    return files.filter { seen.insert($0).inserted }
  }
}

/// What `stat` says about a file that changes when it is written or replaced:
/// device and inode (an editor's save-by-rename), size, and the modification
/// and status-change times to the nanosecond.
package struct FileStamp: Equatable, Sendable {
  var device: UInt64, inode: UInt64, size: Int64
  var modifiedSeconds: Int, modifiedNanoseconds: Int
  var changedSeconds: Int, changedNanoseconds: Int

  /// The stamp of the file at `path`; `nil` when it cannot be stat'ed (missing).
  package static func of(_ path: String) -> FileStamp? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    #if canImport(Darwin)
    let modified = info.st_mtimespec, changed = info.st_ctimespec
    #else
    let modified = info.st_mtim, changed = info.st_ctim
    #endif
    return FileStamp(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                     modifiedSeconds: Int(modified.tv_sec), modifiedNanoseconds: Int(modified.tv_nsec),
                     changedSeconds: Int(changed.tv_sec), changedNanoseconds: Int(changed.tv_nsec))
  }

  /// The stamps of `paths`, `nil` for each one missing.
  package static func of(_ paths: [String]) -> [String: FileStamp?] {
    var stamps: [String: FileStamp?] = [:]
    for path in paths { stamps[path] = .some(of(path)) }
    return stamps
  }
}
