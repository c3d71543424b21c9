// SPDX-License-Identifier: Apache-2.0
// The SIMD coverage resolver against its scalar twin, bit for bit, edge values included.

import ZoetropeGeometry
import ZoetropeShaders
import Testing
@testable import ZoetropeRaster
import _ZoetropeTestSupport

@Suite struct CoverageResolveTests {
  static let full = Int(BandCells.fullArea)

  /// Cells as edges leave them (signed areas of up to a pixel, summing back
  /// to windings of 0, 1 or 2), with the values that must not trap: the
  /// extremes of Int32, whose sums wrap.
  static func cells(count: Int, seed: UInt64) -> [Int32] {
    var random = SeededRandom(state: seed)
    func next() -> Int { Int(random.next() >> 40) }
    let specials: [Int32] = [0, .max, .min, Int32(full), -Int32(full), 65_536, 1, -1, Int32(3 * full)]
    return (0..<count).map { i in
      switch i % 13 {
      case 5: specials[next() % specials.count]
      case 7, 8: 0
      default: Int32(next() % (2 * full + 1) - full)
      }
    }
  }

  /// Every group count that reaches a distinct path: one to sixty-four
  /// groups of four cells, and a few hundreds.
  @Test(arguments: Array(1...64) + [100, 257, 500])
  func simdResolveMatchesTheScalarTwinBitForBit(_ groups: Int) {
    for seed in UInt64(1)...12 {
      let original = Self.cells(count: 4 * groups, seed: seed &* 7919 &+ UInt64(groups))
      let start = Int32(Int(seed % 5) - 2) * BandCells.fullArea
      var simdCells = original, scalarCells = original
      var simdBytes = [UInt8](repeating: 7, count: 4 * groups)
      var scalarBytes = simdBytes
      let simdSum = resolveCells(&simdCells, groups: groups, sum: start, into: &simdBytes)
      let scalarSum = resolveCellsScalar(&scalarCells, groups: groups, sum: start, evenOdd: false, into: &scalarBytes)
      #expect(simdBytes == scalarBytes, "seed \(seed)")
      #expect(simdSum == scalarSum, "seed \(seed)")
      // Both hand the cells back cleared.
      #expect(simdCells.allSatisfy { $0 == 0 } && scalarCells.allSatisfy { $0 == 0 })
    }
  }

  /// The resolvers this CPU runs: the AVX2 and AVX-512 twins where it has
  /// them (the tests of each alone say when they are skipped).
  static let wideResolvers: [CoverageResolver] =
    (BlendKernels.avx2Available ? [.avx2] : []) + (BlendKernels.avx512Available ? [.avx512] : [])

  /// The AVX2 resolver against the scalar reference over the same group
  /// counts (every tail of its eight-cell steps, odd and even pairs of
  /// groups), writing nothing past its cells and bytes. Skipped, and
  /// reported as skipped, on a CPU without AVX2.
  @Test(.enabled(if: BlendKernels.avx2Available, "this CPU has no AVX2: the AVX2 resolver is not tested"),
        arguments: Array(1...40) + [100, 257])
  func avx2ResolverMatchesTheScalarTwinBitForBit(_ groups: Int) {
    Self.expectWideResolverMatchesTheScalarTwin(.avx2, groups: groups)
  }

  /// The AVX-512 resolver (sixteen cells a step, the last 4–12 under a mask)
  /// against the scalar reference, as above. Skipped, and reported as
  /// skipped, on a CPU without AVX-512 F, BW and VBMI.
  @Test(.enabled(if: BlendKernels.avx512Available, "this CPU has no AVX-512 VBMI: the AVX-512 resolver is not tested"),
        arguments: Array(1...40) + [100, 257])
  func avx512ResolverMatchesTheScalarTwinBitForBit(_ groups: Int) {
    Self.expectWideResolverMatchesTheScalarTwin(.avx512, groups: groups)
  }

  static func expectWideResolverMatchesTheScalarTwin(_ resolver: CoverageResolver, groups: Int) {
    for seed in UInt64(1)...12 {
      let original = Self.cells(count: 4 * groups, seed: seed &* 104_729 &+ UInt64(groups))
      let start = Int32(Int(seed % 5) - 2) * BandCells.fullArea &+ Int32(seed)
      // Guard cells and bytes on both sides.
      var wideCells = [9] + original + [9, 9, 9, 9]
      var scalarCells = original
      var wideBytes = [UInt8](repeating: 7, count: 4 * groups + 18)
      var scalarBytes = [UInt8](repeating: 7, count: 4 * groups)
      let wideSum = wideCells.withUnsafeMutableBufferPointer { cells in
        wideBytes.withUnsafeMutableBufferPointer { bytes in
          resolver.resolve(cells.baseAddress! + 1, groups: groups, sum: start, into: bytes.baseAddress! + 1)
        }
      }
      let scalarSum = resolveCellsScalar(&scalarCells, groups: groups, sum: start, evenOdd: false, into: &scalarBytes)
      #expect(Array(wideBytes[1...(4 * groups)]) == scalarBytes, "\(resolver) seed \(seed)")
      #expect(wideSum == scalarSum, "\(resolver) seed \(seed)")
      #expect(wideCells[1...(4 * groups)].allSatisfy { $0 == 0 }, "\(resolver) leaves its cells clear")
      #expect(wideCells.first == 9 && wideCells.suffix(4) == [9, 9, 9, 9], "\(resolver) stays within its cells")
      #expect(wideBytes.first == 7 && wideBytes.suffix(17).allSatisfy { $0 == 7 }, "\(resolver) stays within its bytes")
    }
  }

  /// A running sum that wrapped to exactly `Int32.min` has no positive
  /// magnitude; every resolver takes it as full coverage, as the scalar one
  /// does — from the start sum and from a cell, in the steps and in the
  /// tails of the wide ones (the random cells above never land on it).
  @Test(arguments: [1, 2, 4, 5])
  func aSumWrappedToInt32MinCoversFullyInEveryResolver(_ groups: Int) {
    let count = 4 * groups
    var cases: [(cells: [Int32], sum: Int32)] = [([Int32](repeating: 0, count: count), .min)]
    for at in Set([0, count / 2, count - 1]) {
      var cells = [Int32](repeating: 0, count: count)
      cells[at] = .min
      cases.append((cells, 0))
    }
    for resolver in [CoverageResolver.portable] + Self.wideResolvers {
      for (original, start) in cases {
        var cells = original, scalarCells = original
        var bytes = [UInt8](repeating: 7, count: count), scalarBytes = bytes
        let sum = resolver.resolve(&cells, groups: groups, sum: start, into: &bytes)
        let scalarSum = resolveCellsScalar(&scalarCells, groups: groups, sum: start, evenOdd: false, into: &scalarBytes)
        #expect(bytes == scalarBytes && sum == scalarSum, "\(resolver), Int32.min at \(original.firstIndex(of: .min) ?? -1)")
        #expect(bytes.last == 255)
      }
    }
  }

  /// The function each resolver gives (what a row calls once a stretch)
  /// resolves as the scalar reference does under either fill rule: under
  /// even-odd whatever the resolver, under non-zero each its own kernel.
  @Test(arguments: [FillRule.nonZero, .evenOdd])
  func aResolversFunctionResolvesAsTheScalarReference(_ rule: FillRule) {
    let evenOdd = rule == .evenOdd
    for resolver in [CoverageResolver.portable] + Self.wideResolvers {
      let function = resolver.function(evenOdd: evenOdd)
      for groups in [1, 2, 3, 7, 16, 33] {
        let original = Self.cells(count: 4 * groups, seed: UInt64(31 * groups) &+ (evenOdd ? 5 : 0))
        let start = Int32(groups % 3 - 1) * BandCells.fullArea &+ 77
        var cells = original, scalarCells = original
        var bytes = [UInt8](repeating: 7, count: 4 * groups), scalarBytes = bytes
        let sum = function(&cells, groups, start, &bytes)
        let scalarSum = resolveCellsScalar(&scalarCells, groups: groups, sum: start, evenOdd: evenOdd,
                                           into: &scalarBytes)
        #expect(bytes == scalarBytes && sum == scalarSum, "\(resolver) \(rule) \(groups) groups")
        #expect(cells.allSatisfy { $0 == 0 }, "\(resolver) \(rule) leaves its cells clear")
      }
    }
  }

  @Test func coverageBytesRoundHalfUpAndSaturate() {
    let full = Int32(Self.full)
    #expect(coverageByte(0, evenOdd: false) == 0)
    #expect(coverageByte(full / 2, evenOdd: false) == 128)  // 127.5 rounds up
    #expect(coverageByte(-full / 4, evenOdd: false) == 64)
    #expect(coverageByte(full, evenOdd: false) == 255)
    #expect(coverageByte(-3 * full, evenOdd: false) == 255)
    #expect(coverageByte(.min, evenOdd: false) == 255)
    #expect(coverageByte(.max, evenOdd: false) == 255)
    // Even-odd folds with period 2: 1.75 covers as 0.25, 2 as nothing, -1 as all.
    #expect(coverageByte(full * 7 / 4, evenOdd: true) == 64)
    #expect(coverageByte(2 * full, evenOdd: true) == 0)
    #expect(coverageByte(-full, evenOdd: true) == 255)
    #expect(coverageByte(.min, evenOdd: true) == 0)
  }

  @Test func aRunningSumCarriesFromGroupToGroup() {
    // An edge entering at 0.25 of the first pixel, a full pixel, then leaving.
    let full = Int32(Self.full)
    var cells: [Int32] = [full * 3 / 4, full / 4, 0, 0, 0, 0, 0, -full]
    var bytes = [UInt8](repeating: 0, count: 8)
    let sum = resolveCells(&cells, groups: 2, sum: 0, into: &bytes)
    #expect(bytes == [191, 255, 255, 255, 255, 255, 255, 0])
    #expect(sum == 0)
  }
}
