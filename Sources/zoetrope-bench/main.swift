// SPDX-License-Identifier: Apache-2.0
// Benchmarks: presentation evaluation and scene decoding, median and p90 milliseconds.

import Foundation
import Zoetrope

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

/// Rows whose name contains the first argument run (all when none is given).
let filter = CommandLine.arguments.dropFirst().first ?? ""
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
if wanted("render") {
  // The compositor suite: every scene under Fixtures/Bench, one frame rendered
  // repeatedly on one thread, then frames in parallel on every core.
  let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/Bench")
  let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    .filter { $0.hasSuffix(".json") }.sorted()
  let cores = ProcessInfo.processInfo.activeProcessorCount
  for file in files {
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
    let name = "render/" + file.replacingOccurrences(of: ".json", with: "")
    row(name, samples)
    print("    \(String(format: "%.1f", 1000 / samples[samples.count / 2])) frames/s on 1 thread, "
      + "\(String(format: "%.1f", parallelFPS)) on \(cores)")
  }
}
if wanted("decode") {
  let sceneBytes = Array(makeSceneJSON(count: 100_000).utf8)
  row("decode+validate/100k-layers (\(sceneBytes.count / 1_000_000) MB JSON)", measure(iterations: 5, warmUp: 1) {
    _ = try? SceneDecoder.decode(sceneBytes, fileName: "bench.json")
  })
}
