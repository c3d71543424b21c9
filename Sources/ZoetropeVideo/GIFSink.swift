// SPDX-License-Identifier: Apache-2.0
// A FrameSink writing an animated GIF: a palette pass, then the frames.

import ZoetropeGeometry
import ZoetropeMedia
import Synchronization

/// Writes an animated GIF atomically. The first pass gathers the clip's
/// colours; the palette is chosen when the first frame is written.
///
/// GIF transparency is one bit. Without a matte, pixels with alpha below 128
/// become transparent and the others opaque in their own colour, so
/// anti-aliased edges over a clear background turn jagged
/// (``roundedPartialTransparency`` tells whether the clip had any). With a
/// matte, partially transparent pixels are blended over it and become opaque
/// (see ``RenderOutput/matte``).
public final class GIFSink: FrameSink {
  private struct State {
    var builder = GIFPaletteBuilder()
    var writer: GIFWriter?
  }
  private let output: AtomicOutput
  private let width: Int, height: Int
  private let frameRate: Double
  private let plays: Int
  private let dither: Bool
  private let matte: GIFMatte?
  private let state = Mutex(State())

  /// A GIF of `width × height` frames at `frameRate` frames per second that
  /// plays `plays` times: 0 (the default) or less for forever, 1 for once,
  /// n for n times (at most 65,536). `dither`: ordered dithering when the
  /// clip has more than 255 colours. `matte`: the colour partially
  /// transparent pixels are blended over (its alpha is ignored); `nil`
  /// keeps one-bit transparency.
  public init(path: String, width: Int, height: Int, frameRate: Double, plays: Int = 0, dither: Bool = false,
              matte: Color? = nil) {
    output = AtomicOutput(path: path)
    self.width = width
    self.height = height
    self.frameRate = frameRate
    self.plays = plays
    self.dither = dither
    self.matte = matte.map(GIFMatte.init)
  }

  /// Whether partially transparent pixels (alpha 1…254) met so far were
  /// rounded to one bit, transparent or opaque: anti-aliased edges over a
  /// clear background without a matte. Always `false` with a matte. Complete
  /// once the first pass is over.
  public var roundedPartialTransparency: Bool { state.withLock { $0.builder.hasPartialTransparency } }

  /// Yes: the palette is chosen from every frame of the clip.
  public var needsFirstPass: Bool { true }

  /// Counts the frame's colours (after the matte).
  public func observe(_ frame: RGBAImage, index: Int) throws(MediaError) {
    let frame = matte?.applied(to: frame) ?? frame
    state.withLock { $0.builder.add(frame) }
  }

  /// Maps the frame to the palette (chosen at the first frame) and writes it, or lengthens the
  /// previous frame when nothing changed. Throws when the file cannot be written.
  public func consume(_ frame: RGBAImage, index: Int) throws(MediaError) {
    let delay = GIFWriter.centiseconds(ofFrame: index + 1, frameRate: frameRate)
      - GIFWriter.centiseconds(ofFrame: index, frameRate: frameRate)
    let frame = matte?.applied(to: frame) ?? frame
    let result: Result<Void, MediaError> = state.withLock { state in
      do throws(MediaError) {
        if state.writer == nil {
          state.writer = try GIFWriter(path: output.temporaryPath, width: width, height: height,
                                       palette: state.builder.palette(), hasTransparency: state.builder.hasTransparency,
                                       loop: GIFWriter.loopCount(plays: plays), dither: dither)
        }
        try state.writer!.write(frame, delay: delay)
      } catch {
        return .failure(error)
      }
      return .success(())
    }
    if case .failure(let error) = result { throw MediaError(path: output.path, reason: error.reason) }
  }

  /// Writes the last frame and the trailer, then renames the file into place.
  public func finish() throws(MediaError) {
    let result: Result<Void, MediaError> = state.withLock { state in
      defer { state.writer = nil }
      do throws(MediaError) { try state.writer?.finish() } catch { return .failure(error) }
      return .success(())
    }
    try output.complete(result)
  }

  /// Closes and deletes the temporary file.
  public func cancel() {
    state.withLock { $0.writer = nil }
    output.discard()
  }
}
