// SPDX-License-Identifier: Apache-2.0
// Reading a whole scene file as bytes: regular files and pipes, never more than a budget.

import ZoetropeFiles
import ZoetropeGeometry

/// Whole-file reads for scene files.
package enum FileBytes {
  /// The bytes of the file at `path`; throws the reason on failure.
  ///
  /// The file is opened as every input is (`InputFile`): a regular file is
  /// read whole; a pipe (`<(…)`, a FIFO with a writer) or a character device
  /// is read to its end. Either way more than ``Limits/maximumSceneBytes`` is
  /// refused (`/dev/zero` ends with an error, not out of memory), a FIFO
  /// without a writer reads as empty instead of blocking, and a folder,
  /// socket, block device or a path holding a NUL is refused.
  package static func read(_ path: String) throws(FileReadError) -> [UInt8] {
    let limit = Limits.maximumSceneBytes
    do {
      return try InputFile.read(path, maximumBytes: limit, accepting: .filesAndStreams)
    } catch {
      switch error {
      case .tooLarge(let bytes?):
        throw FileReadError(reason: "it has \(bytes) bytes; scene files may have at most \(limit) "
          + "(Limits.maximumSceneBytes)")
      case .tooLarge(nil):
        throw FileReadError(reason: "it has more than \(limit) bytes; scene files may have at most \(limit) "
          + "(Limits.maximumSceneBytes)")
      case .notAFile(let kind):
        throw FileReadError(reason: "it is \(kind), not a regular file or a pipe")
      default:
        throw FileReadError(reason: error.reason)
      }
    }
  }
}

/// Why a file could not be read.
package struct FileReadError: Error, CustomStringConvertible {
  package var reason: String
  package var description: String { reason }
}
