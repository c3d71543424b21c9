// SPDX-License-Identifier: Apache-2.0
// PNG input a hostile user writes, and outputs that must not be replaced.

import Foundation
import Testing
import ZoetropeImages
import ZoetropeMedia
import _ZoetropeTestSupport

#if canImport(Glibc)
import Glibc
#endif

@Suite struct PNGHardeningTests {
  func temporaryFolder() throws -> URL {
    let url = TestFiles.url("zoetrope-hard-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A PNG chunk with its CRC.
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in body {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    crc ^= 0xFFFF_FFFF
    func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    return be(UInt32(data.count)) + body + be(crc)
  }

  /// A PNG whose header claims `width × height` (8-bit `colorType`) and whose
  /// data is one small stored deflate block.
  static func forged(width: UInt32, height: UInt32, colorType: UInt8 = 6) -> [UInt8] {
    func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    let header = be(width) + be(height) + [8, colorType, 0, 0, 0]
    // zlib header, one stored block of 5 zero bytes, Adler-32 of them.
    let idat: [UInt8] = [0x78, 0x01, 0x01, 0x05, 0x00, 0xFA, 0xFF, 0, 0, 0, 0, 0, 0x00, 0x05, 0x00, 0x01]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", idat)
      + chunk("IEND", [])
  }

  /// Issue 11 defect 9: a header claiming 32768 × 32768 pixels made the reader
  /// try to allocate 4 GiB and say "out of memory". The budget of what
  /// `compare` reads (1 GiB of decoded pixels) refuses it from the header.
  @Test func aHeaderBombIsRefusedFromTheHeader() throws {
    for (width, height) in [(32768, 32768), (1 << 20, 1 << 10), (16385, 16384)] as [(UInt32, UInt32)] {
      do {
        _ = try RGBAImage(pngData: Self.forged(width: width, height: height))
        Issue.record("read \(width) × \(height)")
      } catch {
        let bytes = 4 * Int(width) * Int(height)
        #expect(error.reason == "the image claims \(width) × \(height) pixels (\(bytes) bytes decoded), more than the "
                  + "1073741824 bytes left in the image memory budget", "\(error)")
      }
    }
  }

  /// Within the pixel budget, a header claiming more rows than the file's bytes
  /// could inflate to (deflate expands at most 1,032 times) is refused before
  /// the pixels' memory is taken.
  @Test func aHeaderClaimingMoreThanItsBytesIsRefused() throws {
    let bytes = Self.forged(width: 16000, height: 16000)
    do {
      _ = try RGBAImage(pngData: bytes)
      Issue.record("read")
    } catch {
      #expect(error.reason.contains("the image claims 16000 × 16000 pixels, more than its \(bytes.count) bytes can hold"),
              "\(error)")
    }
    // A small truncated image is still read as far as libpng's own check.
    #expect(throws: MediaError.self) { try RGBAImage(pngData: Self.forged(width: 40, height: 40)) }
  }

  /// Writing more than the budget is refused too (a 2²⁸-pixel image would be 1 GiB of bytes).
  @Test func theWriterHasTheSameBudget() {
    #expect(RGBAImage.maximumPixels == 1 << 28)
  }

  /// Issue 11 defect 12: reading a FIFO named like a PNG waited for a writer
  /// for ever. Only regular files are read.
  @Test(.timeLimit(.minutes(1))) func aFIFOIsNotRead() throws {
    let fifo = try temporaryFolder().appendingPathComponent("pipe.png").path
    #expect(mkfifo(fifo, 0o600) == 0)
    do {
      _ = try RGBAImage(contentsOfPNG: fifo)
      Issue.record("read a FIFO")
    } catch {
      #expect(error.reason.hasPrefix("is a FIFO (named pipe), not an image file"), "\(error)")
    }
    #expect(throws: MediaError.self) { try RGBAImage(contentsOfPNG: FileManager.default.temporaryDirectory.path) }
  }

  /// Outputs are regular files or new names; the kinds that a rename would
  /// destroy are refused, and an output is compared with inputs by inode.
  @Test func outputsThatWouldReplaceSomethingAreRefused() throws {
    let folder = try temporaryFolder()
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
    try Data("x".utf8).write(to: URL(fileURLWithPath: path("file.png")))
    #expect(mkfifo(path("fifo.png"), 0o600) == 0)
    try FileManager.default.createSymbolicLink(atPath: path("link.png"), withDestinationPath: "file.png")
    try FileManager.default.createDirectory(atPath: path("dir.png"), withIntermediateDirectories: false)
    try FileManager.default.linkItem(atPath: path("file.png"), toPath: path("hard.png"))
    #expect(throws: Never.self) { try AtomicOutput.checkReplaceable(path("file.png")) }
    #expect(throws: Never.self) { try AtomicOutput.checkReplaceable(path("new.png")) }
    for (name, kind) in [("fifo.png", "a FIFO"), ("link.png", "a symbolic link"), ("dir.png", "a folder")] {
      do {
        try AtomicOutput.checkReplaceable(path(name))
        Issue.record("accepted \(name)")
      } catch {
        #expect(error.reason.contains(kind), "\(error)")
      }
      // The PNG writer refuses them too, and leaves them as they were.
      #expect(throws: MediaError.self) { try RGBAImage(width: 1, height: 1, pixels: [1, 2, 3, 4]).writePNG(to: path(name)) }
    }
    #expect(throws: MediaError.self) { try AtomicOutput.checkNotAnInput(path("hard.png"), inputs: [path("file.png")]) }
    #expect(throws: MediaError.self) { try AtomicOutput.checkNotAnInput(path("./file.png"), inputs: [path("file.png")]) }
    #expect(throws: Never.self) { try AtomicOutput.checkNotAnInput(path("new.png"), inputs: [path("file.png")]) }
    #expect(try String(contentsOfFile: path("file.png"), encoding: .utf8) == "x")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
      == ["dir.png", "fifo.png", "file.png", "hard.png", "link.png"])
  }

  /// Issue 11 defect 9: a write that fails (here: into a folder that is gone)
  /// says the system's reason, not libpng's bare "Write Error".
  @Test func aFailedWriteSaysTheSystemsReason() throws {
    let folder = try temporaryFolder()
    let image = RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 9, count: 16))
    do {
      try image.writePNG(to: folder.path + "/missing/a.png")
      Issue.record("wrote")
    } catch {
      #expect(error.reason == "No such file or directory", "\(error)")
    }
  }

  /// The PNG sequence sink refuses a frame number in a folder's name and an
  /// absurd zero padding, and leaves nothing when it is cancelled.
  @Test func sequencePatternsAreChecked() throws {
    let folder = try temporaryFolder()
    #expect(throws: MediaError.self) { try PNGSequenceSink(pattern: folder.path + "/%04d/frame.png") }
    #expect(throws: MediaError.self) { try PNGSequenceSink(pattern: folder.path + "/%0999999999d.png") }
    let sink = try PNGSequenceSink(pattern: folder.path + "/frames/%04d.png")
    try sink.process(RGBAImage(width: 1, height: 1, pixels: [1, 2, 3, 4]), index: 0)
    sink.cancel()
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
  }

  /// A sequence that finishes puts every frame in place and leaves no staging
  /// folder; frames already there are replaced only then.
  @Test func aFinishedSequenceReplacesFramesAndLeavesNoStaging() throws {
    let folder = try temporaryFolder()
    try Data("old".utf8).write(to: folder.appendingPathComponent("0001.png"))
    let sink = try PNGSequenceSink(pattern: folder.path + "/%04d.png")
    let frame = RGBAImage(width: 1, height: 1, pixels: [1, 2, 3, 4])
    for index in 0..<3 { try sink.process(frame, index: index) }
    #expect(try String(contentsOfFile: folder.path + "/0001.png", encoding: .utf8) == "old")
    try sink.finish()
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["0000.png", "0001.png", "0002.png"])
    #expect(try RGBAImage(contentsOfPNG: folder.path + "/0001.png") == frame)
  }
}
