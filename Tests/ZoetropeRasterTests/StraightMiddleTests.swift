// SPDX-License-Identifier: Apache-2.0
// Rows crossed by vertical sides alone drawn as rectangles: the same bytes as the edges, one span or several.

import Testing
import ZoetropeGeometry
@testable import ZoetropeRaster

@Suite struct StraightMiddleTests {
  /// A border's ring: a rounded rectangle with the same one inset by
  /// `width` inside it, running the same way (`reversed` false) or the
  /// other way.
  static func ring(_ rect: Rect, radius: Double, width: Double, reversed: Bool) -> [Polyline] {
    let outer = Path.roundedRect(rect, cornerRadius: radius).flattened(tolerance: 0.05)
    let insetRect = Rect(x: rect.minX + width, y: rect.minY + width, width: rect.width - 2 * width,
                         height: rect.height - 2 * width)
    var inner = Path.roundedRect(insetRect, cornerRadius: Swift.max(radius - width, 0)).flattened(tolerance: 0.05)
    if reversed { inner = inner.map { var line = $0; line.points.reverse(); return line } }
    return outer + inner
  }

  /// The coverage bytes of `polylines` on a 96 × 80 canvas: as
  /// ``Rasterizer/shape(of:fillRule:canvasWidth:canvasHeight:rows:offset:scratch:)``
  /// draws it, and from its edges alone (asking for rows turns the
  /// rectangles off).
  static func coverage(_ polylines: [Polyline], rule: FillRule) -> (drawn: [UInt8], edges: [UInt8], rectangles: Int) {
    let shape = Rasterizer.shape(of: polylines, fillRule: rule, canvasWidth: 96, canvasHeight: 80)
    let edges = Rasterizer.shape(of: polylines, fillRule: rule, canvasWidth: 96, canvasHeight: 80, rows: 0..<80)
    let empty = [UInt8](repeating: 0, count: 96 * 80)
    let rectangles = shape?.pieces.filter { if case .rectangle = $0 { true } else { false } }.count ?? 0
    return (shape?.runs().mask(x: 0, y: 0, width: 96, height: 80).coverage ?? empty,
            edges?.runs().mask(x: 0, y: 0, width: 96, height: 80).coverage ?? empty, rectangles)
  }

  @Test(arguments: FillRule.allCases)
  func aRingsMiddleIsTwoRectangles(_ rule: FillRule) {
    // Non-zero fills a ring only when its inside runs the other way.
    let (drawn, edges, rectangles) = Self.coverage(
      Self.ring(Rect(x: 10.3, y: 6.6, width: 60.2, height: 50.7), radius: 8, width: 2.5, reversed: rule == .nonZero),
      rule: rule)
    #expect(rectangles == 2)
    #expect(drawn == edges)
  }

  @Test func aRingRunningOneWayUnderNonZeroIsNotTakenForOne() {
    // Both outlines the same way: non-zero fills the inside too.
    let (drawn, edges, rectangles) = Self.coverage(
      Self.ring(Rect(x: 10.3, y: 6.6, width: 60.2, height: 50.7), radius: 8, width: 2.5, reversed: false),
      rule: .nonZero)
    #expect(rectangles == 0)
    #expect(drawn == edges)
  }

  @Test func ringsOfAnyWidthAndPlaceGiveTheEdgesBytes() {
    var state: UInt64 = 21
    func next() -> Double {
      state = state &* 6364136223846793005 &+ 1442695040888963407
      return Double(state >> 11) / Double(1 << 53)
    }
    var twoSpans = 0
    for trial in 0..<300 {
      let rect = Rect(x: next() * 80 - 20, y: next() * 30 - 10, width: 4 + next() * 70, height: 20 + next() * 50)
      // Borders from a sliver (both sides in one pixel column) to half the width.
      let width = trial % 5 == 0 ? next() * 1.2 : next() * rect.width / 2
      let rule: FillRule = trial % 2 == 0 ? .evenOdd : .nonZero
      let polylines = Self.ring(rect, radius: next() * 10, width: width, reversed: rule == .nonZero || trial % 3 == 0)
      let (drawn, edges, rectangles) = Self.coverage(polylines, rule: rule)
      if rectangles == 2 { twoSpans += 1 }
      let differs = zip(drawn, edges).enumerated().first { $0.element.0 != $0.element.1 }
      #expect(differs == nil, "\(rect) width \(width) \(rule): at \(differs.map { ($0.offset % 96, $0.offset / 96, $0.element) }.debugDescription)")
    }
    #expect(twoSpans > 30)
  }
}
