// SPDX-License-Identifier: Apache-2.0
// The Lottie importer on whole files, then a tiny frame at three times; and the promise of convert.

import Zoetrope

extension FuzzTarget {
  /// A Lottie file imported (any bytes: refused with an error or taken),
  /// rendered within 32 pixels at its start, middle and end; the scene it
  /// converts to must decode.
  static func lottie(_ bytes: [UInt8]) {
    guard let scene = try? Scene(lottieData: bytes, fileName: "fuzz.json") else { return }
    let canvas = scene.canvas
    let largest = Swift.max(canvas.width, canvas.height)
    let scale = largest > 32 ? 32 / largest : 1
    let renderer = Renderer(scene)
    for time in [0, canvas.duration / 2, canvas.duration] {
      _ = renderer.frame(atTime: time, scale: scale)
    }
    let text = SceneEncoder.json(for: scene) { _ in nil }
    check((try? SceneDecoder.decode(Array(text.utf8), fileName: "converted.json")) != nil,
          "the scene a Lottie file converts to does not decode")
  }
}
