// SPDX-License-Identifier: Apache-2.0
// Video files in: decoded frames as RGBA, for tests and comparisons.

import CZoetropeVideo
import ZoetropeImages
import ZoetropeMedia
import ZoetropeTiming

/// Decodes a video file frame by frame into straight-alpha RGBA8.
package final class VideoReader {
  /// What the file's video stream holds.
  package struct Info: Sendable, Hashable {
    /// libavformat's name of the container ("mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm", "apng").
    package var container: String
    /// The codec ("h264", "hevc", "prores", "vp9", "apng").
    package var codec: String
    /// The encoded pixel format ("yuv420p", "yuva444p10le", …).
    package var pixelFormat: String
    /// The encoded size.
    package var width: Int, height: Int
    /// The average frame rate as a fraction.
    package var frameRate: FrameRate
    /// FFmpeg's colour enums: 1 is BT.709 for primaries, transfer and matrix; range 1 is limited (MPEG).
    package var colorPrimaries: Int, colorTransfer: Int, colorSpace: Int, colorRange: Int
    /// The codec profile (ProRes 4444 is 4).
    package var profile: Int
    /// The stream's `alpha_mode` tag (WebM), 0 when absent.
    package var alphaMode: Int

    /// Every field equal.
    package static func == (a: Info, b: Info) -> Bool {
      a.container == b.container && a.codec == b.codec && a.pixelFormat == b.pixelFormat && a.width == b.width
        && a.height == b.height && a.frameRate == b.frameRate && a.colorPrimaries == b.colorPrimaries
        && a.colorTransfer == b.colorTransfer && a.colorSpace == b.colorSpace && a.colorRange == b.colorRange
        && a.profile == b.profile && a.alphaMode == b.alphaMode
    }

    /// Hashes the codec and size.
    package func hash(into hasher: inout Hasher) { hasher.combine(codec); hasher.combine(width); hasher.combine(height) }
  }

  /// The file being read.
  package let path: String
  /// Its video stream.
  package let info: Info
  private let reader: OpaquePointer

  /// Opens `path` and describes its best video stream.
  package init(path: String) throws(MediaError) {
    self.path = path
    var handle: OpaquePointer?
    var raw = zt_video_info()
    var buffer = [CChar](repeating: 0, count: 512)
    guard zt_video_reader_open(path, &handle, &raw, &buffer, buffer.count) == 0, let handle else {
      throw MediaError(path: path, message: buffer)
    }
    reader = handle
    func text<T>(_ tuple: T) -> String {
      withUnsafeBytes(of: tuple) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
    info = Info(container: text(raw.container), codec: text(raw.codec), pixelFormat: text(raw.pixel_format),
                width: Int(raw.width), height: Int(raw.height),
                frameRate: FrameRate(numerator: Swift.max(Int(raw.fps_num), 1), denominator: Swift.max(Int(raw.fps_den), 1)), colorPrimaries: Int(raw.color_primaries),
                colorTransfer: Int(raw.color_trc), colorSpace: Int(raw.colorspace), colorRange: Int(raw.color_range),
                profile: Int(raw.profile), alphaMode: Int(raw.alpha_mode))
  }

  deinit { zt_video_reader_close(reader) }

  /// The next frame at the stream's size and its time in seconds, or `nil` after the last.
  package func next() throws(MediaError) -> (image: RGBAImage, seconds: Double)? {
    var pixels = [UInt8](repeating: 0, count: 4 * info.width * info.height)
    var seconds = 0.0
    var buffer = [CChar](repeating: 0, count: 512)
    let status = pixels.withUnsafeMutableBufferPointer {
      zt_video_reader_next(reader, $0.baseAddress, Int32(info.width), Int32(info.height), &seconds, &buffer,
                           buffer.count)
    }
    if status == Int32(ZT_END.rawValue) { return nil }
    guard status == 0 else { throw MediaError(path: path, message: buffer) }
    return (RGBAImage(width: info.width, height: info.height, pixels: pixels), seconds)
  }

  /// Whether an MP4/MOV file has its index (`moov`) before the media data (`+faststart`).
  package static func hasIndexAtFront(_ path: String) -> Bool { zt_video_moov_before_mdat(path) == 1 }
}
