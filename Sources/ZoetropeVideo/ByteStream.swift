// SPDX-License-Identifier: Apache-2.0
// Files read and written as byte streams, for joining parts block by block without holding them whole.

import ZoetropeImages
import ZoetropeMedia

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file read front to back through stdio's buffer. Every read that runs
/// past the end throws "ends early", which is how a truncated part shows.
final class ByteReader {
  let path: String
  private let file: UnsafeMutablePointer<FILE>
  /// Bytes read so far.
  private(set) var offset = 0

  /// Opens `path` for reading; throws the system's reason.
  init(path: String) throws(MediaError) {
    self.path = path
    guard let file = fopen(path, "rb") else { throw MediaError(path: path, reason: String(cString: strerror(errno))) }
    self.file = file
  }

  deinit { fclose(file) }

  /// The next byte, or `nil` at the end of the file.
  func nextByte() -> UInt8? {
    let c = getc(file)
    guard c != EOF else { return nil }
    offset += 1
    return UInt8(c)
  }

  /// The next byte; throws when the file ends.
  func byte() throws(MediaError) -> UInt8 {
    guard let byte = nextByte() else { throw truncated() }
    return byte
  }

  /// The next `count` bytes; throws when the file ends first.
  func bytes(_ count: Int) throws(MediaError) -> [UInt8] {
    guard count > 0 else { return [] }
    var buffer = [UInt8](repeating: 0, count: count)
    let read = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, count, file) }
    offset += read
    guard read == count else { throw truncated() }
    return buffer
  }

  /// Reads `count` bytes in pieces of at most 64 KiB, handing each to `body`.
  func stream(_ count: Int, _ body: ([UInt8]) throws(MediaError) -> Void) throws(MediaError) {
    var left = count
    while left > 0 {
      let piece = try bytes(Swift.min(left, 1 << 16))
      try body(piece)
      left -= piece.count
    }
  }

  /// Moves `count` bytes ahead without reading them (a file that ends
  /// sooner shows at the next read).
  func skip(_ count: Int) throws(MediaError) {
    guard fseeko(file, off_t(count), SEEK_CUR) == 0 else { throw MediaError(path: path, reason: String(cString: strerror(errno))) }
    offset += count
  }

  /// A big-endian 32-bit number.
  func uint32BigEndian() throws(MediaError) -> UInt32 {
    let b = try bytes(4)
    return UInt32(b[0]) << 24 | UInt32(b[1]) << 16 | UInt32(b[2]) << 8 | UInt32(b[3])
  }

  /// The error for a file that ends in the middle of something.
  func truncated() -> MediaError {
    MediaError(path: path, reason: "the file ends early, at byte \(offset): truncated or damaged")
  }
}

/// A file written front to back through stdio's buffer.
final class ByteWriter {
  let path: String
  private var file: UnsafeMutablePointer<FILE>?

  /// Creates (or truncates) `path`.
  init(path: String) throws(MediaError) {
    self.path = path
    guard let file = fopen(path, "wb") else { throw MediaError(path: path, reason: String(cString: strerror(errno))) }
    self.file = file
  }

  deinit { if let file { fclose(file) } }

  /// Appends `bytes`.
  func write(_ bytes: [UInt8]) throws(MediaError) {
    guard let file else { throw MediaError(path: path, reason: "already closed") }
    guard !bytes.isEmpty else { return }
    let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, bytes.count, file) }
    guard written == bytes.count else { throw MediaError(path: path, reason: String(cString: strerror(errno))) }
  }

  /// Appends a big-endian 32-bit number.
  func write(uint32BigEndian value: UInt32) throws(MediaError) {
    try write([UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
  }

  /// Flushes and closes the file; throws when the data could not be written.
  func close() throws(MediaError) {
    guard let file else { return }
    self.file = nil
    guard fclose(file) == 0 else { throw MediaError(path: path, reason: String(cString: strerror(errno))) }
  }
}

/// CRC-32 as PNG computes it (ISO 3309, polynomial 0xEDB88320), fed in pieces.
struct CRC32 {
  private static let table: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }
  private var state: UInt32 = 0xFFFF_FFFF

  /// Adds `bytes`.
  mutating func update(_ bytes: [UInt8]) {
    for byte in bytes { state = CRC32.table[Int((state ^ UInt32(byte)) & 0xFF)] ^ (state >> 8) }
  }

  /// The checksum of everything added.
  var value: UInt32 { state ^ 0xFFFF_FFFF }
}
