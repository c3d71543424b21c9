// SPDX-License-Identifier: Apache-2.0
// A path's tight box (`boundingBoxOfPath`): curve extremes in, control points out.

import Foundation
import Testing
import ZoetropeGeometry

@Suite struct PathBoundsTests {
  @Test func aQuadraticsBoxStopsAtItsPeak() throws {
    let arch = try Path(svgPathData: "M 0 0 Q 50 100 100 0")
    #expect(arch.boundingBoxOfPath == Rect(x: 0, y: 0, width: 100, height: 50))
    #expect(arch.boundingBox == Rect(x: 0, y: 0, width: 100, height: 100))
  }

  @Test func anEllipsesBoxIsItsRect() {
    let oval = Path.ellipse(in: Rect(x: 10, y: 20, width: 40, height: 30))
    let box = oval.boundingBoxOfPath
    #expect(abs(box.minX - 10) < 1e-12 && abs(box.minY - 20) < 1e-12 && abs(box.maxX - 50) < 1e-12
      && abs(box.maxY - 50) < 1e-12)
  }

  /// Seeded random cubics and quadratics: every sampled point lies in the box, and the
  /// box's sides are reached by some sample (to the sampling's precision).
  @Test func randomCurvesHoldEverySampleAndTouchEverySide() {
    var random = SeededRandom(state: 7)
    func point() -> Point { Point(x: random.unit() * 200 - 100, y: random.unit() * 200 - 100) }
    for round in 0..<200 {
      let p0 = point(), c1 = point(), c2 = point(), p1 = point()
      let cubic = round % 2 == 0
      let path = Path(elements: [.moveTo(p0), cubic ? .curveTo(p1, control1: c1, control2: c2)
                                                    : .quadCurveTo(p1, control: c1)])
      let box = path.boundingBoxOfPath
      var outside = 0
      var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
      for i in 0...10_000 {
        let t = Double(i) / 10_000, u = 1 - t
        let q = cubic
          ? Point(x: u * u * u * p0.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p1.x,
                  y: u * u * u * p0.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p1.y)
          : Point(x: u * u * p0.x + 2 * u * t * c1.x + t * t * p1.x, y: u * u * p0.y + 2 * u * t * c1.y + t * t * p1.y)
        if !(q.x >= box.minX - 1e-9 && q.x <= box.maxX + 1e-9 && q.y >= box.minY - 1e-9 && q.y <= box.maxY + 1e-9) {
          outside += 1
        }
        minX = min(minX, q.x); maxX = max(maxX, q.x); minY = min(minY, q.y); maxY = max(maxY, q.y)
      }
      #expect(outside == 0, "round \(round)")
      #expect(abs(minX - box.minX) < 1e-4 && abs(maxX - box.maxX) < 1e-4 && abs(minY - box.minY) < 1e-4
        && abs(maxY - box.maxY) < 1e-4, "round \(round)")
    }
  }

  @Test func edges() {
    #expect(Path().boundingBoxOfPath == .zero)
    // A lone move counts, as CGPath's box counts it.
    #expect(Path(elements: [.moveTo(Point(x: 3, y: 4))]).boundingBoxOfPath == Rect(x: 3, y: 4, width: 0, height: 0))
    let nan = Path(elements: [.moveTo(.zero), .lineTo(Point(x: .nan, y: 1)), .lineTo(Point(x: 5, y: 5))])
    #expect(nan.boundingBoxOfPath.size.width.isNaN)
  }

  struct SeededRandom {
    var state: UInt64
    mutating func unit() -> Double {
      state = state &* 6364136223846793005 &+ 1442695040888963407
      return Double(state >> 11) / Double(1 << 53)
    }
  }
}
