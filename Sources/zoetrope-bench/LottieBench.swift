// SPDX-License-Identifier: Apache-2.0
// Lottie files: import time and frame time at 1080p, for a paired comparison with ThorVG and rlottie.

import Foundation
import Zoetrope

/// This process's CPU time, seconds (every thread's, so that work a library
/// hands to a thread of its own is counted too; Zoetrope renders on one here).
func processCPUSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// For each Lottie file, one JSON object on a line, in milliseconds of CPU
/// time: the median of `imports` imports from bytes already read (decoding
/// the JSON, building the layer tree and its animations: `Scene(lottieData:)`,
/// `import_ms`); one more import and its first frame drawn (`first_ms`); and a
/// frame of the animation played as a clip on one thread, reusing what the
/// frame before drew (`frame_ms`) and from scratch (`scratch_ms`) — every
/// `stride`-th frame from ip, the stride making at most about 60 frames, at the
/// scale that fits the canvas in 1920×1080: what `scripts/bench-lottie` sets
/// against ThorVG and rlottie drawing the same frames at the same size. A file
/// that does not import prints its error instead.
func benchLottie(files: [String], imports: Int = 5) {
  func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
  for file in files {
    var row: [String: Any] = ["file": file]
    do {
      let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
      var importTimes: [Double] = []
      for _ in 0..<max(1, imports) {
        let start = processCPUSeconds()
        _ = try Scene(lottieData: bytes, fileName: file)
        importTimes.append(processCPUSeconds() - start)
      }
      let start = processCPUSeconds()
      let scene = try Scene(lottieData: bytes, fileName: file)
      let scale = min(1920 / scene.canvas.width, 1080 / scene.canvas.height)
      let renderer = Renderer(scene)
      _ = renderer.frame(atTime: 0, scale: scale)
      row["first_ms"] = (processCPUSeconds() - start) * 1e3
      row["import_ms"] = median(importTimes) * 1e3
      let count = max(1, scene.canvas.frameCount)
      let stride = max(1, count / 60)
      let rate = scene.canvas.frameRate
      let strided = FrameRate(numerator: rate.numerator, denominator: rate.denominator * stride)
      for (key, reuse) in [("frame_ms", true), ("scratch_ms", false)] {
        let clip = ClipRender(renderer: renderer, frames: 0..<(count + stride - 1) / stride, frameRate: strided,
                              scale: scale, threads: 1, reusesUnchangedLayers: reuse)
        let clipStart = processCPUSeconds()
        try clip.run(into: DiscardingSink())
        row[key] = (processCPUSeconds() - clipStart) * 1e3 / Double(clip.frames.count)
      }
      row["stride"] = stride
      let size = renderer.frameSize(scale: scale)
      row["width"] = size.width
      row["height"] = size.height
    } catch {
      row["error"] = "\(error)"
    }
    if let data = try? JSONSerialization.data(withJSONObject: row, options: [.sortedKeys]),
       let line = String(data: data, encoding: .utf8) {
      print(line)
    }
  }
}
