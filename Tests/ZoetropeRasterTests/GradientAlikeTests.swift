// SPDX-License-Identifier: Apache-2.0
// Axial gradients of one colour along a row, or alike on every row: their rows are the pixels sampled one by one.

import Testing
import ZoetropeGeometry
@testable import ZoetropeRaster

@Suite struct GradientAlikeTests {
  static let colors = [Color(red: 1, green: 0.7, blue: 0), Color(red: 0.2, green: 0.4, blue: 1, alpha: 0.6),
                       Color(red: 0.9, green: 0.1, blue: 0.4)]

  /// An axial paint from `start` to `end` under the map `m` (device → layer, rows x, y, origin).
  static func paint(_ start: Point, _ end: Point, _ m: [Double]) -> GradientPaint? {
    GradientPaint(colors: colors, locations: [0, 0.37, 1], kind: .axial, start: start, end: end,
                  deviceToLayer: Homography(values: m), opacity: 0.8)
  }

  /// `count` pixels of row `y` from column `x`, sampled as a row, and one by one.
  static func row(_ paint: GradientPaint, y: Int, x: Int, count: Int) -> (row: [UInt8], single: [UInt8]) {
    var row = [UInt8](repeating: 0, count: 4 * count), single = row
    row.withUnsafeMutableBufferPointer { paint.row(y: y, x: x, count: count, into: $0.baseAddress!) }
    single.withUnsafeMutableBufferPointer { buffer in
      for i in 0..<count { paint.row(y: y, x: x + i, count: 1, into: buffer.baseAddress! + 4 * i) }
    }
    return (row, single)
  }

  /// Axis-aligned maps: scales (flips among them) by fractions, shifted by fractions.
  static func axisAligned(_ random: inout RandomPaths) -> [Double] {
    let sx = (random.next() * 4 - 2) / 3, sy = (random.next() * 4 - 2) / 3
    return [sx, 0, 0, 0, sy, 0, random.next() * 300 - 150, random.next() * 300 - 150, 1]
  }

  @Test func aVerticalGradientsRowIsItsFirstPixelsColourSampledAtEveryPixel() {
    var random = RandomPaths(seed: 29, width: 0, height: 0)
    for trial in 0..<100 {
      let m = Self.axisAligned(&random)
      let start = Point(x: random.next() * 100, y: random.next() * 100)
      let end = Point(x: start.x, y: start.y + random.next() * 200 - 100)
      guard let paint = Self.paint(start, end, m) else { continue }
      #expect(paint.isConstantAlongRows && !paint.isConstantDownColumns, "trial \(trial)")
      let (row, single) = Self.row(paint, y: Int(random.next() * 300), x: Int(random.next() * 300) - 20,
                                   count: 2 + Int(random.next() * 60))
      #expect(row == single, "trial \(trial)")
    }
  }

  @Test func aHorizontalGradientsRowsAreAlikeWhereverARunStarts() {
    var random = RandomPaths(seed: 31, width: 0, height: 0)
    for trial in 0..<100 {
      let m = Self.axisAligned(&random)
      let start = Point(x: random.next() * 100, y: random.next() * 100)
      let end = Point(x: start.x + random.next() * 200 - 100, y: start.y)
      guard let paint = Self.paint(start, end, m) else { continue }
      #expect(paint.isConstantDownColumns && !paint.isConstantAlongRows, "trial \(trial)")
      // A whole row at one y, and a run of it at another: the run's pixels are the row's.
      let x = Int(random.next() * 200) - 20, whole = Self.row(paint, y: 3, x: x, count: 80).row
      let offset = Int(random.next() * 40), count = 1 + Int(random.next() * 39)
      let run = Self.row(paint, y: 7 + Int(random.next() * 900), x: x + offset, count: count)
      #expect(run.row == run.single && run.row[...] == whole[(4 * offset)..<(4 * (offset + count))], "trial \(trial)")
    }
  }

  @Test func turnedPerspectiveRadialOrHugeGradientsAreNeither() {
    let start = Point(x: 10, y: 10), below = Point(x: 10, y: 90)
    let turned: [Double] = [0.99, 0.01, 0, -0.01, 0.99, 0, 0, 0, 1]
    let perspective: [Double] = [1, 0, 0.001, 0, 1, 0, 0, 0, 1]
    let huge: [Double] = [1, 0, 0, 0, 1e200, 0, 0, 0, 1]
    for m in [turned, perspective, huge] {
      let paint = Self.paint(start, below, m)!
      #expect(!paint.isConstantAlongRows && !paint.isConstantDownColumns)
    }
    let radial = GradientPaint(colors: Self.colors, locations: nil, kind: .radial, start: start, end: below,
                               deviceToLayer: Homography(values: [1, 0, 0, 0, 1, 0, 0, 0, 1]), opacity: 1)!
    #expect(!radial.isConstantAlongRows && !radial.isConstantDownColumns)
    // No axis: neither (the row is the first stop's colour, sampled as such).
    #expect(!(Self.paint(start, start, [1, 0, 0, 0, 1, 0, 0, 0, 1])?.isConstantAlongRows ?? false))
  }
}
