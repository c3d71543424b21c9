// SPDX-License-Identifier: Apache-2.0
// What an output may be: a regular file or a new name, never a device, a link or one of the inputs.

import ZoetropeImages

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension AtomicOutput {
  /// Throws, naming `path`, when something other than a regular file is
  /// there: a finished output is renamed into place, which would replace a
  /// character or block device, a FIFO, a socket, a folder or a symbolic link
  /// with a regular file (as root, `-o /dev/null` would destroy the device).
  /// Such outputs are refused before anything is written; nothing is written
  /// through them either. A missing file is fine.
  package static func checkReplaceable(_ path: String) throws(MediaError) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    let kind: String
    switch info.st_mode & FileKind.mask {
    case FileKind.regular: return
    case FileKind.link:
      throw MediaError(path: path, reason: "is a symbolic link; the output is written under a temporary name and "
        + "renamed into place, which would replace the link: name the file it points to")
    case FileKind.folder: kind = "a folder"
    case FileKind.character: kind = "a character device"
    case FileKind.block: kind = "a block device"
    case FileKind.fifo: kind = "a FIFO (named pipe)"
    case FileKind.socket: kind = "a socket"
    default: kind = "not a regular file"
    }
    throw MediaError(path: path, reason: "is \(kind); outputs must be regular files or new names (nothing was written)")
  }

  /// Throws, naming `path`, when it is the same file as one of `inputs` —
  /// compared by device and inode, so another spelling of the name, a hard
  /// link or a symbolic link to it counts too. Missing files never match.
  package static func checkNotAnInput(_ path: String, inputs: [String]) throws(MediaError) {
    guard let output = identity(of: path) else { return }
    for input in inputs where identity(of: input) == output {
      throw MediaError(path: path, reason: "is the input \(input) itself; writing there would destroy it")
    }
  }

  /// Device and inode of the file at `path` (links followed), or `nil` when there is none.
  package static func identity(of path: String) -> FileIdentity? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
  }

  /// The file-type bits of `st_mode`.
  private enum FileKind {
    static let mask: mode_t = 0o170000
    static let socket: mode_t = 0o140000
    static let link: mode_t = 0o120000
    static let regular: mode_t = 0o100000
    static let block: mode_t = 0o060000
    static let folder: mode_t = 0o040000
    static let character: mode_t = 0o020000
    static let fifo: mode_t = 0o010000
  }
}

/// A file's identity on this machine: its device and inode.
package struct FileIdentity: Hashable, Sendable {
  /// `st_dev`.
  package var device: UInt64
  /// `st_ino`.
  package var inode: UInt64
}
