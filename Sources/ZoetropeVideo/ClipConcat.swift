// SPDX-License-Identifier: Apache-2.0
// Joining the parts of a chunked render into one file without decoding: checks, order, atomic output.

import ZoetropeImages
import ZoetropeMedia

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Joins files rendered as parts of one clip (`zoetrope render --chunk I/N`
/// or `--frames A..<B`) into the file a single render would have written,
/// copying their compressed frames: MP4 and MOV (H.264, H.265, ProRes) and
/// WebM (VP9) packet by packet through libavformat, APNG chunk by chunk, GIF
/// block by block. Nothing is decoded or encoded.
///
/// Before writing anything it checks that every part carries a
/// ``ClipPart`` tag, that all were rendered from the same scene with the same
/// render and encoding settings and have identical stream parameters, and
/// that their frames, put in order, cover the clip exactly once (a missing,
/// duplicated or overlapping part is an error naming it). While copying it
/// checks that each part holds every frame its tag promises (a truncated part
/// fails). The output is written under a temporary name and renamed when
/// complete.
package struct ClipConcat {
  /// The kinds of file that join.
  package enum Kind: Equatable, Sendable {
    /// MP4, MOV or WebM: the libavformat muxer name.
    case video(container: String)
    /// Animated PNG.
    case apng
    /// Animated GIF.
    case gif
  }

  /// The part files, in any order.
  package let parts: [String]
  /// The joined file.
  package let output: String
  /// What the output's name asks for.
  package let kind: Kind

  /// A join of `parts` into `output`; throws, naming the output, when its
  /// name is not a format that joins (PNG sequences need no joining) or no
  /// part is given.
  package init(parts: [String], output: String) throws(MediaError) {
    self.parts = parts
    self.output = output
    kind = try ClipConcat.kind(of: output)
    guard !parts.isEmpty else { throw MediaError(path: output, reason: "no parts to join") }
  }

  /// The kind of file `path` names.
  static func kind(of path: String) throws(MediaError) -> Kind {
    switch try RenderOutput.format(of: path, codec: nil) {
    case .video(.apng, _): return .apng
    case .video(_, let container): return .video(container: container)
    case .gif: return .gif
    case .pngSequence:
      throw MediaError(path: path, reason: "PNG sequences need no joining: every chunk writes its frames, "
        + "numbered by frame index, into the same folder")
    }
  }

  /// What was joined.
  package struct Summary: Sendable {
    /// Frames in the joined clip.
    package var frameCount: Int
    /// Parts joined.
    package var partCount: Int
  }

  /// Checks the parts and joins them; throws the first problem, naming the part.
  package func run() throws(MediaError) -> Summary {
    try refuseRepeatedFiles()
    for part in parts {
      let partKind: Kind
      do { partKind = try ClipConcat.kind(of: part) } catch { throw MediaError(path: part, reason: error.reason) }
      guard partKind == kind else {
        throw MediaError(path: part, reason: "is \(ClipConcat.name(of: partKind)), but \(output) asks for "
          + "\(ClipConcat.name(of: kind)); join parts into a file of their own kind")
      }
    }
    switch kind {
    case .video(let container): return try join(VideoParts.self, container: container)
    case .apng: return try join(APNGParts.self, container: "apng")
    case .gif: return try join(GIFParts.self, container: "gif")
    }
  }

  private static func name(of kind: Kind) -> String {
    switch kind {
    case .video(let container): container == "webm" ? "WebM" : container.uppercased()
    case .apng: "APNG"
    case .gif: "GIF"
    }
  }

  /// The same file named twice (also as another path to it) is an error, and
  /// so is an output that is one of the parts or not a regular file (a
  /// device, a FIFO, a link, a folder): it would be replaced.
  private func refuseRepeatedFiles() throws(MediaError) {
    var seen: [String: String] = [:]
    for path in parts {
      var info = stat()
      guard stat(path, &info) == 0 else { throw MediaError(path: path, reason: String(cString: strerror(errno))) }
      guard info.st_mode & S_IFMT == S_IFREG else { throw MediaError(path: path, reason: "is not a regular file") }
      let identity = "\(info.st_dev):\(info.st_ino)"
      if let earlier = seen[identity] {
        throw MediaError(path: path, reason: earlier == path ? "is given twice" : "is the same file as \(earlier)")
      }
      seen[identity] = path
    }
    try AtomicOutput.checkReplaceable(output)
    if let output = AtomicOutput.identity(of: output), let part = seen["\(output.device):\(output.inode)"] {
      throw MediaError(path: self.output, reason: "is one of the parts (\(part)); write the clip to another file")
    }
  }

  private func join<Format: PartFormat>(_ format: Format.Type, container: String) throws(MediaError) -> Summary {
    var described: [DescribedPart<Format.Header>] = []
    for path in parts {
      let (tag, header) = try Format.describe(path)
      guard let tag, !tag.isEmpty else {
        throw MediaError(path: path, reason: "is not a part of a chunked render (it has no zoetrope-part tag); "
          + "render parts with --chunk I/N or --frames A..<B")
      }
      let part: ClipPart
      do { part = try ClipPart(tag: tag) } catch { throw MediaError(path: path, reason: error.reason) }
      described.append(DescribedPart(path: path, part: part, header: header))
    }
    let first = described[0]
    for other in described.dropFirst() {
      try ClipConcat.checkSameClip(other, as: first)
      if other.header != first.header {
        throw MediaError(path: other.path, reason: "cannot be joined with \(first.path) without re-encoding: "
          + Format.difference(other.header, first.header))
      }
    }
    let ordered = try ClipConcat.inOrder(described.map { ($0.path, $0.part) }).map { described[$0] }
    let destination = AtomicOutput(path: output)
    do {
      try Format.join(ordered, into: destination.temporaryPath, container: container)
    } catch {
      destination.discard()
      throw error
    }
    try destination.commit()
    return Summary(frameCount: first.part.clipFrameCount, partCount: ordered.count)
  }

  /// Parts join only when they come from the same scene rendered the same way.
  static func checkSameClip<Header>(_ part: DescribedPart<Header>, as first: DescribedPart<Header>) throws(MediaError) {
    let a = part.part, b = first.part
    if a.scene != b.scene {
      throw MediaError(path: part.path, reason: "was rendered from a different scene than \(first.path) "
        + "(scene fingerprints \(a.scene) and \(b.scene))")
    }
    if a.render != b.render {
      throw MediaError(path: part.path, reason: "was rendered with other settings than \(first.path) "
        + "(\(a.render) against \(b.render))")
    }
    if a.frameRate != b.frameRate {
      throw MediaError(path: part.path, reason: "was rendered at \(a.frameRate) fps, \(first.path) at \(b.frameRate) fps")
    }
    if a.clipFrameCount != b.clipFrameCount {
      throw MediaError(path: part.path, reason: "belongs to a clip of \(a.clipFrameCount) frames, \(first.path) "
        + "to one of \(b.clipFrameCount)")
    }
    if a.encoding != b.encoding {
      throw MediaError(path: part.path, reason: "was encoded with other settings than \(first.path) "
        + "(\(a.encoding) against \(b.encoding))")
    }
  }

  /// The order of `parts` (indices) by first frame, after checking that they
  /// cover `0..<clipFrameCount` exactly once: no gap, no overlap, no part
  /// twice. Throws naming the part (or its neighbour) where it goes wrong.
  static func inOrder(_ parts: [(path: String, part: ClipPart)]) throws(MediaError) -> [Int] {
    let order = parts.indices.sorted {
      (parts[$0].part.frames.lowerBound, parts[$0].part.frames.upperBound, $0)
        < (parts[$1].part.frames.lowerBound, parts[$1].part.frames.upperBound, $1)
    }
    let total = parts[order[0]].part.clipFrameCount
    var covered = 0
    var previous: (path: String, part: ClipPart)?
    for index in order {
      let (path, part) = parts[index]
      let frames = part.frames
      if let previous, frames.lowerBound < covered {
        if frames == previous.part.frames {
          throw MediaError(path: path, reason: "holds the same frames as \(previous.path) "
            + "(\(ClipConcat.text(frames))): a part is given twice")
        }
        throw MediaError(path: path, reason: "holds frames \(ClipConcat.text(frames)), which overlap "
          + "\(previous.path)'s \(ClipConcat.text(previous.part.frames))")
      }
      if frames.lowerBound > covered {
        let missing = ClipConcat.text(covered..<frames.lowerBound)
        if let previous {
          throw MediaError(path: path, reason: "frames \(missing) are missing between \(previous.path) and this part")
        }
        throw MediaError(path: path, reason: "frames \(missing) are missing before this part (the first part "
          + "must start at frame 0)")
      }
      covered = frames.upperBound
      previous = (path, part)
    }
    if covered < total, let previous {
      throw MediaError(path: previous.path, reason: "frames \(ClipConcat.text(covered..<total)) are missing after "
        + "this part (the clip has \(total) frames)")
    }
    return order
  }

  static func text(_ frames: Range<Int>) -> String { "\(frames.lowerBound)..<\(frames.upperBound)" }
}

/// A part read for joining: where it is, what its tag says, and the
/// format's header that must be equal between parts.
struct DescribedPart<Header> {
  var path: String
  var part: ClipPart
  var header: Header
}

/// A kind of file that joins: how to read what must match, and how to copy.
protocol PartFormat {
  /// What must be equal between parts (stream parameters, palette, PNG header).
  associatedtype Header: Equatable
  /// A part's `zoetrope-part` tag (`nil` when it has none) and its header.
  static func describe(_ path: String) throws(MediaError) -> (tag: String?, header: Header)
  /// How two headers differ, readably.
  static func difference(_ a: Header, _ b: Header) -> String
  /// Writes the parts, in order, into `path` (a temporary name).
  static func join(_ parts: [DescribedPart<Header>], into path: String, container: String) throws(MediaError)
}
