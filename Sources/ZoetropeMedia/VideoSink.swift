// SPDX-License-Identifier: Apache-2.0
// A FrameSink writing one video file (MP4, MOV, WebM, APNG) atomically.

import Synchronization

/// Encodes frames in order into a video file, written under a temporary name
/// and renamed on success.
public final class VideoSink: FrameSink {
  private let output: AtomicOutput
  private let writer: Mutex<VideoWriter?>

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

  public func consume(_ frame: RGBAImage, index: Int) throws(MediaError) {
    let result: Result<Void, MediaError> = writer.withLock { writer in
      do throws(MediaError) { try writer?.write(frame) } catch { return .failure(error) }
      return .success(())
    }
    if case .failure(let error) = result { throw MediaError(path: output.path, reason: error.reason) }
  }

  public func finish() throws(MediaError) {
    let result: Result<Void, MediaError> = writer.withLock { writer in
      defer { writer = nil }
      do throws(MediaError) { try writer?.finish() } catch { return .failure(error) }
      return .success(())
    }
    if case .failure(let error) = result {
      output.discard()
      throw MediaError(path: output.path, reason: error.reason)
    }
    try output.commit()
  }

  public func cancel() {
    writer.withLock { $0 = nil }
    output.discard()
  }
}
