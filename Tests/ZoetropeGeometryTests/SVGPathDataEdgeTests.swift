// SPDX-License-Identifier: Apache-2.0
// SVG path data at the edges of Double: what the fuzzer found, kept as regression tests.

import Testing
import ZoetropeGeometry

@Suite struct SVGPathDataEdgeTests {
  /// Every point of `path` is finite.
  func isFinite(_ path: Path) -> Bool {
    path.elements.allSatisfy { element in
      switch element {
      case .moveTo(let p), .lineTo(let p): p.isFinite
      case .quadCurveTo(let p, let c): p.isFinite && c.isFinite
      case .curveTo(let p, let c1, let c2): p.isFinite && c1.isFinite && c2.isFinite
      case .closeSubpath: true
      }
    }
  }

  /// Found by the svg-path harness: an arc 1e86 long squared its radii past
  /// the largest Double and put NaN points in the path.
  @Test func hugeArcsHaveFinitePointsAndRoundTrip() throws {
    let huge = String(repeating: "1", count: 87)
    for data in ["M10,10 L0 1 a5 5 30 0 0 \(huge) 40", "M0 0 A1e300 1e300 0 0 1 1e300 1e300",
                 "M-1e308 0 A1e308 1e308 0 1 0 1e308 0", "M0 0 A1e-300 1e300 45 0 1 1e-200 1e-200"] {
      let path = try Path(svgPathData: data)
      #expect(isFinite(path), "\(data) → \(path.svgPathData)")
      #expect(try Path(svgPathData: path.svgPathData) == path, "\(data)")
    }
  }

  /// An ordinary arc still lands on its circle (the overflow guard rescales
  /// only past 2^500, and then by a power of two).
  @Test func ordinaryArcsStayOnTheirCircle() throws {
    for (data, center) in [("M10 10 a5 5 30 1 0 10 0", Point(x: 15, y: 10)), ("M0 0 A1e200 1e200 0 0 1 2e200 0", Point(x: 1e200, y: 0))] {
      let path = try Path(svgPathData: data)
      let radius = Swift.abs(center.x - (center.x > 1e100 ? 0 : 10))
      for case .curveTo(let end, _, _) in path.elements {
        let (u, v) = ((end.x - center.x) / radius, (end.y - center.y) / radius)
        #expect(Swift.abs(u * u + v * v - 1) <= 1e-12, "\(data): \(end)")
      }
      #expect(path.elements.filter { if case .curveTo = $0 { true } else { false } }.count == 2,
              "\(data): a half circle is two quarter curves")
    }
  }

  /// Found by the svg-path harness in its hour-long run: S and T reflect the
  /// previous control point through the current point, and near 1e308 the
  /// reflection overflowed to an infinite control point. It is an error now.
  @Test func reflectedControlPointsPastTheLargestNumberAreAnError() throws {
    for data in ["m2 2v4t2 3 60 0 40 2 1e308 0 0 40", "m.5.256S1 1 2 2q3 3 4 4t5 1 0 3 5 4t5 1 0 1e308t5 5",
                 "M0 0 Q -1e308 0 1e308 0 T 0 0", "M0 0 C 0 0 -1e308 0 1e308 0 S 0 0 1 1"] {
      #expect(throws: PathDataError.self, "\(data)") { try Path(svgPathData: data) }
    }
    // Within range, the reflection is as before.
    #expect(try Path(svgPathData: "M0 0 Q 1 2 3 4 T 5 5")
      == Path(elements: [.moveTo(.zero), .quadCurveTo(Point(x: 3, y: 4), control: Point(x: 1, y: 2)),
                         .quadCurveTo(Point(x: 5, y: 5), control: Point(x: 5, y: 6))]))
  }

  /// Relative steps that add up past the largest Double are an error naming
  /// where, not an infinite coordinate.
  @Test func relativeStepsPastTheLargestNumberAreAnError() {
    for data in ["M1e308 0 l1e308 0", "M0 -1e308 v-1e308", "M1e308 0 h1e308", "M0 0 m1e308 1 m1e308 1"] {
      #expect(throws: PathDataError.self, "\(data)") { try Path(svgPathData: data) }
    }
    do {
      _ = try Path(svgPathData: "M1e308 0 l1e308 0")
    } catch {
      #expect(error.description == "coordinate out of range at offset 10")
    }
  }
}
