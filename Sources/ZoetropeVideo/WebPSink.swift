// SPDX-License-Identifier: Apache-2.0
// A FrameSink writing an animated WebP through libwebp's WebPAnimEncoder.

import CZoetropeVideo
import ZoetropeImages
import ZoetropeMedia
import Synchronization

/// How an animated WebP is compressed.
public enum WebPCompression: Sendable, Hashable {
  /// Every frame lossless: flat colours, text and alpha decode to their exact
  /// bytes. `effort` 0…100 (default 75) trades time for size, not quality.
  case lossless(effort: Double = 75)
  /// Lossy colour (VP8) at `quality` 0…100 (default 75; higher is better and
  /// larger); alpha stays lossless.
  case lossy(quality: Double = 75)

  /// The range of `quality` and `effort`.
  public static let qualities: ClosedRange<Double> = 0...100
}

/// Writes an animated WebP atomically, through libwebp's `WebPAnimEncoder`:
/// alpha kept, each frame differenced against the one before in whichever
/// way codes smallest (libwebp's `minimize_size`), a frame equal to the one
/// before merged into it.
///
/// WebP counts time in milliseconds: frame i starts at `round(1000 i / fps)`
/// ms after the first frame written, each rounded from the exact time, so the
/// rounding never accumulates (at 30 fps frames last 33, 33 and 34 ms in
/// turn, and frame 30 starts at exactly 1,000 ms). libwebp keeps the encoded
/// frames in memory until ``finish()`` assembles the file.
public final class WebPSink: FrameSink {
  private struct State {
    var writer: OpaquePointer?
    var firstIndex: Int?
    var lastIndex = 0
  }
  private let output: AtomicOutput
  private let width: Int, height: Int
  private let frameRate: Double
  private let plays: Int
  private let compression: WebPCompression
  private let state = Mutex(State())

  /// The largest side libwebp takes, pixels.
  public static let maximumPixelsPerSide = 16_383
  /// The largest frame, in pixels: 2²⁵ (33.5 million, about 5,790 × 5,790).
  /// libwebp's animation encoder keeps several canvases of the frame's size
  /// and works on more, about 24 bytes a pixel: a bigger frame is refused
  /// before anything is rendered.
  public static let maximumPixels = 1 << 25
  /// The most frames an animated WebP may have: 50,000 (28 minutes at 30
  /// fps). libwebp keeps every encoded frame in memory and then assembles
  /// the file there too, so memory grows with the clip, where the other
  /// formats stream to disk; a longer clip is refused (`render` refuses it
  /// before rendering, this sink at the frame past the budget).
  public static let maximumFrames = 50_000

  /// An animated WebP of `width × height` frames at `frameRate` frames per
  /// second that plays `plays` times (0 or less: forever; WebP stores the
  /// number of plays, 65,535 at most). Throws, naming the path, for a size or
  /// quality out of range: nothing is rendered then.
  public init(path: String, width: Int, height: Int, frameRate: Double, plays: Int = 0,
              compression: WebPCompression = .lossless()) throws(MediaError) {
    output = AtomicOutput(path: path)
    self.width = width
    self.height = height
    self.frameRate = frameRate
    self.plays = plays <= 0 ? 0 : Swift.min(plays, 65535)
    self.compression = compression
    try WebPSink.check(width: width, height: height, compression: compression, path: path)
  }

  /// Refuses a size or a quality out of range (see ``maximumPixels``).
  static func check(width: Int, height: Int, compression: WebPCompression, path: String) throws(MediaError) {
    guard width >= 1, height >= 1, width <= maximumPixelsPerSide, height <= maximumPixelsPerSide else {
      throw MediaError(path: path, reason: "WebP frames are 1 to \(maximumPixelsPerSide) pixels a side "
        + "(got \(width)×\(height))")
    }
    guard width * height <= maximumPixels else {
      throw MediaError(path: path, reason: "a \(width)×\(height) frame is over the \(maximumPixels)-pixel budget of "
        + "an animated WebP (libwebp holds several canvases of it in memory); render at a smaller --scale")
    }
    let value: Double
    switch compression {
    case .lossless(let effort): value = effort
    case .lossy(let quality): value = quality
    }
    guard qualities.contains(value) else {
      throw MediaError(path: path, reason: "the WebP quality must be in 0…100 (got \(value))")
    }
  }

  private static var qualities: ClosedRange<Double> { WebPCompression.qualities }

  /// Frame `index`'s start on WebP's clock, in ms after frame `first`.
  package static func milliseconds(ofFrame index: Int, after first: Int, frameRate: Double) -> Int64 {
    func start(_ i: Int) -> Double { (Double(i) * 1000 / frameRate).rounded() }
    let exact = start(index) - start(first)
    return exact.isFinite ? Int64(Swift.min(Swift.max(exact, 0), Double(Int32.max))) : 0
  }

  /// Encodes the frame (the encoder starts with the first frame). Throws when
  /// libwebp refuses it.
  public func consume(_ frame: RGBAImage, index: Int) throws(MediaError) {
    let result: Result<Void, MediaError> = state.withLock { state in
      var message = [CChar](repeating: 0, count: 512)
      if let first = state.firstIndex, index - first >= WebPSink.maximumFrames {
        return .failure(MediaError(path: output.path, reason: "an animated WebP may have at most "
          + "\(WebPSink.maximumFrames) frames (libwebp assembles it in memory); render a shorter clip, or a video"))
      }
      if state.writer == nil {
        let (lossless, quality): (Int32, Float) = switch compression {
        case .lossless(let effort): (1, Float(effort))
        case .lossy(let quality): (0, Float(quality))
        }
        var writer: OpaquePointer?
        guard zt_webp_open(Int32(width), Int32(height), Int32(plays), lossless, quality, 4, 1, &writer, &message,
                           message.count) == 0, let writer
        else { return .failure(MediaError(path: output.path, message: message)) }
        state.writer = writer
        state.firstIndex = index
      }
      let time = WebPSink.milliseconds(ofFrame: index, after: state.firstIndex!, frameRate: frameRate)
      let status = frame.pixels.withUnsafeBufferPointer {
        zt_webp_add(state.writer, $0.baseAddress, time, &message, message.count)
      }
      guard status == 0 else { return .failure(MediaError(path: output.path, message: message)) }
      state.lastIndex = index
      return .success(())
    }
    try result.get()
  }

  /// Assembles the file, writes it and renames it into place.
  public func finish() throws(MediaError) {
    let result: Result<Void, MediaError> = state.withLock { state in
      guard let writer = state.writer, let first = state.firstIndex else {
        return .failure(MediaError(path: output.path, reason: "no frames to write"))
      }
      state.writer = nil
      var message = [CChar](repeating: 0, count: 512)
      let end = WebPSink.milliseconds(ofFrame: state.lastIndex + 1, after: first, frameRate: frameRate)
      guard zt_webp_finish(writer, end, output.temporaryPath, &message, message.count) == 0 else {
        return .failure(MediaError(path: output.path, message: message))
      }
      return .success(())
    }
    try output.complete(result)
  }

  /// Throws the encoded frames away and deletes any temporary file.
  public func cancel() {
    state.withLock { state in
      if let writer = state.writer { zt_webp_abandon(writer) }
      state.writer = nil
    }
    output.discard()
  }
}

/// An animated WebP as libwebp's `WebPAnimDecoder` shows it (for tests).
package struct WebPFile: Sendable {
  /// The canvas after each frame, straight-alpha RGBA.
  package var frames: [RGBAImage]
  /// The time each frame ends at, ms from the start (libwebp's timestamps).
  package var endTimes: [Int]
  /// The loop count as stored: 0 = forever, n = n plays.
  package var loopCount: Int

  /// Decodes the WebP at `path`.
  package init(contentsOf path: String) throws(MediaError) {
    var frames: UnsafeMutablePointer<UInt8>?, times: UnsafeMutablePointer<Int32>?
    var count: Int32 = 0, width: Int32 = 0, height: Int32 = 0, loop: Int32 = 0
    var message = [CChar](repeating: 0, count: 512)
    guard zt_webp_read(path, &frames, &count, &width, &height, &times, &loop, &message, message.count) == 0 else {
      throw MediaError(path: path, message: message)
    }
    defer { zt_free(frames); zt_free(times) }
    let bytes = 4 * Int(width) * Int(height)
    self.frames = (0..<Int(count)).map { i in
      RGBAImage(width: Int(width), height: Int(height),
                pixels: Array(UnsafeBufferPointer(start: frames! + i * bytes, count: bytes)))
    }
    endTimes = (0..<Int(count)).map { Int(times![$0]) }
    loopCount = Int(loop)
  }
}
