// SPDX-License-Identifier: Apache-2.0
// Continuous rounded rectangles as UIKit draws them, and going back through a transform on a plane.

import Foundation
import Testing
import ZoetropeGeometry

@Suite struct PathRoundedCornersTests {
  @Test func continuousRoundedRectsStartWhereTheTopLeftCornerEndsAndRunClockwise() {
    let rect = Rect(x: 10, y: 20, width: 100, height: 60)
    let path = Path.continuousRoundedRect(rect, cornerRadius: 10)
    guard case .moveTo(let start) = path.elements.first, case .lineTo(let next) = path.elements[1] else {
      Issue.record("\(path.elements.prefix(2))")
      return
    }
    #expect(abs(start.x - (10 + 10 * 1.528665)) < 1e-9 && start.y == 20)
    #expect(next.x > start.x && next.y == 20)   // along the top edge, to the right
    #expect(path.boundingBox == rect)
    #expect(path.elements.last == .closeSubpath)
    // Radii are clamped to half the shorter side; zero and NaN give the rectangle.
    #expect(Path.continuousRoundedRect(rect, cornerRadius: 1000).boundingBox == rect)
    #expect(Path.continuousRoundedRect(rect, cornerRadius: 0) == .rect(rect))
    #expect(Path.continuousRoundedRect(rect, cornerRadius: .nan) == .rect(rect))
    #expect(Path.continuousRoundedRect(Rect(x: 110, y: 80, width: -100, height: -60), cornerRadius: 10) == path)
  }

  @Test func untransformIsTheInverseOnThePlane() {
    var perspective = Transform3D.rotation(angle: 0.6, x: 0.3, y: 1, z: 0.2)
    perspective.m34 = -1.0 / 400
    let t = perspective.concatenating(.translation(x: 20, y: -5, z: 0))
    for p in [Point(x: 0, y: 0), Point(x: 35, y: -12), Point(x: -80, y: 64)] {
      let back = t.untransform(t.transform(p))
      #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9, "\(p) → \(back)")
    }
    #expect(!Transform3D.scale(x: 0, y: 1, z: 1).untransform(Point(x: 1, y: 1)).isFinite)
  }
}
