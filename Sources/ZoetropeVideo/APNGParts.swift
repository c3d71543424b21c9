// SPDX-License-Identifier: Apache-2.0
// APNG parts: joined chunk by chunk, frames renumbered, checksums checked and rewritten; no pixel decoded.

import ZoetropeImages
import ZoetropeMedia

/// Joining animated PNGs at the level of PNG chunks.
///
/// A part, as FFmpeg's APNG encoder and muxer write it:
///
///     signature  IHDR …  acTL  fcTL(0) IDAT…  fcTL(1) fdAT(2)…  …  tEXt(zoetrope-part)  IEND
///
/// (a one-frame part is a plain PNG: no acTL, no fcTL). Its first frame is
/// the whole image, replacing what was there. The joined file keeps the
/// first part's header and its IDAT default image, gets an acTL for the
/// whole clip, and numbers every fcTL and fdAT chunk afresh from 0, as APNG
/// requires; later parts' first frames move from IDAT into fdAT chunks. Each
/// chunk's CRC is checked as it is copied, so a damaged or truncated part
/// fails.
enum APNGParts: PartFormat {
  /// The chunks before the first frame (IHDR and what the encoder adds),
  /// without acTL and the part's tag: they must be identical.
  struct Header: Equatable {
    var chunks: [UInt8]
    var width: UInt32, height: UInt32
  }

  private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  private static let tagKeyword = Array(ClipPart.key.utf8) + [0]

  private static func type(_ text: String) -> [UInt8] { Array(text.utf8) }

  static func describe(_ path: String) throws(MediaError) -> (tag: String?, header: Header) {
    let reader = try ByteReader(path: path)
    guard try reader.bytes(8) == signature else { throw MediaError(path: path, reason: "is not a PNG file") }
    var header: [UInt8] = []
    var tag: String?
    var inFrames = false
    var size: (UInt32, UInt32) = (0, 0)
    while true {
      let length = Int(try reader.uint32BigEndian())
      let kind = try reader.bytes(4)
      if kind == type("IEND") { break }
      if kind == type("fcTL") || kind == type("IDAT") || kind == type("fdAT") { inFrames = true }
      if kind == type("tEXt") {
        let data = try reader.bytes(length)
        _ = try reader.bytes(4)
        if data.starts(with: tagKeyword) { tag = String(decoding: data.dropFirst(tagKeyword.count), as: UTF8.self) }
        continue
      }
      if !inFrames && kind != type("acTL") {
        let data = try reader.bytes(length)
        let crc = try reader.bytes(4)
        if kind == type("IHDR"), data.count >= 8 { size = (uint32(data, 0), uint32(data, 4)) }
        header += bigEndian(UInt32(length)) + kind + data + crc
        continue
      }
      try reader.skip(length + 4)
    }
    guard size.0 > 0 else { throw MediaError(path: path, reason: "has no IHDR chunk") }
    return (tag, Header(chunks: header, width: size.0, height: size.1))
  }

  static func difference(_ a: Header, _ b: Header) -> String {
    if a.width != b.width || a.height != b.height { return "size \(a.width)x\(a.height) against \(b.width)x\(b.height)" }
    return "their PNG headers (IHDR and the chunks before the first frame) differ"
  }

  static func join(_ parts: [DescribedPart<Header>], into path: String, container: String) throws(MediaError) {
    let writer = try ByteWriter(path: path)
    let first = parts[0]
    let plays = loop(in: first.part.encoding)
    try writer.write(signature)
    try writer.write(first.header.chunks)
    try writeChunk("acTL", bigEndian(UInt32(first.part.clipFrameCount)) + bigEndian(UInt32(plays)), to: writer)
    var sequence: UInt32 = 0
    for (index, described) in parts.enumerated() {
      let frames = try copyFrames(of: described, into: writer, sequence: &sequence, keepsDefaultImage: index == 0)
      guard frames == described.part.frames.count else {
        throw MediaError(path: described.path, reason: "holds \(frames) frames, its tag \(described.part.frames.count): "
          + "truncated or damaged")
      }
    }
    try writeChunk("IEND", [], to: writer)
    try writer.close()
  }

  /// Copies one part's frames, renumbering; returns how many frames it held.
  private static func copyFrames(of described: DescribedPart<Header>, into writer: ByteWriter,
                                 sequence: inout UInt32, keepsDefaultImage: Bool) throws(MediaError) -> Int {
    let path = described.path
    let reader = try ByteReader(path: path)
    guard try reader.bytes(8) == signature else { throw MediaError(path: path, reason: "is not a PNG file") }
    var frames = 0
    var frameHasControl = false  // the current frame's fcTL has been written
    while true {
      let length = Int(try reader.uint32BigEndian())
      let kind = try reader.bytes(4)
      if kind == type("IEND") {
        _ = try reader.bytes(4 + length)
        break
      }
      if kind == type("fcTL") {
        guard length == 26 else { throw MediaError(path: path, reason: "has an fcTL chunk of \(length) bytes, not 26") }
        var data = try readChecked(kind, length, from: reader)
        if frames == 0 {
          // The part's first frame must be the whole image, replacing what was shown.
          guard uint32(data, 4) == described.header.width, uint32(data, 8) == described.header.height,
            uint32(data, 12) == 0, uint32(data, 16) == 0, data[25] == 0
          else { throw MediaError(path: path, reason: "does not start with a whole frame") }
        }
        data.replaceSubrange(0..<4, with: bigEndian(sequence))
        sequence += 1
        try writeChunk("fcTL", data, to: writer)
        frames += 1
        frameHasControl = true
        continue
      }
      if kind == type("IDAT") {
        if !frameHasControl {
          // A one-frame part is a plain PNG: its frame gets the control chunk the muxer left out.
          try writeChunk("fcTL", frameControl(described, sequence: sequence), to: writer)
          sequence += 1
          frames += 1
          frameHasControl = true
        }
        if keepsDefaultImage {
          try copyChunk(kind, length, from: reader, to: writer, as: kind, replacingPrefix: 0, with: [])
        } else {
          try copyChunk(kind, length, from: reader, to: writer, as: type("fdAT"), replacingPrefix: 0,
                        with: bigEndian(sequence))
          sequence += 1
        }
        continue
      }
      if kind == type("fdAT") {
        guard length >= 4 else { throw MediaError(path: path, reason: "has an fdAT chunk without a sequence number") }
        try copyChunk(kind, length, from: reader, to: writer, as: kind, replacingPrefix: 4, with: bigEndian(sequence))
        sequence += 1
        continue
      }
      // The header (written once, from the first part), acTL, the tag and
      // anything else: checked, not copied.
      try copyChunk(kind, length, from: reader, to: nil, as: kind, replacingPrefix: 0, with: [])
    }
    return frames
  }

  /// The fcTL of a one-frame part: the whole image for one frame's time, replacing what was there.
  private static func frameControl(_ described: DescribedPart<Header>, sequence: UInt32) -> [UInt8] {
    let (numerator, denominator) = delay(described.part.frameRate.denominator, described.part.frameRate.numerator)
    return bigEndian(sequence) + bigEndian(described.header.width) + bigEndian(described.header.height)
      + bigEndian(0) + bigEndian(0)
      + [UInt8(numerator >> 8), UInt8(numerator & 0xFF), UInt8(denominator >> 8), UInt8(denominator & 0xFF), 0, 0]
  }

  /// `numerator / denominator` seconds as APNG's 16-bit fraction: exact when
  /// it fits after reduction, else the closest fraction with terms ≤ 65535
  /// (as FFmpeg's muxer writes it).
  static func delay(_ numerator: Int, _ denominator: Int) -> (Int, Int) {
    func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
    let g = gcd(numerator, denominator)
    var (n, d) = (numerator / g, denominator / g)
    if n <= 65535 && d <= 65535 { return (n, d) }
    // Continued fraction convergents until a term would pass the limit.
    var (p0, q0, p1, q1) = (0, 1, 1, 0)
    while d != 0 {
      let a = n / d
      let (p2, q2) = (a * p1 + p0, a * q1 + q0)
      if p2 > 65535 || q2 > 65535 { break }
      (p0, q0, p1, q1) = (p1, q1, p2, q2)
      (n, d) = (d, n - a * d)
    }
    return (Swift.max(p1, 1), Swift.max(q1, 1))
  }

  /// Reads a whole chunk's data, checking its CRC.
  private static func readChecked(_ kind: [UInt8], _ length: Int, from reader: ByteReader) throws(MediaError) -> [UInt8] {
    let data = try reader.bytes(length)
    var crc = CRC32()
    crc.update(kind)
    crc.update(data)
    guard try reader.uint32BigEndian() == crc.value else { throw damaged(reader, kind) }
    return data
  }

  /// Copies a chunk of `length` bytes as `outKind`, its first
  /// `replacingPrefix` bytes replaced by `prefix`, checking the input's CRC
  /// and writing the output's; `writer` nil only checks.
  private static func copyChunk(_ kind: [UInt8], _ length: Int, from reader: ByteReader, to writer: ByteWriter?,
                                as outKind: [UInt8], replacingPrefix dropped: Int, with prefix: [UInt8]) throws(MediaError) {
    var input = CRC32(), output = CRC32()
    input.update(kind)
    input.update(try reader.bytes(dropped))
    output.update(outKind)
    output.update(prefix)
    try writer?.write(bigEndian(UInt32(length - dropped + prefix.count)) + outKind + prefix)
    try reader.stream(length - dropped) { (piece: [UInt8]) throws(MediaError) in
      input.update(piece)
      output.update(piece)
      try writer?.write(piece)
    }
    guard try reader.uint32BigEndian() == input.value else { throw damaged(reader, kind) }
    try writer?.write(bigEndian(output.value))
  }

  private static func writeChunk(_ kind: String, _ data: [UInt8], to writer: ByteWriter) throws(MediaError) {
    var crc = CRC32()
    crc.update(type(kind))
    crc.update(data)
    try writer.write(bigEndian(UInt32(data.count)) + type(kind) + data + bigEndian(crc.value))
  }

  private static func damaged(_ reader: ByteReader, _ kind: [UInt8]) -> MediaError {
    MediaError(path: reader.path, reason: "its \(String(decoding: kind, as: UTF8.self)) chunk ending at byte "
      + "\(reader.offset) fails its checksum: damaged or truncated")
  }

  /// APNG plays from a part's encoding description (`loop=N`), 0 (forever) when absent.
  private static func loop(in encoding: String) -> Int {
    for word in encoding.split(separator: " ") where word.hasPrefix("loop=") {
      return Int(word.dropFirst(5)) ?? 0
    }
    return 0
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
  }

  private static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
  }
}
