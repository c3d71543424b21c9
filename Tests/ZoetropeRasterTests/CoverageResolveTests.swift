// SPDX-License-Identifier: Apache-2.0
// The SIMD coverage resolver against its scalar twin, bit for bit, edge values included.

import Testing
@testable import ZoetropeRaster

@Suite struct CoverageResolveTests {
  /// Cells as edges leave them (small signed areas summing back to 0, 1 or 2),
  /// with the values that must not trap: ±0, NaN, ±∞, huge.
  static func cells(count: Int, seed: UInt64) -> [Float] {
    var state = seed
    func next() -> Float {
      state = state &* 6364136223846793005 &+ 1442695040888963407
      return Float(state >> 40) / Float(1 << 24)
    }
    let specials: [Float] = [0, -0.0, .nan, .infinity, -.infinity, 1e30, -1e30, 1, -1, 0.5 / 255, 127.5 / 255]
    return (0..<count).map { i in
      switch i % 13 {
      case 5: specials[Int(next() * Float(specials.count)) % specials.count]
      case 7, 8: 0
      default: (next() - 0.5) * 2.5
      }
    }
  }

  /// Every group count that reaches a distinct path: one to sixty-four
  /// groups of four cells, and a few hundreds.
  @Test(arguments: Array(1...64) + [100, 257, 500])
  func simdResolveMatchesTheScalarTwinBitForBit(_ groups: Int) {
    for seed in UInt64(1)...12 {
      let original = Self.cells(count: 4 * groups, seed: seed &* 7919 &+ UInt64(groups))
      let start = Float(seed % 5) - 2
      var simdCells = original, scalarCells = original
      var simdBytes = [UInt8](repeating: 7, count: 4 * groups)
      var scalarBytes = simdBytes
      let simdSum = resolveCoverage(&simdCells, groups: groups, sum: start, into: &simdBytes)
      let scalarSum = resolveCoverageScalar(&scalarCells, groups: groups, sum: start, evenOdd: false, into: &scalarBytes)
      #expect(simdBytes == scalarBytes, "seed \(seed)")
      #expect(simdSum.bitPattern == scalarSum.bitPattern || (simdSum.isNaN && scalarSum.isNaN), "seed \(seed)")
      // Both hand the cells back cleared.
      #expect(simdCells.allSatisfy { $0 == 0 } && scalarCells.allSatisfy { $0 == 0 })
    }
  }

  @Test func coverageBytesRoundToNearestAndSaturate() {
    #expect(coverageByte(0, evenOdd: false) == 0)
    #expect(coverageByte(-0.0, evenOdd: false) == 0)
    #expect(coverageByte(0.5, evenOdd: false) == 128)  // 127.5 rounds to even
    #expect(coverageByte(-0.25, evenOdd: false) == 64)
    #expect(coverageByte(1, evenOdd: false) == 255)
    #expect(coverageByte(-3, evenOdd: false) == 255)
    #expect(coverageByte(.nan, evenOdd: false) == 255)
    #expect(coverageByte(-.infinity, evenOdd: false) == 255)
    // Even-odd folds with period 2: 1.75 covers as 0.25, 2 as nothing, -1 as all.
    #expect(coverageByte(1.75, evenOdd: true) == 64)
    #expect(coverageByte(2, evenOdd: true) == 0)
    #expect(coverageByte(-1, evenOdd: true) == 255)
    #expect(coverageByte(.infinity, evenOdd: true) == 255)
  }

  @Test func aRunningSumCarriesFromGroupToGroup() {
    // An edge entering at 0.25 of the first pixel, a full pixel, then leaving.
    var cells: [Float] = [0.75, 0.25, 0, 0, 0, 0, 0, -1]
    var bytes = [UInt8](repeating: 0, count: 8)
    let sum = resolveCoverage(&cells, groups: 2, sum: 0, into: &bytes)
    #expect(bytes == [191, 255, 255, 255, 255, 255, 255, 0])
    #expect(sum == 0)
  }
}
