// SPDX-License-Identifier: Apache-2.0
// MP4, MOV and WebM parts: stream parameters compared, packets copied through libavformat.

import CZoetropeVideo
import ZoetropeImages
import ZoetropeMedia

/// Joining video parts by packet copy (the `zt_video_join_*` shim).
enum VideoParts: PartFormat {
  /// The stream parameters that must be identical for packets to be copied
  /// into one stream: a decoder set up for the first part must decode all.
  struct Header: Equatable {
    var codec: String
    var pixelFormat: String
    var width: Int, height: Int
    var timeBase: String
    var codecTag: UInt32
    var profile: Int
    var color: [Int]
    var alphaMode: Int
    var extradata: [UInt8]
  }

  static func describe(_ path: String) throws(MediaError) -> (tag: String?, header: Header) {
    let (part, info) = try open(path)
    defer { zt_video_part_close(part) }
    let size = Int(info.extradata_size)
    var extradata = [UInt8](repeating: 0, count: size)
    _ = extradata.withUnsafeMutableBufferPointer { zt_video_part_extradata(part, $0.baseAddress, Int32(size)) }
    let header = Header(
      codec: text(info.codec), pixelFormat: text(info.pixel_format), width: Int(info.width), height: Int(info.height),
      timeBase: "\(info.time_base_num)/\(info.time_base_den)",
      codecTag: info.codec_tag, profile: Int(info.profile),
      color: [Int(info.color_primaries), Int(info.color_trc), Int(info.colorspace), Int(info.color_range)],
      alphaMode: Int(info.alpha_mode), extradata: extradata)
    guard !header.pixelFormat.isEmpty, header.width > 0, header.height > 0 else {
      throw MediaError(path: path, reason: "its video stream cannot be read (no pixel format or size): truncated or damaged")
    }
    return (text(info.tag), header)
  }

  static func difference(_ a: Header, _ b: Header) -> String {
    if a.codec != b.codec { return "codec \(a.codec) against \(b.codec)" }
    if a.width != b.width || a.height != b.height { return "size \(a.width)x\(a.height) against \(b.width)x\(b.height)" }
    if a.pixelFormat != b.pixelFormat { return "pixel format \(a.pixelFormat) against \(b.pixelFormat)" }
    if a.timeBase != b.timeBase { return "time base \(a.timeBase) against \(b.timeBase)" }
    if a.extradata != b.extradata {
      return "the codec's stream headers (extradata) differ: were the parts encoded by different FFmpeg or "
        + "encoder versions?"
    }
    return "the stream parameters (codec tag, profile, colour tags or alpha) differ"
  }

  static func join(_ parts: [DescribedPart<Header>], into path: String, container: String) throws(MediaError) {
    var buffer = [CChar](repeating: 0, count: 512)
    let (model, _) = try open(parts[0].path)
    var joiner: OpaquePointer?
    let mov = container != "webm"
    let status = zt_video_join_open(path, container, model, mov ? 1 : 0,
                                    mov ? Int32(parts[0].part.frameRate.numerator) : 0, &joiner, &buffer, buffer.count)
    zt_video_part_close(model)
    guard status == 0, let joiner else { throw MediaError(path: path, message: buffer) }
    var finished = false
    defer { if !finished { zt_video_join_abort(joiner) } }
    for described in parts {
      let (part, _) = try open(described.path)
      defer { zt_video_part_close(part) }
      let frames = described.part.frames
      let rate = described.part.frameRate
      var copied: Int64 = 0
      guard zt_video_join_append(joiner, part, Int64(frames.lowerBound), Int64(frames.count), Int32(rate.numerator),
                                 Int32(rate.denominator), &copied, &buffer, buffer.count) == 0
      else { throw MediaError(path: described.path, message: buffer) }
    }
    finished = true
    guard zt_video_join_finish(joiner, &buffer, buffer.count) == 0 else { throw MediaError(path: path, message: buffer) }
  }

  private static func open(_ path: String) throws(MediaError) -> (OpaquePointer, zt_video_part_info) {
    var handle: OpaquePointer?
    var info = zt_video_part_info()
    var buffer = [CChar](repeating: 0, count: 512)
    guard zt_video_part_open(path, &handle, &info, &buffer, buffer.count) == 0, let handle else {
      throw MediaError(path: path, message: buffer)
    }
    return (handle, info)
  }

  private static func text<T>(_ tuple: T) -> String {
    withUnsafeBytes(of: tuple) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
  }
}
