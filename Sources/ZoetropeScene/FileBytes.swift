// SPDX-License-Identifier: Apache-2.0
// Reading a whole file as bytes.

import Foundation

/// Whole-file reads for scene files.
enum FileBytes {
  /// The bytes of the file at `path`; throws the system's reason on failure.
  static func read(_ path: String) throws -> [UInt8] {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
      throw FileReadError(reason: "it is a directory")
    }
    guard FileManager.default.fileExists(atPath: path) else { throw FileReadError(reason: "no such file") }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw FileReadError(reason: "permission denied or unreadable")
    }
    return [UInt8](data)
  }
}

/// Why a file could not be read.
struct FileReadError: Error, CustomStringConvertible {
  var reason: String
  var description: String { reason }
}
