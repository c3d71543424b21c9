// SPDX-License-Identifier: Apache-2.0
// Edges rasterized band by band where they are drawn give the bytes of the same shape resolved beforehand.

import Testing
import ZoetropeGeometry
import ZoetropeRaster

@Suite struct BandRasterizationTests {
  /// Random curvy shapes, some with a rectangle inside (even-odd holes), on a 72 × 50 canvas.
  static func shapes(count: Int, seed: UInt64) -> [(ShapeCoverage, FillRule)] {
    var paths = RandomPaths(seed: seed, width: 90, height: 70)
    return (0..<count).compactMap { trial in
      let path = paths.path(trial, curves: 5, rectangle: Rect(x: 4.3, y: 6.7, width: 50.2, height: 30.9))
      let rule: FillRule = trial % 2 == 0 ? .nonZero : .evenOdd
      return Rasterizer.shape(of: path.flattened(tolerance: 0.05), fillRule: rule, canvasWidth: 72, canvasHeight: 50)
        .map { ($0, rule) }
    }
  }

  static func render(_ list: DisplayList, bandHeight: Int, threads: Int = 1) -> [UInt8] {
    var pixels = [UInt8](repeating: 0, count: 4 * list.width * list.height)
    pixels.withUnsafeMutableBufferPointer {
      _ = list.render(into: $0.baseAddress!, straightAlpha: false, threads: threads, bandHeight: bandHeight)
    }
    return pixels
  }

  @Test func edgesDrawnInBandsEqualTheirResolvedRunsAtEveryBandHeight() {
    let shapes = Self.shapes(count: 24, seed: 5)
    var edges = DisplayList(width: 72, height: 50, background: Color(red: 1, green: 1, blue: 1, alpha: 1))
    var runs = edges
    for (index, (shape, _)) in shapes.enumerated() {
      let color = Color(red: Double(index % 3) / 2, green: 0.4, blue: Double(index % 5) / 4, alpha: 0.6)
      edges.fill(shape, color: color, opacity: 1)
      runs.fill(ShapeCoverage(.runs(shape.runs())), color: color, opacity: 1)
    }
    let reference = Self.render(runs, bandHeight: 16)
    for bandHeight in [1, 3, 7, 16, 17, 64] {
      #expect(Self.render(edges, bandHeight: bandHeight) == reference, "band height \(bandHeight)")
    }
    #expect(Self.render(edges, bandHeight: 5, threads: 3) == reference, "three threads")
  }

  /// A wide translucent shape behind a small one that moves: the frame
  /// played over the one before in the damaged columns only has the bytes
  /// of the frame played whole (the shape behind is drawn in those columns
  /// alone, not across the band over what is already there).
  @Test func edgesBehindAChangeAreDrawnOnlyInTheDamagedColumns() {
    let canvas = Rasterizer.Canvas(width: 200, height: 64)
    func frame(discAt y: Double) -> DisplayList {
      var list = DisplayList(width: 200, height: 64, background: Color(red: 1, green: 1, blue: 1, alpha: 1))
      if let wide = Rasterizer.shape(of: Path.ellipse(in: Rect(x: 3.3, y: 2.1, width: 190, height: 58)),
                                     fillRule: .nonZero, transform: .identity, canvas: canvas) {
        list.fill(wide, color: Color(red: 0.8, green: 0.2, blue: 0.3, alpha: 1), opacity: 0.6)
      }
      if let disc = Rasterizer.shape(of: Path.ellipse(in: Rect(x: 90, y: y, width: 12, height: 12)),
                                     fillRule: .nonZero, transform: .identity, canvas: canvas) {
        list.fill(disc, color: Color(red: 0.1, green: 0.3, blue: 0.9, alpha: 1), opacity: 0.8)
      }
      return list
    }
    let before = frame(discAt: 20), after = frame(discAt: 21.5)
    let damage = after.damage(since: before, bandHeight: 16)
    #expect(damage.contains { if case .columns = $0 { true } else { false } }, "no band damaged in some columns only")
    var replayed = [UInt8](repeating: 0, count: 4 * 200 * 64)
    var whole = replayed
    replayed.withUnsafeMutableBufferPointer { _ = before.render(into: $0.baseAddress!, straightAlpha: true) }
    replayed.withUnsafeMutableBufferPointer {
      _ = after.render(into: $0.baseAddress!, straightAlpha: true, damage: damage)
    }
    whole.withUnsafeMutableBufferPointer { _ = after.render(into: $0.baseAddress!, straightAlpha: true) }
    #expect(replayed == whole)
  }

  /// A shape under a clip is multiplied by the clip where it is drawn: the
  /// bytes of the clip's intersection with the shape's runs made beforehand.
  @Test func clippedShapesDrawnInBandsEqualTheirIntersection() {
    let shapes = Self.shapes(count: 12, seed: 11)
    let clipShape = Rasterizer.shape(of: Path.ellipse(in: Rect(x: 6.5, y: 3.25, width: 60, height: 41)).flattened(tolerance: 0.05),
                                     fillRule: .nonZero, canvasWidth: 72, canvasHeight: 50)!
    let clip = ClipMask(clipShape.runs(), parent: nil)
    var drawn = DisplayList(width: 72, height: 50, background: Color(red: 1, green: 1, blue: 1, alpha: 1))
    var intersected = drawn
    for (index, (shape, _)) in shapes.enumerated() {
      let color = Color(red: 0.2, green: Double(index % 4) / 3, blue: 0.7, alpha: 0.55)
      var clipped = shape
      clipped.clip = clip
      drawn.fill(clipped, color: color, opacity: 1)
      intersected.fill(ShapeCoverage(.runs(clip.clip(shape.runs()))), color: color, opacity: 1)
    }
    let reference = Self.render(intersected, bandHeight: 16)
    for bandHeight in [1, 7, 16, 64] {
      #expect(Self.render(drawn, bandHeight: bandHeight) == reference, "band height \(bandHeight)")
    }
  }
}
