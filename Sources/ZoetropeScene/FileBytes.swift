// SPDX-License-Identifier: Apache-2.0
// Reading a whole scene file as bytes: regular files and pipes, never more than a budget.

import ZoetropeGeometry

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads for scene files.
package enum FileBytes {
  /// The bytes of the file at `path`; throws the system's reason on failure.
  ///
  /// A regular file is read whole; a pipe (`<(…)`, a FIFO with a writer) or
  /// a character device is read to its end. Either way more than
  /// ``Limits/maximumSceneBytes`` is refused (`/dev/zero` ends with an error,
  /// not out of memory), a FIFO without a writer reads as empty instead of
  /// blocking, and a folder or socket is refused.
  package static func read(_ path: String) throws -> [UInt8] {
    let file = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard file >= 0 else { throw FileReadError(reason: String(cString: strerror(errno))) }
    defer { close(file) }
    var info = stat()
    guard fstat(file, &info) == 0 else { throw FileReadError(reason: String(cString: strerror(errno))) }
    let kind = info.st_mode & 0o170000
    guard kind == 0o100000 || kind == 0o010000 || kind == 0o020000 else {
      throw FileReadError(reason: kind == 0o040000 ? "it is a directory" : "it is not a regular file")
    }
    // Reads block from here on (a pipe's writer may be slow).
    _ = fcntl(file, F_SETFL, fcntl(file, F_GETFL) & ~O_NONBLOCK)
    let limit = Limits.maximumSceneBytes
    if kind == 0o100000, Int(info.st_size) > limit {
      throw FileReadError(reason: "it has \(info.st_size) bytes; scene files may have at most \(limit) "
        + "(Limits.maximumSceneBytes)")
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(kind == 0o100000 ? Int(info.st_size) : 65_536)
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { readSome(file, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        // A FIFO without a writer opened non-blocking reads as empty.
        if errno == EAGAIN { break }
        throw FileReadError(reason: String(cString: strerror(errno)))
      }
      if count == 0 { break }
      guard bytes.count + count <= limit else {
        throw FileReadError(reason: "it has more than \(limit) bytes; scene files may have at most \(limit) "
          + "(Limits.maximumSceneBytes)")
      }
      bytes += chunk[0..<count]
    }
    return bytes
  }
}

/// `read(2)` (named apart from ``FileBytes/read(_:)``).
private func readSome(_ file: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(file, buffer, count)
}

/// Why a file could not be read.
struct FileReadError: Error, CustomStringConvertible {
  var reason: String
  var description: String { reason }
}
