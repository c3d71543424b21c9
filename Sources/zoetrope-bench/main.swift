// SPDX-License-Identifier: Apache-2.0
// Benchmarks: presentation evaluation and scene decoding, median and p90 milliseconds.

import CZoetropeMedia
import Foundation
import Zoetrope
import ZoetropeMedia
import ZoetropeVideo

/// Times `body` `iterations` times after `warmUp` runs; returns milliseconds, sorted.
func measure(iterations: Int, warmUp: Int = 3, _ body: () -> Void) -> [Double] {
  for _ in 0..<warmUp { body() }
  var samples: [Double] = []
  for _ in 0..<iterations {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
  }
  return samples.sorted()
}

func row(_ name: String, _ samples: [Double]) {
  let median = samples[samples.count / 2]
  let p90 = samples[min(samples.count - 1, samples.count * 9 / 10)]
  let padded = name.padding(toLength: 44, withPad: " ", startingAt: 0)
  print("\(padded) median \(String(format: "%9.3f", median)) ms   p90 \(String(format: "%9.3f", p90)) ms")
}

/// A flat tree of `count` layers, each with one animation of a different kind.
func makeAnimatedTree(count: Int) -> LayerTree {
  let root = Layer()
  for i in 0..<count {
    let layer = i % 3 == 0 ? ShapeLayer() : Layer()
    layer.frame = Rect(x: Double(i % 100) * 10, y: Double(i / 100) * 10, width: 8, height: 8)
    let animation: Animation
    switch i % 4 {
    case 0:
      let basic = BasicAnimation(keyPath: "position.x")
      basic.byValue = 50
      basic.timingFunction = MediaTimingFunction(name: .easeInEaseOut)
      animation = basic
    case 1:
      let keyframe = KeyframeAnimation(keyPath: "opacity")
      keyframe.values = [0, 1, 0.5, 1]
      animation = keyframe
    case 2:
      let spin = BasicAnimation(keyPath: "transform.rotation.z")
      spin.fromValue = 0
      spin.toValue = .number(2 * Double.pi)
      animation = spin
    default:
      let color = BasicAnimation(keyPath: "backgroundColor")
      color.fromValue = [1, 0.7, 0, 1]
      color.toValue = [0.3, 0.6, 0.9, 1]
      animation = color
    }
    animation.duration = 2
    animation.repeatCount = .infinity
    animation.autoreverses = i % 2 == 0
    layer.add(animation, forKey: "a")
    root.addSublayer(layer)
  }
  return LayerTree(root: root)
}

/// JSON text of a scene with `count` layers, each animated.
func makeSceneJSON(count: Int) -> String {
  var layers: [String] = []
  layers.reserveCapacity(count)
  for i in 0..<count {
    layers.append("""
      {"name":"l\(i)","frame":[\(i % 100),\(i / 100 % 100),10,10],"backgroundColor":"#FFB900","cornerRadius":2,\
      "animations":[{"type":"basic","keyPath":"position.x","byValue":20,"duration":1,"repeatCount":"infinity"}]}
      """)
  }
  return "{\"zoetrope\":1,\"canvas\":{\"width\":640,\"height\":360},\"layers\":[" + layers.joined(separator: ",") + "]}"
}

// As the `zoetrope` tool does (its HeapPolicy): frames free and reallocate the same working set.
zt_process_keep_freed_memory()

/// Rows whose name contains the first argument run (all when none is given).
let filter = CommandLine.arguments.dropFirst().first { !$0.hasPrefix("--") } ?? ""
func wanted(_ name: String) -> Bool { filter.isEmpty || name.contains(filter) }

print("zoetrope-bench — presentation evaluation and scene decoding (release build recommended)")
if wanted("evaluate") {
  let tree = makeAnimatedTree(count: 10_000)
  let evaluator = PresentationEvaluator(tree)
  var time = 0.0
  row("evaluate/10k-layers-1-animation-each", measure(iterations: 200) {
    time += 0.016
    _ = evaluator.presentation(atTime: time)
  })
}
if wanted("text") {
  // The text scene's first frame in a fresh process (decoding has opened the
  // fonts; the frame shapes every label, loads and flattens every glyph),
  // then frames with the caches warm. Runs before the render suite, which
  // would warm the caches.
  let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/Bench/text_1920x1080.json").path
  let decodeStart = DispatchTime.now().uptimeNanoseconds
  if let scene = try? SceneDecoder.decode(contentsOf: file) {
    let decoded = Double(DispatchTime.now().uptimeNanoseconds - decodeStart) / 1e6
    let renderer = Renderer(scene)
    let start = DispatchTime.now().uptimeNanoseconds
    var image = renderer.frame(atTime: 0)
    let first = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    print("render/text_1920x1080 decode (fonts opened)      \(String(format: "%9.3f", decoded)) ms")
    print("render/text_1920x1080 first frame (cold caches)  \(String(format: "%9.3f", first)) ms")
    row("render/text_1920x1080 (warm caches)", measure(iterations: 30, warmUp: 2) {
      renderer.render(atTime: 0, into: &image)
    })
    // The same frames in this thread's CPU time: on a shared machine wall time
    // also counts the time other processes hold the core.
    var cpu: [Double] = []
    for _ in 0..<30 {
      var a = timespec(), b = timespec()
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a)
      renderer.render(atTime: 0, into: &image)
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b)
      cpu.append(Double(b.tv_sec - a.tv_sec) * 1e3 + Double(b.tv_nsec - a.tv_nsec) / 1e6)
    }
    row("render/text_1920x1080 (warm, thread CPU time)", cpu.sorted())
    let layouts = scene.root.sublayers?.compactMap { ($0 as? TextLayer)?.string?.count }.reduce(0, +) ?? 0
    print("    \(scene.root.sublayers?.count ?? 0) labels, \(layouts) characters")
  }
}
// `render/<scene>` runs that bench scene alone.
if wanted("render") || filter.hasPrefix("render/") {
  // The compositor suite: every scene under Fixtures/Bench, one frame rendered
  // repeatedly on one thread, then frames in parallel on every core.
  let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/Bench")
  let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    .filter { $0.hasSuffix(".json") }.sorted()
  let cores = ProcessInfo.processInfo.activeProcessorCount
  for file in files {
    let name = "render/" + file.replacingOccurrences(of: ".json", with: "")
    guard !filter.hasPrefix("render/") || name.hasPrefix(filter) else { continue }
    guard let scene = try? SceneDecoder.decode(contentsOf: folder.appendingPathComponent(file).path) else { continue }
    let renderer = Renderer(scene)
    // Every frame renders into the same image, as a clip's frames do.
    var image = renderer.frame(atTime: 0)
    let samples = measure(iterations: 15, warmUp: 2) { renderer.render(atTime: 0, into: &image) }
    let frames = 8 * cores
    final class Images: @unchecked Sendable { var images: [RGBAImage] = [] }
    let images = Images()
    images.images = (0..<cores).map { _ in renderer.frame(atTime: 0) }
    let start = DispatchTime.now().uptimeNanoseconds
    DispatchQueue.concurrentPerform(iterations: cores) { thread in
      var image = images.images[thread]
      for _ in 0..<(frames / cores) { renderer.render(atTime: 0, into: &image) }
    }
    let parallelFPS = Double(frames) / (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    row(name, samples)
    print("    \(String(format: "%.1f", 1000 / samples[samples.count / 2])) frames/s on 1 thread, "
      + "\(String(format: "%.1f", parallelFPS)) on \(cores)")
  }
}
// `cpu/<scene>` (e.g. `cpu/rects_1920x1080`): that bench scene's frames in
// this thread's CPU time, 30 after 3 warm-ups — what a paired comparison
// with a peer on a shared machine reads, since other processes holding the
// core do not count. Not part of the default run.
if filter.hasPrefix("cpu/") {
  let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/Bench")
  let file = folder.appendingPathComponent(String(filter.dropFirst(4)) + ".json").path
  do {
    let renderer = Renderer(try SceneDecoder.decode(contentsOf: file))
    var image = renderer.frame(atTime: 0)
    for _ in 0..<2 { renderer.render(atTime: 0, into: &image) }
    var cpu: [Double] = []
    for _ in 0..<30 {
      var a = timespec(), b = timespec()
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a)
      renderer.render(atTime: 0, into: &image)
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b)
      cpu.append(Double(b.tv_sec - a.tv_sec) * 1e3 + Double(b.tv_nsec - a.tv_nsec) / 1e6)
    }
    let sorted = cpu.sorted()
    row(filter + " (thread CPU time)", sorted)
    // The fastest frames are the ones other processes disturbed least.
    print("    min \(String(format: "%.3f", sorted[0])) ms, p10 \(String(format: "%.3f", sorted[3])) ms")
  } catch {
    print("\(filter): \(error)")
  }
}
// `scaling`: the serial fraction of each bench scene's frame, two-thread
// speed-ups of frames and clips, Amdahl's prediction. Not part of the default run.
// On a thread with the `zoetrope` tool's stack, so that a clip on one
// thread renders on the calling thread, as `zoetrope render` does.
if filter.hasPrefix("scaling") {
  let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/Bench")
  let scenes = ["rects", "strokes", "mixed", "ui"].map { $0 + "_1920x1080" }
  let clips = ["clip-ui", "clip-replicator", "clip-demo"].map { $0 + "_1920x1080" }
  LargeStack.run { @Sendable in benchScaling(folder: folder, scenes: scenes, clips: clips) }
}
// `lottie FILE...`: import and frame times of Lottie files, one JSON line each
// (read by scripts/bench-lottie). Not part of the default run.
if filter == "lottie" {
  let arguments = CommandLine.arguments.dropFirst(2)
  benchLottie(files: arguments.filter { !$0.hasPrefix("--") })
}
if wanted("compositing") {
  benchCompositing(folder: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/Bench"))
}
if wanted("clip") {
  // Clips: the 1440×1080 clip scene (60 frames) to H.264 and to a PNG
  // sequence, end to end through the render pipeline on every core, against
  // the encoder alone on frames rendered beforehand.
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  let cores = ProcessInfo.processInfo.activeProcessorCount
  if let scene = try? SceneDecoder.decode(contentsOf: root.appendingPathComponent("Fixtures/Bench/clip_1440x1080.json").path) {
    let renderer = Renderer(scene)
    let size = renderer.frameSize()
    let count = scene.canvas.frameCount
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-bench-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let frames = (0..<count).map { renderer.frame(atTime: scene.canvas.frameRate.time(ofFrame: $0)) }
    func seconds(_ body: () throws -> Void) -> Double {
      let start = DispatchTime.now().uptimeNanoseconds
      try? body()
      return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
    func report(_ name: String, _ a: Double, _ b: Double, _ label: String) {
      print("\(name.padding(toLength: 44, withPad: " ", startingAt: 0)) \(String(format: "%6.2f", a)) s vs \(label) "
        + "\(String(format: "%6.2f", b)) s (×\(String(format: "%.2f", a / b)))")
    }
    for (preset, crf) in [("medium", 18), ("veryfast", 18)] {
      let settings = VideoSettings(codec: .h264, container: "mp4", frameRate: FrameRate(30), crf: crf, preset: preset,
                                   tune: "animation")
      let encoderOnly = seconds {
        let writer = try VideoWriter(path: folder.appendingPathComponent("e.mp4").path, width: size.width,
                                     height: size.height, settings: settings)
        for f in frames { try writer.write(f) }
        try writer.finish()
      }
      let endToEnd = seconds {
        let sink = try VideoSink(path: folder.appendingPathComponent("r.mp4").path, width: size.width,
                                 height: size.height, settings: settings)
        try ClipRender(renderer: renderer, frames: 0..<count, frameRate: scene.canvas.frameRate, threads: cores)
          .run(into: sink)
      }
      report("clip/h264-\(preset)-1440x1080 (\(count) frames)", endToEnd, encoderOnly, "encoder alone")
    }
    let zlib1 = seconds {
      for (i, f) in frames.enumerated() {
        try f.writePNGDirectly(to: folder.appendingPathComponent("z\(i).png").path, compression: .level(1))
      }
    }
    let sequence = seconds {
      let sink = try PNGSequenceSink(pattern: folder.path + "/s%04d.png")
      try ClipRender(renderer: renderer, frames: 0..<count, frameRate: scene.canvas.frameRate, threads: cores)
        .run(into: sink)
    }
    report("clip/png-sequence-1440x1080 (\(count) frames)", sequence, zlib1, "zlib-1 on one thread")
  }
}
// `frames/<clip>` runs that clip alone; `clip` runs them all too.
if wanted("frames") || wanted("clip") || filter.hasPrefix("frames/") {
  // Whole clips to raw frames, reusing unchanged layers or not: the bench
  // clip, the bundled demos scaled up to about 1080p, and a still UI.
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  func file(_ relative: String) -> String { root.appendingPathComponent(relative).path }
  benchClipFrames([
    ClipFramesCase(name: "clip", path: file("Fixtures/Bench/clip_1440x1080.json"), scale: 1, pngSequence: true),
    ClipFramesCase(name: "pull-to-refresh", path: file("Fixtures/Scenes/demo/pull-to-refresh.json"), scale: 6,
                   pngSequence: true, gif: true),
    ClipFramesCase(name: "write-word", path: file("Fixtures/Scenes/demo/write-word.json"), scale: 8, gif: true),
    ClipFramesCase(name: "ui", path: file("Fixtures/Bench/ui_1920x1080.json"), scale: 1),
  ].filter { !filter.hasPrefix("frames/") || filter == "frames/" + $0.name },
  json: CommandLine.arguments.contains("--json"))
}
if wanted("decode") {
  let sceneBytes = Array(makeSceneJSON(count: 100_000).utf8)
  row("decode+validate/100k-layers (\(sceneBytes.count / 1_000_000) MB JSON)", measure(iterations: 5, warmUp: 1) {
    _ = try? SceneDecoder.decode(sceneBytes, fileName: "bench.json")
  })
}
