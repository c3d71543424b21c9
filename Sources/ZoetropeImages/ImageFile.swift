// SPDX-License-Identifier: Apache-2.0
// Reading an image file's bytes: regular files only, at most a given size.

import ZoetropeFiles

/// Reads image files as every input is read (`InputFile`): what is not a
/// plain file (a folder, a device such as `/dev/zero`, a FIFO, which would
/// block) and files larger than the limit are refused before reading them.
enum ImageFile {
  /// Why a file could not be read.
  struct Failure: Error {
    var reason: String
  }

  /// The bytes of the regular file at `path`, at most `maximumSize` of them.
  static func contents(of path: String, maximumSize: Int) throws(Failure) -> [UInt8] {
    do {
      return try InputFile.read(path, maximumBytes: maximumSize)
    } catch {
      switch error {
      case .tooLarge(let size):
        throw Failure(reason: "the file is \(size.map(String.init) ?? "more than \(maximumSize)") bytes, more than "
          + "the \(maximumSize) bytes accepted for an image")
      case .notAFile(let kind):
        throw Failure(reason: "is \(kind), not an image file")
      default:
        throw Failure(reason: error.reason)
      }
    }
  }
}
