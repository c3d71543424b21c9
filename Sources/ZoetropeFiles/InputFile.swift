// SPDX-License-Identifier: Apache-2.0
// Opening the files Zoetrope reads: never blocking on a FIFO, refusing what is not a file, within a size budget.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How every file Zoetrope reads is opened — scene files, images, fonts,
/// palettes, the parts of a chunked render — so that they are all refused
/// the same way, before anything is read:
///
/// - a path holding a NUL character (a scene's `"a.png\u0000.jpg"`; the
///   system would read `a.png`);
/// - a folder, FIFO, socket or device, found with `fstat` on the opened
///   descriptor (no race with a rename). The file is opened with
///   `O_NONBLOCK`, so a FIFO without a writer cannot make the open wait for
///   ever; where streams are accepted (a scene read from `<(…)` or
///   `/dev/stdin`), a FIFO without a writer reads as empty;
/// - a regular file over the reader's byte budget, from its size, before a
///   byte is read; a stream past the budget as soon as it goes past it
///   (`/dev/zero` is an error, not an endless read).
package enum InputFile {
  /// What a reader accepts besides regular files.
  package enum Kinds: Sendable {
    /// Regular files only (images, fonts, palettes, parts).
    case regularFiles
    /// Regular files, pipes, FIFOs and character devices (scene files).
    case filesAndStreams
  }

  /// Why a file was not read.
  package enum Failure: Error, Sendable, Equatable {
    /// The system refused to open or read it: its reason ("No such file or directory").
    case system(String)
    /// It is not a kind of file the reader accepts: what it is ("a folder",
    /// "a FIFO (named pipe)", "a character device").
    case notAFile(String)
    /// The path holds a NUL character, which no file name can.
    case nulInPath
    /// It has more bytes than the reader's budget: the size of a regular
    /// file, `nil` for a stream (it went past the budget while being read).
    case tooLarge(bytes: Int?)

    /// What follows the file's name in a message, but for ``tooLarge(bytes:)``,
    /// which each reader words with its budget: "No such file or directory",
    /// "is a folder, not a regular file".
    package var reason: String {
      switch self {
      case .system(let reason): reason
      case .notAFile(let kind): "is \(kind), not a regular file"
      case .nulInPath: "the path holds a NUL character (\\u0000); no file name can"
      case .tooLarge(let bytes): "has \(bytes.map(String.init) ?? "too many") bytes"
      }
    }
  }

  /// An opened input: its descriptor (read-only, blocking again, closed on
  /// exec) and what `fstat` said of it.
  package struct Opened: Sendable {
    /// The descriptor; the caller closes it.
    package let descriptor: Int32
    /// The file's size in bytes, for a regular file; `nil` for a stream.
    package let size: Int?
    /// The file's device and inode.
    package let device: UInt64, inode: UInt64
  }

  /// Opens `path` for reading, refusing a NUL in the path and kinds of file
  /// `kinds` does not accept; throws the ``Failure`` that says why.
  package static func open(_ path: String, accepting kinds: Kinds = .regularFiles) throws(Failure) -> Opened {
    guard !path.utf8.contains(0) else { throw .nulInPath }
    let descriptor = systemOpen(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw .system(String(cString: strerror(errno))) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      throw .system(reason)
    }
    let kind = info.st_mode & S_IFMT
    let accepted = kind == S_IFREG || (kinds == .filesAndStreams && (kind == S_IFIFO || kind == S_IFCHR))
    guard accepted else {
      close(descriptor)
      throw .notAFile(name(of: kind))
    }
    // Reads block from here on (a pipe's writer may be slow); a FIFO
    // without a writer is open now, and reads as empty.
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    return Opened(descriptor: descriptor, size: kind == S_IFREG ? Int(info.st_size) : nil,
                  device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
  }

  /// Checks that `path` opens as ``open(_:accepting:)`` would open it, for
  /// readers that open files by name themselves (libavformat, stdio).
  package static func check(_ path: String, accepting kinds: Kinds = .regularFiles) throws(Failure) {
    close(try open(path, accepting: kinds).descriptor)
  }

  /// The bytes of `path`, at most `maximumBytes` of them (opened as
  /// ``open(_:accepting:)`` opens it).
  package static func read(_ path: String, maximumBytes: Int, accepting kinds: Kinds = .regularFiles)
    throws(Failure) -> [UInt8]
  {
    let file = try open(path, accepting: kinds)
    defer { close(file.descriptor) }
    if let size = file.size, size > maximumBytes { throw .tooLarge(bytes: size) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(file.size ?? 65_536)
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { systemRead(file.descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .system(String(cString: strerror(errno)))
      }
      if count == 0 { break }
      // A stream, or a regular file that grew since fstat, past the budget.
      guard bytes.count + count <= maximumBytes else { throw .tooLarge(bytes: nil) }
      bytes += chunk[0..<count]
    }
    return bytes
  }

  /// What a kind of file is called in a message.
  static func name(of kind: mode_t) -> String {
    switch kind {
    case S_IFDIR: "a folder"
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    case S_IFLNK: "a symbolic link"
    default: "an unknown kind of file"
    }
  }
}

/// `open(2)` and `read(2)`, named apart from ``InputFile``'s own.
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }
private func systemRead(_ file: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(file, buffer, count)
}
