// SPDX-License-Identifier: Apache-2.0
// Rendering a clip: frames in parallel, delivered in order, a few in flight.

import Foundation
import ZoetropeCompositor
import ZoetropeRaster

/// Renders a range of a scene's frames into a ``FrameSink``.
///
/// Worker threads render frames (and run the sink's per-frame ``FrameSink/process(_:index:)``,
/// such as PNG compression) while the calling thread hands finished frames to
/// the sink in order. With one thread, the calling thread renders each frame
/// itself when its stack is at least a worker's (``workerStackSize``; the
/// `zoetrope` tool's is): a small frame that reuses the one before draws in
/// a tenth of a millisecond, less than handing it between two threads costs,
/// and each frame is drawn into the image that holds the frame just before. At most `2 × threads` frames are in flight: a worker
/// that runs ahead of the sink waits, so memory stays bounded whatever the
/// clip's length, and the images are reused from frame to frame. Large
/// frames and scenes of many layers run on fewer threads, so that what the
/// workers hold stays within ``Limits/maximumBytesInFlight`` (a worker counts
/// four frames — its own, its accumulation buffer, its coverage, one waiting
/// — and 2 KiB per layer: measured 1.2 KiB for the presentation and display
/// list of a million plain layers).
public struct ClipRender: Sendable {
  /// How far a render has got.
  public struct Progress: Sendable {
    /// Frames delivered to the sink (in this pass).
    public var framesDone: Int
    /// Frames in the pass.
    public var frameCount: Int
    /// 1 for the only pass, or 1 and 2 when the sink needs a first pass.
    public var pass: Int
    /// How many passes there are.
    public var passCount: Int
    /// Seconds since the render started.
    public var elapsedSeconds: Double

    /// The fraction of the whole render done, 0…1.
    public var fraction: Double {
      guard frameCount > 0 else { return 1 }
      return (Double(pass - 1) + Double(framesDone) / Double(frameCount)) / Double(passCount)
    }
  }

  /// The frames' renderer.
  public let renderer: Renderer
  /// The frame indices to render; frame `i` shows clip time `i / fps`.
  public let frames: Range<Int>
  /// Frames per second.
  public let frameRate: FrameRate
  /// Extra device scale on top of the canvas scale.
  public let scale: Double
  /// Rendering threads: the number asked for, clamped to ``Limits/threads``
  /// and to what ``Limits/maximumBytesInFlight`` allows for this frame size.
  public let threads: Int
  /// Whether frames reuse what earlier frames drew: each rendering thread
  /// keeps the coverage and shadow blurs of its last frame, so that layers
  /// that did not change (or only changed colour or opacity, or moved by
  /// whole device pixels) are not rasterized or blurred again, and a frame
  /// drawn into an image that holds an earlier frame plays only the bands of
  /// 16 rows where the two draw something different. The frames' bytes are
  /// the same either way; a thread keeps at most 64 MiB of coverage, and an
  /// image at most 64 MiB of drawing (less with many threads).
  public let reusesUnchangedLayers: Bool
  /// Starts a rendering thread with a stack of the given bytes, or says it
  /// could not (``WorkerThread/start(stackSize:_:)``; tests stand in a
  /// system that refuses threads). With fewer threads than asked for, the
  /// ones that started render every frame; with none, the calling thread does.
  package var startThread: @Sendable (Int, @escaping @Sendable () -> Void) -> Bool = WorkerThread.start

  /// The stack of a rendering thread: 16 MiB.
  public static let workerStackSize = 16 << 20

  /// The largest drawing kept beside a frame's image (to draw a later frame
  /// into the same image by playing only the bands that changed), and the
  /// most coverage a thread keeps: 64 MiB, less with many threads, so that
  /// what is kept (a drawing per image in flight, a cache per thread) stays
  /// within 3/8 of ``Limits/maximumBytesInFlight``. A PNG sequence's band
  /// caches (one a thread) each keep one more such drawing, the origin of
  /// the frame they hold: 1/8 more at most. A cache's rows resolved ahead
  /// take an eighth of its coverage at most: 1/64 more; its shadow blurs a
  /// quarter: 1/32 more.
  var maximumKeptDrawingBytes: Int { Swift.min(64 << 20, Limits.maximumBytesInFlight / (8 * threads)) }

  /// A render of `frames` of `renderer`'s scene at `frameRate`.
  public init(renderer: Renderer, frames: Range<Int>, frameRate: FrameRate, scale: Double = 1, threads: Int,
              reusesUnchangedLayers: Bool = true) {
    self.renderer = renderer
    self.frames = frames
    self.frameRate = frameRate
    self.scale = scale
    self.reusesUnchangedLayers = reusesUnchangedLayers
    // A worker holds about four frames' bytes (its frame, its accumulation
    // buffer, its coverage, one waiting) and 2 KiB per layer (the
    // presentation it evaluates, the display list it records).
    let (width, height) = renderer.frameSize(scale: scale)
    let perWorker = 16 * width * height + 2048 * renderer.evaluator.tree.count
    let affordable = Swift.max(1, Limits.maximumBytesInFlight / Swift.max(perWorker, 1))
    self.threads = Swift.min(Swift.max(threads, Limits.threads.lowerBound), Limits.threads.upperBound, affordable)
  }

  /// Renders every frame into `sink` and finishes it. On any failure, or when
  /// `isCancelled` returns true (checked between frames, and within a frame
  /// between layers and bands of rows), the sink is cancelled — its output
  /// removed — and the error thrown: the first failing frame's, in clip
  /// order, whatever the threads.
  public func run(into sink: any FrameSink, isCancelled: @escaping @Sendable () -> Bool = { false },
                  progress: (Progress) -> Void = { _ in }) throws(RenderError) {
    let start = DispatchTime.now().uptimeNanoseconds
    let passes = sink.needsFirstPass ? 2 : 1
    let originAware = sink as? any OriginAwareFrameSink
    let process: @Sendable (RGBAImage, Int, (any FrameOrigin)?) throws(MediaError) -> Void = {
      image, index, origin throws(MediaError) in
      if let originAware {
        try originAware.process(image, index: index, origin: origin)
      } else {
        try sink.process(image, index: index)
      }
    }
    do throws(RenderError) {
      for pass in 1...passes {
        let first = pass == 1 && passes == 2
        try runPass(isCancelled: isCancelled, process: first ? nil : process) { image, index, done throws(RenderError) in
          do throws(MediaError) {
            if first { try sink.observe(image, index: index) } else { try sink.consume(image, index: index) }
          } catch {
            throw .sink(error)
          }
          progress(Progress(framesDone: done, frameCount: frames.count, pass: pass, passCount: passes,
                            elapsedSeconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9))
        }
      }
      do throws(MediaError) { try sink.finish() } catch { throw RenderError.sink(error) }
    } catch {
      sink.cancel()
      throw error
    }
  }

  /// One pass over the frames: workers render (and `process`), the calling
  /// thread receives them in order.
  private func runPass(isCancelled: @escaping @Sendable () -> Bool,
                       process: (@Sendable (RGBAImage, Int, (any FrameOrigin)?) throws(MediaError) -> Void)?,
                       deliver: (RGBAImage, Int, Int) throws(RenderError) -> Void) throws(RenderError) {
    let shared = Shared(first: frames.lowerBound, window: 2 * threads)
    let render = self
    let end = frames.upperBound
    // Renders a claimed frame into its image and hands it to `shared`. The
    // image is taken over (consumed), not copied: the one reference left, it
    // is drawn into in place.
    let renderClaimed: @Sendable (Int, consuming RGBAImage, DisplayList?, RecordingCache?) -> Void = {
      index, image, previous, cache in
      var image = image
      var failure: RenderError?
      var drawing: DisplayList?
      do throws(RenderError) {
        drawing = try render.renderer.render(
          atTime: render.frameRate.time(ofFrame: index), scale: render.scale, bandHeight: DisplayList.bandHeight,
          cache: cache, over: render.reusesUnchangedLayers ? previous : nil, isCancelled: isCancelled,
          into: &image)
      } catch {
        failure = error
      }
      // The image goes round with the drawing it holds, for the frame
      // rendered into it next (small drawings only: they stay alive).
      let kept = render.reusesUnchangedLayers && failure == nil
        ? drawing.flatMap { $0.byteCount <= render.maximumKeptDrawingBytes ? $0 : nil } : nil
      if failure == nil, let process {
        // The kept drawing tells the sink which bands it drew as other frames did.
        do throws(MediaError) { try process(image, index, kept.map(DrawingOrigin.init)) } catch {
          failure = .sink(error)
        }
      }
      shared.finish(index, image: image, drawing: kept, failure: failure)
    }
    // One thread: this one, if its stack is large enough (the hand-off
    // between two threads cost more than a reusing frame's drawing).
    let inline = threads == 1 && (WorkerThread.currentStackSize ?? 0) >= ClipRender.workerStackSize
    var workers = 0
    for _ in 0..<(inline ? 0 : Swift.min(threads, Swift.max(frames.count, 1))) {
      shared.workerStarted()
      let started = startThread(ClipRender.workerStackSize) {
        let cache = render.reusesUnchangedLayers ? RecordingCache(maximumBytes: render.maximumKeptDrawingBytes) : nil
        while let (index, reused, previous) = shared.claim(end: end) {
          renderClaimed(index, consume reused, previous, cache)
        }
        shared.workerExited()
      }
      guard started else {
        // The system refused a thread: the ones running do the work.
        shared.workerExited()
        break
      }
      workers += 1
    }
    // With no thread at all, this one renders each frame before taking it
    // (into the image of the frame it delivered last).
    let cache = workers == 0 && reusesUnchangedLayers ? RecordingCache(maximumBytes: maximumKeptDrawingBytes) : nil
    defer { shared.stopAndWait() }
    var done = 0
    for index in frames {
      if isCancelled() { throw .cancelled }
      if workers == 0, let (claimed, reused, previous) = shared.claim(end: end) {
        renderClaimed(claimed, consume reused, previous, cache)
      }
      let image: RGBAImage
      switch shared.take(index, isCancelled: isCancelled) {
      case .frame(let taken): image = taken
      case .failed(let error): throw error
      case .cancelled: throw .cancelled
      }
      done += 1
      try deliver(image, index, done)
      shared.recycle(consume image, index: index)
    }
  }
}

/// The state the workers and the deliverer share, under one condition lock.
private final class Shared: @unchecked Sendable {
  enum Taken { case frame(RGBAImage), failed(RenderError), cancelled }

  private let condition = NSCondition()
  private var next: Int
  private var delivered: Int
  private let window: Int
  private var ready: [Int: RGBAImage] = [:]
  /// The failures of frames rendered, by index: the deliverer reports the
  /// first frame's in clip order, as one thread would, not whichever
  /// failed first in time.
  private var failures: [Int: RenderError] = [:]
  private var stopped = false
  /// Delivered images, each with the drawing whose frame it holds (if kept).
  private var spare: [(image: RGBAImage, drawing: DisplayList?)] = []
  /// The drawings of the frames rendered and not yet recycled.
  private var drawings: [Int: DisplayList] = [:]
  private var running = 0

  init(first: Int, window: Int) {
    next = first
    delivered = first
    self.window = window
  }

  /// The next frame index to render, an image to render it into and the
  /// drawing whose frame the image holds (if known), or `nil` when there is none.
  func claim(end: Int) -> (Int, RGBAImage, DisplayList?)? {
    condition.lock()
    defer { condition.unlock() }
    while !stopped && next < end && next >= delivered + window { condition.wait() }
    guard !stopped, next < end else { return nil }
    let index = next
    next += 1
    let reused = spare.popLast()
    return (index, reused?.image ?? RGBAImage(width: 0, height: 0, pixels: []), reused?.drawing)
  }

  func finish(_ index: Int, image: RGBAImage, drawing: DisplayList?, failure: RenderError?) {
    condition.lock()
    ready[index] = image
    drawings[index] = drawing
    if let failure { failures[index] = failure }
    condition.broadcast()
    condition.unlock()
  }

  /// Waits for frame `index`: its image, or why it failed (a later frame's
  /// failure waits its turn, so that the error does not depend on the
  /// threads).
  func take(_ index: Int, isCancelled: () -> Bool) -> Taken {
    condition.lock()
    defer { condition.unlock() }
    while ready[index] == nil {
      if isCancelled() { return .cancelled }
      _ = condition.wait(until: Date(timeIntervalSinceNow: 0.1))
    }
    if let failure = failures[index] { return .failed(failure) }
    return .frame(ready.removeValue(forKey: index)!)
  }

  /// Returns a delivered frame's image for reuse and lets the workers run on.
  func recycle(_ image: RGBAImage, index: Int) {
    condition.lock()
    spare.append((image, drawings.removeValue(forKey: index)))
    delivered += 1
    condition.broadcast()
    condition.unlock()
  }

  func workerExited() {
    condition.lock()
    running -= 1
    condition.broadcast()
    condition.unlock()
  }

  /// Stops the workers and waits until all have left.
  func stopAndWait() {
    condition.lock()
    stopped = true
    condition.broadcast()
    while running > 0 { condition.wait() }
    condition.unlock()
  }

  func workerStarted() {
    condition.lock()
    running += 1
    condition.unlock()
  }
}

/// A frame's drawing as a ``FrameOrigin``: two frames' bands are the same
/// where ``DisplayList/damage(since:bandHeight:)`` finds nothing to play
/// (the same commands reach the band and draw the same; frames of another
/// size or background differ everywhere).
final class DrawingOrigin: FrameOrigin {
  let drawing: DisplayList

  init(_ drawing: DisplayList) { self.drawing = drawing }

  func sameBands(as other: any FrameOrigin, bandHeight: Int) -> [Bool]? {
    guard let other = other as? DrawingOrigin else { return nil }
    return drawing.sameBands(as: other.drawing, bandHeight: bandHeight)
  }
}
