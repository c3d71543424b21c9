// SPDX-License-Identifier: Apache-2.0
// How a frame and a clip scale with threads: the serial fraction, two-thread speed-ups, Amdahl's prediction.

import Foundation
import Zoetrope

/// The calling thread's CPU time, seconds.
func threadCPUSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Amdahl's speed-up on `cores` cores of work whose `serial` fraction runs on one.
func amdahl(serial: Double, cores: Double) -> Double { 1 / (serial + (1 - serial) / cores) }

/// The serial fraction a measured speed-up on `cores` cores implies
/// (Karp–Flatt), clamped to 0...1: a speed-up below 1 implies 1, all serial.
func karpFlatt(speedUp: Double, cores: Double) -> Double {
  Swift.min(1, Swift.max(0, (1 / speedUp - 1 / cores) / (1 - 1 / cores)))
}

/// A note for a wall-time speed-up below 1: other work held the cores, or
/// (clips) two threads lost more than they shared — each draws into an image
/// two frames old, and frames are handed between threads, where one thread
/// draws on the calling thread into the frame just before.
func busyNote(_ speedUp: Double) -> String { speedUp < 1 ? " [below 1: two threads were slower than one]" : "" }

/// For each bench scene: one frame's evaluation and recording (one thread)
/// against its playback (bands on any number of threads), in the rendering
/// thread's CPU time — the serial fraction of a frame — and the wall-time
/// speed-up of the same frame played on two threads, alternating one and
/// two threads `rounds` times; with Amdahl's prediction from the serial
/// fraction for 2, 8, 16 and 64 cores. Then each clip rendered on one and
/// two threads (frames in parallel, raw frames thrown away), alternating
/// `2 × rounds + 1` times (one thread on the calling thread when the caller
/// runs this on a large stack, as `zoetrope render` does),
/// with the serial fraction its speed-up implies (Karp–Flatt) and Amdahl's
/// prediction from that. Wall-time figures need cores nobody else uses.
func benchScaling(folder: URL, scenes: [String], clips: [String], rounds: Int = 9) {
  for name in scenes {
    guard let scene = try? SceneDecoder.decode(contentsOf: folder.appendingPathComponent(name + ".json").path) else {
      print("scaling: cannot read \(name)")
      continue
    }
    let renderer = Renderer(scene)
    var image = renderer.frame(atTime: 0)
    var record: [Double] = [], play: [Double] = [], one: [Double] = [], two: [Double] = []
    for round in 0..<(rounds + 1) {
      // The phases, on this thread's CPU clock: evaluating and recording
      // alone, then the whole frame (the same again, and playback).
      let c0 = threadCPUSeconds()
      _ = renderer.displayList(atTime: 0)
      let c1 = threadCPUSeconds()
      renderer.render(atTime: 0, threads: 1, into: &image)
      let c2 = threadCPUSeconds() - (c1 - c0)
      // The whole frame on one thread and on two, wall time.
      var wall = [Double]()
      for threads in round % 2 == 0 ? [1, 2] : [2, 1] {
        let t0 = DispatchTime.now().uptimeNanoseconds
        renderer.render(atTime: 0, threads: threads, into: &image)
        wall.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9)
      }
      guard round > 0 else { continue }
      record.append(c1 - c0)
      play.append(c2 - c1)
      one.append(round % 2 == 0 ? wall[0] : wall[1])
      two.append(round % 2 == 0 ? wall[1] : wall[0])
    }
    let median = { (values: [Double]) in values.sorted()[values.count / 2] }
    let serial = median(record) / (median(record) + median(play))
    let speedUp = median(zip(one, two).map { $0 / $1 })
    print("scaling/\(name): record \(String(format: "%.2f", median(record) * 1e3)) ms, play "
      + "\(String(format: "%.2f", median(play) * 1e3)) ms (thread CPU): serial fraction \(String(format: "%.3f", serial)); "
      + "2 threads ×\(String(format: "%.2f", speedUp)) measured (implies \(String(format: "%.3f", karpFlatt(speedUp: speedUp, cores: 2)))\(busyNote(speedUp))), "
      + "Amdahl ×\(String(format: "%.2f", amdahl(serial: serial, cores: 2))) / ×\(String(format: "%.2f", amdahl(serial: serial, cores: 8))) / "
      + "×\(String(format: "%.2f", amdahl(serial: serial, cores: 16))) / ×\(String(format: "%.2f", amdahl(serial: serial, cores: 64))) "
      + "on 2 / 8 / 16 / 64 cores")
  }
  final class Discarding: FrameSink, Sendable {
    func finish() throws(MediaError) {}
    func cancel() {}
  }
  for name in clips {
    guard let scene = try? SceneDecoder.decode(contentsOf: folder.appendingPathComponent(name + ".json").path) else {
      print("scaling: cannot read \(name)")
      continue
    }
    let renderer = Renderer(scene)
    let count = scene.canvas.frameCount
    for reuse in [false, true] {
      var ratios: [Double] = []
      // A clip's pass takes tens of milliseconds: more rounds than a frame's.
      for round in 0..<(2 * rounds + 2) {
        var seconds: [Int: Double] = [:]
        for threads in round % 2 == 0 ? [1, 2] : [2, 1] {
          let render = ClipRender(renderer: renderer, frames: 0..<count, frameRate: scene.canvas.frameRate,
                                  threads: threads, reusesUnchangedLayers: reuse)
          let t0 = DispatchTime.now().uptimeNanoseconds
          try? render.run(into: Discarding())
          seconds[threads] = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
        }
        if round > 0 { ratios.append(seconds[1]! / seconds[2]!) }
      }
      let speedUp = ratios.sorted()[ratios.count / 2]
      let serial = karpFlatt(speedUp: speedUp, cores: 2)
      print("scaling/\(name)\(reuse ? " reusing" : " from scratch"): 2 threads ×\(String(format: "%.2f", speedUp)) "
        + "(\(String(format: "%.2f", ratios.min()!))–\(String(format: "%.2f", ratios.max()!)))\(busyNote(speedUp)), serial fraction "
        + "\(String(format: "%.3f", serial)) (Karp–Flatt), Amdahl ×\(String(format: "%.2f", amdahl(serial: serial, cores: 8))) / "
        + "×\(String(format: "%.2f", amdahl(serial: serial, cores: 16))) / ×\(String(format: "%.2f", amdahl(serial: serial, cores: 64))) "
        + "on 8 / 16 / 64 cores")
    }
  }
}
