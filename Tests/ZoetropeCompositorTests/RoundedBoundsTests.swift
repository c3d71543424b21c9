// SPDX-License-Identifier: Apache-2.0
// Corner shapes: Apple's continuous corner, its turn into a capsule, masked corners, the banded fast path.

import Testing
import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeRaster
@testable import ZoetropeCompositor
import _ZoetropeTestSupport

@Suite struct RoundedBoundsTests {
  /// The points of a corner's pieces, sampled.
  static func samples(_ pieces: [ContinuousCorner.Piece], per piece: Int = 32) -> [Point] {
    pieces.flatMap { c in
      (0...piece).map { i -> Point in
        let t = Double(i) / Double(piece), u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, d = 3 * u * t * t, e = t * t * t
        return Point(x: a * c.start.x + b * c.control1.x + d * c.control2.x + e * c.end.x,
                     y: a * c.start.y + b * c.control1.y + d * c.control2.y + e * c.end.y)
      }
    }
  }

  @Test func aContinuousCornerReachesOnePointFiveTimesTheRadiusAlongEachEdge() {
    let corner = ContinuousCorner(radius: 10, rect: Rect(x: 0, y: 0, width: 100, height: 80))
    #expect(abs(corner.extent - 15.28665) < 1e-9)
    #expect(corner.pieces.first?.start == Point(x: 15.28665, y: 0))
    #expect(corner.pieces.last?.end == Point(x: 0, y: 15.28665))
    // Symmetric about the diagonal: each piece mirrors another.
    let points = Self.samples(corner.pieces)
    for (p, q) in zip(points, points.reversed()) {
      #expect(abs(p.x - q.y) < 1e-9 && abs(p.y - q.x) < 1e-9)
    }
    // It stays outside the circular corner of the same radius near the
    // middle (the smooth corner is fuller there) and inside the square.
    let middle = points[points.count / 2]
    let circleMiddle = 10 - 10 / 2.0.squareRoot()
    #expect(middle.x < circleMiddle && middle.x > 0, "\(middle)")
  }

  @Test func pastHalfTheShorterSideTheCornerTurnsIntoACapsulesEnd() {
    let rect = Rect(x: 0, y: 0, width: 200, height: 40)
    // At a radius of half the height: a quarter circle of radius 20.
    let capsule = ContinuousCorner(radius: 20, rect: rect)
    for p in Self.samples(capsule.pieces) {
      let distance = ((p.x - 20) * (p.x - 20) + (p.y - 20) * (p.y - 20)).squareRoot()
      #expect(abs(distance - 20) < 0.01, "\(p) is \(distance) from the centre")
    }
    // Continuous across the start of the blend: just below and just above
    // the largest radius that fits, the corners nearly coincide.
    let limit = 20 / ContinuousCorner.extentFactor
    let below = Self.samples(ContinuousCorner(radius: limit - 1e-6, rect: rect).pieces)
    let above = Self.samples(ContinuousCorner(radius: limit + 1e-6, rect: rect).pieces)
    for (p, q) in zip(below, above) { #expect(abs(p.x - q.x) < 1e-4 && abs(p.y - q.y) < 1e-4) }
    // And the blend never reaches past the middle of the short side.
    for r in stride(from: limit, through: 20, by: 0.5) {
      #expect(ContinuousCorner(radius: r, rect: rect).extent <= 20 + 1e-9)
    }
  }

  @Test func maskedCornersRoundOnlyTheCornersNamed() {
    let canvas = Rasterizer.Canvas(width: 40, height: 40)
    for curve in CornerCurve.allCases {
      let shape = RoundedBounds(rect: Rect(x: 0, y: 0, width: 40, height: 40), cornerRadius: 12,
                                corners: [.layerMaxXMinYCorner, .layerMinXMaxYCorner], curve: curve)
      let runs = shape.spans(transform: .identity, canvas: canvas, scratch: nil)!
      let mask = runs.mask(x: 0, y: 0, width: 40, height: 40)
      #expect(mask.coverage(atX: 0, y: 0) == 255, "\(curve): top left is square")
      #expect(mask.coverage(atX: 39, y: 39) == 255, "\(curve): bottom right is square")
      #expect(mask.coverage(atX: 39, y: 0) == 0, "\(curve): top right is rounded")
      #expect(mask.coverage(atX: 0, y: 39) == 0, "\(curve): bottom left is rounded")
    }
  }

  @Test func theBandedFastPathMatchesTheGeneralRasterizer() {
    var random = SeededRandom(state: 5)
    func next() -> Double { random.unit() }
    let canvas = Rasterizer.Canvas(width: 64, height: 48)
    for _ in 0..<300 {
      let rect = Rect(x: next() * 10, y: next() * 8, width: 4 + next() * 50, height: 4 + next() * 38)
      let corners = CornerMask(rawValue: UInt8(next() * 16))
      let shape = RoundedBounds(rect: rect, cornerRadius: next() * 30, corners: corners,
                                curve: next() < 0.5 ? .circular : .continuous)
      let flip = next() < 0.3
      let transform = flip ? Transform3D(m11: 1.2, m12: 0, m13: 0, m14: 0, m21: 0, m22: -1, m23: 0, m24: 0,
                                         m31: 0, m32: 0, m33: 1, m34: 0, m41: 0.3, m42: 47, m43: 0, m44: 1)
        : Transform3D.scale(x: 1, y: 1.1, z: 1)
      let fast = shape.spans(transform: transform, canvas: canvas, scratch: nil)
      let general = Rasterizer.shape(of: shape.path, fillRule: .nonZero, transform: transform, canvas: canvas)?.runs()
      let a = fast?.mask(x: 0, y: 0, width: 64, height: 48).coverage
      let b = general?.mask(x: 0, y: 0, width: 64, height: 48).coverage
      #expect(a == b, "\(shape.rect) r \(shape.radius) \(shape.corners) \(shape.curve) flip \(flip)")
    }
  }
}
