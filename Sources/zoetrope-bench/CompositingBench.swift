// SPDX-License-Identifier: Apache-2.0
// The compositing costs as ratios from one interleaved run: shadows and masks against the same frame without them.

import Foundation
import Zoetrope

/// Renders the cards scene plainly, with a 12-pt shadow on every card, and
/// with a mask on every layer, one frame of each in turn (so that drift in
/// the machine's speed hits all alike), and prints the medians and the
/// ratios to the plain frame. The bench's 20 cards are identical, so a frame
/// blurs and resolves each distinct shape once and moves it for the rest;
/// the `-distinct` scenes make every card a different size (no two share a
/// shadow or a mask), against their own plain frame. One thread, release
/// build.
func benchCompositing(folder: URL, rounds: Int = 31) {
  let groups = [["cards", "cards-shadow", "cards-masked"],
                ["cards-distinct", "cards-shadow-distinct", "cards-masked-distinct"]]
  let names = groups.flatMap { $0.map { $0 + "_1920x1080" } }
  let renderers = names.compactMap { name in
    (try? SceneDecoder.decode(contentsOf: folder.appendingPathComponent(name + ".json").path)).map(Renderer.init)
  }
  guard renderers.count == names.count else {
    print("compositing: the cards scenes are missing from \(folder.path)")
    return
  }
  var images = renderers.map { $0.frame(atTime: 0) }
  var samples = [[Double]](repeating: [], count: names.count)
  for round in 0..<(rounds + 2) {
    for (i, renderer) in renderers.enumerated() {
      let start = DispatchTime.now().uptimeNanoseconds
      renderer.render(atTime: 0, into: &images[i])
      let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
      if round >= 2 { samples[i].append(ms) }  // two warm-up rounds
    }
  }
  let medians = samples.map { $0.sorted()[$0.count / 2] }
  for (i, (name, median)) in zip(names, medians).enumerated() {
    let plain = medians[i - i % 3]
    let padded = ("compositing/" + name).padding(toLength: 44, withPad: " ", startingAt: 0)
    print("\(padded) median \(String(format: "%9.3f", median)) ms   ×\(String(format: "%.2f", median / plain))")
  }
}
