// SPDX-License-Identifier: Apache-2.0
// The unchecked floor that rounds unclipped points onto the edge grid, against the standard library's.

import Testing
@testable import ZoetropeRaster
import _ZoetropeTestSupport

@Suite struct GridFloorTests {
  /// Values where a floor goes wrong if it goes wrong anywhere: integers,
  /// halves (the sum rounds them to even), just either side of each, both
  /// zeros, and the ends of Int32's range.
  static var edgeCases: [Double] {
    var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.25, -0.25, 1e-300, -1e-300]
    for n in [0.0, 1, 2, 3, 255, 256, 4096, 65_535, 1_000_000, 2_147_483_646, -1, -2, -3, -256, -2_147_483_647] {
      values += [n, n.nextUp, n.nextDown, n + 0.5, (n + 0.5).nextUp, (n + 0.5).nextDown]
    }
    return values.filter { Swift.abs($0) < 2_147_483_647 }
  }

  @Test func matchesTheStandardFloorAtIntegersAndHalves() {
    for v in Self.edgeCases {
      #expect(gridFloorUnchecked(v) == Int32(v.rounded(.down)), "at \(v)")
      #expect(gridFloorUnchecked(v) == gridFloor(v), "at \(v)")
    }
  }

  @Test func matchesTheStandardFloorOnGridCoordinates() {
    // Points of a 1080p canvas scaled onto the grid as the edge list does
    // (x·256 + 0.5), with fractions of every size, and far-off rows.
    var generator = SeededRandom(state: 39)
    for _ in 0..<100_000 {
      let pixel = Double.random(in: -5_000...5_000, using: &generator)
      let v = pixel * Double(EdgeList.one) + 0.5
      #expect(gridFloorUnchecked(v) == Int32(v.rounded(.down)), "at \(v)")
    }
    for _ in 0..<10_000 {
      let v = Double.random(in: -2_147_483_000...2_147_483_000, using: &generator)
      #expect(gridFloorUnchecked(v) == Int32(v.rounded(.down)), "at \(v)")
    }
  }
}
