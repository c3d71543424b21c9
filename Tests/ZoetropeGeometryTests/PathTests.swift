// SPDX-License-Identifier: Apache-2.0
// SVG path data, shape helpers and path morphing.

import Foundation
import Testing
import ZoetropeGeometry

@Suite struct PathTests {
  @Test func everyCommandParsesAbsoluteAndRelative() throws {
    let path = try Path(svgPathData: "M1 2 L3 4 l1 1 H10 h-2 V20 v-5 C 0 0 1 1 2 2 c1 1 2 2 3 3 S 7 7 8 8 s1 1 2 2 "
      + "Q 1 1 3 3 q 1 1 2 2 T 9 9 t 1 1 A 5 5 0 0 1 20 20 a 5 5 0 1 0 10 0 Z m 1 1 z")
    let ends = path.elements.compactMap { element -> Point? in
      switch element {
      case .moveTo(let p), .lineTo(let p), .quadCurveTo(let p, _): return p
      case .curveTo(let p, _, _): return p
      case .closeSubpath: return nil
      }
    }
    #expect(ends.prefix(7) == [Point(x: 1, y: 2), Point(x: 3, y: 4), Point(x: 4, y: 5), Point(x: 10, y: 5),
                                Point(x: 8, y: 5), Point(x: 8, y: 20), Point(x: 8, y: 15)])
    #expect(ends.contains(Point(x: 20, y: 20)) && ends.contains(Point(x: 30, y: 20)))
    #expect(path.currentPoint == Point(x: 2, y: 3))
  }

  @Test func smoothCurvesReflectThePreviousControlPoint() throws {
    let path = try Path(svgPathData: "M 0 0 C 1 1 2 1 3 0 S 5 -1 6 0")
    guard case .curveTo(_, let c1, _) = path.elements[2] else { Issue.record("not a curve"); return }
    #expect(c1 == Point(x: 4, y: -1))
    let quads = try Path(svgPathData: "M 0 0 Q 1 1 2 0 T 4 0")
    guard case .quadCurveTo(_, let c) = quads.elements[2] else { Issue.record("not a quad"); return }
    #expect(c == Point(x: 3, y: -1))
  }

  @Test func compactNumbersAndFlagsParse() throws {
    let path = try Path(svgPathData: "M-.5.5l1e1-2E-1a1 1 0 00 1 1")
    #expect(path.elements[0] == .moveTo(Point(x: -0.5, y: 0.5)))
    #expect(path.elements[1] == .lineTo(Point(x: 9.5, y: 0.3)))
    #expect(path.currentPoint == Point(x: 10.5, y: 1.3))
  }

  @Test func quarterArcFollowsTheCircle() throws {
    let path = try Path(svgPathData: "M 10 0 A 10 10 0 0 1 0 10")
    guard case .curveTo(let end, let c1, let c2) = path.elements[1] else { Issue.record("no curve"); return }
    #expect(end == Point(x: 0, y: 10))
    let start = Point(x: 10, y: 0)
    let mid = Point(x: 0.125 * start.x + 0.375 * c1.x + 0.375 * c2.x + 0.125 * end.x,
                    y: 0.125 * start.y + 0.375 * c1.y + 0.375 * c2.y + 0.125 * end.y)
    #expect(abs(mid.distance(to: .zero) - 10) < 1e-3)
  }

  @Test(arguments: [
    ("L 1 1", "must start with a moveto"),
    ("M 0 0 L 10", "expected a number (found the end) at offset 10"),
    ("M 0 0 X 1", "unknown command"),
    ("M 0 0 A 1 1 0 2 0 3 3", "arc flag"),
    ("M 1e999 0", "out of range"),
  ])
  func badPathDataNamesWhatAndWhere(_ data: String, _ message: String) {
    do {
      _ = try Path(svgPathData: data)
      Issue.record("accepted \(data)")
    } catch {
      #expect(error.description.contains(message), "\(error)")
    }
  }

  @Test func emptyDataIsAnEmptyPath() throws {
    #expect(try Path(svgPathData: "").isEmpty)
    #expect(try Path(svgPathData: "  ").isEmpty)
  }

  @Test func svgPathDataRoundTrips() throws {
    var path = Path.roundedRect(Rect(x: 0.5, y: 1, width: 30, height: 20), cornerRadius: 4)
    path.addPath(.ellipse(in: Rect(x: 0, y: 0, width: 10, height: 6)))
    path.addQuadCurve(to: Point(x: 1e-7, y: -3), control: Point(x: 2, y: 2))
    #expect(try Path(svgPathData: path.svgPathData) == path)
    #expect(Path.rect(Rect(x: 0, y: 0, width: 2, height: 1)).svgPathData == "M 0 0 L 2 0 L 2 1 L 0 1 Z")
  }

  @Test func roundedRectClampsTheRadius() {
    let path = Path.roundedRect(Rect(x: 0, y: 0, width: 10, height: 4), cornerRadius: 100)
    #expect(path.boundingBox == Rect(x: 0, y: 0, width: 10, height: 4))
    #expect(path.elements.first == .moveTo(Point(x: 2, y: 0)))
  }

  @Test func arcSweepsClockwiseOnScreen() {
    let path = Path.arc(center: .zero, radius: 1, startAngle: 0, endAngle: Double.pi / 2, clockwise: true)
    guard case .curveTo(let end, _, _) = path.elements.last! else { Issue.record("no curve"); return }
    #expect(abs(end.x) < 1e-12 && abs(end.y - 1) < 1e-12)
    let other = Path.arc(center: .zero, radius: 1, startAngle: 0, endAngle: Double.pi / 2, clockwise: false)
    #expect(other.elements.count == 4)
  }

  @Test func morphingNeedsTheSameStructure() throws {
    let a = try Path(svgPathData: "M 0 0 L 10 0"), b = try Path(svgPathData: "M 0 10 L 20 10")
    #expect(a.interpolated(to: b, fraction: 0.5) == (try Path(svgPathData: "M 0 5 L 15 5")))
    #expect(a.interpolated(to: try Path(svgPathData: "M 0 0 Q 1 1 2 2"), fraction: 0.5) == nil)
  }
}

@Suite struct ColorTests {
  @Test func hexFormsParse() {
    #expect(Color(hex: "#FFB900") == Color(red: 1, green: 185.0 / 255, blue: 0))
    #expect(Color(hex: "#f00") == Color(red: 1, green: 0, blue: 0))
    #expect(Color(hex: "#00000080")?.alpha == 128.0 / 255)
    for bad in ["FFB900", "#FFB90", "#GG0000", "", "#"] { #expect(Color(hex: bad) == nil, "\(bad)") }
  }

  @Test func uiKitNamesHaveUIKitComponents() {
    #expect(Color.named("darkGray") == Color(white: 1.0 / 3))
    #expect(Color.named("orange") == Color(red: 1, green: 0.5, blue: 0))
    #expect(Color.named("clear") == .clear)
    #expect(Color.named("Red") == nil)
    #expect(Color.namedColorNames.allSatisfy { Color.named($0) != nil })
  }
}
