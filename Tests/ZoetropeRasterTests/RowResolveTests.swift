// SPDX-License-Identifier: Apache-2.0
// Resolving a row visits only its stretches of touched groups, yet hands on every pixel's byte of resolving all its cells.

import Testing
import ZoetropeGeometry
@testable import ZoetropeRaster
import _ZoetropeTestSupport

@Suite struct RowResolveTests {
  /// The stretches of `words` found one bit at a time: every group whose
  /// bit is set, or a lone clear bit between two set bits of the same
  /// word, joined with its neighbours across word boundaries.
  static func referenceStretches(_ words: [UInt64]) -> [Range<Int>] {
    var marked: [Bool] = []
    for word in words {
      let set = (0..<64).map { word >> UInt64($0) & 1 != 0 }
      for bit in 0..<64 {
        let below = (0..<bit).last { set[$0] }, above = (bit + 1..<64).first { set[$0] }
        let between = below.map { b in above.map { $0 - b - 1 <= 1 } ?? false } ?? false
        marked.append(set[bit] || between)
      }
    }
    var stretches: [Range<Int>] = []
    var group = 0
    while group < marked.count {
      guard marked[group] else { group += 1; continue }
      let first = group
      while group < marked.count && marked[group] { group += 1 }
      stretches.append(first..<group)
    }
    return stretches
  }

  /// Words of sparse, dense, full, empty and alternating bits, stretches
  /// ending at and crossing word boundaries: the same stretches as the
  /// bit-by-bit reference, and every word cleared.
  @Test func stretchesAreTheRunsOfMarkedGroupsAcrossWords() {
    var random = SeededRandom(state: 39)
    let patterns: [UInt64] = [0, .max, 1, 1 << 63, 0x5555_5555_5555_5555, 0xAAAA_AAAA_AAAA_AAAA, .max >> 1, .max << 1,
                              0x8000_0000_0000_0001, 0x0F0F_0F0F_0F0F_0F0F, 0x9249_2492_4924_9249]
    var checked = 0
    for trial in 0..<4000 {
      let count = 1 + trial % 5
      let words: [UInt64] = (0..<count).map { _ in
        switch random.next() % 4 {
        case 0: patterns[Int(random.next() % UInt64(patterns.count))]
        case 1: random.next() & random.next() & random.next()
        case 2: random.next() | random.next()
        default: random.next()
        }
      }
      var cleared = words
      var found: [Range<Int>] = []
      cleared.withUnsafeMutableBufferPointer { buffer in
        var stretches = MarkedStretches(words: buffer.baseAddress!, count: count)
        while let (first, end) = stretches.next() { found.append(first..<end) }
      }
      #expect(found == Self.referenceStretches(words), "words \(words.map { String($0, radix: 16) })")
      #expect(cleared.allSatisfy { $0 == 0 })
      checked += found.count
    }
    #expect(checked > 10_000)
  }

  /// Every row of random shapes (both fill rules), of combs whose covered
  /// gaps join runs or not, and of shapes wider than a word of groups,
  /// resolved into runs: the pixels the runs cover get their bytes and
  /// every other pixel is 0, as resolving all the row's cells one by one
  /// gives (the cells deposited the same way, into a grid of the test's own).
  @Test func aRowsRunsCarryTheBytesOfResolvingAllItsCells() throws {
    var lists = ResolvedRunsTests.lists()
    var paths = RandomPaths(seed: 41, width: 900, height: 40)
    for trial in 0..<6 {
      let path = paths.path(trial, curves: 9, rectangle: Rect(x: 30.5, y: 5.25, width: 700.7, height: 20.1))
      let shape = Rasterizer.shape(of: path.flattened(tolerance: 0.05), fillRule: trial % 2 == 0 ? .nonZero : .evenOdd,
                                   canvasWidth: 960, canvasHeight: 40)
      lists += (shape?.pieces ?? []).compactMap { piece in if case .edges(let list) = piece { list } else { nil } }
    }
    #expect(lists.count > 20)
    let cells = BandCells(width: 960, rows: EdgeList.bucketRows)
    var rowsChecked = 0
    for (n, list) in lists.enumerated() {
      let expected = Self.resolvedOneByOne(list)
      var recorder = ResolvedRunsTests.Recorder()
      var top = list.rows.lowerBound
      while top < list.rows.upperBound {
        cells.resolve(list, rows: top..<Swift.min(top + EdgeList.bucketRows, list.rows.upperBound), into: &recorder)
        top += EdgeList.bucketRows
      }
      var got = [[UInt8]](repeating: [UInt8](repeating: 0, count: list.width), count: list.rows.count)
      for run in recorder.runs {
        for i in 0..<run.count {
          got[Int(run.y) - list.rows.lowerBound][run.x - list.originX + i] = run.bytes?[i] ?? run.value
        }
      }
      for r in got.indices where got[r] != expected[r] {
        let column = try #require(got[r].indices.first { got[r][$0] != expected[r][$0] })
        Issue.record("list \(n) row \(list.rows.lowerBound + r) column \(column): \(got[r][column]), not \(expected[r][column])")
        break
      }
      rowsChecked += got.count
    }
    #expect(rowsChecked > 500)
  }

  /// `list`'s coverage bytes, a row of its width for each of its rows: its
  /// edges deposited bucket by bucket into plain arrays, every cell of
  /// every row resolved by the scalar reference.
  static func resolvedOneByOne(_ list: EdgeList) -> [[UInt8]] {
    var grid = CellGridTests.Grid(width: list.width, rows: list.rows.count)
    let firstRow = list.rows.lowerBound - list.rowsMoved
    grid.cells.withUnsafeMutableBufferPointer { cells in
      grid.touched.withUnsafeMutableBufferPointer { touched in
        let cellGrid = CellGrid(cells: cells.baseAddress!, touched: touched.baseAddress!, stride: grid.stride,
                                wordsPerRow: grid.wordsPerRow, firstRow: firstRow)
        list.edges.withUnsafeBufferPointer { edges in
          for k in 0..<(list.bucketStarts.count - 1) {
            let top = (list.firstBucket + k) * EdgeList.bucketRows
            let rows = (top..<(top + EdgeList.bucketRows)).clamped(to: firstRow..<(firstRow + list.rows.count))
            let start = Int(list.bucketStarts[k])
            cellGrid.deposit(edges.baseAddress! + start, count: Int(list.bucketStarts[k + 1]) - start, rows: rows)
          }
        }
      }
    }
    return (0..<list.rows.count).map { r in
      var bytes = [UInt8](repeating: 0, count: grid.stride)
      grid.cells.withUnsafeMutableBufferPointer { cells in
        _ = resolveCellsScalar(cells.baseAddress! + r * grid.stride, groups: grid.stride / 4, sum: 0,
                               evenOdd: list.fillRule == .evenOdd, into: &bytes)
      }
      return Array(bytes[..<list.width])
    }
  }
}
