// SPDX-License-Identifier: Apache-2.0
// Shapes the canvas clips, kept across a clip's frames: found again at the very same placement only.

import Testing
import ZoetropeGeometry
import ZoetropeRaster

@Suite struct ClippedShapeCacheTests {
  static let canvas = Rasterizer.Canvas(width: 120, height: 90)
  static let path = Path.roundedRect(Rect(x: 0, y: 0, width: 50, height: 30), cornerRadius: 9)
  /// Across the canvas's bottom edge, turned a little.
  static let edge = Transform3D(AffineTransform(a: 0.98, b: 0.2, c: -0.2, d: 0.98, tx: 30.25, ty: 70.6))

  static func shape(_ cache: CoverageCache, _ t: Transform3D, canvas: Rasterizer.Canvas = canvas,
                    made: inout Int) -> ShapeCoverage? {
    cache.shape(of: path, transform: t, canvas: canvas, scratch: nil) {
      made += 1
      return Rasterizer.shape(of: path, fillRule: .nonZero, transform: t, canvas: canvas)
    }
  }

  @Test func aClippedShapeIsFoundAgainAtTheSamePlacementOnly() throws {
    let cache = CoverageCache(isKeptAcrossFrames: true)
    var made = 0
    let first = try #require(Self.shape(cache, Self.edge, made: &made))
    let again = try #require(Self.shape(cache, Self.edge, made: &made))
    #expect(made == 1)
    let same = again.runs() == first.runs()
    #expect(same)
    // Moved by whole pixels (the canvas clips it otherwise), or on another canvas: made again.
    let moved = Self.edge.concatenating(.translation(x: 0, y: 4, z: 0))
    let down = try #require(Self.shape(cache, moved, made: &made))
    let downIsFresh = down.runs() == Rasterizer.shape(of: Self.path, fillRule: .nonZero, transform: moved,
                                                      canvas: Self.canvas)?.runs()
    #expect(downIsFresh)
    let taller = Rasterizer.Canvas(width: 120, height: 95)
    let onTaller = try #require(Self.shape(cache, Self.edge, canvas: taller, made: &made))
    #expect(made == 3)
    let tallerIsFresh = onTaller.runs() == Rasterizer.shape(of: Self.path, fillRule: .nonZero, transform: Self.edge,
                                                            canvas: taller)?.runs()
    #expect(tallerIsFresh)
  }

  @Test func aCacheOfOneFrameDoesNotKeepClippedShapes() {
    let cache = CoverageCache()
    var made = 0
    _ = Self.shape(cache, Self.edge, made: &made)
    _ = Self.shape(cache, Self.edge, made: &made)
    #expect(made == 2)
  }
}
