// SPDX-License-Identifier: Apache-2.0
// `zoetrope render`: a scene's frames into a video, a GIF, an APNG or a PNG sequence.

import ArgumentParser
import Dispatch
import Synchronization
import Zoetrope
import ZoetropeVideo

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `zoetrope render SCENE -o OUT [options]`
struct Render: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Render a scene's frames into a video, GIF, APNG, WebP or PNG sequence.",
    discussion: """
      The format follows OUT: .mp4 (H.264, or H.265 with --codec hevc), .mov (ProRes 4444 with alpha, or \
      h264/hevc), .webm (VP9 with alpha), .gif, .apng, .webp (animated, lossless unless --lossy), a pattern \
      such as frames/%04d.png (frame i is \
      numbered i and shows time i/fps), or a folder ending in / (frames as 0000.png, 0001.png and so on).

      Output is written under a temporary name beside OUT and renamed when complete: a failed or \
      interrupted render (Ctrl-C) leaves nothing under OUT and never touches an existing file there. \
      OUT must be a regular file or a new name (a device, FIFO, symbolic link or folder there is refused) \
      and never a file the scene reads (the scene file, an image or a font it names); PNG frames replace \
      existing ones only once every frame is written.

      With --watch the scene is rendered again whenever its file (or a file it references) changes; \
      see --watch for when it ends and with which exit status.

      --chunk I/N (or --frames A..<B) writes a part of the clip that 'zoetrope concat' joins without \
      re-encoding: video timestamps start at the part's first frame and the file records where it \
      belongs. See 'zoetrope plan' and docs/distributed-rendering.md.
      """
  )

  @Argument(help: "The scene file (.json, .yaml or .yml).")
  var scene: String

  @Option(name: .shortAndLong, help: "The file, PNG pattern or folder to write.")
  var output: String

  @OptionGroup
  var timing: ClipTimingOptions

  @Option(name: .customLong("frames"), help: "Only frames A..<B (or A...B), by index from 0.")
  var frames: String?

  @OptionGroup(title: "Chunks")
  var chunking: ChunkOptions

  @OptionGroup
  var scaling: ScaleOption

  @OptionGroup
  var threading: ThreadsOption

  @Option(name: .customLong("codec"), help: "h264, hevc, prores or vp9; default from the extension.")
  var codec: String?

  @Option(name: .customLong("crf"), help: "Constant-quality factor (lower is better); default 18 (H.264), 22 (H.265), 30 (VP9).")
  var crf: Int?

  @Option(name: .customLong("preset"), help: "x264/x265 preset, ultrafast to veryslow; default medium.")
  var preset: String?

  @Option(name: .customLong("png-compression"), help: pngCompressionHelp)
  var pngCompression: RGBAImage.PNGCompression?

  @Option(name: .customLong("loop"), help: "GIF/APNG/WebP: how many times the clip plays: 0 = forever (the default), 1 = once, n = n times.")
  var loop: Int = 0

  @Flag(name: .customLong("dither"), help: "GIF: ordered dithering when the clip has more than 255 colours; pixels whose colour is in the palette stay undithered.")
  var dither = false

  @Option(name: .customLong("matte"), help: matteHelp)
  var matte: MatteColor?

  @Flag(name: .customLong("lossy"), help: "WebP: lossy colour (alpha stays lossless); default lossless.")
  var lossy = false

  @Option(name: .customLong("quality"), help: "WebP: 0...100; with --lossy the quality (default 75), else the effort spent on size (default 75).")
  var quality: Double?

  @Flag(name: .customLong("watch"), help: watchHelp)
  var watch = false

  @Option(name: .customLong("progress"), help: "tty (a bar on standard error), json (JSON lines on standard error) or none; default tty on a terminal, else none.")
  var progress: String?

  func validate() throws {
    if let frames {
      guard Render.frameRange(frames) != nil else {
        throw ValidationError("--frames must be a non-empty range like 0..<30 or 10...19, with indices 0…"
          + "\(Limits.maximumFrameIndex)")
      }
    }
    if let progress { guard ["tty", "json", "none"].contains(progress) else { throw ValidationError("--progress must be tty, json or none") } }
    if let codec { guard VideoCodec(rawValue: codec) != nil else { throw ValidationError("--codec must be h264, hevc, prores, vp9 or apng") } }
    if let preset {
      guard Render.presets.contains(preset) else {
        throw ValidationError("--preset must be one of \(Render.presets.joined(separator: ", "))")
      }
    }
    guard loop >= 0, loop <= 65535 else { throw ValidationError("--loop must be 0…65535") }
    let output = try makeOutput()
    try chunking.validate(frames: frames, output: output)
    if pngCompression != nil {
      guard case .pngSequence = output.format else {
        throw ValidationError("--png-compression is for PNG sequences (frames/%04d.png or a folder)")
      }
    }
    if matte != nil {
      guard case .gif = output.format else { throw ValidationError("--matte is for GIF output (.gif)") }
    }
    if lossy || quality != nil {
      guard case .webp = output.format else { throw ValidationError("--lossy and --quality are for WebP output (.webp)") }
    }
    if let quality {
      guard WebPCompression.qualities.contains(quality) else { throw ValidationError("--quality must be 0...100") }
    }
  }

  /// The output the options ask for (a usage error when the path and codec do not fit).
  func makeOutput() throws -> RenderOutput {
    var result: RenderOutput
    do {
      result = try RenderOutput(path: output, codec: codec.flatMap(VideoCodec.init(rawValue:)))
    } catch {
      throw ValidationError(error.description)
    }
    result.crf = crf
    result.preset = preset
    result.loop = loop
    result.dither = dither
    result.matte = matte?.color
    result.pngCompression = pngCompression
    result.webpCompression = lossy ? .lossy(quality: quality ?? 75) : .lossless(effort: quality ?? 75)
    return result
  }

  func run() throws {
    if watch { return try RenderWatch(command: self, interrupt: Interruption.install()).run() }
    try render(SceneLoading.load(scene))
  }

  /// Renders `decoded` (loaded from ``scene``) to ``output``; `interrupt`
  /// is installed when not given. Throws an `ExitCode` after printing why.
  func render(_ decoded: Scene, interrupt: Interruption? = nil) throws {
    // Scene errors before anything is written.
    let canvas = timing.applied(to: decoded.canvas)
    let scale = scaling.scale
    decoded.canvas = canvas
    try CommandChecks.checkCanvas(canvas, scale: scale, scene: scene)
    let renderer = Renderer(decoded)
    let size = renderer.frameSize(scale: scale)
    let all = 0..<canvas.frameCount
    var range = all
    if let frames {
      let wanted = Render.frameRange(frames)!
      range = wanted.clamped(to: all)
      guard !range.isEmpty else {
        printError("--frames \(frames): the clip has frames 0..<\(all.upperBound)")
        throw ExitCode.failure
      }
    }
    range = try chunking.frames(of: all, range: range)
    var destination = try makeOutput()
    if case .webp = destination.format, range.count > WebPSink.maximumFrames {
      printError("\(output): the clip has \(range.count) frames; an animated WebP may have at most "
        + "\(WebPSink.maximumFrames) (libwebp assembles it in memory): render fewer frames (--frames, --duration, "
        + "--fps), or a video")
      throw ExitCode.failure
    }
    try chunking.configure(&destination, scene: scene, frames: range, clipFrameCount: all.count,
                           frameRate: canvas.frameRate, scale: scale, isExcerpt: frames != nil)
    // From here on Ctrl-C cancels the render (and removes what it wrote).
    let interrupt = interrupt ?? Interruption.install()
    let sink: any FrameSink
    do {
      sink = try destination.makeSink(width: size.width, height: size.height, frameRate: canvas.frameRate,
                                      protecting: CommandChecks.inputs(of: decoded, file: scene)
                                        + (chunking.palette.map { [$0] } ?? []))
    } catch {
      printError(error.description)
      throw ExitCode.failure
    }
    for notice in destination.notices(width: size.width, height: size.height, frameRate: canvas.frameRate) {
      printError("\(output): warning: \(notice)")
    }
    let reporter = ProgressReporter(style: progress ?? (isatty(2) != 0 ? "tty" : "none"), output: output)
    let render = ClipRender(renderer: renderer, frames: range, frameRate: canvas.frameRate, scale: scale,
                            threads: threading.threads ?? ProcessInfoCores.count)
    do {
      try render.run(into: sink, isCancelled: { interrupt.signal != 0 }) { reporter.report($0) }
      reporter.done()
      for notice in destination.notices(after: sink) { printError("\(output): warning: \(notice)") }
    } catch {
      reporter.abandon()
      switch error {
      case .cancelled:
        printError("\(output): interrupted; nothing was written")
        throw ExitCode(128 + interrupt.signal)
      case .sink, .invalidTimeline:
        printError(error.description)
        throw ExitCode.failure
      case .overBudget:
        printError("\(scene): \(error)")
        throw ExitCode.failure
      }
    }
  }

  /// x264's and x265's presets, fastest first.
  static let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow",
                        "placebo"]

  /// `A..<B` or `A...B`, with indices 0…``Limits/maximumFrameIndex``; `nil`
  /// for anything else, an empty range included.
  static func frameRange(_ text: String) -> Range<Int>? {
    for (separator, closed) in [("..<", false), ("...", true)] {
      let parts = text.components(separatedBy: separator)
      if parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0, b <= Limits.maximumFrameIndex {
        let upper = closed ? b + 1 : b
        return upper > a ? a..<upper : nil
      }
    }
    return nil
  }
}

/// The number of cores to render on.
enum ProcessInfoCores {
  static var count: Int { Swift.max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}
