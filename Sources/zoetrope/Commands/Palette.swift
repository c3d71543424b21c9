// SPDX-License-Identifier: Apache-2.0
// `zoetrope palette`: one GIF palette for a whole clip, so GIF chunks rendered apart agree on colours.

import ArgumentParser
import Dispatch
import Foundation
import Synchronization
import Zoetrope
import ZoetropeVideo

/// `zoetrope palette SCENE -o palette.json [--every K]`
struct Palette: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Choose one GIF palette for a whole clip, for GIF chunks rendered separately.",
    discussion: """
      Renders the clip's frames (every one, or one in --every K) on all cores, counts their colours and \
      writes the palette 'render' would choose as JSON (docs/distributed-rendering.md describes the \
      format). Render each GIF chunk with '--palette palette.json' and the same --fps, --duration, \
      --scale and --matte; 'zoetrope concat' then joins them. Made from every frame, the joined GIF shows exactly \
      the pixels of a single render; a sampled palette is quicker to make and may miss colours.
      """
  )

  @Argument(help: "The scene file (.json, .yaml or .yml).")
  var scene: String

  @Option(name: .shortAndLong, help: "The palette file to write (JSON).")
  var output: String

  @Option(name: .customLong("every"), help: "Look at one frame in K (frames 0, K, 2K, ...); default every frame.")
  var every: Int = 1

  @OptionGroup
  var timing: ClipTimingOptions

  @OptionGroup
  var scaling: ScaleOption

  @OptionGroup
  var threading: ThreadsOption

  @Option(name: .customLong("matte"), help: ArgumentHelp(
    "The --matte the GIF chunks will be rendered with: the palette is made from the frames as blended over it.",
    valueName: "color"))
  var matte: MatteColor?

  func validate() throws {
    guard every >= 1 else { throw ValidationError("--every must be at least 1") }
  }

  func run() throws {
    // Caught from the start: counting the colours takes seconds, and a
    // signal meanwhile must still say so and leave nothing.
    let destination = AtomicOutput(path: output)
    AbandonOnSignal.install(removing: destination.temporaryPath, output: output)
    try CommandChecks.checkOutput(output, inputs: [scene])
    let decoded = try SceneLoading.load(scene)
    try CommandChecks.checkOutput(output, inputs: CommandChecks.inputs(of: decoded, file: scene))
    let canvas = timing.applied(to: decoded.canvas)
    let scale = scaling.scale
    decoded.canvas = canvas
    try CommandChecks.checkCanvas(canvas, scale: scale, scene: scene)
    let frameCount = canvas.frameCount
    // Frames 0, K, 2K, … below the count (no sum that can overflow: --every may be Int.max).
    let sampled = frameCount == 0 ? 0 : 1 + (frameCount - 1) / every
    let builder = PaletteSampler(renderer: Renderer(decoded), frameRate: canvas.frameRate, scale: scale,
                                 matte: matte.map { GIFMatte($0.color) })
      .colours(ofFrames: sampled, every: every, threads: threading.threads ?? ProcessInfoCores.count)
    let shared = SharedGIFPalette(palette: builder.palette(), hasTransparency: builder.hasTransparency,
                                  sampledFrames: sampled, clipFrames: frameCount, every: every)
    do {
      try writeText(shared.json, to: destination.temporaryPath)
      try destination.commit()
    } catch {
      destination.discard()
      printError("\(output): \(error.reason)")
      throw ExitCode.failure
    }
  }

  private func writeText(_ text: String, to path: String) throws(MediaError) {
    guard let file = fopen(path, "wb") else { throw MediaError(path: path, reason: String(cString: strerror(errno))) }
    let bytes = Array(text.utf8)
    let written = fwrite(bytes, 1, bytes.count, file)
    guard fclose(file) == 0, written == bytes.count else {
      throw MediaError(path: path, reason: String(cString: strerror(errno)))
    }
  }
}

/// Renders chosen frames on several threads and counts their colours, one
/// builder per thread, merged at the end (the palette does not depend on
/// the order or the thread count).
struct PaletteSampler: Sendable {
  let renderer: Renderer
  let frameRate: FrameRate
  let scale: Double
  /// Partially transparent pixels are blended over it first, as the GIF sink does.
  let matte: GIFMatte?

  /// The colours of frames `0, every, 2 × every, …` (`count` of them; no
  /// list of them is made: a day at 1,000 fps is 86 million), rendered on
  /// `threads` threads.
  func colours(ofFrames count: Int, every: Int, threads: Int) -> GIFPaletteBuilder {
    let next = Atomic<Int>(0)
    let results = Mutex<[GIFPaletteBuilder]>([])
    let done = DispatchGroup()
    for _ in 0..<Swift.max(1, Swift.min(threads, count)) {
      done.enter()
      let count: @Sendable () -> Void = { [self] in
        var builder = GIFPaletteBuilder()
        var image = RGBAImage(width: 0, height: 0, pixels: [])
        while true {
          let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
          guard i < count else { break }
          renderer.render(atTime: frameRate.time(ofFrame: i * every), scale: scale, into: &image)
          builder.add(matte?.applied(to: image) ?? image)
        }
        results.withLock { $0.append(builder) }
        done.leave()
      }
      // Refused a thread, this one counts the frames the others leave.
      guard WorkerThread.start(stackSize: 16 << 20, count) else {
        count()
        break
      }
    }
    done.wait()
    return results.withLock { builders in
      var total = GIFPaletteBuilder()
      for builder in builders { total.merge(builder) }
      return total
    }
  }
}
