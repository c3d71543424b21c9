// SPDX-License-Identifier: Apache-2.0
// CATransform3D arithmetic, decomposition and interpolation.

import Foundation
import Testing
import ZoetropeGeometry
import _ZoetropeTestSupport

@Suite struct Transform3DTests {
  func close(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-9) -> Bool {
    zip(a.values, b.values).allSatisfy { abs($0 - $1) <= tolerance }
  }

  @Test func rotationAboutZMatchesCoreAnimation() {
    let t = Transform3D.rotation(angle: 0.3, x: 0, y: 0, z: 1)
    #expect(t.m11 == cos(0.3) && t.m12 == sin(0.3) && t.m21 == -sin(0.3) && t.m22 == cos(0.3))
    let quarter = Transform3D.rotation(angle: Double.pi / 2, x: 0, y: 0, z: 2)
    #expect(quarter.transform(Point(x: 1, y: 0)) == Point(x: 0, y: 1))
  }

  @Test func operationsActBeforeTheExistingTransform() {
    // CATransform3DRotate(CATransform3DMakeTranslation(10, 0, 0), π/2, 0, 0, 1): rotate, then translate.
    let t = Transform3D.translation(x: 10, y: 0, z: 0).rotated(by: Double.pi / 2, x: 0, y: 0, z: 1)
    #expect(t.transform(Point(x: 1, y: 0)) == Point(x: 10, y: 1))
    let s = Transform3D.identity.translatedBy(x: 5, y: 0, z: 0).scaledBy(x: 2, y: 2, z: 1)
    #expect(s.transform(Point(x: 1, y: 1)) == Point(x: 7, y: 2))
  }

  @Test func concatenationAppliesSelfFirst() {
    let a = Transform3D.scale(x: 2, y: 2, z: 1), b = Transform3D.translation(x: 3, y: 0, z: 0)
    #expect(a.concatenating(b).transform(Point(x: 1, y: 0)) == Point(x: 5, y: 0))
    #expect(b.concatenating(a).transform(Point(x: 1, y: 0)) == Point(x: 8, y: 0))
  }

  @Test func inverseUndoesAndSingularHasNone() throws {
    let t = Transform3D.rotation(angle: 0.7, x: 1, y: 2, z: 3).translatedBy(x: 4, y: 5, z: 6).scaledBy(x: 2, y: 3, z: 4)
    let inverse = try #require(t.inverted())
    #expect(close(t.concatenating(inverse), .identity))
    #expect(Transform3D.scale(x: 0, y: 1, z: 1).inverted() == nil)
  }

  @Test func perspectiveDividesByW() {
    let t = Transform3D.perspective(distance: 500).translatedBy(x: 0, y: 0, z: 0)
    #expect(t.m34 == -1.0 / 500)
    #expect(Transform3D.identity.isAffine && !t.isAffine)
  }

  @Test func decompositionRoundTripsRandomMatrices() throws {
    var random = SeededRandom(state: 11)
    for _ in 0..<300 {
      var t = Transform3D.identity
        .translatedBy(x: random.signedUnit() * 100, y: random.signedUnit() * 100, z: random.signedUnit() * 100)
        .rotated(by: random.signedUnit() * 3, x: random.signedUnit(), y: random.signedUnit(), z: random.signedUnit() + 0.1)
        .scaledBy(x: 0.5 + random.signedUnit().magnitude * 2, y: -0.5 - random.signedUnit().magnitude, z: 1 + random.signedUnit())
      t.m21 += random.signedUnit() * 0.3
      t.m14 = random.signedUnit() * 0.001
      t.m34 = random.signedUnit() * 0.002
      let d = try #require(t.decomposed())
      #expect(close(Transform3D(d), t, 1e-9), "\(t)")
    }
  }

  @Test func matrixInterpolationTakesTheShortWay() {
    let from = Transform3D.identity, to = Transform3D.rotation(angle: 3 * Double.pi / 2, x: 0, y: 0, z: 1)
    let half = from.interpolated(to: to, fraction: 0.5)
    #expect(abs(atan2(half.m12, half.m11) - (-Double.pi / 4)) < 1e-9)
  }

  @Test func interpolationIsLinearForTranslationAndScale() {
    let a = Transform3D.translation(x: 0, y: 10, z: 0), b = Transform3D.translation(x: 20, y: 30, z: 0)
    #expect(close(a.interpolated(to: b, fraction: 0.25), .translation(x: 5, y: 15, z: 0)))
    let s = Transform3D.scale(x: 1, y: 1, z: 1).interpolated(to: .scale(x: 3, y: 5, z: 1), fraction: 0.5)
    #expect(close(s, .scale(x: 2, y: 3, z: 1)))
    #expect(a.interpolated(to: b, fraction: 0) == a && a.interpolated(to: b, fraction: 1) == b)
  }

  @Test func singularMatricesSwitchAtHalfway() {
    let a = Transform3D.scale(x: 0, y: 1, z: 1), b = Transform3D.identity
    #expect(a.interpolated(to: b, fraction: 0.4) == a)
    #expect(a.interpolated(to: b, fraction: 0.5) == b)
  }

  @Test func rotationComponentOfIdentityIsExactlyARotation() {
    for angle in [0.1, 1, 2, 3, -2.5, Double.pi / 2] {
      let t = Transform3D.identity.settingComponent(.rotationZ, to: angle)
      #expect(close(t, .rotation(angle: angle, x: 0, y: 0, z: 1), 1e-15))
      #expect(abs(t.component(.rotationZ) - angle) < 1e-12)
    }
  }

  @Test func componentsReadAndWriteTheirPart() {
    let t = Transform3D.translation(x: 4, y: 5, z: 6).rotated(by: 0.5, x: 0, y: 0, z: 1).scaledBy(x: 2, y: 3, z: 1)
    #expect(abs(t.component(.scaleX) - 2) < 1e-12 && abs(t.component(.scaleY) - 3) < 1e-12)
    #expect(abs(t.component(.rotationZ) - 0.5) < 1e-12)
    #expect(t.settingComponent(.translationX, to: 9).m41 == 9)
    let rescaled = t.settingComponent(.scaleX, to: 5)
    #expect(abs(rescaled.component(.scaleX) - 5) < 1e-12 && abs(rescaled.component(.rotationZ) - 0.5) < 1e-12)
    let tilted = Transform3D.rotation(angle: 0.4, x: 1, y: 0, z: 0)
    #expect(abs(tilted.component(.rotationX) - 0.4) < 1e-12)
    let more = tilted.settingComponent(.rotationX, to: 0.9)
    #expect(close(more, .rotation(angle: 0.9, x: 1, y: 0, z: 0), 1e-12))
  }
}

extension SeededRandom {
  /// A number in -1..<1.
  fileprivate mutating func signedUnit() -> Double { unit() * 2 - 1 }
}
