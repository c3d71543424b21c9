// SPDX-License-Identifier: Apache-2.0
// A corner that turns so little that its bevel stays within the tolerance: one point where the join takes one.

import Foundation
import Testing
import ZoetropeGeometry
import ZoetropeRaster

@Suite struct SmallTurnJoinTests {
  /// Two 20-px segments meeting at `pivot` and turning 10°, stroked 4 px
  /// wide (half a width 2): a bevel there strays 2 (1 − cos 5°) ≈ 0.008 px
  /// from the round arc, within the tolerance of 0.05.
  let pivot = Point(x: 30, y: 30)
  let turn = 10.0 * Double.pi / 180

  func outline(_ join: LineJoin, miterLimit: Double = 10, width: Double = 4) -> [Point] {
    let end = Point(x: pivot.x + 20 * cos(turn), y: pivot.y + 20 * sin(turn))
    let line = [Polyline(points: [Point(x: 10, y: 30), pivot, end], isClosed: false)]
    let style = StrokeStyle(lineWidth: width, lineJoin: join, miterLimit: miterLimit)
    return Stroker.stroke(line, style: style, tolerance: 0.05).flatMap(\.points)
  }

  /// The distances from the pivot of the outline's points near it, shortest first.
  func nearPivot(_ points: [Point]) -> [Double] {
    points.map { (($0.x - pivot.x) * ($0.x - pivot.x) + ($0.y - pivot.y) * ($0.y - pivot.y)).squareRoot() }
      .filter { $0 < 3 }.sorted()
  }

  @Test func aRoundJoinTakesTheArcsMiddle() {
    // The outer side: one point at half the width (on the arc); the inner
    // side: where the two offset edges cross, 2 / cos 5° away.
    let distances = nearPivot(outline(.round))
    #expect(distances.count == 2, "\(distances)")
    #expect(abs(distances[0] - 2) < 1e-9, "\(distances)")
    #expect(abs(distances[1] - 2 / cos(turn / 2)) < 1e-9, "\(distances)")
  }

  @Test func aMiterJoinTakesTheMitersTip() {
    // Both sides cross where their offset edges meet, 2 / cos 5° from the pivot.
    let distances = nearPivot(outline(.miter))
    #expect(distances.count == 2, "\(distances)")
    for d in distances { #expect(abs(d - 2 / cos(turn / 2)) < 1e-9, "\(distances)") }
  }

  @Test func aBevelJoinAndAMiterPastItsLimitKeepTheirTwoPoints() {
    // Past the limit (the tip is 1 / cos 5° ≈ 1.004 widths away), a miter bevels.
    for points in [outline(.bevel), outline(.miter, miterLimit: 1)] {
      let distances = nearPivot(points)
      #expect(distances.count == 3, "\(distances)")
      #expect(abs(distances[0] - 2) < 1e-9 && abs(distances[1] - 2) < 1e-9, "\(distances)")
    }
  }

  @Test func aHairlineTurningBackStaysFinite() {
    // Thinner than the tolerance, a half-turn passes the bevel's test: it
    // must not be given a miter tip or an arc's middle at infinity.
    let line = [Polyline(points: [Point(x: 10, y: 10), Point(x: 20, y: 10), Point(x: 10, y: 10.000001)],
                         isClosed: false)]
    for join in LineJoin.allCases {
      let points = Stroker.stroke(line, style: StrokeStyle(lineWidth: 0.02, lineJoin: join), tolerance: 0.05)
        .flatMap(\.points)
      #expect(!points.isEmpty && points.allSatisfy { $0.isFinite && abs($0.x - 15) < 6 && abs($0.y - 10) < 1 },
              "\(join)")
    }
  }

  @Test func aThinCurvedStrokeCoversItsAnnulus() throws {
    // A half circle of radius 40 stroked 3 px wide with round joins and butt
    // caps, flattened at the renderer's tolerance: the covered area is the
    // half annulus's, to a thousandth.
    let arc = Path.arc(center: Point(x: 64, y: 64), radius: 40, startAngle: 0, endAngle: Double.pi, clockwise: true)
    let style = StrokeStyle(lineWidth: 3, lineJoin: .round)
    let outline = Stroker.stroke(arc.flattened(tolerance: 0.05), style: style, tolerance: 0.05)
    let mask = try #require(Rasterizer.coverage(of: outline, fillRule: .nonZero, canvasWidth: 128, canvasHeight: 128))
    let area = mask.coverage.reduce(0) { $0 + Double($1) } / 255
    let expected = Double.pi / 2 * (41.5 * 41.5 - 38.5 * 38.5)
    #expect(abs(area - expected) < expected / 1000, "\(area) against \(expected)")
  }
}
