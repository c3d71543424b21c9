// SPDX-License-Identifier: Apache-2.0
// Reading an image file's bytes: regular files only, at most a given size.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads image files, refusing what is not a plain file (a directory, a
/// device such as `/dev/zero`, a pipe that would block) and files larger
/// than the limit, before reading them.
enum ImageFile {
  /// Why a file could not be read.
  struct Failure: Error {
    var reason: String
  }

  /// The bytes of the regular file at `path`, at most `maximumSize` of them.
  static func contents(of path: String, maximumSize: Int) throws(Failure) -> [UInt8] {
    // O_NONBLOCK: opening a FIFO must not wait for a writer.
    let file = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard file >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
    defer { close(file) }
    var status = stat()
    guard fstat(file, &status) == 0 else { throw Failure(reason: String(cString: strerror(errno))) }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw Failure(reason: status.st_mode & S_IFMT == S_IFDIR ? "is a folder, not an image file"
        : "is not a regular file (a device, pipe or socket)")
    }
    let size = Int(status.st_size)
    guard size <= maximumSize else {
      throw Failure(reason: "the file is \(size) bytes, more than the \(maximumSize) bytes accepted for an image")
    }
    var bytes = [UInt8](repeating: 0, count: size)
    var done = 0
    while done < size {
      let count = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress! + done, size - done) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        if count == 0 { break }  // the file shrank while being read
        throw Failure(reason: String(cString: strerror(errno)))
      }
      done += count
    }
    return done == size ? bytes : Array(bytes[..<done])
  }
}
