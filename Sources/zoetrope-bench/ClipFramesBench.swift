// SPDX-License-Identifier: Apache-2.0
// Whole clips rendered to raw frames, with and without each thread keeping its unchanged layers.

import Foundation
import Zoetrope
import ZoetropeVideo

/// A sink that drops every frame: what is timed is rendering alone.
final class DiscardingSink: FrameSink, Sendable {
  func finish() throws(MediaError) {}
  func cancel() {}
}

/// Where the frames bench sends a clip's frames.
enum FramesOutput: String {
  /// Discarded: rendering alone.
  case raw
  /// A PNG sequence (fast compression), reusing unchanged bands when reusing.
  case png
  /// A GIF, its writer skipping unchanged rows when reusing.
  case gif

  var label: String { self == .raw ? "" : " " + rawValue.uppercased() }
}

/// One clip of the frames bench: a scene file, the device scale to render
/// it at, and whether to time a PNG sequence (fast compression) and a GIF
/// as well as raw frames.
struct ClipFramesCase {
  let name: String
  let path: String
  let scale: Double
  var pngSequence = false
  var gif = false
}

/// Renders each clip whole to discarded raw frames (and to a PNG sequence
/// or a GIF on every core, for the clips that ask), with the rendering
/// threads keeping their unchanged layers (``ClipRender/reusesUnchangedLayers``),
/// the PNG sequence copying its unchanged bands
/// (``PNGSequenceSink``'s `reusesUnchangedBands`) and the GIF writer
/// skipping unchanged rows, and without any of them, on one thread and on every core, alternating the two in
/// each of `rounds` rounds (so that drift in the machine's speed hits both
/// alike), each sample rendering the clip as often as it takes to last
/// about a quarter of a second from scratch (set by a warm-up round);
/// prints the median frames per second and the ratio, or one JSON object
/// per line with `json`.
func benchClipFrames(_ cases: [ClipFramesCase], rounds: Int = 5, json: Bool) {
  let cores = ProcessInfo.processInfo.activeProcessorCount
  for clip in cases {
    guard let scene = try? SceneDecoder.decode(contentsOf: clip.path) else {
      print("frames: cannot read \(clip.path)")
      continue
    }
    let renderer = Renderer(scene)
    let count = scene.canvas.frameCount
    let size = renderer.frameSize(scale: clip.scale)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-frames-\(getpid())")
    defer { try? FileManager.default.removeItem(at: folder) }
    for (threads, output) in Array(Set([1, cores])).sorted().map({ ($0, FramesOutput.raw) })
      + (clip.pngSequence ? [(cores, .png)] : []) + (clip.gif ? [(cores, .gif)] : [])
    {
      var seconds: [Bool: [Double]] = [true: [], false: []]
      // A sample renders the clip often enough to last about a quarter of a
      // second from scratch: a clip of a few milliseconds timed once is
      // mostly the machine's noise.
      var repeats = 1
      for round in -1..<rounds {
        for reuse in [false, true] {
          let render = ClipRender(renderer: renderer, frames: 0..<count, frameRate: scene.canvas.frameRate,
                                  scale: clip.scale, threads: threads, reusesUnchangedLayers: reuse)
          // A new sink for every render (a finished one takes no more frames).
          func makeSink() -> any FrameSink {
            switch output {
            case .raw: return DiscardingSink()
            case .png:
              return (try? PNGSequenceSink(pattern: folder.path + "/%04d.png", reusesUnchangedBands: reuse))
                ?? DiscardingSink()
            case .gif:
              try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
              return GIFSink(path: folder.path + "/clip.gif", width: size.width, height: size.height,
                             frameRate: scene.canvas.frameRate.framesPerSecond, plays: 0, dither: false, matte: nil,
                             palette: nil, partTag: nil, skipsUnchangedRows: reuse)
            }
          }
          let sinks = (0..<(round < 0 ? 1 : repeats)).map { _ in makeSink() }
          let start = DispatchTime.now().uptimeNanoseconds
          for sink in sinks { try? render.run(into: sink) }
          let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
          if round < 0 {
            // The warm-up round sets the repeats.
            if !reuse { repeats = Swift.max(1, Swift.min(100, Int((0.25 / Swift.max(elapsed, 1e-6)).rounded(.up)))) }
          } else {
            seconds[reuse]!.append(elapsed / Double(repeats))
          }
        }
      }
      let median = { (values: [Double]) in values.sorted()[values.count / 2] }
      let plain = median(seconds[false]!), reused = median(seconds[true]!)
      let fps = (plain: Double(count) / plain, reused: Double(count) / reused)
      if json {
        print("{\"clip\":\"\(clip.name)\",\"width\":\(size.width),\"height\":\(size.height),\"frames\":\(count),"
          + "\"output\":\"\(output)\",\"threads\":\(threads),\"fromScratchFPS\":\(String(format: "%.2f", fps.plain)),"
          + "\"reusingFPS\":\(String(format: "%.2f", fps.reused)),\"speedUp\":\(String(format: "%.3f", plain / reused))}")
      } else {
        let label = "frames/\(clip.name) \(size.width)×\(size.height) ×\(count)\(output.label), "
          + "\(threads) thread\(threads == 1 ? "" : "s")"
        print("\(label.padding(toLength: 52, withPad: " ", startingAt: 0)) from scratch "
          + "\(String(format: "%7.1f", fps.plain)) fps, reusing \(String(format: "%7.1f", fps.reused)) fps "
          + "(×\(String(format: "%.2f", plain / reused)))")
      }
    }
  }
}
