// SPDX-License-Identifier: Apache-2.0
// Path booleans (union, subtraction, intersection, exclusion): areas, holes, shared edges, fill rules, and a point-sampling oracle.

import Foundation
import Testing
import ZoetropeGeometry
import _ZoetropeTestSupport

/// The winding number of `path` (subpaths closed, flattened finely) at `p`.
func windingNumber(of path: Path, at p: Point) -> Int {
  var w = 0
  for line in path.flattened(tolerance: 0.001) {
    let pts = line.points
    for i in pts.indices {
      let a = pts[i], b = pts[(i + 1) % pts.count]
      if (a.y <= p.y) != (b.y <= p.y) {
        let x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y)
        if x > p.x { w += b.y > a.y ? 1 : -1 }
      }
    }
  }
  return w
}

/// Whether `path` filled with `rule` covers `p`.
func covers(_ path: Path, _ p: Point, _ rule: FillRule = .nonZero) -> Bool {
  let w = windingNumber(of: path, at: p)
  return rule == .nonZero ? w != 0 : w & 1 != 0
}

/// The area a result path covers: the sum of its contours' signed areas
/// (clockwise on the screen is positive), which is the covered area when
/// the winding is 1 inside and 0 outside.
func coveredArea(_ path: Path) -> Double {
  var area = 0.0
  for line in path.flattened(tolerance: 0.001) {
    let pts = line.points
    for i in pts.indices {
      let a = pts[i], b = pts[(i + 1) % pts.count]
      area += a.x * b.y - b.x * a.y
    }
  }
  return area / 2
}

/// The distance from `p` to the nearest edge of `paths` (flattened finely).
func distanceToEdges(of paths: [Path], from p: Point) -> Double {
  var best = Double.infinity
  for path in paths {
    for line in path.flattened(tolerance: 0.001) {
      let pts = line.points
      for i in pts.indices {
        let a = pts[i], b = pts[(i + 1) % pts.count], d = b - a
        let length = d.x * d.x + d.y * d.y
        let t = length > 0 ? min(max(((p.x - a.x) * d.x + (p.y - a.y) * d.y) / length, 0), 1) : 0
        best = min(best, p.distance(to: a + d * t))
      }
    }
  }
  return best
}

func square(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Path { .rect(Rect(x: x, y: y, width: w, height: h)) }

func contourCount(_ path: Path) -> Int { path.elements.count { if case .moveTo = $0 { true } else { false } } }

@Suite struct PathBooleanTests {
  @Test(arguments: [(PathOperation.union, 175.0), (.subtraction, 75), (.intersection, 25), (.exclusion, 150)])
  func overlappingSquares(operation: PathOperation, area: Double) throws {
    let a = square(0, 0, 10, 10), b = square(5, 5, 10, 10)
    let result = try a.combining(with: b, operation: operation)
    #expect(abs(coveredArea(result) - area) < 1e-9)
    for p in [Point(x: 2, y: 2), Point(x: 7, y: 7), Point(x: 12, y: 12), Point(x: 12, y: 2), Point(x: -1, y: 5)] {
      let expected = operation.contains(inFirst: covers(a, p), inSecond: covers(b, p))
      #expect(covers(result, p) == expected, "\(operation) at \(p)")
      #expect(covers(result, p, .evenOdd) == expected, "the result fills the same with either rule")
    }
  }

  @Test func nestedSquareMakesAHoleOrAnIsland() throws {
    let outer = square(0, 0, 10, 10), inner = square(2, 2, 4, 4)
    let hole = try outer.combining(with: inner, operation: .subtraction)
    #expect(abs(coveredArea(hole) - 84) < 1e-9)
    #expect(contourCount(hole) == 2)
    #expect(!covers(hole, Point(x: 4, y: 4)) && covers(hole, Point(x: 1, y: 1)))
    #expect(abs(coveredArea(try outer.combining(with: inner, operation: .union)) - 100) < 1e-9)
    #expect(abs(coveredArea(try outer.combining(with: inner, operation: .intersection)) - 16) < 1e-9)
    #expect(abs(coveredArea(try outer.combining(with: inner, operation: .exclusion)) - 84) < 1e-9)
    // The inner one minus the outer: nothing.
    #expect(try inner.combining(with: outer, operation: .subtraction).isEmpty)
  }

  @Test func disjointSquares() throws {
    let a = square(0, 0, 10, 10), b = square(20, 0, 10, 10)
    let union = try a.combining(with: b, operation: .union)
    #expect(contourCount(union) == 2 && abs(coveredArea(union) - 200) < 1e-9)
    #expect(try a.combining(with: b, operation: .intersection).isEmpty)
    let difference = try a.combining(with: b, operation: .subtraction)
    #expect(contourCount(difference) == 1 && abs(coveredArea(difference) - 100) < 1e-9)
  }

  /// Squares side by side share an edge: their union is one rectangle of four corners, their intersection empty.
  @Test func touchingEdgesJoinIntoOneOutline() throws {
    let a = square(0, 0, 10, 10), b = square(10, 0, 10, 10)
    let union = try a.combining(with: b, operation: .union)
    #expect(contourCount(union) == 1)
    #expect(union.elements.count == 5, "move, three lines, a close: the shared edge and its ends are gone")
    #expect(abs(coveredArea(union) - 200) < 1e-9)
    #expect(try a.combining(with: b, operation: .intersection).isEmpty)
    // Touching at one corner only.
    let corner = try a.combining(with: square(10, 10, 5, 5), operation: .intersection)
    #expect(corner.isEmpty)
  }

  /// A half that shares three sides (in part) with the whole.
  @Test func coincidentEdgesAreKeptOnce() throws {
    let whole = square(0, 0, 10, 10), top = square(0, 0, 10, 5)
    let union = try whole.combining(with: top, operation: .union)
    #expect(union.elements.count == 5 && abs(coveredArea(union) - 100) < 1e-9)
    #expect(abs(coveredArea(try whole.combining(with: top, operation: .intersection)) - 50) < 1e-9)
    let bottom = try whole.combining(with: top, operation: .subtraction)
    #expect(abs(coveredArea(bottom) - 50) < 1e-9 && bottom.elements.count == 5)
    #expect(covers(bottom, Point(x: 5, y: 7)) && !covers(bottom, Point(x: 5, y: 3)))
    #expect(abs(coveredArea(try whole.combining(with: top, operation: .exclusion)) - 50) < 1e-9)
    // Identical operands.
    #expect(try whole.combining(with: whole, operation: .exclusion).isEmpty)
    #expect(abs(coveredArea(try whole.combining(with: whole, operation: .union)) - 100) < 1e-9)
  }

  /// A pentagram drawn in one stroke: non-zero covers its centre, even-odd leaves it empty.
  @Test func selfIntersectingStarByFillRule() throws {
    let points = (0..<5).map { k -> Point in
      let angle = -Double.pi / 2 + Double(k * 2) * 2 * Double.pi / 5
      return Point(x: 50 + 40 * cos(angle), y: 50 + 40 * sin(angle))
    }
    let star = Path.polyline(points, closed: true)
    let nonZero = try star.combining(.nonZero, with: Path(), operation: .union)
    let evenOdd = try star.combining(.evenOdd, with: Path(), operation: .union)
    let centre = Point(x: 50, y: 50), tip = Point(x: 50, y: 15)
    #expect(covers(nonZero, centre) && covers(nonZero, tip))
    #expect(!covers(evenOdd, centre) && covers(evenOdd, tip))
    #expect(contourCount(nonZero) == 1 && nonZero.elements.count == 11, "ten corners: the crossings, not the points of the stroke")
    // The difference of the two is the inner pentagon: r = 40 · cos 72° / cos 36°.
    let inner = 40 * cos(2 * Double.pi / 5) / cos(Double.pi / 5)
    let pentagon = 5.0 / 2 * inner * inner * sin(2 * Double.pi / 5)
    // To within the grid points snap to (2⁻¹⁶): a vertex moves 1.1e-5 at most.
    #expect(abs(coveredArea(nonZero) - coveredArea(evenOdd) - pentagon) < 5e-3)
    // The rule of the second operand counts too.
    let cut = try square(0, 0, 100, 100).combining(with: star, fillRule: .evenOdd, operation: .subtraction)
    #expect(covers(cut, centre) && !covers(cut, tip))
  }

  /// A ring (outer square, inner square run the other way) against a bar across it.
  @Test func operandsWithHoles() throws {
    var ring = square(0, 0, 30, 30)
    ring.addPath(Path.polyline([Point(x: 10, y: 10), Point(x: 10, y: 20), Point(x: 20, y: 20), Point(x: 20, y: 10)],
                               closed: true))
    let bar = square(-5, 12, 40, 6)
    let intersection = try ring.combining(with: bar, operation: .intersection)
    #expect(abs(coveredArea(intersection) - 2 * 10 * 6) < 1e-9 && contourCount(intersection) == 2)
    let union = try ring.combining(with: bar, operation: .union)
    #expect(abs(coveredArea(union) - (900 - 100 + 10 * 6 + 2 * 5 * 6)) < 1e-9)
    #expect(!covers(union, Point(x: 15, y: 11)) && covers(union, Point(x: 15, y: 15)))
    // The same ring with both squares run one way is a ring only by even-odd.
    var sameWay = square(0, 0, 30, 30)
    sameWay.addPath(square(10, 10, 10, 10))
    let evenOdd = try sameWay.combining(.evenOdd, with: Path(), operation: .union)
    let nonZero = try sameWay.combining(.nonZero, with: Path(), operation: .union)
    #expect(abs(coveredArea(evenOdd) - 800) < 1e-9 && abs(coveredArea(nonZero) - 900) < 1e-9)
  }

  /// Several paths as the second operand are their union, whichever way each runs.
  @Test func theUnionOfOthersIgnoresTheirDirections() throws {
    let clockwise = square(0, 0, 10, 10)
    let counterClockwise = Path.polyline([Point(x: 5, y: 0), Point(x: 5, y: 10), Point(x: 15, y: 10), Point(x: 15, y: 0)],
                                         closed: true)
    var appended = clockwise
    appended.addPath(counterClockwise)
    // Appended into one path, the overlap has winding 0 and is left out.
    #expect(abs(coveredArea(try appended.combining(with: Path(), operation: .union)) - 100) < 1e-9)
    let union = try Path().combining(withUnionOf: [clockwise, counterClockwise], fillRule: .nonZero, operation: .union)
    #expect(abs(coveredArea(union) - 150) < 1e-9 && contourCount(union) == 1)
    let cut = try square(0, 0, 20, 20).combining(withUnionOf: [clockwise, counterClockwise], fillRule: .nonZero,
                                                  operation: .subtraction)
    #expect(abs(coveredArea(cut) - 250) < 1e-9)
  }

  @Test func curvesAreFlattenedWithinTheTolerance() throws {
    let circle = Path.ellipse(in: Rect(x: 0, y: 0, width: 100, height: 100))
    let half = try circle.combining(with: square(50, -10, 60, 120), operation: .subtraction, tolerance: 0.01)
    // Chords cut at most the tolerance off along the half circle's length (and Path.ellipse is within 3e-4 of it).
    #expect(abs(coveredArea(half) - Double.pi * 2500 / 2) < 0.01 * 50 * Double.pi)
    #expect(covers(half, Point(x: 10, y: 50)) && !covers(half, Point(x: 60, y: 50)))
  }

  /// Random polygons (triangles and quadrilaterals, some self-crossing, some
  /// sharing points) against the definition, point by point: a point away from
  /// every edge is in the result exactly when the operation says so of the operands.
  @Test func agreesWithPointSamplingOnRandomPolygons() throws {
    var random = SeededRandom(state: 35)
    for round in 0..<60 {
      func polygon() -> Path {
        var path = Path()
        for _ in 0..<(1 + Int(random.unit() * 2)) {
          let n = 3 + Int(random.unit() * 3)
          // Coordinates on a coarse lattice half the time, so that edges and vertices coincide.
          let coarse = random.unit() < 0.5
          let pts = (0..<n).map { _ in
            coarse ? Point(x: (random.unit() * 8).rounded() * 5, y: (random.unit() * 8).rounded() * 5)
                   : Point(x: random.unit() * 40, y: random.unit() * 40)
          }
          path.addPath(.polyline(pts, closed: true))
        }
        return path
      }
      let a = polygon(), b = polygon()
      let rules = (random.unit() < 0.5 ? FillRule.nonZero : .evenOdd, random.unit() < 0.5 ? FillRule.nonZero : .evenOdd)
      for operation in PathOperation.allCases {
        let result = try a.combining(rules.0, with: b, fillRule: rules.1, operation: operation)
        for i in 0..<30 {
          for j in 0..<30 {
            // Off the lattice, so that no sample lies on an edge of the coarse polygons.
            let p = Point(x: Double(i) * 1.37 + 0.113, y: Double(j) * 1.37 + 0.071)
            let expected = operation.contains(inFirst: covers(a, p, rules.0), inSecond: covers(b, p, rules.1))
            // Points are snapped to 2⁻¹⁶: a sample that close to an edge may fall either way.
            guard covers(result, p) != expected, distanceToEdges(of: [a, b], from: p) > 1e-4 else { continue }
            #expect(Bool(false), "round \(round), \(operation), \(rules), at \(p)")
            return
          }
        }
      }
    }
  }

  @Test func emptyAndDegenerateOperandsCoverNothing() throws {
    let a = square(0, 0, 10, 10)
    #expect(abs(coveredArea(try a.combining(with: Path(), operation: .union)) - 100) < 1e-9)
    #expect(try a.combining(with: Path(), operation: .intersection).isEmpty)
    #expect(try Path().combining(with: Path(), operation: .exclusion).isEmpty)
    let line = Path.polyline([Point(x: -5, y: 5), Point(x: 15, y: 5)], closed: false)
    #expect(abs(coveredArea(try a.combining(with: line, operation: .subtraction)) - 100) < 1e-9)
    let flat = square(0, 0, 10, 0), dot = square(3, 3, 0, 0)
    #expect(try flat.combining(with: dot, operation: .union).isEmpty)
    // Non-finite points are dropped, as flattening drops them.
    var nan = square(0, 0, 10, 10)
    nan.addLine(to: Point(x: .nan, y: 3))
    nan.addLine(to: Point(x: .infinity, y: 3))
    #expect(abs(coveredArea(try nan.combining(with: Path(), operation: .union)) - 100) < 1e-9)
  }

  @Test func hostileOperandsAreRefusedByBudget() throws {
    // 10⁵ vertices on a circle: past the segment budget with the other operand, refused before any work.
    let many = (0..<100_000).map { k in
      Point(x: 50 + 40 * cos(Double(k) * 2 * .pi / 100_000), y: 50 + 40 * sin(Double(k) * 2 * .pi / 100_000))
    }
    let circle = Path.polyline(many, closed: true)
    #expect(throws: PathBooleanError.tooManySegments) {
      try circle.combining(with: .polyline(many.map { $0 + Point(x: 10, y: 0) }, closed: true), operation: .union)
    }
    // 50,000 vertices of a zigzag whose teeth all span the same rows: the comparisons run out, quickly.
    let zigzag = (0..<50_000).map { k in Point(x: Double(k) * 0.001, y: k % 2 == 0 ? 0 : 100) }
    #expect(throws: PathBooleanError.tooMuchWork) {
      try Path.polyline(zigzag, closed: true).combining(with: square(0, 0, 10, 10), operation: .union)
    }
    // Fifty huge curves would flatten into 4,096 segments each: refused by the estimate, before flattening.
    var loops = Path()
    for k in 0..<50 {
      loops.move(to: Point(x: 0, y: Double(k)))
      loops.addCurve(to: Point(x: 1e9, y: Double(k)), control1: Point(x: 0, y: 1e9), control2: Point(x: 1e9, y: -1e9))
    }
    #expect(throws: PathBooleanError.tooManySegments) {
      try loops.combining(with: square(0, 0, 10, 10), operation: .union)
    }
    #expect(throws: PathBooleanError.coordinateTooLarge(1e300)) {
      try square(0, 0, 1e300, 1).combining(with: square(0, 0, 1, 1), operation: .union)
    }
  }

  /// A circle of 10⁵ vertices against a square: within the budgets, and right.
  @Test func aHundredThousandVertexCircle() throws {
    let many = (0..<90_000).map { k in
      Point(x: 40 * cos(Double(k) * 2 * .pi / 90_000), y: 40 * sin(Double(k) * 2 * .pi / 90_000))
    }
    let result = try Path.polyline(many, closed: true).combining(with: square(0, -50, 50, 100), operation: .subtraction)
    #expect(abs(coveredArea(result) - Double.pi * 1600 / 2) < 0.01)
  }

  /// A thousand overlapping squares as one operand (their union) against a circle.
  @Test func aThousandSubpaths() throws {
    var many = Path()
    for k in 0..<1000 { many.addPath(square(Double(k % 40) * 8, Double(k / 40) * 8, 10, 10)) }
    let circle = Path.ellipse(in: Rect(x: 100, y: 50, width: 80, height: 80))
    let union = try many.combining(with: Path(), operation: .union)
    #expect(contourCount(union) == 1 && abs(coveredArea(union) - 322 * 202) < 1e-6)
    let difference = try many.combining(with: circle, operation: .subtraction)
    let intersection = try many.combining(with: circle, operation: .intersection)
    #expect(abs(coveredArea(difference) + coveredArea(intersection) - coveredArea(union)) < 1e-6)
    #expect(covers(difference, Point(x: 50, y: 8)) && !covers(difference, Point(x: 140, y: 90)))
  }
}
