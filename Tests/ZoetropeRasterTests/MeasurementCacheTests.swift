// SPDX-License-Identifier: Apache-2.0
// Paths' lengths kept across frames: measured once, bounded, never changing a stroke.

import Testing
import ZoetropeGeometry
import ZoetropeRaster

@Suite struct MeasurementCacheTests {
  /// A zig-zag of `count` lines starting at height `y`.
  static func zigZag(_ count: Int, y: Double) -> Path {
    var path = Path()
    path.move(to: Point(x: 0, y: y))
    for i in 1...count { path.addLine(to: Point(x: Double(i), y: y + Double(i % 2))) }
    return path
  }

  @Test func aPathIsMeasuredOnceAndKept() {
    let cache = MeasurementCache()
    let path = Path.ellipse(in: Rect(x: 3, y: 4, width: 90, height: 40))
    let first = cache.measurement(of: path), second = cache.measurement(of: path)
    #expect(cache.count == 1)
    #expect(first.length == path.length && second.length == path.length)
    _ = cache.measurement(of: Path.rect(Rect(x: 0, y: 0, width: 5, height: 5)))
    #expect(cache.count == 2)
  }

  @Test func theCacheStartsOverWhenFullAndKeepsNoHugePath() {
    let cache = MeasurementCache()
    let quarter = MeasurementCache.maximumSegments / 4
    _ = cache.measurement(of: MeasurementCacheTests.zigZag(quarter + 1, y: 0))
    #expect(cache.count == 0)
    for k in 0..<4 { _ = cache.measurement(of: MeasurementCacheTests.zigZag(quarter, y: Double(k))) }
    #expect(cache.count == 4)
    // A fifth would go past the bound: the cache starts over with it.
    _ = cache.measurement(of: MeasurementCacheTests.zigZag(quarter, y: 9))
    #expect(cache.count == 1)
  }

  /// Trims asked again, of other ends (one end the same), and of a path
  /// kept without a trim: each is the path's own trim, element for element,
  /// and each path keeps its last.
  @Test func aKeptTrimIsGivenOnlyForTheSameEnds() {
    let cache = MeasurementCache()
    let ellipse = Path.ellipse(in: Rect(x: 3, y: 4, width: 90, height: 40))
    let zigZag = MeasurementCacheTests.zigZag(40, y: 2)
    _ = cache.measurement(of: zigZag)
    #expect(cache.count == 1 && cache.trimCount == 0)
    let ends: [(Double, Double)] = [(0, 0.3), (0, 0.3), (0, 0.6), (0.1, 0.6), (0.1, 0.6), (0, 0.3), (0.25, 0.75)]
    for (start, end) in ends {
      for path in [ellipse, zigZag] {
        #expect(cache.trimmed(path, from: start, to: end) == path.trimmed(from: start, to: end),
                "\(start)…\(end)")
      }
    }
    #expect(cache.count == 2 && cache.trimCount == 2)
  }

  @Test func aTrimmedStrokeHasTheSameRunsWhetherItsPathWasKeptOrNot() throws {
    let canvas = Rasterizer.Canvas(width: 200, height: 120)
    var path = Path()
    path.move(to: Point(x: 10, y: 100))
    path.addCurve(to: Point(x: 190, y: 20), control1: Point(x: 40, y: -30), control2: Point(x: 150, y: 160))
    path.addQuadCurve(to: Point(x: 20, y: 30), control: Point(x: 100, y: 110))
    let style = StrokeStyle(lineWidth: 3.5, lineCap: .round, lineJoin: .round)
    for end in [0.13, 0.5, 0.977] {
      // The first stroke of this path may measure it; the second finds it kept.
      let runs = try (0..<2).map { _ in
        try #require(Rasterizer.strokeShape(of: path, style: style, trimmedFrom: 0.05, to: end, transform: .identity,
                                            canvas: canvas)?.runs())
      }
      let cut = path.trimmed(from: 0.05, to: end)
      let expected = try #require(Rasterizer.strokeShape(of: cut, style: style, transform: .identity,
                                                         canvas: canvas)?.runs())
      #expect(CoverageCacheTests.same(runs[0], expected) && CoverageCacheTests.same(runs[1], expected))
    }
  }
}
