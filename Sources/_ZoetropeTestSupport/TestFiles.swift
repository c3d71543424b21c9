// SPDX-License-Identifier: Apache-2.0
// Where tests write their files: one folder per test process, removed when it exits. Not API.

import Foundation

/// Files that tests write, kept out of the system's temporary directory
/// proper: everything goes under one folder of this process's own, made on
/// first use and removed with all it holds when the process exits normally
/// (a crashed run leaves it, for a look at what it wrote). Without it every
/// `swift test` left a few hundred folders and files behind.
package enum TestFiles {
  /// This process's folder, `zoetrope-tests-<pid>-<UUID>` in the system's
  /// temporary directory. If it cannot be made, the temporary directory
  /// itself (the tests that write there then fail on their own terms).
  package static let folder: URL = {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("zoetrope-tests-\(getpid())-\(UUID().uuidString)")
    guard (try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)) != nil else {
      return FileManager.default.temporaryDirectory
    }
    atexit { TestFiles.removeFolder() }
    return url
  }()

  /// A path in ``folder`` for `name` (not created).
  package static func url(_ name: String) -> URL {
    folder.appendingPathComponent(name)
  }

  private static func removeFolder() {
    guard folder != FileManager.default.temporaryDirectory else { return }
    try? FileManager.default.removeItem(at: folder)
  }
}
