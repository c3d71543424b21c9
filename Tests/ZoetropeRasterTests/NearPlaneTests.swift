// SPDX-License-Identifier: Apache-2.0
// Geometry that reaches behind the viewer is cut at the near plane, not dropped vertex by vertex.

import Testing
import ZoetropeGeometry
import ZoetropeRaster

@Suite struct NearPlaneTests {
  /// A 60 × 80 rectangle tilted towards the viewer about its centre line, in
  /// perspective 30 pt away: its lower part passes behind the eye. Every pixel
  /// whose ray meets the rectangle in front of the viewer is covered, and no
  /// other, up to the anti-aliased edge.
  @Test func aLayerReachingBehindTheViewerIsCutAlongTheNearPlane() throws {
    let rect = Rect(x: -30, y: -40, width: 60, height: 80)
    let layerToDevice = Transform3D.rotation(angle: 70 * .pi / 180, x: 1, y: 0, z: 0)
      .concatenating(.perspective(distance: 30))
      .concatenating(.translation(x: 32, y: 32, z: 0))
    let canvas = Rasterizer.Canvas(width: 64, height: 64)
    let runs = try #require(Rasterizer.shape(of: .rect(rect), fillRule: .nonZero, transform: layerToDevice,
                                             canvas: canvas)?.runs())
    let coverage = runs.mask(x: 0, y: 0, width: 64, height: 64).coverage
    // The reference: cast each pixel centre back onto the layer's plane.
    let inverse = try #require(Homography(layerToDevice)?.inverted())
    func inside(_ px: Double, _ py: Double) -> Bool {
      let p = inverse.transform(Point(x: px, y: py))
      guard p.isFinite, p.x >= rect.minX, p.x <= rect.maxX, p.y >= rect.minY, p.y <= rect.maxY else { return false }
      // In front of the viewer: w > 0 where the ray meets the plane.
      let w = p.x * layerToDevice.m14 + p.y * layerToDevice.m24 + layerToDevice.m44
      return w > 0
    }
    var covered = 0, wrong = 0
    for y in 0..<64 {
      for x in 0..<64 {
        let centre = inside(Double(x) + 0.5, Double(y) + 0.5)
        // Pixels whose whole neighbourhood agrees are clear of any edge.
        let neighbourhood = [(0.0, 0.0), (1, 0), (0, 1), (1, 1)].map { inside(Double(x) + $0.0, Double(y) + $0.1) }
        guard neighbourhood.allSatisfy({ $0 == centre }) else { continue }
        let c = coverage[y * 64 + x]
        if centre { covered += 1 }
        if (centre && c != 255) || (!centre && c != 0) { wrong += 1 }
      }
    }
    #expect(covered > 500, "the visible part covers a good share of the canvas")
    #expect(wrong == 0, "\(wrong) pixels clear of the edges disagree with the ray-cast reference")
    // The cut reaches the bottom of the canvas: the near part projects far below it.
    #expect(coverage[63 * 64 + 32] == 255)
  }
}
