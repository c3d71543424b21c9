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
    // The random-path tests' number stream (only its numbers are used).
    var random = RandomPaths(seed: 21, width: 0, height: 0)
    func next() -> Double { random.next() }
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

  /// Two bars side by side (a pause icon): a middle of two rectangles.
  static let bars: [Polyline] = [Rect(x: 10.3, y: 10, width: 8, height: 40), Rect(x: 30.6, y: 10.5, width: 8, height: 40)]
    .flatMap { Path.rect($0).flattened(tolerance: 0.05) }

  @Test func sideBySideRectanglesResolveIntoRunsRowByRow() throws {
    for polylines in [Self.bars, Self.ring(Rect(x: 10.3, y: 6.6, width: 60.2, height: 50.7), radius: 8, width: 2.5,
                                           reversed: false)] {
      let shape = try #require(Rasterizer.shape(of: polylines, fillRule: .evenOdd, canvasWidth: 96, canvasHeight: 80))
      #expect(shape.pieces.filter { if case .rectangle = $0 { true } else { false } }.count == 2)
      // Row by row, left to right, apart: what clips, masks and playback walk.
      let spans = shape.runs().spans
      for (a, b) in zip(spans, spans.dropFirst()) {
        #expect(a.y < b.y || (a.y == b.y && a.x + a.count <= b.x), "\(a) then \(b)")
      }
    }
  }

  @Test func sideBySideRectanglesMaskAGroupAndClipAsTheirEdgesDo() throws {
    let canvas = Rasterizer.Canvas(width: 96, height: 80)
    func frame(mask: CoverageSpans) -> [UInt8] {
      var list = DisplayList(width: 96, height: 80, background: Color(red: 1, green: 1, blue: 1))
      list.beginGroup()
      for (i, y) in [0.0, 30].enumerated() {
        if let card = Rasterizer.shape(of: Path.rect(Rect(x: 2, y: y, width: 90, height: 40)), fillRule: .nonZero,
                                       transform: .identity, canvas: canvas) {
          list.fill(card, color: Color(red: Double(i), green: 0.4, blue: 0.8), opacity: 0.9)
        }
      }
      list.endGroup(opacity: 1, mode: nil, mask: mask)
      var pixels = [UInt8](repeating: 0, count: 4 * 96 * 80)
      pixels.withUnsafeMutableBufferPointer { _ = list.render(into: $0.baseAddress!, straightAlpha: true) }
      return pixels
    }
    let rectangles = try #require(Rasterizer.shape(of: Self.bars, fillRule: .nonZero, canvasWidth: 96, canvasHeight: 80))
    let edges = try #require(Rasterizer.shape(of: Self.bars, fillRule: .nonZero, canvasWidth: 96, canvasHeight: 80,
                                              rows: 0..<80))
    #expect(frame(mask: rectangles.runs()) == frame(mask: edges.runs()))
    // As a clip inside another (the intersection walks both in order).
    let canvasClip = ClipMask(Rasterizer.rectangle(minX: 0, minY: 0, maxX: 96, maxY: 80, canvasWidth: 96,
                                                   canvasHeight: 80)?.runs(), parent: nil)
    #expect(ClipMask(rectangles.runs(), parent: canvasClip).runs.mask(x: 0, y: 0, width: 96, height: 80).coverage
      == ClipMask(edges.runs(), parent: canvasClip).runs.mask(x: 0, y: 0, width: 96, height: 80).coverage)
  }

  @Test func aShapeWithAPointOffThePlaneHasNoMiddle() {
    // Its edges refuse it (it covers nothing): the middle must not draw either.
    for stray in [Point(x: .nan, y: 2), Point(x: .infinity, y: 2), Point(x: 3, y: -.infinity)] {
      let polylines = Self.bars + [Polyline(points: [Point(x: 50, y: 2), stray], isClosed: true)]
      #expect(Rasterizer.straightMiddle(polylines, fillRule: .nonZero) == nil)
      #expect(Rasterizer.shape(of: polylines, fillRule: .nonZero, canvasWidth: 96, canvasHeight: 80) == nil)
    }
  }
}
