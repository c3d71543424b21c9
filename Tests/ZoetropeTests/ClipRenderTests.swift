// SPDX-License-Identifier: Apache-2.0
// Whole clips through the render pipeline into every sink, decoded again and compared with stills.

import Foundation
import Testing
import Zoetrope
import ZoetropeImages
import ZoetropeMedia
import ZoetropeVideo
import _ZoetropeTestSupport

@Suite struct ClipRenderTests {
  func temporaryFolder() throws -> URL {
    let url = TestFiles.url("zoetrope-clip-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static let demo = "Scenes/demo/pull-to-refresh.json"

  func render(_ scene: Scene, frames: Range<Int>? = nil, threads: Int, into sink: any FrameSink) throws {
    let renderer = Renderer(scene)
    try ClipRender(renderer: renderer, frames: frames ?? 0..<scene.canvas.frameCount,
                   frameRate: scene.canvas.frameRate, threads: threads).run(into: sink)
  }

  @Test func pngSequencesAreIdenticalAtEveryThreadCountAndEqualTheStills() throws {
    let scene = try Fixtures.scene(Self.demo)
    let folder = try temporaryFolder()
    var bytes: [[Data]] = []
    for threads in [1, 2, 3] {
      let sink = try PNGSequenceSink(pattern: folder.path + "/t\(threads)/%04d.png")
      try render(scene, frames: 30..<42, threads: threads, into: sink)
      bytes.append(try (30..<42).map { try Data(contentsOf: URL(fileURLWithPath: sink.path(ofFrame: $0))) })
    }
    #expect(bytes[0] == bytes[1] && bytes[1] == bytes[2])
    // Frame i is the still at i / fps: the same pixels, in the bytes the
    // banded encoder gives them however many bands were copied.
    let renderer = Renderer(scene)
    for index in [30, 37, 41] {
      let still = renderer.frame(atTime: scene.canvas.frameRate.time(ofFrame: index))
      #expect(try RGBAImage(pngData: [UInt8](bytes[0][index - 30])) == still)
      #expect(try Data(still.bandedPNGData(reusing: nil)) == bytes[0][index - 30])
    }
    // Only the frames asked for, and no temporary files left.
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/t1").sorted()
    #expect(names == (30..<42).map { String(format: "%04d.png", $0) })
  }

  @Test func mp4HasEveryFrameAtItsTimeCloseToTheStills() throws {
    let scene = try Fixtures.scene(Self.demo)
    let path = try temporaryFolder().appendingPathComponent("clip.mp4").path
    let settings = VideoSettings(codec: .h264, container: "mp4", frameRate: FrameRate(numerator: 30, denominator: 1), crf: 18, preset: "veryfast", tune: "animation")
    let renderer = Renderer(scene)
    let size = renderer.frameSize()
    try render(scene, threads: 2, into: try VideoSink(path: path, width: size.width, height: size.height,
                                                      settings: settings))
    let reader = try VideoReader(path: path)
    #expect(reader.info.codec == "h264" && reader.info.pixelFormat == "yuv420p")
    #expect(reader.info.colorPrimaries == 1 && reader.info.colorTransfer == 1 && reader.info.colorSpace == 1)
    #expect(VideoReader.hasIndexAtFront(path))
    var index = 0
    var psnrs: [Double] = []
    while let (image, seconds) = try reader.next() {
      #expect(abs(seconds - scene.canvas.frameRate.time(ofFrame: index)) < 1e-6)
      if index % 5 == 0 {
        let still = renderer.frame(atTime: scene.canvas.frameRate.time(ofFrame: index))
        psnrs.append(image.psnr(to: still) ?? 0)
        // Flat areas come back within rounding: the matrix and range agree with the tags.
        let corner = 4 * (170 * image.width + 5)
        for c in 0..<3 { #expect(abs(Int(image.pixels[corner + c]) - Int(still.pixels[corner + c])) <= 2) }
      }
      index += 1
    }
    #expect(index == scene.canvas.frameCount)
    // 4:2:0 chroma bounds the fidelity of the demo's thin saturated strokes: the
    // RGB → yuv420p → RGB conversion alone measures 39.4 dB on frame 40. Measured
    // here: 35.4…39.1 dB per frame at crf 18.
    let mean = psnrs.reduce(0, +) / Double(psnrs.count)
    #expect(psnrs.min()! >= 35 && mean >= 37, "PSNR per fifth frame: \(psnrs)")
  }

  @Test func gifIsIdenticalAtEveryThreadCountWithDelaysSummingToTheClip() throws {
    let scene = try Fixtures.scene(Self.demo)
    let folder = try temporaryFolder()
    let size = Renderer(scene).frameSize()
    var files: [Data] = []
    for threads in [1, 2] {
      let path = folder.appendingPathComponent("t\(threads).gif").path
      try render(scene, threads: threads, into: GIFSink(path: path, width: size.width, height: size.height,
                                                        frameRate: 30, plays: 0))
      files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
    #expect(files[0] == files[1])
    let gif = try GIFFile(contentsOf: folder.appendingPathComponent("t1.gif").path)
    #expect(gif.loop == 0)
    // Identical frames merge into longer delays; the total is the clip's length.
    #expect(gif.delays.reduce(0, +) == GIFWriter.centiseconds(ofFrame: scene.canvas.frameCount, frameRate: 30))
    #expect(gif.frames.count > 10 && gif.frames.count <= scene.canvas.frameCount)
    // What the viewer shows at each frame's start is close to the still.
    let renderer = Renderer(scene)
    var start = 0
    for (i, frame) in gif.frames.enumerated() {
      let index = Int((Double(start) * 30 / 100).rounded())
      let psnr = frame.psnr(to: renderer.frame(atTime: scene.canvas.frameRate.time(ofFrame: index))) ?? 0
      #expect(psnr >= 60, "frame \(i) (clip frame \(index)): \(psnr) dB")
      start += gif.delays[i]
    }
  }

  /// Under a process limit the system refuses threads; `Thread.start()`
  /// said nothing and the render waited for frames no thread would draw,
  /// deaf to Ctrl-C. Now the threads that started draw every frame, and with
  /// none the calling thread does: the same bytes as with every thread.
  @Test func aSystemRefusingThreadsGetsTheSameFramesFromFewerThreads() throws {
    let scene = try Fixtures.scene(Self.demo)
    let folder = try temporaryFolder()
    var files: [Data] = []
    for allowed in [3, 1, 0] {
      let started = Counter()
      var render = ClipRender(renderer: Renderer(scene), frames: 20..<44, frameRate: scene.canvas.frameRate, threads: 3)
      render.startThread = { stackSize, body in
        started.next() <= allowed && WorkerThread.start(stackSize: stackSize, body)
      }
      let sink = try PNGSequenceSink(pattern: folder.path + "/a\(allowed)/%04d.png")
      // A render waiting for frames no thread draws fails here instead of hanging.
      let deadline = Date().addingTimeInterval(60)
      try render.run(into: sink, isCancelled: { Date() > deadline })
      files.append(try (20..<44).map { try Data(contentsOf: URL(fileURLWithPath: sink.path(ofFrame: $0))) }
        .reduce(Data(), +))
    }
    #expect(files[0] == files[1] && files[1] == files[2])
  }

  /// One thread rendered on a worker while the calling thread waited for
  /// each frame: the hand-off cost more than a reusing frame's drawing. The
  /// calling thread now renders when its stack is a worker's or larger, and
  /// only then: the same bytes either way.
  @Test func oneThreadRendersOnTheCallingThreadOnlyWhenItsStackIsLargeEnough() throws {
    let scene = try Fixtures.scene(Self.demo)
    var frames: [[[UInt8]]] = []
    var workersStarted: [Int] = []
    for onLargeStack in [true, false] {
      let started = Counter()
      var render = ClipRender(renderer: Renderer(scene), frames: 20..<32, frameRate: scene.canvas.frameRate,
                              threads: 1)
      render.startThread = { stackSize, body in
        _ = started.next()
        return WorkerThread.start(stackSize: stackSize, body)
      }
      let sink = ReusedLayersTests.CollectingSink()
      let configured = render
      if onLargeStack {
        try LargeStack.run { try configured.run(into: sink) }
      } else {
        // A thread with a stack smaller than a worker's.
        let small = ClipRender.workerStackSize / 2
        let done = DispatchSemaphore(value: 0)
        let failure = ReusedLayersTests.CollectingSink()
        let threadStarted = WorkerThread.start(stackSize: small) {
          // Not started by this test's stand-in: the stack noted is the small one.
          if (WorkerThread.currentStackSize ?? 0) >= ClipRender.workerStackSize { failure.frames.withLock { $0[-2] = [] } }
          do { try configured.run(into: sink) } catch { failure.frames.withLock { $0[-1] = [] } }
          done.signal()
        }
        #expect(threadStarted)
        if threadStarted { done.wait() }
        #expect(failure.frames.withLock { $0.isEmpty })
      }
      workersStarted.append(started.next() - 1)
      frames.append(sink.frames.withLock { frames in (20..<32).map { frames[$0] ?? [] } })
    }
    #expect(workersStarted == [0, 1])
    #expect(frames[0].count == 12 && frames[0].allSatisfy { !$0.isEmpty } && frames[0] == frames[1])
  }

  /// Fails compressing frame 4, slowly, and every later frame at once.
  final class FailingFromFrame4Sink: FrameSink, Sendable {
    func process(_ frame: RGBAImage, index: Int) throws(MediaError) {
      guard index >= 4 else { return }
      if index == 4 { Thread.sleep(forTimeInterval: 0.3) }
      throw MediaError(path: "frame \(index)", reason: "failed")
    }
    func consume(_ frame: RGBAImage, index: Int) throws(MediaError) {}
    func finish() throws(MediaError) {}
    func cancel() {}
  }

  /// With several threads the error was the first one to happen: a later
  /// frame that failed while an earlier one was still being drawn or
  /// compressed gave its own, so the message changed with the threads and
  /// from run to run. It is the first failing frame's, in clip order, as
  /// with one thread.
  @Test func aFailureIsThatOfTheFirstFailingFrameWhateverTheThreads() throws {
    let scene = try Fixtures.scene(Self.demo)
    for threads in [1, 3] {
      let render = ClipRender(renderer: Renderer(scene), frames: 0..<12, frameRate: scene.canvas.frameRate,
                              threads: threads)
      #expect(throws: RenderError.sink(MediaError(path: "frame 4", reason: "failed")), "\(threads) threads") {
        try render.run(into: FailingFromFrame4Sink())
      }
    }
  }

  @Test func centisecondDelaysKeepTheAverageRate() {
    // 30 fps: 3.33 cs a frame → 3, 4, 3, 3, 4, 3, …; 60 frames take exactly 200 cs.
    let starts = (0...60).map { GIFWriter.centiseconds(ofFrame: $0, frameRate: 30) }
    let delays = zip(starts.dropFirst(), starts).map { $0 - $1 }
    #expect(Set(delays) == [3, 4])
    #expect(delays.reduce(0, +) == 200)
  }

  @Test func alphaSurvivesProResAndVP9() throws {
    let scene = try SceneDecoder.decode(Array(#"""
      {"zoetrope": 1, "canvas": {"width": 64, "height": 48, "fps": 10, "duration": 0.3, "background": [0, 0, 0, 0]},
       "layers": [{"frame": [8, 8, 30, 20], "backgroundColor": [0.9, 0.3, 0.1, 0.5]}]}
      """#.utf8), fileName: "alpha.json")
    let folder = try temporaryFolder()
    for (codec, container) in [(VideoCodec.prores, "mov"), (.vp9, "webm")] where VideoWriter.supports(codec) {
      let path = folder.appendingPathComponent("a.\(container)").path
      try render(scene, threads: 2, into: try VideoSink(path: path, width: 64, height: 48,
                                                        settings: VideoSettings(codec: codec, container: container,
                                                                                frameRate: FrameRate(numerator: 10, denominator: 1))))
      let reader = try VideoReader(path: path)
      let (image, _) = try #require(try reader.next())
      // Transparent outside the layer, half-transparent inside.
      #expect(image.pixels[3] <= 2, "\(codec)")
      let inside = 4 * (18 * 64 + 20) + 3
      #expect(abs(Int(image.pixels[inside]) - 128) <= 4, "\(codec): alpha \(image.pixels[inside])")
    }
  }

  /// A sink that fails on a chosen frame.
  final class FailingSink: FrameSink, @unchecked Sendable {
    let inner: any FrameSink
    let failAt: Int
    init(_ inner: any FrameSink, failAt: Int) { self.inner = inner; self.failAt = failAt }
    var needsFirstPass: Bool { inner.needsFirstPass }
    func observe(_ frame: RGBAImage, index: Int) throws(MediaError) { try inner.observe(frame, index: index) }
    func process(_ frame: RGBAImage, index: Int) throws(MediaError) { try inner.process(frame, index: index) }
    func consume(_ frame: RGBAImage, index: Int) throws(MediaError) {
      if index == failAt { throw MediaError(path: "test", reason: "disk full") }
      try inner.consume(frame, index: index)
    }
    func finish() throws(MediaError) { try inner.finish() }
    func cancel() { inner.cancel() }
  }

  @Test func aFailedOrCancelledRenderLeavesNothingAndKeepsAnExistingFile() throws {
    let scene = try Fixtures.scene(Self.demo)
    let folder = try temporaryFolder()
    let size = Renderer(scene).frameSize()
    let existing = folder.appendingPathComponent("clip.mp4")
    try Data("precious".utf8).write(to: existing)
    let settings = VideoSettings(codec: .h264, container: "mp4", frameRate: FrameRate(numerator: 30, denominator: 1), preset: "ultrafast")
    // A sink failure.
    let failing = FailingSink(try VideoSink(path: existing.path, width: size.width, height: size.height,
                                            settings: settings), failAt: 12)
    #expect(throws: RenderError.self) { try render(scene, threads: 2, into: failing) }
    // A cancellation part way.
    let counter = Counter()
    let sink = try VideoSink(path: existing.path, width: size.width, height: size.height, settings: settings)
    #expect(throws: RenderError.self) {
      try ClipRender(renderer: Renderer(scene), frames: 0..<scene.canvas.frameCount, frameRate: FrameRate(30),
                     threads: 2).run(into: sink, isCancelled: { counter.next() > 20 })
    }
    // PNG sequences: no frame files and no created folder.
    let pngs = try PNGSequenceSink(pattern: folder.path + "/frames/%04d.png")
    #expect(throws: RenderError.self) { try render(scene, threads: 2, into: FailingSink(pngs, failAt: 9)) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["clip.mp4"])
    #expect(try Data(contentsOf: existing) == Data("precious".utf8))
  }

  final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int { lock.lock(); defer { lock.unlock() }; value += 1; return value }
  }
}
