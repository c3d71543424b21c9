// SPDX-License-Identifier: Apache-2.0
// The banded rounded-rectangle path against the general rasterizer.

import Testing
import ZoetropeGeometry
import ZoetropeRaster
import _ZoetropeTestSupport

@Suite struct RoundedRectangleTests {
  @Test func bandedRoundedRectangleMatchesTheGeneralPath() throws {
    var random = SeededRandom(state: 21)
    func next() -> Double { random.unit() }
    let canvas = Rasterizer.Canvas(width: 64, height: 48)
    let scratch = RasterScratch()
    var banded = 0
    for _ in 0..<200 {
      let bounds = Rect(x: 0, y: 0, width: 2 + next() * 50, height: 2 + next() * 40)
      let radius = next() * min(bounds.width, bounds.height) / 2
      let transform = Transform3D.translation(x: next() * 20 - 5, y: next() * 20 - 5, z: 0)
        .concatenating(.scale(x: 0.5 + next(), y: 0.5 + next(), z: 1))
      let general = Rasterizer.shape(of: .roundedRect(bounds, cornerRadius: radius), fillRule: .nonZero,
                                     transform: transform, canvas: canvas, scratch: scratch)?.runs(scratch: scratch)
      guard let fast = Rasterizer.roundedRectangle(bounds, radius: radius, transform: transform, canvas: canvas,
                                                   scratch: scratch)?.runs(scratch: scratch) else { continue }
      banded += 1
      let a = general?.mask(x: 0, y: 0, width: 64, height: 48).coverage ?? [UInt8](repeating: 0, count: 64 * 48)
      let b = fast.mask(x: 0, y: 0, width: 64, height: 48).coverage
      #expect(a.count == b.count && zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= 1 }, "\(bounds) r \(radius)")
    }
    #expect(banded > 50)
  }
}
