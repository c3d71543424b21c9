// SPDX-License-Identifier: Apache-2.0
// GIF parts: frame blocks copied after one header; delays checked against the clip's centisecond clock.

import ZoetropeImages
import ZoetropeMedia

/// Joining GIFs at the level of GIF blocks.
///
/// A part, as ``GIFWriter`` writes it with a palette chosen beforehand:
///
///     GIF89a  screen descriptor  global palette  NETSCAPE2.0 loop  comment(zoetrope-part)
///     [graphic control, image]…  trailer
///
/// Its first image covers the whole screen, so it needs nothing from the
/// frame before it. The joined file is the first part's header and loop
/// extension, then every part's frame blocks in order (LZW data copied
/// untouched), then one trailer. Each part's delays must add up to its span
/// of the clip's centisecond clock (frame `i` starts at `round(100 i / fps)`),
/// so the joined clock runs exactly as a single render's.
enum GIFParts: PartFormat {
  /// The screen descriptor, the global palette and the loop extension: identical in every part.
  struct Header: Equatable {
    var bytes: [UInt8]
    var width: Int, height: Int
  }

  static func describe(_ path: String) throws(MediaError) -> (tag: String?, header: Header) {
    let reader = try ByteReader(path: path)
    var header = try readScreen(reader)
    var tag: String?
    // Extensions before the first frame: the loop (kept), our comment (read).
    while true {
      let introducer = try reader.byte()
      guard introducer == 0x21 else { break }
      let label = try reader.byte()
      if label == 0xF9 { break }
      let blocks = try subBlocks(reader)
      if label == 0xFE {
        let text = String(decoding: payload(of: blocks), as: UTF8.self)
        if text.hasPrefix("{\""), text.contains("\"\(ClipPart.key)\"") { tag = text }
      } else {
        header.bytes += [introducer, label] + blocks
      }
    }
    return (tag, header)
  }

  static func difference(_ a: Header, _ b: Header) -> String {
    if a.width != b.width || a.height != b.height { return "size \(a.width)x\(a.height) against \(b.width)x\(b.height)" }
    return "their palettes or loop counts differ (render every part with the same --palette file and --loop)"
  }

  static func join(_ parts: [DescribedPart<Header>], into path: String, container: String) throws(MediaError) {
    let writer = try ByteWriter(path: path)
    try writer.write(parts[0].header.bytes)
    for described in parts { try copyFrames(of: described, into: writer) }
    try writer.write([0x3B])
    try writer.close()
  }

  /// Copies one part's graphic control extensions and images; checks that
  /// the first image covers the screen and that the delays span the part.
  private static func copyFrames(of described: DescribedPart<Header>, into writer: ByteWriter) throws(MediaError) {
    let path = described.path
    let reader = try ByteReader(path: path)
    _ = try readScreen(reader)
    var images = 0
    var centiseconds = 0
    while true {
      let introducer = try reader.byte()
      if introducer == 0x3B { break }
      if introducer == 0x21 {
        let label = try reader.byte()
        let blocks = try subBlocks(reader)
        guard label == 0xF9 else { continue }  // the loop (in the header) and the comment (the tag)
        guard blocks.count == 6, blocks[0] == 4 else {
          throw MediaError(path: path, reason: "has a malformed graphic control extension")
        }
        centiseconds += Int(blocks[2]) | Int(blocks[3]) << 8
        try writer.write([introducer, label] + blocks)
        continue
      }
      guard introducer == 0x2C else {
        throw MediaError(path: path, reason: "has an unknown block 0x\(String(introducer, radix: 16)) at byte "
          + "\(reader.offset - 1): damaged")
      }
      let descriptor = try reader.bytes(9)
      if images == 0 {
        let x = Int(descriptor[0]) | Int(descriptor[1]) << 8, y = Int(descriptor[2]) | Int(descriptor[3]) << 8
        let w = Int(descriptor[4]) | Int(descriptor[5]) << 8, h = Int(descriptor[6]) | Int(descriptor[7]) << 8
        guard x == 0, y == 0, w == described.header.width, h == described.header.height else {
          throw MediaError(path: path, reason: "does not start with a whole frame")
        }
      }
      try writer.write([introducer] + descriptor)
      if descriptor[8] & 0x80 != 0 {
        try writer.write(try reader.bytes(3 << (Int(descriptor[8] & 7) + 1)))  // a local palette
      }
      try writer.write([try reader.byte()])  // LZW minimum code size
      try copySubBlocks(reader, writer)
      images += 1
    }
    let rate = described.part.frameRate.framesPerSecond
    let span = GIFWriter.centiseconds(ofFrame: described.part.frames.upperBound, frameRate: rate)
      - GIFWriter.centiseconds(ofFrame: described.part.frames.lowerBound, frameRate: rate)
    guard images > 0, centiseconds == span else {
      throw MediaError(path: path, reason: "its frames last \(centiseconds) cs, its frames "
        + "\(ClipConcat.text(described.part.frames)) \(span) cs: truncated or damaged")
    }
  }

  /// The signature, screen descriptor and global palette.
  private static func readScreen(_ reader: ByteReader) throws(MediaError) -> Header {
    let signature = try reader.bytes(6)
    guard signature == Array("GIF89a".utf8) || signature == Array("GIF87a".utf8) else {
      throw MediaError(path: reader.path, reason: "is not a GIF file")
    }
    let screen = try reader.bytes(7)
    var bytes = signature + screen
    if screen[4] & 0x80 != 0 { bytes += try reader.bytes(3 << (Int(screen[4] & 7) + 1)) }
    return Header(bytes: bytes, width: Int(screen[0]) | Int(screen[1]) << 8, height: Int(screen[2]) | Int(screen[3]) << 8)
  }

  /// A run of sub-blocks as stored (length bytes and the terminating 0 included).
  private static func subBlocks(_ reader: ByteReader) throws(MediaError) -> [UInt8] {
    var bytes: [UInt8] = []
    while true {
      let count = try reader.byte()
      bytes.append(count)
      if count == 0 { return bytes }
      bytes += try reader.bytes(Int(count))
    }
  }

  /// The data of stored sub-blocks, without their length bytes.
  private static func payload(of blocks: [UInt8]) -> [UInt8] {
    var data: [UInt8] = []
    var i = 0
    while i < blocks.count, blocks[i] != 0 {
      let count = Int(blocks[i])
      data += blocks[(i + 1)..<Swift.min(i + 1 + count, blocks.count)]
      i += 1 + count
    }
    return data
  }

  /// Copies a run of sub-blocks (image data) through in pieces.
  private static func copySubBlocks(_ reader: ByteReader, _ writer: ByteWriter) throws(MediaError) {
    var pending: [UInt8] = []
    pending.reserveCapacity(1 << 16)
    while true {
      let count = try reader.byte()
      pending.append(count)
      if count == 0 { break }
      pending += try reader.bytes(Int(count))
      if pending.count >= 1 << 16 {
        try writer.write(pending)
        pending.removeAll(keepingCapacity: true)
      }
    }
    try writer.write(pending)
  }
}
