// SPDX-License-Identifier: Apache-2.0
// A rectangle blended within some columns only: those pixels as the whole rectangle blends them, the rest untouched.

import ZoetropeShaders
import Testing
@testable import ZoetropeRaster

@Suite struct ClippedRectangleTests {
  @Test func aRectangleClippedToColumnsBlendsThoseAsTheWholeOneDoes() {
    // The random-path tests' number stream (only its numbers are used).
    var random = RandomPaths(seed: 5, width: 0, height: 0)
    func next() -> Double { random.next() }
    let width = 40, rows = 8..<24
    let solid = SolidBlend(FillSolidContext(premultipliedRed: 90, green: 40, blue: 150, alpha: 180))
    for _ in 0..<300 {
      let minX = next() * 44 - 2, minY = next() * 30
      guard let rectangle = RectangleCoverage(minX: minX, minY: minY, maxX: minX + next() * 20, maxY: minY + next() * 12,
                                              canvasWidth: width, canvasHeight: 32)
      else { continue }
      let low = Int(next() * 42) - 1
      let clip = low..<(low + Int(next() * 12))
      let base = (0..<(4 * width * rows.count)).map { UInt8(truncatingIfNeeded: $0 &* 37) }
      var whole = base, clipped = base
      whole.withUnsafeMutableBufferPointer { rectangle.fill(solid, rows: rows, band: $0.baseAddress!, width: width) }
      clipped.withUnsafeMutableBufferPointer {
        rectangle.fill(solid, rows: rows, band: $0.baseAddress!, width: width, clip: clip)
      }
      for row in 0..<rows.count {
        for x in 0..<width {
          let pixel = (4 * (row * width + x))..<(4 * (row * width + x + 1))
          let expected = clip.contains(x) ? whole[pixel] : base[pixel]
          #expect(clipped[pixel] == expected, "\(rectangle) clip \(clip) at \(x), \(rows.lowerBound + row)")
        }
      }
    }
  }
}
