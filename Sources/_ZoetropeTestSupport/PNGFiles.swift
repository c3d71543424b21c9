// SPDX-License-Identifier: Apache-2.0
// PNG files made without any encoder of ours, for the tests of the readers.

/// PNG files for tests.
package enum PNGFiles {
  /// A PNG whose rows (filter byte 0, then the samples) are stored, not
  /// compressed: deflate's stored blocks, so that the test needs no encoder
  /// of ours.
  package static func stored(width: Int, height: Int, depth: UInt8, colorType: UInt8, rows: [[UInt8]]) -> [UInt8] {
    func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
      let body = Array(type.utf8) + data
      var crc: UInt32 = 0xFFFF_FFFF
      for byte in body {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
      }
      return be(UInt32(data.count)) + body + be(crc ^ 0xFFFF_FFFF)
    }
    let raw: [UInt8] = rows.flatMap { [UInt8(0)] + $0 }
    var zlib: [UInt8] = [0x78, 0x01]
    var start = 0
    repeat {
      let count = Swift.min(65_535, raw.count - start)
      let last: UInt8 = start + count == raw.count ? 1 : 0
      zlib += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8(~count >> 8 & 0xFF)]
      zlib += raw[start..<start + count]
      start += count
    } while start < raw.count
    var a: UInt32 = 1, b: UInt32 = 0
    for byte in raw {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    zlib += be(b << 16 | a)
    let header = be(UInt32(width)) + be(UInt32(height)) + [depth, colorType, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib)
      + chunk("IEND", [])
  }
}
