// SPDX-License-Identifier: Apache-2.0
// A part of a chunked render: which frames of which clip, rendered how; stored in the part as a tag.

import ZoetropeImages
import ZoetropeMedia
import ZoetropeTiming

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a file rendered from part of a clip belongs, written into the file
/// (MP4/MOV/WebM metadata, an APNG `tEXt` chunk, a GIF comment) under the key
/// `zoetrope-part`, so that joining parts (``ClipConcat``) can put them in
/// order and refuse parts that do not belong together.
///
/// The tag is a JSON object, version 1:
///
///     {"zoetrope-part": 1, "frames": [100, 200], "clipFrames": 300, "fps": [30, 1],
///      "scene": "9f86d081884c7d65", "render": "scale=1",
///      "encoding": "h264 mp4 64x48 fps=30 crf=18 preset=medium tune=animation"}
///
/// `frames` is the half-open range `A..<B` of frame indices the part holds
/// (frame `i` shows clip time `i / fps`); `clipFrames` the clip's frame count;
/// `fps` the frame rate as numerator and denominator;
/// `scene` a fingerprint of the scene file's bytes (FNV-1a, 64 bits: it
/// catches mixed-up parts, it is no security check); `render` and `encoding`
/// say, readably, what else decided the pixels and the bitstream. Parts join
/// only when all but `frames` are equal.
package struct ClipPart: Sendable, Hashable, Codable {
  /// The version of the tag's format.
  package static let version = 1
  /// The key the tag is stored under.
  package static let key = "zoetrope-part"

  /// The frame indices the part holds (non-empty, within `0..<clipFrameCount`).
  package var frames: Range<Int>
  /// How many frames the whole clip has.
  package var clipFrameCount: Int
  /// The clip's frame rate.
  package var frameRate: FrameRate
  /// A fingerprint of the scene file (``fingerprint(of:)``).
  package var scene: String
  /// Render settings that change the pixels: frame rate, scale, duration.
  package var render: String
  /// Encoder settings (filled in by ``RenderOutput``): codec, size, quality, palette.
  package var encoding: String

  /// A part holding `frames` of a clip of `clipFrameCount` frames.
  package init(frames: Range<Int>, clipFrameCount: Int, frameRate: FrameRate, scene: String, render: String,
               encoding: String = "") {
    self.frames = frames
    self.clipFrameCount = clipFrameCount
    self.frameRate = frameRate
    self.scene = scene
    self.render = render
    self.encoding = encoding
  }

  /// Frames `chunk`-th of `count` contiguous, nearly equal ranges of
  /// `0..<frameCount`, counting chunks from 0: chunk `i` holds frames
  /// `⌊i·F/N⌋ ..< ⌊(i+1)·F/N⌋`. Chunk sizes differ by at most one frame and
  /// every chunk is non-empty when `count ≤ frameCount`. `nil` when `chunk`
  /// is not in `0..<count`, `count < 1` or `count > frameCount`.
  package static func chunk(_ chunk: Int, of count: Int, frameCount: Int) -> Range<Int>? {
    guard count >= 1, count <= frameCount, chunk >= 0, chunk < count else { return nil }
    // i·F/N in double width: exact for any frame count.
    func scaled(_ i: Int) -> Int { count.dividingFullWidth(i.multipliedFullWidth(by: frameCount)).quotient }
    return scaled(chunk)..<scaled(chunk + 1)
  }

  /// The FNV-1a 64-bit hash of `bytes` as 16 hexadecimal digits.
  package static func fingerprint(of bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  private enum CodingKeys: String, CodingKey {
    case version = "zoetrope-part", frames, clipFrameCount = "clipFrames", frameRate = "fps", scene, render, encoding
  }

  /// Decodes the tag's JSON fields.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let version = try container.decode(Int.self, forKey: .version)
    guard version == ClipPart.version else {
      throw DecodingError.dataCorruptedError(forKey: .version, in: container,
                                             debugDescription: "version \(version); this zoetrope reads version 1")
    }
    let bounds = try container.decode([Int].self, forKey: .frames)
    clipFrameCount = try container.decode(Int.self, forKey: .clipFrameCount)
    guard bounds.count == 2, bounds[0] >= 0, bounds[0] < bounds[1], bounds[1] <= clipFrameCount else {
      throw DecodingError.dataCorruptedError(forKey: .frames, in: container,
                                             debugDescription: "frames must be [A, B] with 0 ≤ A < B ≤ clipFrames")
    }
    frames = bounds[0]..<bounds[1]
    let rate = try container.decode([Int].self, forKey: .frameRate)
    guard rate.count == 2, rate[0] > 0, rate[1] > 0 else {
      throw DecodingError.dataCorruptedError(forKey: .frameRate, in: container,
                                             debugDescription: "fps must be [numerator, denominator], both positive")
    }
    frameRate = FrameRate(numerator: rate[0], denominator: rate[1])
    scene = try container.decode(String.self, forKey: .scene)
    render = try container.decode(String.self, forKey: .render)
    encoding = try container.decode(String.self, forKey: .encoding)
  }

  /// Encodes the tag's JSON fields.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(ClipPart.version, forKey: .version)
    try container.encode([frames.lowerBound, frames.upperBound], forKey: .frames)
    try container.encode(clipFrameCount, forKey: .clipFrameCount)
    try container.encode([frameRate.numerator, frameRate.denominator], forKey: .frameRate)
    try container.encode(scene, forKey: .scene)
    try container.encode(render, forKey: .render)
    try container.encode(encoding, forKey: .encoding)
  }

  /// The tag's text: one line of JSON, keys in a fixed order.
  package var tag: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(self)) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }

  /// The part a tag describes; throws a readable reason when the text is not a
  /// version-1 tag.
  package init(tag: String) throws(MediaError) {
    do {
      self = try JSONDecoder().decode(ClipPart.self, from: Data(tag.utf8))
    } catch let error as DecodingError {
      throw MediaError(path: "", reason: "its zoetrope-part tag is not readable (\(ClipPart.describe(error)))")
    } catch {
      throw MediaError(path: "", reason: "its zoetrope-part tag is not readable")
    }
  }

  private static func describe(_ error: DecodingError) -> String {
    switch error {
    case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
      .valueNotFound(_, let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }
}
