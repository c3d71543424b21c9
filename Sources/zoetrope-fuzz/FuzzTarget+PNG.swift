// SPDX-License-Identifier: Apache-2.0
// The PNG harness: the decoder `compare` runs on the files it is given.

import ZoetropeImages
import ZoetropeMedia

extension FuzzTarget {
  /// PNG bytes (every chunk's CRC recomputed first, so that mutations reach
  /// past libpng's checksum test): an image read is compared with itself and
  /// with a changed copy, and must read back the same after encoding — as a
  /// still and as a PNG sequence's frame, whose bands must be the same bytes
  /// written fresh and copied by a keeper that last wrote the changed copy.
  static func png(_ bytes: [UInt8]) {
    guard let image = try? RGBAImage(pngData: PNGChunks.withCorrectCRCs(bytes)) else { return }
    check(image.difference(from: image)?.differingPixels == 0, "an image differs from itself")
    guard image.width * image.height <= 1 << 16 else { return }
    var pixels = image.pixels
    if !pixels.isEmpty { pixels[pixels.count / 2] ^= 0x80 }
    let changed = RGBAImage(width: image.width, height: image.height, pixels: pixels)
    _ = changed.difference(from: image, perChannel: 3)
    guard let encoded = try? image.pngData() else { return check(false, "a decoded image does not encode") }
    check((try? RGBAImage(pngData: encoded)) == image, "an image reads back differently after encoding")
    guard let banded = try? image.bandedPNGData(reusing: nil) else {
      return check(false, "a decoded image does not encode in bands")
    }
    check((try? RGBAImage(pngData: banded)) == image, "an image reads back differently after encoding in bands")
    guard let keeper = PNGBandCache() else { return }
    _ = try? changed.bandedPNGData(reusing: keeper)
    check((try? image.bandedPNGData(reusing: keeper)) == banded, "bands copied by a keeper differ from fresh ones")
  }
}

/// PNG's chunk structure, for repairing checksums.
enum PNGChunks {
  /// `bytes` with the CRC of every whole chunk after the signature recomputed.
  static func withCorrectCRCs(_ bytes: [UInt8]) -> [UInt8] {
    var out = bytes
    var offset = 8
    while offset + 12 <= out.count {
      let length = Int(out[offset]) << 24 | Int(out[offset + 1]) << 16 | Int(out[offset + 2]) << 8 | Int(out[offset + 3])
      let end = offset + 8 + length
      guard length < 1 << 31, end + 4 <= out.count else { break }
      let crc = crc32(out[(offset + 4)..<end])
      for i in 0..<4 { out[end + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(i))) }
      offset = end + 4
    }
    return out
  }

  static let table: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }

  /// The CRC-32 PNG uses (ISO 3309).
  static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
    return c ^ 0xFFFF_FFFF
  }
}
