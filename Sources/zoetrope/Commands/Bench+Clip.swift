// SPDX-License-Identifier: Apache-2.0
// `zoetrope bench --clip`: every frame of a clip rendered to raw frames that are thrown away.

import ArgumentParser
import Foundation
import Zoetrope

extension Bench {
  /// A sink that drops every frame: what is timed is rendering alone.
  final class DiscardingSink: FrameSink, Sendable {
    func finish() throws(MediaError) {}
    func cancel() {}
  }

  /// The calling thread's CPU time, seconds.
  static func threadCPUSeconds() -> Double { cpuSeconds(CLOCK_THREAD_CPUTIME_ID) }

  /// The whole process's CPU time (every thread's), seconds.
  static func processCPUSeconds() -> Double { cpuSeconds(CLOCK_PROCESS_CPUTIME_ID) }

  private static func cpuSeconds(_ clock: clockid_t) -> Double {
    var now = timespec()
    clock_gettime(clock, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  /// Renders every frame of `decoded` as `render` would (reusing unchanged
  /// layers unless `--no-reuse`) into a sink that drops them: one warm-up
  /// pass, then `rounds` timed ones; prints the median frames per second of
  /// wall time and of the process's CPU time (every thread's: the rendering
  /// threads and the one handing frames over), with their ranges.
  func runClip(_ decoded: Scene) throws {
    let renderer = Renderer(decoded)
    let count = decoded.canvas.frameCount
    let render = ClipRender(renderer: renderer, frames: 0..<count, frameRate: decoded.canvas.frameRate,
                            threads: threads, reusesUnchangedLayers: !noReuse)
    var wall: [Double] = [], cpu: [Double] = []
    for round in 0...rounds {
      let c0 = Bench.processCPUSeconds(), t0 = DispatchTime.now().uptimeNanoseconds
      do {
        try render.run(into: DiscardingSink())
      } catch {
        printError("\(scene): \(error)")
        throw ExitCode.failure
      }
      // Round 0 warms up (the heap, the caches of fonts and images).
      guard round > 0 else { continue }
      wall.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9)
      cpu.append(Bench.processCPUSeconds() - c0)
    }
    let fps = wall.map { Double(count) / $0 }.sorted(), cpuFPS = cpu.map { Double(count) / $0 }.sorted()
    let median = { (values: [Double]) in values[values.count / 2] }
    let (width, height) = renderer.frameSize()
    if json {
      print("{\"scene\": \(Inspection.string(scene)), \"width\": \(width), \"height\": \(height), "
        + "\"frames\": \(count), \"threads\": \(render.threads), \"reuse\": \(!noReuse), \"rounds\": \(rounds), "
        + "\"fps\": \(Inspection.number(median(fps))), \"minFPS\": \(Inspection.number(fps.first!)), "
        + "\"maxFPS\": \(Inspection.number(fps.last!)), \"cpuFPS\": \(Inspection.number(median(cpuFPS))), "
        + "\"medianSeconds\": \(Inspection.number(median(wall.sorted())))}")
    } else {
      func f(_ v: Double) -> String { String(format: "%.1f", v) }
      print("\(scene) \(width)×\(height), \(count) frames\(noReuse ? " from scratch" : " reusing unchanged layers"): "
        + "\(f(median(fps))) frames/s (\(f(fps.first!))–\(f(fps.last!)) over \(rounds) round\(rounds == 1 ? "" : "s")), "
        + "\(f(median(cpuFPS))) per CPU second (\(render.threads) thread\(render.threads == 1 ? "" : "s"))")
    }
  }
}
