// SPDX-License-Identifier: Apache-2.0
// A radial gradient that closes in on a focal point: the ramp starts there and ends on the last ring.

import Foundation
import Testing
import ZoetropeGeometry
@testable import ZoetropeRaster

@Suite struct GradientFocusTests {
  func paint(focus: Point?, end: Point = Point(x: 140, y: 100)) -> GradientPaint {
    GradientPaint(colors: [.black, .white], locations: nil, kind: .radial, start: Point(x: 100, y: 100), end: end,
                  focus: focus, deviceToLayer: Homography(values: [1, 0, 0, 0, 1, 0, 0, 0, 1]), opacity: 1)!
  }

  @Test func theRampStartsAtTheFocusAndEndsOnTheLastRing() {
    // A circle of radius 40 around (100, 100), focused half way to its right edge.
    let p = paint(focus: Point(x: 120, y: 100))
    #expect(abs(p.parameter(at: Point(x: 120, y: 100))) < 1e-12)
    for degrees in stride(from: 0.0, to: 360, by: 30) {
      let a = degrees * .pi / 180
      let ring = Point(x: 100 + 40 * cos(a), y: 100 + 40 * sin(a))
      #expect(abs(p.parameter(at: ring) - 1) < 1e-9, "\(degrees)°: \(p.parameter(at: ring))")
    }
    // Along the axis the rings are evenly spaced from the focus: to the left, 60 units to the ring.
    #expect(abs(p.parameter(at: Point(x: 90, y: 100)) - 0.5) < 1e-9)
    #expect(abs(p.parameter(at: Point(x: 130, y: 100)) - 0.5) < 1e-9)
  }

  @Test func anEllipseIsFocusedInItsOwnProportions() {
    // Radii 40 across and 20 down: the focus half way down is on the ring of every point half way there.
    let p = paint(focus: Point(x: 100, y: 110), end: Point(x: 140, y: 120))
    #expect(abs(p.parameter(at: Point(x: 100, y: 120)) - 1) < 1e-9)
    #expect(abs(p.parameter(at: Point(x: 140, y: 100)) - 1) < 1e-9)
    #expect(abs(p.parameter(at: Point(x: 100, y: 95)) - 0.5) < 1e-9)
  }

  @Test func aFocusOnOrBeyondTheLastRingIsMovedIn() {
    let beyond = paint(focus: Point(x: 300, y: 100)), inside = paint(focus: Point(x: 100 + 0.99 * 40, y: 100))
    for point in [Point(x: 60, y: 100), Point(x: 100, y: 130), Point(x: 139, y: 100), Point(x: 101, y: 99)] {
      #expect(abs(beyond.parameter(at: point) - inside.parameter(at: point)) < 1e-6)
      #expect(beyond.parameter(at: point).isFinite)
    }
  }

  @Test func noFocusIsTheCentredGradient() {
    let centred = paint(focus: nil), focusedOnCentre = paint(focus: Point(x: 100, y: 100))
    for point in [Point(x: 60, y: 100), Point(x: 100, y: 130), Point(x: 117, y: 83)] {
      #expect(abs(centred.parameter(at: point) - focusedOnCentre.parameter(at: point)) < 1e-12)
    }
  }
}
