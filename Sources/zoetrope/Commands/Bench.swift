// SPDX-License-Identifier: Apache-2.0
// `zoetrope bench`: how long a frame of a scene takes to rasterize, or how many frames a second a whole clip renders.

import ArgumentParser
import Dispatch
import Synchronization
import Zoetrope

/// `zoetrope bench SCENE [--time T] [--frames N] [--threads N] [--json]`, or
/// `zoetrope bench SCENE --clip [--no-reuse] [--rounds N] [--threads N] [--json]`.
struct Bench: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Time the rendering of one frame, or of a whole clip (evaluate + rasterize, no encoding).",
    discussion: """
      Renders the frame at --time N times after one warm-up and reports the median, p10 and p90 \
      milliseconds per frame (wall time, and the rendering thread's CPU time) and frames per second. With \
      --threads, frames render in parallel, one per thread.

      With --clip, renders every frame of the scene, as `render` does, to raw frames that are thrown away: \
      after one warm-up pass, --rounds passes, reporting the median frames per second (wall time, and frames \
      per second of the process's CPU time, steadier on a busy machine). Frames reuse what earlier frames \
      drew where layers did not change (as `render` does); --no-reuse renders each frame from scratch.
      """
  )

  @Argument(help: "The scene file.")
  var scene: String

  @Option(name: .customLong("time"), help: "The clip time of the frame, seconds.")
  var time: Double = 0

  @Option(name: .customLong("frames"), help: "How many frames to time, 1 to 1000000.")
  var frames: Int = 20

  @Option(name: .customLong("threads"), help: "Frames rendered at once, 1 to 256.")
  var threads: Int = 1

  @Flag(name: .customLong("json"), help: "Print one JSON object instead of a table row.")
  var json = false

  @Flag(name: .customLong("clip"), help: "Time every frame of the clip instead of one frame.")
  var clip = false

  @Flag(name: .customLong("no-reuse"), help: "With --clip: render every frame from scratch.")
  var noReuse = false

  @Option(name: .customLong("rounds"), help: "With --clip: passes over the clip timed, 1 to 1000.")
  var rounds: Int = 3

  /// The most frames one bench times.
  static let maximumFrames = 1_000_000

  func validate() throws {
    guard (1...Bench.maximumFrames).contains(frames) else {
      throw ValidationError("--frames must be 1…\(Bench.maximumFrames)")
    }
    try CommandChecks.validateThreads(threads)
    guard time.isFinite else { throw ValidationError("--time must be finite") }
    guard (1...1000).contains(rounds) else { throw ValidationError("--rounds must be 1…1000") }
    guard clip || !noReuse else { throw ValidationError("--no-reuse goes with --clip") }
  }

  func run() throws {
    let decoded = try SceneLoading.load(scene)
    if clip {
      try runClip(decoded)
      return
    }
    let renderer = Renderer(decoded)
    // Each thread times its share into an array of its own, handed over once
    // at the end (threads writing into one shared array raced on it).
    let samples = Mutex<[Double]>([]), cpuSamples = Mutex<[Double]>([])
    let start = DispatchTime.now().uptimeNanoseconds
    // Never more threads than frames: each thread times a share of them.
    let threads = Swift.min(self.threads, frames)
    let perThread = (frames + threads - 1) / threads
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      // One warm-up per thread; then every frame reuses the thread's image.
      var image = renderer.frame(atTime: time)
      var times: [Double] = [], cpu: [Double] = []
      for _ in Swift.min(frames, thread * perThread)..<Swift.min(frames, (thread + 1) * perThread) {
        let c0 = Bench.threadCPUSeconds(), t0 = DispatchTime.now().uptimeNanoseconds
        renderer.render(atTime: time, into: &image)
        times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
        cpu.append((Bench.threadCPUSeconds() - c0) * 1e3)
      }
      samples.withLock { $0 += times }
      cpuSamples.withLock { $0 += cpu }
    }
    let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let sorted = samples.withLock { $0.sorted() }, cpuSorted = cpuSamples.withLock { $0.sorted() }
    func percentile(_ p: Double, of sorted: [Double]) -> Double {
      sorted[Swift.min(sorted.count - 1, Int(Double(sorted.count - 1) * p + 0.5))]
    }
    func percentile(_ p: Double) -> Double { percentile(p, of: sorted) }
    let fps = Double(frames) / wall
    let width = Int((decoded.canvas.width * decoded.canvas.scale).rounded())
    let height = Int((decoded.canvas.height * decoded.canvas.scale).rounded())
    if json {
      print("{\"scene\": \(Inspection.string(scene)), \"width\": \(width), \"height\": \(height), "
        + "\"frames\": \(frames), \"threads\": \(threads), \"medianMs\": \(Inspection.number(percentile(0.5))), "
        + "\"p10Ms\": \(Inspection.number(percentile(0.1))), \"p90Ms\": \(Inspection.number(percentile(0.9))), "
        + "\"cpuMedianMs\": \(Inspection.number(percentile(0.5, of: cpuSorted))), "
        + "\"cpuP10Ms\": \(Inspection.number(percentile(0.1, of: cpuSorted))), \"fps\": \(Inspection.number(fps))}")
    } else {
      func f(_ v: Double) -> String { String(Double(Int(v * 100)) / 100) }
      print("\(scene) \(width)×\(height): median \(f(percentile(0.5))) ms, p10 \(f(percentile(0.1))) ms, "
        + "p90 \(f(percentile(0.9))) ms, thread CPU median \(f(percentile(0.5, of: cpuSorted))) ms, \(f(fps)) frames/s (\(frames) frames, \(threads) thread\(threads == 1 ? "" : "s"))")
    }
  }
}
