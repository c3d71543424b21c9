// SPDX-License-Identifier: Apache-2.0
// A zip archive held in memory, read as far as a dotLottie needs: its directory, and one entry at a time, bounded.

import CZoetropeMedia

/// A zip archive in memory (PKWARE's APPNOTE: the end record, the central
/// directory, local headers; stored and deflated entries). Only what a
/// dotLottie file needs is read, and nothing is trusted: every offset is
/// checked against the bytes, an entry is inflated into exactly the room its
/// declared size gives and checked against its CRC-32, and an archive is
/// refused whole when it names an entry that could reach outside a folder
/// (`..`, an absolute path, a backslash, a drive letter, a NUL), names one
/// twice, spans disks, or is Zip64 (larger than any budget here).
package struct ZipArchive {
  /// One entry of the central directory.
  package struct Entry: Sendable {
    /// The name, `/`-separated (folders end with `/`).
    package var name: String
    /// 0 stored, 8 deflated; anything else is refused when read.
    package var method: UInt16
    package var flags: UInt16
    package var crc32: UInt32
    package var compressedSize: Int
    package var uncompressedSize: Int
    /// Where its local header starts.
    package var localHeaderOffset: Int
  }

  /// The entries, in the central directory's order.
  package let entries: [Entry]
  private let bytes: [UInt8]
  private let archiveName: String
  private let index: [String: Int]

  /// Whether `bytes` start as a zip archive does (a local header, or the
  /// end record of an empty archive).
  package static func looksLikeZip(_ bytes: [UInt8]) -> Bool {
    bytes.count >= 4 && bytes[0] == 0x50 && bytes[1] == 0x4B
      && ((bytes[2] == 3 && bytes[3] == 4) || (bytes[2] == 5 && bytes[3] == 6))
  }

  /// Reads the directory of the archive `bytes`; `archiveName` names it in
  /// errors. Throws when the directory is malformed, holds more than
  /// `maximumEntries` entries, or names an entry unsafely or twice.
  package init(_ bytes: [UInt8], archiveName: String, maximumEntries: Int) throws(MediaError) {
    self.bytes = bytes
    self.archiveName = archiveName
    func fail(_ reason: String) -> MediaError { MediaError(path: archiveName, reason: reason) }
    // The end record: 22 bytes and a comment of at most 65,535, so it starts within the last 65,557 bytes.
    guard bytes.count >= 22 else { throw fail("not a zip archive (no end of central directory record)") }
    var end = -1
    var at = bytes.count - 22
    let lowest = max(0, bytes.count - 22 - 65_535)
    while at >= lowest {
      if ZipArchive.u32(bytes, at) == 0x0605_4B50 && at + 22 + Int(ZipArchive.u16(bytes, at + 20)) <= bytes.count {
        end = at
        break
      }
      at -= 1
    }
    guard end >= 0 else { throw fail("not a zip archive (no end of central directory record)") }
    guard ZipArchive.u16(bytes, end + 4) == 0, ZipArchive.u16(bytes, end + 6) == 0 else {
      throw fail("an archive split over several disks is not read")
    }
    let count = Int(ZipArchive.u16(bytes, end + 10))
    let directorySize = Int(ZipArchive.u32(bytes, end + 12))
    let directoryOffset = Int(ZipArchive.u32(bytes, end + 16))
    guard count != 0xFFFF, directorySize != 0xFFFF_FFFF, directoryOffset != 0xFFFF_FFFF else {
      throw fail("a Zip64 archive is not read (every budget here is far below 4 GiB)")
    }
    guard count <= maximumEntries else {
      throw fail("the archive has \(count) entries; at most \(maximumEntries) are read")
    }
    guard directoryOffset + directorySize <= end else {
      throw fail("the central directory lies outside the archive")
    }
    var entries: [Entry] = []
    var index: [String: Int] = [:]
    entries.reserveCapacity(count)
    var p = directoryOffset
    for number in 0..<count {
      guard p + 46 <= directoryOffset + directorySize, ZipArchive.u32(bytes, p) == 0x0201_4B50 else {
        throw fail("entry \(number + 1) of the central directory is malformed")
      }
      let nameLength = Int(ZipArchive.u16(bytes, p + 28))
      let extraLength = Int(ZipArchive.u16(bytes, p + 30))
      let commentLength = Int(ZipArchive.u16(bytes, p + 32))
      let next = p + 46 + nameLength + extraLength + commentLength
      guard next <= directoryOffset + directorySize else {
        throw fail("entry \(number + 1) of the central directory runs past it")
      }
      let name = String(decoding: bytes[(p + 46)..<(p + 46 + nameLength)], as: UTF8.self)
      if let reason = ZipArchive.unsafeNameReason(name) {
        throw fail("the entry \"\(ZipArchive.printable(name))\" \(reason); the archive is refused")
      }
      let entry = Entry(
        name: name, method: ZipArchive.u16(bytes, p + 10), flags: ZipArchive.u16(bytes, p + 8),
        crc32: ZipArchive.u32(bytes, p + 16), compressedSize: Int(ZipArchive.u32(bytes, p + 20)),
        uncompressedSize: Int(ZipArchive.u32(bytes, p + 24)), localHeaderOffset: Int(ZipArchive.u32(bytes, p + 42)))
      guard entry.compressedSize != 0xFFFF_FFFF, entry.uncompressedSize != 0xFFFF_FFFF,
        entry.localHeaderOffset != 0xFFFF_FFFF
      else { throw fail("the entry \"\(name)\" is Zip64, which is not read") }
      guard index[name] == nil else { throw fail("the archive holds \"\(name)\" twice; it is refused") }
      index[name] = entries.count
      entries.append(entry)
      p = next
    }
    self.entries = entries
    self.index = index
  }

  /// The entry named exactly `name`, if the archive holds it.
  package func entry(named name: String) -> Entry? {
    index[name].map { entries[$0] }
  }

  /// The bytes of `entry`, inflated and checked against its CRC-32. Refused
  /// before any memory is taken when it declares more than `maximumBytes`,
  /// or, past 1 MiB, more than `maximumRatio` times its compressed size (a
  /// zip bomb; real JSON compresses about 20:1, deflate at most 1,032:1).
  package func contents(of entry: Entry, maximumBytes: Int, maximumRatio: Int) throws(MediaError) -> [UInt8] {
    func fail(_ reason: String) -> MediaError { MediaError(path: archiveName, reason: "\(entry.name): \(reason)") }
    guard entry.flags & 1 == 0 else { throw fail("the entry is encrypted") }
    guard entry.method == 0 || entry.method == 8 else {
      throw fail("compression method \(entry.method) is not read (only stored and deflated entries are)")
    }
    guard entry.uncompressedSize <= maximumBytes else {
      throw fail("the entry inflates to \(entry.uncompressedSize) bytes; at most \(maximumBytes) are read")
    }
    guard entry.uncompressedSize <= 1 << 20 || entry.uncompressedSize / max(entry.compressedSize, 1) < maximumRatio
    else {
      throw fail("the entry would inflate \(entry.uncompressedSize / max(entry.compressedSize, 1)):1, "
        + "more than the \(maximumRatio):1 allowed (a zip bomb?)")
    }
    let h = entry.localHeaderOffset
    guard h + 30 <= bytes.count, ZipArchive.u32(bytes, h) == 0x0403_4B50 else {
      throw fail("its local header is missing or malformed")
    }
    let start = h + 30 + Int(ZipArchive.u16(bytes, h + 26)) + Int(ZipArchive.u16(bytes, h + 28))
    guard start + entry.compressedSize <= bytes.count else { throw fail("its data runs past the end of the archive") }
    var output: [UInt8]
    if entry.method == 0 {
      guard entry.compressedSize == entry.uncompressedSize else {
        throw fail("a stored entry whose two sizes differ")
      }
      output = Array(bytes[start..<(start + entry.compressedSize)])
    } else {
      output = [UInt8](repeating: 0, count: entry.uncompressedSize)
      var message = [CChar](repeating: 0, count: 256)
      let status = bytes.withUnsafeBufferPointer { input in
        output.withUnsafeMutableBufferPointer { out in
          zt_inflate_raw(input.baseAddress! + start, entry.compressedSize, out.baseAddress, out.count, &message,
                         message.count)
        }
      }
      guard status == Int32(ZT_OK.rawValue) else {
        throw fail(MediaError(path: "", message: message).reason)
      }
    }
    let crc = output.withUnsafeBufferPointer { zt_crc32($0.baseAddress, $0.count) }
    guard crc == entry.crc32 else { throw fail("its CRC-32 does not match its data (a damaged archive)") }
    return output
  }

  /// Why a name could reach outside a folder it is extracted into, if it could.
  package static func unsafeNameReason(_ name: String) -> String? {
    if name.utf8.contains(0) { return "has a NUL in its name" }
    if name.contains("\\") { return "has a backslash in its name" }
    if name.hasPrefix("/") { return "is an absolute path" }
    let parts = name.split(separator: "/", omittingEmptySubsequences: false)
    if let first = parts.first, first.count >= 2, first.dropFirst().first == ":" { return "starts with a drive letter" }
    if parts.contains("..") { return "climbs out of its folder (\"..\")" }
    return nil
  }

  /// A name as it can be printed (control characters escaped, at most 200 characters).
  package static func printable(_ name: String) -> String {
    var out = ""
    for scalar in name.unicodeScalars.prefix(200) {
      out += scalar.value < 32 || scalar.value == 127 ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
    }
    return out
  }

  private static func u16(_ b: [UInt8], _ at: Int) -> UInt16 {
    UInt16(b[at]) | UInt16(b[at + 1]) << 8
  }

  private static func u32(_ b: [UInt8], _ at: Int) -> UInt32 {
    UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16 | UInt32(b[at + 3]) << 24
  }
}
