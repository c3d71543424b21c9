// SPDX-License-Identifier: Apache-2.0
// A colour blended as its cells resolve: the pixels of resolving to bytes and blending them, bit for bit.

import Testing
import ZoetropeGeometry
import ZoetropeShaders
@testable import ZoetropeRaster
import _ZoetropeTestSupport

@Suite struct ResolvingBlendTests {
  /// Premultiplied colours: translucent, opaque, clear, and channels at their alpha.
  static let colors: [FillSolidContext] = [
    FillSolidContext(premultipliedRed: 90, green: 40, blue: 150, alpha: 180),
    FillSolidContext(premultipliedRed: 12, green: 250, blue: 3, alpha: 255),
    FillSolidContext(premultipliedRed: 0, green: 0, blue: 0, alpha: 0),
    FillSolidContext(premultipliedRed: 77, green: 77, blue: 77, alpha: 77),
  ]

  /// Destination pixels of every byte value, from a seed.
  static func pixels(count: Int, seed: UInt64) -> [UInt8] {
    var random = SeededRandom(state: seed)
    return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next() >> 32) }
  }

  /// The wide resolvers this CPU runs, whose resolving blends are tested
  /// (none on a CPU without AVX2: the tests then check nothing, and say so).
  static let wideResolvers = CoverageResolveTests.wideResolvers

  /// Each kernel against its portable twin — the scalar resolve into bytes,
  /// then the portable blend over them — for every group count a step and
  /// a tail reach and pixel counts from one to every cell: the same pixels,
  /// sums and cleared cells, and nothing written past the cells or pixels.
  /// Skipped, and reported as skipped, on a CPU without AVX2.
  @Test(.enabled(if: BlendKernels.avx2Available, "this CPU has no AVX2: the resolving blends are not tested"),
        arguments: Array(1...24) + [63, 100, 257])
  func theResolvingBlendMatchesResolvingThenBlendingBitForBit(_ groups: Int) {
    for resolver in Self.wideResolvers { Self.expectResolvingBlendMatchesItsTwin(resolver, groups: groups) }
  }

  static func expectResolvingBlendMatchesItsTwin(_ resolver: CoverageResolver, groups: Int) {
    let cellCount = 4 * groups
    for (n, context) in Self.colors.enumerated() {
      let color = BlendKernels.word(context.color)
      for count in Set([1, 2, 5, cellCount - 3, cellCount - 1, cellCount, 17, 33].filter { 1...cellCount ~= $0 }) {
        let seed = UInt64(groups * 131 + count * 7 + n)
        let original = CoverageResolveTests.cells(count: cellCount, seed: seed)
        let start = Int32(Int(seed % 5) - 2) * BandCells.fullArea &+ Int32(seed % 97)
        let destination = Self.pixels(count: 4 * cellCount, seed: seed)
        // Guard cells and pixels on both sides of the kernel's.
        var cells = [9] + original + [9, 9, 9, 9]
        var pixels = [UInt8](repeating: 7, count: 4) + destination + [UInt8](repeating: 7, count: 64)
        let sum = cells.withUnsafeMutableBufferPointer { cells in
          pixels.withUnsafeMutableBufferPointer { pixels in
            resolveFillingSolid(resolver, cells.baseAddress! + 1, groups: groups, sum: start,
                                pixels: pixels.baseAddress! + 4, count: count, color: color)
          }
        }
        var scalarCells = original, bytes = [UInt8](repeating: 0, count: cellCount)
        var expected = destination
        let scalarSum = resolveCellsScalar(&scalarCells, groups: groups, sum: start, evenOdd: false, into: &bytes)
        fillSolid(&expected, coverage: bytes, count: count, context: context)
        let label = "\(resolver): colour \(n), \(groups) groups, \(count) pixels"
        #expect(Array(pixels[4..<(4 + 4 * cellCount)]) == expected, "\(label)")
        #expect(sum == scalarSum, "\(label)")
        #expect(cells[1...cellCount].allSatisfy { $0 == 0 }, "\(label): cells left clear")
        #expect(cells.first == 9 && cells.suffix(4) == [9, 9, 9, 9], "\(label): within its cells")
        #expect(pixels.prefix(4).allSatisfy { $0 == 7 } && pixels.suffix(64).allSatisfy { $0 == 7 },
                "\(label): within its pixels")
      }
    }
  }

  /// Shapes whose rows hold several stretches of edges with covered gaps
  /// between (the random shapes and combs of ``ResolvedRunsTests/lists()``,
  /// a non-zero comb, a shape cut by the canvas's right side — at a whole
  /// group of four, where its rows end in a constant run after their last
  /// stretch, and between groups): filled into a band through ``BandCells/fill(_:rows:into:)``
  /// (each stretch blended as it resolves where AVX-512 runs) and through
  /// ``BandCells/resolve(_:rows:into:)`` (the runs blended by the sink),
  /// the same pixels, for each wide resolver, colour and band height.
  @Test(.enabled(if: BlendKernels.avx2Available, "this CPU has no AVX2: the resolving blends are not tested"),
        arguments: [16, 5])
  func aShapeFilledAsItResolvesHasThePixelsOfItsRunsBlended(_ bandHeight: Int) throws {
    var comb = Path.rect(Rect(x: 0.5, y: 2.25, width: 200, height: 40))
    var x = 3.3
    for gap in 1...20 {
      comb.addPath(.rect(Rect(x: x, y: 10.5, width: 0.6, height: 20)))
      x += 0.6 + Double(gap)
    }
    // Wider than the canvas, with narrow ellipses inside: rows end in a constant run at its right side.
    var cut = Path.rect(Rect(x: -2.5, y: 3.25, width: 300, height: 40))
    x = 3.3
    for gap in 1...40 {
      cut.addPath(.ellipse(in: Rect(x: x, y: 6.5 + Double(gap % 7), width: 1.7, height: 20)))
      x += 1.7 + Double(gap % 23)
    }
    var lists = ResolvedRunsTests.lists()
    for (path, width) in [(comb, 240), (cut, 240), (cut, 237)] {
      let shape = try #require(Rasterizer.shape(of: path.flattened(tolerance: 0.05), fillRule: .nonZero,
                                                canvasWidth: width, canvasHeight: 50))
      for case .edges(let list) in shape.pieces { lists.append(list) }
    }
    #expect(lists.filter { $0.fillRule == .nonZero }.count > 8)
    let width = 240, cells = BandCells(width: width, rows: 16)
    let wide = Self.wideResolvers.map { BandCells(width: width, rows: 16, resolver: $0) }
    // Some rows of a non-zero list end in a constant run after their last stretch.
    let endsConstant = lists.filter { $0.fillRule == .nonZero }.contains { list in
      var recorder = ResolvedRunsTests.Recorder()
      var top = list.rows.lowerBound
      while top < list.rows.upperBound {
        cells.resolve(list, rows: top..<Swift.min(top + 16, list.rows.upperBound), into: &recorder)
        top += 16
      }
      return recorder.runs.indices.contains { i in
        let run = recorder.runs[i]
        return run.bytes == nil && run.x + run.count == list.originX + list.width
          && (i + 1 == recorder.runs.count || recorder.runs[i + 1].y != run.y) && i > 0
          && recorder.runs[i - 1].y == run.y && recorder.runs[i - 1].bytes != nil
      }
    }
    #expect(endsConstant)
    for (n, list) in lists.enumerated() {
      for (k, context) in Self.colors.enumerated() {
        let solid = SolidBlend(context)
        let seed = UInt64(n * 31 + k)
        let destination = Self.pixels(count: 4 * width * 50, seed: seed)
        /// The list drawn band after band through `draw`.
        func drawn(_ draw: (Range<Int>, inout SolidRuns) -> Void) -> [UInt8] {
          var pixels = destination
          var top = list.rows.lowerBound
          while top < list.rows.upperBound {
            let rows = top..<Swift.min(top + bandHeight, list.rows.upperBound)
            pixels.withUnsafeMutableBufferPointer { band in
              var runs = SolidRuns(solid: solid, band: band.baseAddress! + 4 * width * rows.lowerBound,
                                   top: rows.lowerBound, width: width)
              draw(rows, &runs)
            }
            top = rows.upperBound
          }
          return pixels
        }
        let blended = drawn { rows, runs in cells.resolve(list, rows: rows, into: &runs) }
        for (wideCells, resolver) in zip(wide, Self.wideResolvers) {
          let filled = drawn { rows, runs in
            withUnsafePointer(to: list) { wideCells.fill($0, rows: rows, into: &runs) }
          }
          let first = filled.indices.first { filled[$0] != blended[$0] }
          #expect(first == nil,
                  "\(resolver), list \(n), colour \(k), bands of \(bandHeight): byte \(first ?? 0) differs")
        }
      }
    }
  }
}
