// SPDX-License-Identifier: Apache-2.0
// Video files out: RGBA frames encoded through the FFmpeg shim.

import CZoetropeVideo
import ZoetropeImages
import ZoetropeMedia
import ZoetropeTiming

/// The video codecs Zoetrope writes, each with its container and pixel format.
public enum VideoCodec: String, Sendable, CaseIterable {
  /// H.264 (libx264), yuv420p, BT.709 — MP4.
  case h264
  /// H.265 (libx265), yuv420p, BT.709, tagged `hvc1` — MP4.
  case hevc
  /// ProRes 4444 (prores_ks) with alpha, yuva444p10le — MOV.
  case prores
  /// VP9 (libvpx) with alpha, yuva420p, `alpha_mode` tagged — WebM.
  case vp9
  /// Animated PNG, straight-alpha RGBA8, lossless.
  case apng

  var encoder: String {
    switch self {
    case .h264: "libx264"
    case .hevc: "libx265"
    case .prores: "prores_ks"
    case .vp9: "libvpx-vp9"
    case .apng: "apng"
    }
  }

  var pixelFormat: String {
    switch self {
    case .h264, .hevc: "yuv420p"
    case .prores: "yuva444p10le"
    case .vp9: "yuva420p"
    case .apng: "rgba"
    }
  }

  /// Whether the pixel format halves chroma in both directions (then the
  /// encoded size must be even).
  var subsamplesChroma: Bool { self == .h264 || self == .hevc || self == .vp9 }

  /// Whether the output keeps the alpha channel.
  public var keepsAlpha: Bool { self == .prores || self == .vp9 || self == .apng }
}

/// Encoder settings of a ``VideoWriter``.
public struct VideoSettings: Sendable {
  /// The codec (and so the pixel format).
  public var codec: VideoCodec
  /// libavformat's muxer name: "mp4", "mov", "webm", "apng".
  public var container: String
  /// Frames per second: frame i is at i × denominator / numerator seconds.
  public var frameRate: FrameRate
  /// Constant-quality factor (x264/x265/VP9 `crf`), `nil` for the default.
  public var crf: Int?
  /// Encoder preset (x264/x265), `nil` for the default.
  public var preset: String?
  /// Encoder tuning (x264/x265 `tune`: "animation" suits flat vector art), `nil` for none.
  public var tune: String?
  /// APNG plays (0 = forever), `nil` for the muxer default.
  public var loop: Int?
  /// Encoder threads, 0 = one per core.
  public var threads: Int
  /// The first frame's timestamp, in frames: a part of a longer clip starts at its first frame's index.
  package var firstFrame = 0
  /// The ``ClipPart`` tag stored in the file, or `nil` for none.
  package var partTag: String?

  /// Settings for `codec` in `container` at `frameRate`.
  public init(codec: VideoCodec, container: String, frameRate: FrameRate, crf: Int? = nil,
              preset: String? = nil, tune: String? = nil, loop: Int? = nil, threads: Int = 0) {
    self.tune = tune
    self.codec = codec
    self.container = container
    self.frameRate = frameRate
    self.crf = crf
    self.preset = preset
    self.loop = loop
    self.threads = threads
  }
}

/// Writes RGBA frames into a video file at `path` (directly: callers that
/// want atomic output pass a temporary path). Frames must all be
/// `width × height`. For 4:2:0 codecs an odd width or height is padded to
/// the next even number by repeating the last column or row (the encoded
/// video is then one pixel larger; nothing is cut off or scaled).
public final class VideoWriter {
  /// The file being written.
  public let path: String
  /// The frame size pushed.
  public let width: Int, height: Int
  /// The encoded size (even for 4:2:0 codecs).
  public let encodedWidth: Int, encodedHeight: Int
  private var writer: OpaquePointer?
  private var padded: [UInt8] = []

  /// Opens the file and the encoder. Throws a ``MediaError`` with FFmpeg's
  /// message when the codec is missing or any setting is refused.
  public init(path: String, width: Int, height: Int, settings: VideoSettings) throws(MediaError) {
    self.path = path
    self.width = width
    self.height = height
    let even = settings.codec.subsamplesChroma
    encodedWidth = even ? (width + 1) & ~1 : width
    encodedHeight = even ? (height + 1) & ~1 : height
    guard width > 0, height > 0 else {
      throw MediaError(path: path, reason: "a video needs a positive size")
    }
    var buffer = [CChar](repeating: 0, count: 512)
    var handle: OpaquePointer?
    let codec = settings.codec
    let status = path.withCString { cPath in
      settings.container.withCString { container in
        codec.encoder.withCString { encoder in
          codec.pixelFormat.withCString { pixelFormat in
            (settings.preset ?? "").withCString { preset in
              (codec == .prores ? "4444" : "").withCString { profile in
              (settings.tune ?? "").withCString { tune in
              (settings.partTag ?? "").withCString { partTag in
                var options = zt_video_options(
                  path: cPath, container: container, codec: encoder, pixel_format: pixelFormat, preset: preset,
                  profile: profile, tune: tune, width: Int32(width), height: Int32(height),
                  encoded_width: Int32(encodedWidth), encoded_height: Int32(encodedHeight),
                  fps_num: Int32(settings.frameRate.numerator), fps_den: Int32(settings.frameRate.denominator),
                  crf: Int32(settings.crf ?? -1), gop_size: 0, threads: Int32(settings.threads),
                  rgb: codec == .apng ? 1 : 0, faststart: settings.container == "mp4" || settings.container == "mov" ? 1 : 0,
                  alpha_mode: codec == .vp9 ? 1 : 0, loop: Int32(settings.loop ?? -1),
                  first_frame: Int64(settings.firstFrame), part_tag: partTag)
                return zt_video_open(&options, &handle, &buffer, buffer.count)
              }
              }
              }
            }
          }
        }
      }
    }
    guard status == 0, let handle else { throw MediaError(path: path, message: buffer) }
    writer = handle
  }

  deinit {
    if let writer { zt_video_abort(writer) }
  }

  /// Whether this FFmpeg can encode `codec`.
  public static func supports(_ codec: VideoCodec) -> Bool { zt_video_has_encoder(codec.encoder) != 0 }

  /// Encodes the next frame (straight-alpha RGBA, `width × height`).
  public func write(_ frame: RGBAImage) throws(MediaError) {
    guard let writer else { throw MediaError(path: path, reason: "the video is already finished") }
    guard frame.width == width, frame.height == height else {
      throw MediaError(path: path, reason: "frame is \(frame.width)×\(frame.height), the video \(width)×\(height)")
    }
    var buffer = [CChar](repeating: 0, count: 512)
    let status: Int32
    if encodedWidth == width && encodedHeight == height {
      status = frame.pixels.withUnsafeBufferPointer { zt_video_write(writer, $0.baseAddress, &buffer, buffer.count) }
    } else {
      pad(frame)
      status = padded.withUnsafeBufferPointer { zt_video_write(writer, $0.baseAddress, &buffer, buffer.count) }
    }
    guard status == 0 else { throw MediaError(path: path, message: buffer) }
  }

  /// Encodes a frame converted beforehand (possibly on another thread) as the next frame.
  package func write(_ frame: ConvertedVideoFrame) throws(MediaError) {
    guard let writer else { throw MediaError(path: path, reason: "the video is already finished") }
    guard let handle = frame.take() else { throw MediaError(path: path, reason: "the converted frame was already written") }
    var buffer = [CChar](repeating: 0, count: 512)
    guard zt_video_write_converted(writer, handle, &buffer, buffer.count) == 0 else {
      throw MediaError(path: path, message: buffer)
    }
  }

  /// A converter of RGBA frames into this video's pixel format, for use on
  /// another thread (one converter per thread).
  package func makeConverter() throws(MediaError) -> VideoFrameConverter {
    guard let writer, let handle = zt_video_converter_create(writer) else {
      throw MediaError(path: path, reason: "could not create a frame converter")
    }
    return VideoFrameConverter(handle: handle, width: width, height: height, encodedWidth: encodedWidth,
                               encodedHeight: encodedHeight)
  }

  /// Flushes the encoder and completes the file.
  public func finish() throws(MediaError) {
    guard let writer else { return }
    self.writer = nil
    var buffer = [CChar](repeating: 0, count: 512)
    guard zt_video_finish(writer, &buffer, buffer.count) == 0 else {
      throw MediaError(path: path, message: buffer)
    }
  }

  /// Copies `frame` into the even-sized buffer, repeating its last column and row.
  private func pad(_ frame: RGBAImage) {
    VideoWriter.pad(frame, into: &padded, encodedWidth: encodedWidth, encodedHeight: encodedHeight)
  }

  /// Copies `frame` into `padded` (`encodedWidth × encodedHeight`), repeating its last column and row.
  static func pad(_ frame: RGBAImage, into padded: inout [UInt8], encodedWidth: Int, encodedHeight: Int) {
    let rowBytes = 4 * encodedWidth
    let width = frame.width, height = frame.height
    if padded.count != rowBytes * encodedHeight { padded = [UInt8](repeating: 0, count: rowBytes * encodedHeight) }
    frame.pixels.withUnsafeBufferPointer { source in
      padded.withUnsafeMutableBufferPointer { target in
        for y in 0..<encodedHeight {
          let sy = Swift.min(y, height - 1)
          let from = source.baseAddress! + 4 * width * sy, to = target.baseAddress! + rowBytes * y
          to.update(from: from, count: 4 * width)
          for x in width..<encodedWidth { (to + 4 * x).update(from: from + 4 * (width - 1), count: 4) }
        }
      }
    }
  }
}

/// A frame already converted to a video's pixel format, waiting to be
/// encoded; freed if never written.
package final class ConvertedVideoFrame: @unchecked Sendable {
  private var handle: OpaquePointer?

  init(_ handle: OpaquePointer) { self.handle = handle }

  deinit { if let handle { zt_video_frame_free(handle) } }

  /// Hands the frame over (once).
  func take() -> OpaquePointer? {
    defer { handle = nil }
    return handle
  }
}

/// Converts RGBA frames into one video's pixel format (with its matrix,
/// range and padding), independently of the writer: one per thread lets
/// frames be converted while others encode.
package final class VideoFrameConverter: @unchecked Sendable {
  private let handle: OpaquePointer
  private let width: Int, height: Int, encodedWidth: Int, encodedHeight: Int
  private var padded: [UInt8] = []

  init(handle: OpaquePointer, width: Int, height: Int, encodedWidth: Int, encodedHeight: Int) {
    self.handle = handle
    self.width = width
    self.height = height
    self.encodedWidth = encodedWidth
    self.encodedHeight = encodedHeight
  }

  deinit { zt_video_converter_free(handle) }

  /// Converts `frame` (`width × height`, straight-alpha RGBA).
  package func convert(_ frame: RGBAImage) throws(MediaError) -> ConvertedVideoFrame {
    guard frame.width == width, frame.height == height else {
      throw MediaError(path: "(converter)", reason: "frame is \(frame.width)×\(frame.height), the video \(width)×\(height)")
    }
    var converted: OpaquePointer?
    var buffer = [CChar](repeating: 0, count: 512)
    let status: Int32
    if encodedWidth == width && encodedHeight == height {
      status = frame.pixels.withUnsafeBufferPointer { zt_video_convert(handle, $0.baseAddress, &converted, &buffer, buffer.count) }
    } else {
      VideoWriter.pad(frame, into: &padded, encodedWidth: encodedWidth, encodedHeight: encodedHeight)
      status = padded.withUnsafeBufferPointer { zt_video_convert(handle, $0.baseAddress, &converted, &buffer, buffer.count) }
    }
    guard status == 0, let converted else { throw MediaError(path: "(converter)", message: buffer) }
    return ConvertedVideoFrame(converted)
  }
}
