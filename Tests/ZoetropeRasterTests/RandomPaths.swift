// SPDX-License-Identifier: Apache-2.0
// Seeded random curvy paths for the rasterizer's differential tests.

import ZoetropeGeometry
import _ZoetropeTestSupport

/// A seeded stream of curvy closed paths over a `width × height` area
/// (reaching 10 units past its top-left corner), every third one with a
/// rectangle inside (an even-odd hole).
struct RandomPaths {
  private var random: SeededRandom
  let width: Double, height: Double

  init(seed: UInt64, width: Double, height: Double) {
    random = SeededRandom(state: seed)
    self.width = width
    self.height = height
  }

  /// A number in 0..<1.
  mutating func next() -> Double { random.unit() }

  /// Path `trial` of the stream: `curves` cubic curves, and a rectangle when `trial` is a multiple of three.
  mutating func path(_ trial: Int, curves: Int, rectangle: Rect) -> Path {
    var path = Path()
    path.move(to: Point(x: next() * width - 10, y: next() * height - 10))
    for _ in 0..<curves {
      path.addCurve(to: Point(x: next() * width - 10, y: next() * height - 10),
                    control1: Point(x: next() * width, y: next() * height),
                    control2: Point(x: next() * width, y: next() * height))
    }
    if trial % 3 == 0 { path.addPath(.rect(rectangle)) }
    return path
  }
}
