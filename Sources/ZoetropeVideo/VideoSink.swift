// SPDX-License-Identifier: Apache-2.0
// A FrameSink writing one video file (MP4, MOV, WebM, APNG) atomically.

import ZoetropeImages
import ZoetropeMedia
import Synchronization

/// Encodes frames in order into a video file, written under a temporary name
/// and renamed on success. The RGBA → YUV conversion runs in
/// ``process(_:index:)``, on the rendering threads (each with a converter of
/// its own), so only the encoder itself works in frame order.
public final class VideoSink: FrameSink {
  private let output: AtomicOutput
  private let writer: Mutex<VideoWriter?>
  /// Idle converters, and the frames converted but not yet encoded.
  private let converters = Mutex<[VideoFrameConverter]>([])
  private let converted = Mutex<[Int: ConvertedVideoFrame]>([:])

  /// Opens the encoder for `width × height` frames.
  public init(path: String, width: Int, height: Int, settings: VideoSettings) throws(MediaError) {
    output = AtomicOutput(path: path)
    do {
      writer = Mutex(try VideoWriter(path: output.temporaryPath, width: width, height: height, settings: settings))
    } catch {
      output.discard()
      throw MediaError(path: path, reason: error.reason)
    }
  }

  /// Converts the frame to the encoder's pixel format on the calling thread.
  public func process(_ frame: RGBAImage, index: Int) throws(MediaError) {
    var converter = converters.withLock { $0.popLast() }
    if converter == nil {
      let made: Result<VideoFrameConverter, MediaError>? = writer.withLock { writer in
        guard let writer else { return nil }
        do throws(MediaError) { return .success(try writer.makeConverter()) } catch { return .failure(error) }
      }
      switch made {
      case .success(let made)?: converter = made
      case .failure(let error)?: throw MediaError(path: output.path, reason: error.reason)
      case nil: return
      }
    }
    guard let converter else { return }
    defer { converters.withLock { $0.append(converter) } }
    do {
      let frame = try converter.convert(frame)
      converted.withLock { $0[index] = frame }
    } catch {
      throw MediaError(path: output.path, reason: error.reason)
    }
  }

  /// Encodes frame `index` (converted in ``process(_:index:)``, or converted now).
  public func consume(_ frame: RGBAImage, index: Int) throws(MediaError) {
    let ready = converted.withLock { $0.removeValue(forKey: index) }
    let result: Result<Void, MediaError> = writer.withLock { writer in
      do throws(MediaError) {
        if let ready { try writer?.write(ready) } else { try writer?.write(frame) }
      } catch {
        return .failure(error)
      }
      return .success(())
    }
    if case .failure(let error) = result { throw MediaError(path: output.path, reason: error.reason) }
  }

  /// Flushes the encoder, writes the trailer and renames the file into place.
  public func finish() throws(MediaError) {
    converters.withLock { $0.removeAll() }
    let result: Result<Void, MediaError> = writer.withLock { writer in
      defer { writer = nil }
      do throws(MediaError) { try writer?.finish() } catch { return .failure(error) }
      return .success(())
    }
    try output.complete(result)
  }

  /// Abandons the encoder and deletes the temporary file.
  public func cancel() {
    converted.withLock { $0.removeAll() }
    converters.withLock { $0.removeAll() }
    writer.withLock { $0 = nil }
    output.discard()
  }
}
