// SPDX-License-Identifier: Apache-2.0
// A changed shape damages, in each band, the columns between its edges there, not all of its own.

import Testing
import ZoetropeGeometry
import _ZoetropeTestSupport
@testable import ZoetropeRaster

@Suite struct BandColumnsDamageTests {
  static let canvas = Rasterizer.Canvas(width: 256, height: 128)

  /// A line drawn across the canvas, up and down like a chart's, to
  /// `end` (0…1 of its length), with round joins and caps.
  static func chart(end: Double) -> DisplayList {
    var list = DisplayList(width: canvas.width, height: canvas.height, background: Color(red: 1, green: 1, blue: 1))
    var path = Path()
    path.move(to: Point(x: 8, y: 120))
    for (x, y) in [(60.0, 90.0), (110, 100), (160, 40), (200, 60), (248, 8)] { path.addLine(to: Point(x: x, y: y)) }
    let style = StrokeStyle(lineWidth: 3, lineCap: .round, lineJoin: .round)
    if let line = Rasterizer.strokeShape(of: path, style: style, to: end, transform: .identity, canvas: canvas) {
      list.fill(line, color: Color(red: 1, green: 0.2, blue: 0.3), opacity: 1)
    }
    return list
  }

  @Test func aLineDrawnFurtherDamagesOnlyWhereItRunsInEachBand() throws {
    let before = Self.chart(end: 0.6), after = Self.chart(end: 0.7)
    let damage = after.damage(since: before, bandHeight: 16)
    // Every band the line reaches is damaged, and none in all of the line's columns (8…248).
    var damaged = 0
    for case .columns(let runs) in damage {
      damaged += 1
      #expect(runs.reduce(0) { $0 + $1.count } < 128, "\(runs)")
    }
    #expect(damaged >= 6)
    #expect(!damage.contains(.whole))
    let (played, fresh) = after.playedOver(before)
    #expect(played == fresh)
  }

  @Test func aShapeCoversNothingOutsideTheColumnsItsBandsDamage() throws {
    // Random polygons, filled both ways; bands of several heights, aligned
    // with the edges' buckets and not.
    var random = SeededRandom(state: 39)
    for _ in 0..<40 {
      var path = Path()
      path.move(to: Point(x: random.next(in: -20...276), y: random.next(in: -20...148)))
      for _ in 0..<Int(random.next(in: 3...12)) {
        path.addLine(to: Point(x: random.next(in: -20...276), y: random.next(in: -20...148)))
      }
      path.closeSubpath()
      let fillRule: FillRule = random.unit() < 0.5 ? .nonZero : .evenOdd
      var list = DisplayList(width: Self.canvas.width, height: Self.canvas.height, background: .clear)
      guard let shape = Rasterizer.shape(of: path, fillRule: fillRule, transform: .identity, canvas: Self.canvas)
      else { continue }
      list.fill(shape, color: Color(red: 0, green: 0, blue: 0), opacity: 1)
      var pixels = [UInt8](repeating: 0, count: 4 * Self.canvas.width * Self.canvas.height)
      pixels.withUnsafeMutableBufferPointer { _ = list.render(into: $0.baseAddress!, straightAlpha: true) }
      for height in [16, 5, 23] {
        for top in stride(from: 0, to: Self.canvas.height, by: height) {
          let rows = top..<Swift.min(top + height, Self.canvas.height)
          let columns = list.commands.indices.map { list.damageColumns($0, [:], rows: rows) }
          for y in rows {
            for x in 0..<Self.canvas.width where pixels[4 * (y * Self.canvas.width + x) + 3] != 0 {
              #expect(columns.contains { $0.contains(x) }, "\(path) (\(fillRule)): pixel (\(x), \(y)) of rows \(rows)")
            }
          }
        }
      }
    }
  }
}
