// SPDX-License-Identifier: Apache-2.0
// A straight piece's outline, built directly, is the one the sides and caps of any open line make: point for point.

import Testing
@testable import ZoetropeGeometry

@Suite struct StraightPieceTests {
  /// The outline of an open line as the general way assembles it: the left
  /// side, the end cap, the right side backwards, the start cap.
  static func assembled(_ a: Point, _ b: Point, style: StrokeStyle) -> [Point] {
    let half = style.lineWidth / 2
    guard let (left, right) = Stroker.sides([a, b], closed: false, half: half, style: style, tolerance: 0.05) else {
      return []
    }
    let direction = Stroker.direction(a, b) * half
    var outline = left
    outline += Stroker.cap(at: b, from: left[left.count - 1], to: right[right.count - 1], direction: direction,
                           style: style, tolerance: 0.05)
    outline += right.reversed()
    outline += Stroker.cap(at: a, from: right[0], to: left[0], direction: direction * -1, style: style,
                           tolerance: 0.05)
    return outline
  }

  /// Segments of every direction and length, at awkward coordinates.
  static let segments: [(Point, Point)] = {
    var generator = SplitMix(seed: 0x5EED)
    var segments = [(Point(x: 0, y: 0), Point(x: 3, y: 4)), (Point(x: 1e-9, y: 0), Point(x: 0, y: 1e-9)),
                    (Point(x: 1e6, y: -2.5), Point(x: -1e6, y: 7.25))]
    for _ in 0..<300 {
      let scale = [0.001, 1, 40, 1e5][Int(generator.next() % 4)]
      func value() -> Double { (Double(generator.next() % 2_000_001) / 1_000_000 - 1) * scale }
      segments.append((Point(x: value(), y: value()), Point(x: value(), y: value())))
    }
    return segments.filter { $0.0 != $0.1 }
  }()

  @Test(arguments: [LineCap.butt, .square])
  func aStraightPieceIsWhatTheSidesAndCapsMake(cap: LineCap) {
    for width in [0.5, 1, 3.75, 40] {
      let style = StrokeStyle(lineWidth: width, lineCap: cap)
      for (a, b) in Self.segments {
        let direct = Stroker.stroke([Polyline(points: [a, b], isClosed: false)], style: style)
        #expect(direct.count == 1)
        #expect(direct.first?.isClosed == true)
        #expect(direct.first?.points == Self.assembled(a, b, style: style), "\(a) \(b) \(width)")
        // Closed, or with its end repeated, it is the same piece.
        let closed = Stroker.stroke([Polyline(points: [a, b, a], isClosed: true)], style: style)
        #expect(closed.map(\.points) == direct.map(\.points))
        let repeated = Stroker.stroke([Polyline(points: [a, b, b], isClosed: false)], style: style)
        #expect(repeated.map(\.points) == direct.map(\.points))
      }
    }
  }

  @Test func dashesOfAStraightEdgeAreItsPiecesWithinTheBudgetOfPoints() throws {
    let edge = [Polyline(points: [Point(x: 2, y: 3), Point(x: 90, y: 3)], isClosed: false)]
    let style = StrokeStyle(lineWidth: 2, lineCap: .square, dashPattern: [4, 3], dashPhase: 1)
    let dashes = Stroker.dash(edge, pattern: [4, 3], phase: 1)
    let outline = Stroker.stroke(edge, style: style)
    #expect(outline.map(\.points) == dashes.map { Self.assembled($0.points[0], $0.points[1], style: style) })
    // Eight points a square-capped dash: past the budget, none.
    #expect(Stroker.stroke(edge, style: style, tolerance: 0.05, maximumPoints: 8 * dashes.count) != nil)
    #expect(Stroker.stroke(edge, style: style, tolerance: 0.05, maximumPoints: 8 * dashes.count - 1) == nil)
  }
}

/// A small deterministic generator (SplitMix64).
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
