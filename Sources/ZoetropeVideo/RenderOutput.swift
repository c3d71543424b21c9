// SPDX-License-Identifier: Apache-2.0
// Where a clip goes: the format a path asks for, the encoder's defaults, and the sink that writes it.

import ZoetropeGeometry
import ZoetropeImages
import ZoetropeMedia
import ZoetropeTiming

/// What a rendered clip is written to, and how: the one place that turns an
/// output path (and an optional codec) into a format, fills in the encoder
/// defaults, and builds the ``FrameSink``. The `zoetrope render` command and
/// Swift code share it.
///
/// The format follows the path: `.mp4` (H.264, or H.265), `.mov` (ProRes 4444
/// with alpha, or H.264/H.265), `.webm` (VP9 with alpha), `.gif`, `.apng`, a
/// PNG pattern with a frame field (`frames/%04d.png`), or a folder ending in
/// `/` (frames as `0000.png`, `0001.png`, …).
///
///     let output = try RenderOutput(path: "clip.mp4")
///     let sink = try output.makeSink(width: 1280, height: 720, frameRate: FrameRate(30))
public struct RenderOutput: Sendable {
  /// The kinds of output.
  public enum Format: Sendable, Hashable {
    /// A video file: the codec and libavformat's muxer name (`mp4`, `mov`, `webm`, `apng`).
    case video(VideoCodec, container: String)
    /// An animated GIF.
    case gif
    /// One PNG per frame, numbered by frame index through a `printf`-style pattern.
    case pngSequence(pattern: String)
  }

  /// The requested path, pattern or folder.
  public let path: String
  /// The format the path asks for.
  public let format: Format
  /// Constant-quality factor, lower is better; `nil` for the codec's default
  /// (``defaultCRF(for:)``). Ignored by ProRes, APNG, GIF and PNG.
  public var crf: Int?
  /// x264/x265 preset (`ultrafast` … `veryslow`); `nil` for `medium`. Ignored by other codecs.
  public var preset: String?
  /// GIF and APNG: how many times the clip plays. 0 (the default) or less
  /// plays it forever, 1 once, n n times. APNG stores n as its number of
  /// plays; GIF stores n − 1 as the NETSCAPE2.0 loop count (the repeats
  /// after the first play, as browsers read it), and no loop extension for 1.
  /// GIF can say at most 65,536 plays; more are written as 65,536.
  public var loop = 0
  /// GIF: ordered dithering when the clip has more than 255 colours. Pixels
  /// whose exact colour is in the palette are left undithered, so flat
  /// areas stay flat.
  public var dither = false
  /// GIF: the colour the GIF will be shown on. GIF transparency is one bit:
  /// with a matte, every partially transparent pixel is blended over it and
  /// becomes opaque (anti-aliased edges stay smooth on that background),
  /// while fully transparent pixels stay transparent. The matte's alpha is
  /// ignored. `nil` (the default) rounds alpha to transparent (below 128) or
  /// opaque, and ``notices(after:)`` then warns when that happened.
  public var matte: Color?
  /// PNG sequences: the compression; `nil` for `fast`.
  public var pngCompression: RGBAImage.PNGCompression?
  /// A part of a longer clip (`render --chunk` or `--frames`): video
  /// timestamps start at the part's first frame and the file carries the
  /// part's tag; `nil` for a whole clip. See ``ClipPart``.
  package var part: ClipPart?
  /// GIF: a palette chosen beforehand for the whole clip (`render --palette`).
  package var sharedPalette: SharedGIFPalette?

  /// The output for `path`; `codec` chooses among the codecs its container
  /// takes (the container's first by default). Throws, naming the path, for
  /// an unknown extension, a codec the container cannot hold, or a `.png`
  /// name without a frame-number field.
  public init(path: String, codec: VideoCodec? = nil) throws(MediaError) {
    self.path = path
    format = try RenderOutput.format(of: path, codec: codec)
  }

  /// The format `path` asks for.
  static func format(of path: String, codec: VideoCodec?) throws(MediaError) -> Format {
    let lower = path.lowercased()
    func video(_ container: String, _ allowed: [VideoCodec]) throws(MediaError) -> Format {
      let chosen = codec ?? allowed[0]
      guard allowed.contains(chosen) else {
        throw MediaError(path: path, reason: "codec \(chosen.rawValue) cannot go in .\(container); use "
          + allowed.map(\.rawValue).joined(separator: ", "))
      }
      return .video(chosen, container: container)
    }
    if path.hasSuffix("/") {
      guard codec == nil else { throw MediaError(path: path, reason: "a PNG sequence takes no codec") }
      return .pngSequence(pattern: path + "%04d.png")
    }
    if lower.hasSuffix(".png") {
      guard path.contains("%") else {
        throw MediaError(path: path, reason: "name PNG sequences with a frame-number field (frames/%04d.png) "
          + "or end a folder with /; use .apng for an animated PNG")
      }
      guard codec == nil else { throw MediaError(path: path, reason: "a PNG sequence takes no codec") }
      return .pngSequence(pattern: path)
    }
    if lower.hasSuffix(".mp4") { return try video("mp4", [.h264, .hevc]) }
    if lower.hasSuffix(".mov") { return try video("mov", [.prores, .h264, .hevc]) }
    if lower.hasSuffix(".webm") { return try video("webm", [.vp9]) }
    if lower.hasSuffix(".apng") { return try video("apng", [.apng]) }
    if lower.hasSuffix(".gif") {
      guard codec == nil else { throw MediaError(path: path, reason: "a GIF takes no codec") }
      return .gif
    }
    throw MediaError(path: path, reason: "unknown output format; use .mp4, .mov, .webm, .gif, .apng, "
      + "frames/%04d.png or a folder/")
  }

  /// The constant-quality factor a codec gets when none is given: 18 for
  /// H.264, 22 for H.265 (about the same quality), 30 for VP9; `nil` for
  /// ProRes and APNG, which have none.
  public static func defaultCRF(for codec: VideoCodec) -> Int? {
    switch codec {
    case .h264: 18
    case .hevc: 22
    case .vp9: 30
    case .prores, .apng: nil
    }
  }

  /// The encoder settings for a video format at `frameRate`; `nil` for GIF and PNG.
  public func videoSettings(frameRate: FrameRate) -> VideoSettings? {
    guard case .video(let codec, let container) = format else { return nil }
    let x26x = codec == .h264 || codec == .hevc
    return VideoSettings(codec: codec, container: container, frameRate: frameRate,
                         crf: crf ?? RenderOutput.defaultCRF(for: codec), preset: x26x ? (preset ?? "medium") : nil,
                         tune: codec == .h264 ? "animation" : nil, loop: codec == .apng ? loop : nil)
  }

  /// Things worth telling the user before a `width × height` render at
  /// `frameRate` starts (they do not stop it): a GIF faster than 50 fps, which
  /// viewers slow down; an odd width or height that a 4:2:0 codec (H.264,
  /// H.265, VP9) pads to even by repeating the last column or row.
  public func notices(width: Int, height: Int, frameRate: FrameRate) -> [String] {
    var notices: [String] = []
    switch format {
    case .gif where frameRate.framesPerSecond > 50:
      notices.append("GIF counts time in centiseconds and most viewers slow frames shorter than 2 cs; "
        + "\(frameRate) fps will not play at its rate (50 fps or less will)")
    case .video(let codec, _) where codec.subsamplesChroma && (width % 2 != 0 || height % 2 != 0):
      let paddedWidth = width + width % 2, paddedHeight = height + height % 2
      let what = width % 2 != 0 && height % 2 != 0 ? "last column and row" : width % 2 != 0 ? "last column" : "last row"
      let name = codec == .h264 ? "H.264" : codec == .hevc ? "H.265" : "VP9"
      notices.append("\(name) stores colour at half resolution (4:2:0), which needs an even size: "
        + "the \(width)×\(height) frames are encoded as \(paddedWidth)×\(paddedHeight) by repeating the \(what); "
        + "render at an even size for exact dimensions")
    default:
      break
    }
    return notices
  }

  /// Things worth telling the user after `sink` (made by ``makeSink(width:height:frameRate:)``)
  /// has written the clip: a GIF without a ``matte`` whose partially
  /// transparent pixels were rounded to one bit. Empty for other sinks.
  public func notices(after sink: any FrameSink) -> [String] {
    guard let gif = sink as? GIFSink, gif.roundedPartialTransparency else { return [] }
    return ["GIF transparency is one bit, so the clip's partially transparent pixels (anti-aliased edges over a "
      + "clear background) became fully transparent or opaque and its edges look jagged; a matte (--matte COLOR, "
      + "the colour of the page the GIF goes on) blends them over that colour instead"]
  }

  /// The sink that writes `width × height` frames at `frameRate` to ``path``.
  /// Nothing appears under the path until the sink finishes. Refused before
  /// anything is written: an output that would replace something other than
  /// a regular file (a device, a FIFO, a link, a folder), or one of `inputs`
  /// (compared by device and inode, so any spelling of the name counts).
  public func makeSink(width: Int, height: Int, frameRate: FrameRate,
                       protecting inputs: [String] = []) throws(MediaError) -> any FrameSink {
    if case .pngSequence = format {} else {
      try AtomicOutput.checkReplaceable(path)
      try AtomicOutput.checkNotAnInput(path, inputs: inputs)
    }
    let tag = partTag(width: width, height: height, frameRate: frameRate)
    switch format {
    case .pngSequence(let pattern):
      return try PNGSequenceSink(pattern: pattern, compression: pngCompression ?? .fast, protecting: inputs)
    case .gif:
      return GIFSink(path: path, width: width, height: height, frameRate: frameRate.framesPerSecond, plays: loop,
                     dither: dither, matte: matte, palette: sharedPalette, partTag: tag)
    case .video:
      var settings = videoSettings(frameRate: frameRate)!
      settings.firstFrame = part?.frames.lowerBound ?? 0
      settings.partTag = tag
      return try VideoSink(path: path, width: width, height: height, settings: settings)
    }
  }
}
