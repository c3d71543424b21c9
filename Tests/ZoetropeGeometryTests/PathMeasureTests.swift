// SPDX-License-Identifier: Apache-2.0
// Flattening tolerance, arc length and trimming (strokeStart/strokeEnd).

import Foundation
import Testing
import ZoetropeGeometry
import _ZoetropeTestSupport

@Suite struct PathMeasureTests {
  let circle = Path.ellipse(in: Rect(x: -50, y: -50, width: 100, height: 100))

  @Test func flatteningStaysWithinTheToleranceAfterTheTransform() {
    for tolerance in [0.5, 0.05, 0.01] {
      for scale in [1.0, 8.0] {
        let lines = circle.flattened(tolerance: tolerance, transform: AffineTransform.identity.scaledBy(x: scale, y: scale))
        #expect(lines.count == 1 && lines[0].isClosed)
        // Every segment's midpoint is within tolerance of the (cubic-approximated) circle.
        let points = lines[0].points
        for (a, b) in zip(points, points.dropFirst()) {
          let mid = a.interpolated(to: b, fraction: 0.5)
          let radius = (mid.x * mid.x + mid.y * mid.y).squareRoot()
          #expect(abs(radius - 50 * scale) < tolerance + 0.03 * scale, "tolerance \(tolerance) scale \(scale)")
        }
      }
    }
  }

  @Test(arguments: [1e9, 1e40, 1e160, 1e200, 1e300])
  func flatteningSurvivesHugeAndNonFiniteInput(_ size: Double) {
    var path = Path()
    path.move(to: Point(x: 0, y: 0))
    path.addCurve(to: Point(x: size, y: size), control1: Point(x: -size, y: 3 * size),
                  control2: Point(x: 2 * size, y: -size))
    path.addLine(to: Point(x: .nan, y: 1))
    path.addLine(to: Point(x: 5, y: 5))
    path.move(to: .zero)
    path.addQuadCurve(to: Point(x: size, y: 0), control: Point(x: size / 3, y: size))
    let lines = path.flattened(tolerance: 0.05)
    #expect(lines[0].points.count <= 4096 + 3, "a curve has at most 4,096 segments")
    #expect(lines.last!.points.count <= 4096 + 3)
    #expect(lines.allSatisfy { $0.points.allSatisfy(\.isFinite) })
  }

  @Test func lengthOfLinesAndCircles() {
    #expect(Path.rect(Rect(x: 0, y: 0, width: 3, height: 4)).length == 14)
    // A four-cubic circle is within 0.03 % of 2πr.
    #expect(abs(circle.length - 100 * Double.pi) / (100 * Double.pi) < 3e-4)
    var two = Path.polyline([Point(x: 0, y: 0), Point(x: 10, y: 0)], closed: false)
    two.addPath(.polyline([Point(x: 0, y: 5), Point(x: 0, y: 15)], closed: false))
    #expect(two.length == 20)
  }

  /// Arc length by brute force: a polyline of `count` chords.
  func chordLength(_ p: [Point], count: Int) -> Double {
    func at(_ t: Double) -> Point {
      let u = 1 - t
      return p[0] * (u * u * u) + p[1] * (3 * u * u * t) + p[2] * (3 * u * t * t) + p[3] * (t * t * t)
    }
    var total = 0.0, previous = p[0]
    for k in 1...count {
      let next = at(Double(k) / Double(count))
      total += previous.distance(to: next)
      previous = next
    }
    return total
  }

  @Test func curveLengthsHoldNearCuspsAndFolds() {
    let curves: [[Point]] = [
      [Point(x: 0, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100), Point(x: 100, y: 0)],  // a cusp
      [Point(x: 0, y: 0), Point(x: 300, y: 0), Point(x: -200, y: 0), Point(x: 50, y: 0)],  // folds back, off t = k/8
      [Point(x: 0, y: 0), Point(x: 0, y: 0), Point(x: 50, y: 80), Point(x: 90, y: 10)],  // zero speed at the start
      [Point(x: 3, y: 4), Point(x: 40, y: -20), Point(x: 70, y: 60), Point(x: 120, y: 5)],  // plain
    ]
    for p in curves {
      var path = Path()
      path.move(to: p[0])
      path.addCurve(to: p[3], control1: p[1], control2: p[2])
      // Chords fall short by O(1/n²): 400,000 of them are within ~1e-7 px here.
      let reference = chordLength(p, count: 400_000)
      #expect(abs(path.length - reference) < 1e-5, "\(p): \(path.length) against \(reference)")
    }
  }

  @Test func lengthOfANonFiniteCurveReturns() {
    var path = Path()
    path.move(to: .zero)
    path.addCurve(to: Point(x: 1, y: .nan), control1: Point(x: 1e300, y: 0), control2: Point(x: -1e300, y: 1))
    #expect(!path.length.isFinite)
  }

  @Test func trimIsAFractionOfTheLengthOverAllSubpaths() throws {
    var two = Path.polyline([Point(x: 0, y: 0), Point(x: 10, y: 0)], closed: false)
    two.addPath(.polyline([Point(x: 0, y: 5), Point(x: 0, y: 15)], closed: false))
    let trimmed = two.trimmed(from: 0.25, to: 0.75)
    #expect(trimmed == (try Path(svgPathData: "M 5 0 L 10 0 M 0 5 L 0 10")))
  }

  @Test func trimEndsLandOnTheCurveAtTheRightLength() {
    let quarter = Path.arc(center: .zero, radius: 100, startAngle: 0, endAngle: Double.pi / 2, clockwise: true)
    let full = quarter.length
    for fraction in [0.1, 0.37, 0.5, 0.9] {
      let trimmed = quarter.trimmed(from: 0, to: fraction)
      #expect(abs(trimmed.length - fraction * full) < 0.01, "\(fraction)")
      let end = trimmed.currentPoint!
      #expect(abs((end.x * end.x + end.y * end.y).squareRoot() - 100) < 0.03)
    }
  }

  @Test func trimRangesCompose() {
    var random = SeededRandom(state: 5)
    let path = circle
    for _ in 0..<50 {
      let a = random.unit() * 0.5, b = a + random.unit() * (1 - a)
      let c = random.unit() * 0.5, d = c + random.unit() * (1 - c)
      let once = path.trimmed(from: a + (b - a) * c, to: a + (b - a) * d)
      let twice = path.trimmed(from: a, to: b).trimmed(from: c, to: d)
      #expect(abs(once.length - twice.length) < 1e-6, "\(a) \(b) \(c) \(d)")
      #expect(once.currentPoint!.distance(to: twice.currentPoint!) < 1e-6)
    }
  }

  @Test func fullRangeIsTheSamePathAndEmptyRangeIsEmpty() {
    #expect(circle.trimmed(from: 0, to: 1) == circle)
    #expect(circle.trimmed(from: 0.5, to: 0.5).isEmpty)
    #expect(circle.trimmed(from: 0.7, to: 0.2).isEmpty)
  }

  @Test func wholeClosedSubpathsStayClosed() {
    var path = Path.rect(Rect(x: 0, y: 0, width: 10, height: 10))
    path.addPath(.rect(Rect(x: 20, y: 0, width: 10, height: 10)))
    let trimmed = path.trimmed(from: 0, to: 0.75)
    #expect(trimmed.elements.filter { $0 == .closeSubpath }.count == 1)
    #expect(abs(trimmed.length - 60) < 1e-9)
  }

  @Test func aMeasurementTakenBeforehandCutsTheSamePath() {
    var random = SeededRandom(state: 7)
    for _ in 0..<40 {
      var path = Path()
      for subpath in 0..<3 {
        path.move(to: Point(x: 300 * random.unit(), y: 300 * random.unit()))
        for _ in 0..<4 {
          let p = { Point(x: 300 * random.unit(), y: 300 * random.unit()) }
          path.addCurve(to: p(), control1: p(), control2: p())
          path.addLine(to: p())
        }
        if subpath == 1 { path.closeSubpath() }
      }
      let measurement = Path.Measurement(path)
      #expect(measurement.length == path.length)
      for _ in 0..<5 {
        let a = random.unit(), b = random.unit()
        #expect(path.trimmed(from: a, to: b, measurement: measurement) == path.trimmed(from: a, to: b))
      }
    }
  }

  @Test func aMeasurementOfAnotherPathIsNotTrusted() {
    let wave = Path(elements: [.moveTo(Point(x: 0, y: 0)),
                               .curveTo(Point(x: 90, y: 0), control1: Point(x: 30, y: 60), control2: Point(x: 60, y: -60))])
    let other = Path.Measurement(circle)
    #expect(wave.trimmed(from: 0.2, to: 0.7, measurement: other) == wave.trimmed(from: 0.2, to: 0.7))
  }
}
