// SPDX-License-Identifier: Apache-2.0
// A FrameSink writing an animated GIF: a palette pass, then the frames.

import ZoetropeGeometry
import ZoetropeImages
import ZoetropeMedia
import Synchronization

/// Writes an animated GIF atomically. The first pass gathers the clip's
/// colours; the palette is chosen when the first frame is written. With a
/// palette chosen beforehand (a chunk of a longer clip) there is no first pass.
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
  private let sharedPalette: SharedGIFPalette?
  private let partTag: String?
  /// Whether the writer maps and compares only the rows that changed since
  /// the last frame (always, but for the benchmark's comparison; the file
  /// is the same).
  private let skipsUnchangedRows: Bool
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
    sharedPalette = nil
    partTag = nil
    skipsUnchangedRows = true
  }

  /// A GIF as above whose frames map to `palette`, chosen beforehand for the
  /// whole clip (after the matte), with `partTag` (a ``ClipPart`` tag) in a
  /// comment extension. `skipsUnchangedRows: false` maps every row of
  /// every frame (the same file, slower: for comparisons).
  package init(path: String, width: Int, height: Int, frameRate: Double, plays: Int, dither: Bool, matte: Color?,
               palette: SharedGIFPalette?, partTag: String?, skipsUnchangedRows: Bool = true) {
    output = AtomicOutput(path: path)
    self.width = width
    self.height = height
    self.frameRate = frameRate
    self.plays = plays
    self.dither = dither
    self.matte = matte.map(GIFMatte.init)
    sharedPalette = palette
    self.partTag = partTag
    self.skipsUnchangedRows = skipsUnchangedRows
  }

  /// Whether partially transparent pixels (alpha 1…254) met so far were
  /// rounded to one bit, transparent or opaque: anti-aliased edges over a
  /// clear background without a matte. Always `false` with a matte. Complete
  /// once the first pass is over (never set with a palette chosen beforehand).
  public var roundedPartialTransparency: Bool { state.withLock { $0.builder.hasPartialTransparency } }

  /// Yes, unless the palette was chosen beforehand: the palette is chosen from every frame of the clip.
  public var needsFirstPass: Bool { sharedPalette == nil }

  /// Counts the frame's colours (after the matte).
  public func observe(_ frame: RGBAImage, index: Int) throws(MediaError) {
    let frame = matte?.applied(to: frame) ?? frame
    state.withLock { $0.builder.add(frame) }
  }

  /// Maps the frame to the palette (chosen at the first frame) and writes it, or lengthens the
  /// previous frame when nothing changed. Throws when the file cannot be written.
  public func consume(_ frame: RGBAImage, index: Int) throws(MediaError) {
    // The clock runs from frame indices, so a part continues the clip's clock.
    let delay = GIFWriter.centiseconds(ofFrame: index + 1, frameRate: frameRate)
      - GIFWriter.centiseconds(ofFrame: index, frameRate: frameRate)
    let frame = matte?.applied(to: frame) ?? frame
    if let sharedPalette, !sharedPalette.hasTransparency, GIFSink.hasTransparentPixel(frame) {
      throw MediaError(path: output.path, reason: "frame \(index) has transparent pixels but the palette was made "
        + "from frames without any; make it from every frame (zoetrope palette without --every)")
    }
    let result: Result<Void, MediaError> = state.withLock { state in
      do throws(MediaError) {
        if state.writer == nil {
          state.writer = try GIFWriter(path: output.temporaryPath, width: width, height: height,
                                       palette: sharedPalette?.palette ?? state.builder.palette(),
                                       hasTransparency: sharedPalette?.hasTransparency ?? state.builder.hasTransparency,
                                       loop: GIFWriter.loopCount(plays: plays), dither: dither, comment: partTag,
                                       skipsUnchangedRows: skipsUnchangedRows)
        }
        try state.writer!.write(frame, delay: delay)
      } catch {
        return .failure(error)
      }
      return .success(())
    }
    if case .failure(let error) = result { throw MediaError(path: output.path, reason: error.reason) }
  }

  /// Whether any pixel of `frame` has alpha < 128 (what the palette counts as transparent).
  static func hasTransparentPixel(_ frame: RGBAImage) -> Bool {
    frame.pixels.withUnsafeBytes { raw in
      raw.bindMemory(to: UInt32.self).contains { UInt32(littleEndian: $0) >> 31 == 0 }
    }
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
