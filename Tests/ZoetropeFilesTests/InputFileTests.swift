// SPDX-License-Identifier: Apache-2.0
// Every input opened the same way: FIFOs never wait, devices and folders are refused, budgets hold, NUL is no name.

import Foundation
import Testing
import ZoetropeFiles
import _ZoetropeTestSupport

#if canImport(Glibc)
import Glibc
#endif

@Suite struct InputFileTests {
  static func scratch(_ name: String) throws -> String {
    let folder = TestFiles.url("input-file-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent(name).path
  }

  /// Issue 34 M1: a font named `f.ttf` that was a FIFO blocked for ever in
  /// `fopen`. A FIFO without a writer is refused at once where regular files
  /// are read, and reads as empty where streams are.
  @Test(.timeLimit(.minutes(1))) func aFIFOWithoutAWriterNeverWaits() throws {
    let fifo = try Self.scratch("f.ttf")
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(throws: InputFile.Failure.notAFile("a FIFO (named pipe)")) {
      try InputFile.read(fifo, maximumBytes: 100)
    }
    #expect(throws: InputFile.Failure.notAFile("a FIFO (named pipe)")) { try InputFile.check(fifo) }
    #expect(try InputFile.read(fifo, maximumBytes: 100, accepting: .filesAndStreams) == [])
  }

  /// A FIFO with a writer is read to its end where streams are accepted.
  @Test(.timeLimit(.minutes(1))) func aFIFOWithAWriterIsReadWhereStreamsAre() throws {
    let fifo = try Self.scratch("scene.json")
    #expect(mkfifo(fifo, 0o600) == 0)
    let writer = Thread {
      let handle = FileHandle(forWritingAtPath: fifo)
      handle?.write(Data("{}".utf8))
      try? handle?.close()
    }
    writer.start()
    // The writer may not have opened its end yet: an empty read means "try again".
    var bytes: [UInt8] = []
    for _ in 0..<200 where bytes.isEmpty {
      bytes = try InputFile.read(fifo, maximumBytes: 100, accepting: .filesAndStreams)
      if bytes.isEmpty { usleep(10_000) }
    }
    #expect(bytes == Array("{}".utf8))
  }

  /// Devices and folders are named as what they are; `/dev/zero` as a stream
  /// ends at the budget instead of reading for ever.
  @Test func devicesAndFoldersAreRefused() throws {
    #expect(throws: InputFile.Failure.notAFile("a character device")) { try InputFile.read("/dev/zero", maximumBytes: 8) }
    #expect(throws: InputFile.Failure.notAFile("a folder")) { try InputFile.read("/tmp", maximumBytes: 8) }
    #expect(throws: InputFile.Failure.notAFile("a folder")) {
      try InputFile.read("/tmp", maximumBytes: 8, accepting: .filesAndStreams)
    }
    #expect(throws: InputFile.Failure.tooLarge(bytes: nil)) {
      try InputFile.read("/dev/zero", maximumBytes: 100_000, accepting: .filesAndStreams)
    }
    #expect(InputFile.Failure.notAFile("a folder").reason == "is a folder, not a regular file")
  }

  /// Issue 34 L4: `"contents": "ok.png\u0000.jpg"` rendered `ok.png`, the C
  /// library reading the name up to the NUL. A NUL in a path is refused.
  @Test func aNULInAPathIsRefused() throws {
    let path = try Self.scratch("ok.png")
    FileManager.default.createFile(atPath: path, contents: Data([1, 2, 3]))
    #expect(try InputFile.read(path, maximumBytes: 8) == [1, 2, 3])
    #expect(throws: InputFile.Failure.nulInPath) { try InputFile.read(path + "\u{0}.jpg", maximumBytes: 8) }
    #expect(throws: InputFile.Failure.nulInPath) { try InputFile.check(path + "\u{0}") }
  }

  /// A regular file over the budget is refused from its size, before a byte is read.
  @Test func theBudgetIsCheckedFromTheSize() throws {
    let path = try Self.scratch("big.bin")
    FileManager.default.createFile(atPath: path, contents: Data(repeating: 7, count: 1000))
    #expect(throws: InputFile.Failure.tooLarge(bytes: 1000)) { try InputFile.read(path, maximumBytes: 999) }
    #expect(try InputFile.read(path, maximumBytes: 1000).count == 1000)
    let opened = try InputFile.open(path)
    defer { close(opened.descriptor) }
    var info = stat()
    #expect(stat(path, &info) == 0)
    #expect(opened.size == 1000 && opened.device == UInt64(info.st_dev) && opened.inode == UInt64(info.st_ino))
  }

  /// A missing file says the system's reason.
  @Test func aMissingFileSaysWhy() {
    #expect(throws: InputFile.Failure.system("No such file or directory")) {
      try InputFile.read("/no/such/file", maximumBytes: 8)
    }
  }
}
