// SPDX-License-Identifier: Apache-2.0
// Runs handed on as a row is resolved are the runs the row's spans lay out: the same pieces, joined the same way.

import Testing
import ZoetropeGeometry
@testable import ZoetropeRaster

@Suite struct ResolvedRunsTests {
  /// A run as either way hands it on: where, and its bytes or its constant coverage.
  struct Run: Equatable, CustomStringConvertible {
    let y: Int32, x: Int, count: Int
    let bytes: [UInt8]?, value: UInt8

    var description: String { "row \(y) x \(x)+\(count) " + (bytes.map { "\($0)" } ?? "at \(value)") }
  }

  /// Collects the runs `resolve(_:rows:into:)` hands on.
  struct Recorder: RowRunSink {
    var runs: [Run] = []

    mutating func varying(y: Int32, x: Int, count: Int, bytes: UnsafePointer<UInt8>) {
      runs.append(Run(y: y, x: x, count: count, bytes: Array(UnsafeBufferPointer(start: bytes, count: count)), value: 0))
    }

    mutating func constant(y: Int32, x: Int, count: Int, value: UInt8) {
      runs.append(Run(y: y, x: x, count: count, bytes: nil, value: value))
    }
  }

  /// Random curvy shapes (every third with a rectangular hole, every other
  /// even-odd) and a wide comb whose teeth leave covered gaps of 1 to 20
  /// columns between edges: gaps shorter than 16 columns join the runs
  /// either side of them, longer ones stay constant runs.
  static func lists() -> [EdgeList] {
    var paths = RandomPaths(seed: 29, width: 90, height: 70)
    var shapes = (0..<18).map { trial in
      (paths.path(trial, curves: 5, rectangle: Rect(x: 4.3, y: 6.7, width: 50.2, height: 30.9)),
       trial % 2 == 0 ? FillRule.nonZero : .evenOdd)
    }
    var comb = Path.rect(Rect(x: 0.5, y: 2.25, width: 200, height: 40))
    var x = 3.3
    for gap in 1...20 {
      comb.addPath(.rect(Rect(x: x, y: 10.5, width: 0.6, height: 20)))
      x += 0.6 + Double(gap)
    }
    shapes.append((comb, .evenOdd))
    return shapes.flatMap { path, rule in
      let shape = Rasterizer.shape(of: path.flattened(tolerance: 0.05), fillRule: rule, canvasWidth: 240,
                                   canvasHeight: 50)
      return (shape?.pieces ?? []).compactMap { piece in
        if case .edges(let list) = piece { list } else { nil }
      }
    }
  }

  /// Shapes cut by the right side of a 240-pixel canvas (a width of whole
  /// groups of four), so that rows end in a constant run after a varying
  /// one: each row's runs, as the sink gets them, come left to right, apart,
  /// within the list, and a constant run is never transparent.
  @Test(arguments: [FillRule.nonZero, .evenOdd])
  func runsReachTheSinkLeftToRightUpToTheRightSide(_ rule: FillRule) throws {
    var path = Path.rect(Rect(x: -2.5, y: 3.25, width: 300, height: 40))
    var x = 3.3
    for gap in 1...40 {
      path.addPath(.ellipse(in: Rect(x: x, y: 6.5 + Double(gap % 7), width: 1.7, height: 20)))
      x += 1.7 + Double(gap % 23)
    }
    let shape = try #require(Rasterizer.shape(of: path.flattened(tolerance: 0.05), fillRule: rule, canvasWidth: 240,
                                              canvasHeight: 50))
    let cells = BandCells(width: 240, rows: 16)
    var endingConstants = 0
    for case .edges(let list) in shape.pieces {
      for top in stride(from: 0, to: 50, by: 16) {
        let rows = list.rows.clamped(to: top..<Swift.min(top + 16, 50))
        guard !rows.isEmpty else { continue }
        var recorder = Recorder()
        cells.resolve(list, rows: rows, into: &recorder)
        var row: Int32 = -1, end = 0
        for run in recorder.runs {
          if run.y != row { (row, end) = (run.y, list.originX) }
          #expect(run.count > 0 && run.x >= end && run.x + run.count <= list.originX + list.width, "\(run)")
          #expect(run.bytes != nil || run.value > 0, "\(run)")
          end = run.x + run.count
          if run.bytes == nil && end == list.originX + list.width { endingConstants += 1 }
        }
      }
    }
    #expect(endingConstants > 0, "no row ended in a constant run")
  }

  @Test func resolvingIntoASinkHandsOnTheRunsTheSpansLayOut() {
    let lists = Self.lists()
    #expect(lists.count >= 15)
    let cells = BandCells(width: 240, rows: 16)
    var joined = 0
    for list in lists {
      for top in stride(from: 0, to: 50, by: 16) {
        let rows = list.rows.clamped(to: top..<Swift.min(top + 16, 50))
        guard !rows.isEmpty else { continue }
        var laidOut: [Run] = []
        cells.forEachRow(of: list, rows: rows) { spans in
          for span in spans {
            let count = Int(span.count)
            let bytes = span.offset < 0 ? nil : Array(UnsafeBufferPointer(start: cells.bytes + Int(span.offset), count: count))
            laidOut.append(Run(y: span.y, x: Int(span.x), count: count, bytes: bytes, value: span.value))
          }
        }
        var recorder = Recorder()
        cells.resolve(list, rows: rows, into: &recorder)
        let handedOn = recorder.runs
        let differing = handedOn.indices.first { $0 >= laidOut.count || handedOn[$0] != laidOut[$0] }
          ?? (handedOn.count == laidOut.count ? nil : handedOn.count)
        #expect(differing == nil, """
          rows \(rows) of a list at column \(list.originX): run \(differing ?? 0) is \
          \(handedOn.dropFirst(differing ?? 0).first.map { "\($0)" } ?? "missing") handed on, \
          \(laidOut.dropFirst(differing ?? 0).first.map { "\($0)" } ?? "missing") laid out
          """)
        // Varying runs that took in a covered gap: a byte of full coverage between partial ones.
        joined += laidOut.filter { run in
          guard let bytes = run.bytes, let full = bytes.firstIndex(of: 255) else { return false }
          return bytes[..<full].contains { $0 < 255 } && bytes[full...].contains { $0 < 255 }
        }.count
      }
    }
    #expect(joined > 0, "no run joined a covered gap")
  }
}
