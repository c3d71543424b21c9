// SPDX-License-Identifier: Apache-2.0
// A gradient's row, four pixels at a time where it can: the same words as one pixel at a time.

import Foundation
import Testing
import ZoetropeGeometry
@testable import ZoetropeRaster

@Suite struct GradientRowTests {
  @Test(arguments: [GradientPaint.Kind.axial, .radial, .conic])
  func aRowIsThePixelsSampledOneByOne(_ kind: GradientPaint.Kind) {
    // The random-path tests' number stream (only its numbers are used).
    var random = RandomPaths(seed: 17, width: 0, height: 0)
    func next() -> Double { random.next() }
    let colors = [Color(red: 1, green: 0.7, blue: 0), Color(red: 0.2, green: 0.4, blue: 1, alpha: 0.6),
                  Color(red: 0.9, green: 0.1, blue: 0.4)]
    for trial in 0..<120 {
      // Affine maps (rotated, scaled, shifted by fractions), every fifth one in perspective.
      let angle = next() * 6.3, scale = 0.2 + next() * 3
      let (c, s) = (scale * cos(angle), scale * sin(angle))
      let (tx, ty) = (next() * 200 - 100, next() * 200 - 100)
      var m: [Double] = [c, s, 0, -s, c, 0, tx, ty, 1]
      if trial % 5 == 0 { (m[2], m[5]) = (next() * 0.002, next() * 0.002) }
      // Now and then an end straight below the start (a circle's radius
      // along one axis, long enough to reach the row) or on it (no ramp).
      let start = Point(x: next() * 100, y: next() * 100)
      var end = Point(x: next() * 100, y: next() * 100)
      if trial % 7 == 1 { end = Point(x: start.x, y: start.y + 400) }
      if trial % 7 == 2 { end = start }
      guard let paint = GradientPaint(
        colors: colors, locations: trial % 3 == 0 ? nil : [0, next(), 1], kind: kind, start: start, end: end,
        deviceToLayer: Homography(values: m), opacity: 0.5 + next() / 2)
      else { continue }
      let x = Int(next() * 300) - 20, y = Int(next() * 200), count = 1 + Int(next() * 37)
      var row = [UInt8](repeating: 0, count: 4 * count), single = row
      row.withUnsafeMutableBufferPointer { paint.row(y: y, x: x, count: count, into: $0.baseAddress!) }
      single.withUnsafeMutableBufferPointer { buffer in
        for i in 0..<count { paint.row(y: y, x: x + i, count: 1, into: buffer.baseAddress! + 4 * i) }
      }
      #expect(row == single, "trial \(trial)")
    }
  }
}
