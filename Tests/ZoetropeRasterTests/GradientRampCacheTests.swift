// SPDX-License-Identifier: Apache-2.0
// Gradient ramps kept by their stops and opacity: the ramp a paint would build, shared.

import Testing
import ZoetropeGeometry
@testable import ZoetropeRaster

@Suite struct GradientRampCacheTests {
  static let colors = [Color(red: 1, green: 0.72, blue: 0), Color(red: 1, green: 0.37, blue: 0.43, alpha: 0.8)]

  static func paint(_ colors: [Color] = colors, locations: [Double]? = nil, opacity: Double = 1,
                    ramps: GradientRampCache?) -> GradientPaint {
    GradientPaint(colors: colors, locations: locations, kind: .axial, start: Point(x: 0, y: 0),
                  end: Point(x: 100, y: 50), deviceToLayer: Homography(values: [1, 0, 0, 0, 1, 0, 0, 0, 1]),
                  opacity: opacity, ramps: ramps)!
  }

  /// Whether two arrays share their storage.
  static func shared(_ a: [UInt32], _ b: [UInt32]) -> Bool {
    a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
  }

  @Test func aKeptRampIsTheRampBuiltWithoutTheCache() {
    let ramps = GradientRampCache()
    for (colors, locations, opacity) in [
      (Self.colors, nil, 1.0), (Self.colors, [0.3, 0.6], 0.45), (Self.colors.reversed(), [1.2, -0.1], 1),
      ([Color(red: .nan, green: 0.5, blue: 2, alpha: 1)], nil, 0.7),
    ] as [([Color], [Double]?, Double)] {
      let kept = Self.paint(colors, locations: locations, opacity: opacity, ramps: ramps)
      let again = Self.paint(colors, locations: locations, opacity: opacity, ramps: ramps)
      let built = Self.paint(colors, locations: locations, opacity: opacity, ramps: nil)
      let same = kept.ramp == built.ramp
      #expect(same)
      #expect(Self.shared(kept.ramp, again.ramp), "the second paint shares the first one's ramp")
      let equal = kept == built
      #expect(equal)
    }
  }

  @Test func differentStopsOrOpacityGetTheirOwnRamps() {
    let ramps = GradientRampCache()
    let plain = Self.paint(ramps: ramps)
    let faded = Self.paint(opacity: 0.5, ramps: ramps)
    let moved = Self.paint(locations: [0, 0.5], ramps: ramps)
    let recoloured = Self.paint([Self.colors[0], Color(red: 1, green: 0.37, blue: 0.44, alpha: 0.8)], ramps: ramps)
    for other in [faded, moved, recoloured] {
      let differs = other.ramp != plain.ramp
      #expect(differs)
    }
    let fadedIsBuilt = faded.ramp == Self.paint(opacity: 0.5, ramps: nil).ramp
    #expect(fadedIsBuilt)
    #expect(ramps.count == 4)
  }

  @Test func aFrameKeepsWhatItOrTheFrameBeforeUsed() {
    let ramps = GradientRampCache()
    let first = Self.paint(ramps: ramps)
    _ = Self.paint(opacity: 0.5, ramps: ramps)
    ramps.startFrame()
    // The next frame uses the first ramp only: it is the same one.
    #expect(Self.shared(Self.paint(ramps: ramps).ramp, first.ramp))
    ramps.startFrame()
    #expect(ramps.count == 1, "the ramp the frame before did not use is gone")
    #expect(Self.shared(Self.paint(ramps: ramps).ramp, first.ramp))
    ramps.startFrame()
    ramps.startFrame()
    #expect(ramps.count == 0)
    #expect(!Self.shared(Self.paint(ramps: ramps).ramp, first.ramp))
  }

  @Test func aFrameKeepsAtMostItsShareOfRamps() {
    let ramps = GradientRampCache()
    let limit = GradientRampCache.maximumRamps
    for i in 0...limit { _ = Self.paint(opacity: Double(i) / Double(limit), ramps: ramps) }
    #expect(ramps.count == limit)
    // The ramp past the limit was built, not kept: a second paint builds its own.
    let last = Self.paint(opacity: 1, ramps: ramps), again = Self.paint(opacity: 1, ramps: ramps)
    let equal = last.ramp == again.ramp
    #expect(!Self.shared(last.ramp, again.ramp) && equal)
  }
}
