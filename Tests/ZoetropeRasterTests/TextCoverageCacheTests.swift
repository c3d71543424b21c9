// SPDX-License-Identifier: Apache-2.0
// Texts kept by layout and transform: a label held still in a clip is rasterized once, and spends what it spent.

import Testing
import ZoetropeGeometry
import ZoetropeRaster

@Suite struct TextCoverageCacheTests {
  static let canvas = Rasterizer.Canvas(width: 160, height: 96)
  static let label = Transform3D(AffineTransform(a: 1.5, b: 0, c: 0, d: 1.5, tx: 12.25, ty: 30.5))

  /// A stand-in for a text's coverage: a few outlines placed by `t` (what
  /// the compositor's glyphs are), spending their segments as text does.
  static func outlines(_ layout: String, _ t: Transform3D, scratch: RasterScratch?) -> ShapeCoverage? {
    var lines: [Polyline] = []
    for (k, character) in layout.unicodeScalars.enumerated() {
      let x = Double(k) * 9, h = Double(character.value % 7) + 4
      let corners = [Point(x: x, y: 0), Point(x: x + 6, y: 0), Point(x: x + 7, y: h), Point(x: x, y: h + 2)]
      lines.append(Polyline(points: corners.map { t.affineTransform.transform($0) }, isClosed: true))
    }
    if let budget = scratch?.budget, !budget.spend(segments: 4 * lines.count, on: "its text") { return nil }
    return Rasterizer.shape(of: lines, fillRule: .nonZero, canvasWidth: canvas.width, canvasHeight: canvas.height,
                            scratch: scratch)
  }

  /// `layout` drawn through `cache` under `t`, counting how often it is made.
  static func text(_ cache: CoverageCache, _ layout: String, _ t: Transform3D, scratch: RasterScratch? = nil,
                   made: inout Int) -> ShapeCoverage? {
    cache.shape(ofText: layout, transform: t.affineTransform, canvas: canvas, scratch: scratch) {
      made += 1
      return outlines(layout, t, scratch: scratch)
    }
  }

  @Test func aLabelHeldStillIsRasterizedOnceAcrossFrames() throws {
    let cache = CoverageCache(isKeptAcrossFrames: true)
    var made = 0
    let first = try #require(Self.text(cache, "Settings", Self.label, made: &made))
    for _ in 0..<3 {
      cache.startFrame()
      let again = try #require(Self.text(cache, "Settings", Self.label, made: &made))
      #expect(again.runs() == first.runs())
    }
    #expect(made == 1)
  }

  @Test func anotherTextOrAnyMoveIsRasterizedAgain() throws {
    let cache = CoverageCache(isKeptAcrossFrames: true)
    var made = 0
    _ = Self.text(cache, "Settings", Self.label, made: &made)
    cache.startFrame()
    let moves = [Self.label.concatenating(.translation(x: 1, y: 0, z: 0)),
                 Self.label.concatenating(.translation(x: 0, y: 0.25, z: 0)),
                 Transform3D(AffineTransform(a: 1.5, b: 0.01, c: 0, d: 1.5, tx: 12.25, ty: 30.5))]
    for t in moves {
      let drawn = try #require(Self.text(cache, "Settings", t, made: &made))
      #expect(drawn.runs() == Self.outlines("Settings", t, scratch: nil)?.runs())
    }
    let other = try #require(Self.text(cache, "Setting", Self.label, made: &made))
    #expect(other.runs() == Self.outlines("Setting", Self.label, scratch: nil)?.runs())
    #expect(made == 5)
    // Not kept across frames: made every time.
    let single = CoverageCache()
    var once = 0
    _ = Self.text(single, "Settings", Self.label, made: &once)
    _ = Self.text(single, "Settings", Self.label, made: &once)
    #expect(once == 2)
  }

  @Test func aKeptLabelSpendsWhatMakingItSpentAndRunsOverAtTheSameLimit() {
    func spent(limits: (segments: Int, dashes: Int, coverageBytes: Int), cached: Bool) -> [String] {
      let cache = CoverageCache(isKeptAcrossFrames: true)
      var made = 0
      return (0..<3).map { _ in
        cache.startFrame()
        let scratch = RasterScratch(budget: FrameBudget(limits: limits))
        let drawn = cached ? Self.text(cache, "Settings", Self.label, scratch: scratch, made: &made)
          : Self.outlines("Settings", Self.label, scratch: scratch)
        return "\(drawn != nil) \(scratch.budget.segments) \(scratch.budget.coverageBytes) "
          + "\(scratch.budget.overrun.map { "\($0)" } ?? "-")"
      }
    }
    for limits in [(1 << 20, 1 << 20, 1 << 26), (20, 1 << 20, 1 << 26), (1 << 20, 1 << 20, 64)] {
      #expect(spent(limits: limits, cached: true) == spent(limits: limits, cached: false), "\(limits)")
    }
  }
}
