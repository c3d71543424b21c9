// SPDX-License-Identifier: Apache-2.0
// Seeded random curvy paths for the rasterizer's differential tests.

import ZoetropeGeometry

/// A seeded stream of curvy closed paths over a `width × height` area
/// (reaching 10 units past its top-left corner), every third one with a
/// rectangle inside (an even-odd hole).
struct RandomPaths {
  private var state: UInt64
  let width: Double, height: Double

  init(seed: UInt64, width: Double, height: Double) {
    state = seed
    self.width = width
    self.height = height
  }

  /// A number in 0..<1.
  mutating func next() -> Double {
    state = state &* 6364136223846793005 &+ 1442695040888963407
    return Double(state >> 11) / Double(1 << 53)
  }

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
