// SPDX-License-Identifier: Apache-2.0
// A layer's outlines found again by the layer across a clip's frames: the coverage and the budget of the cache's copy.

import Testing
import ZoetropeGeometry
@testable import ZoetropeRaster

@Suite struct CoverageCacheSlotTests {
  static let canvas = Rasterizer.Canvas(width: 256, height: 200)
  static let box = Rect(x: 0, y: 0, width: 70.5, height: 44)
  static let outline = CoverageCache.Outline(
    SIMD8(0, 0, box.width.bitPattern, box.height.bitPattern, 11.0.bitPattern, 15, 0, 0), boundingBox: box)

  /// What one frame drew: each layer's coverage, the bytes and segments
  /// it spent, and the budget it went past.
  struct Drawn: Equatable {
    var coverage: [[UInt8]?] = []
    var bytes = 0, segments = 0
    var overrun: BudgetOverrun?
  }

  /// Draws, frame after frame through one `cache`, two layers' rounded
  /// outlines at the given translations (the layers named when `named`),
  /// each frame on a fresh budget of `limits`.
  static func frames(_ placements: [[(Double, Double)]], named: Bool,
                     limits: (segments: Int, dashes: Int, coverageBytes: Int) = (1 << 20, 1 << 20, 1 << 26))
    -> [Drawn]
  {
    let cache = CoverageCache(isKeptAcrossFrames: true)
    return placements.map { layers in
      cache.startFrame()
      let scratch = RasterScratch(budget: FrameBudget(limits: limits))
      var drawn = Drawn()
      for (layer, (x, y)) in layers.enumerated() {
        scratch.budget.layer = named ? layer : nil
        let t = Transform3D.translation(x: x, y: y, z: 0)
        let shape = cache.shape(of: outline, method: 1, transform: t, canvas: canvas, scratch: scratch) {
          Rasterizer.roundedShape(.roundedRect(box, cornerRadius: 11), bounds: box, cornerExtents: (11, 11),
                                  transform: t, canvas: canvas, scratch: scratch)
        }
        drawn.coverage.append(shape?.runs().coverage)
      }
      (drawn.bytes, drawn.segments, drawn.overrun) = (scratch.budget.coverageBytes, scratch.budget.segments,
                                                      scratch.budget.overrun)
      // (Which layer ran over is named only where layers are.)
      drawn.overrun?.layer = nil
      return drawn
    }
  }

  /// Held still, then moved by whole pixels, by a fraction, and still
  /// again (a second layer the first's copy 37 columns right, 21 rows down).
  static let clip: [[(Double, Double)]] = [
    [(20.25, 30.5), (57.25, 51.5)], [(20.25, 30.5), (57.25, 51.5)], [(20.25, 35.5), (57.25, 51.5)],
    [(20.75, 35.5), (57.25, 51.5)], [(20.75, 35.5), (57.25, 51.5)], [(57.25, 51.5), (20.75, 35.5)],
  ]

  @Test func aLayerHeldStillGetsWhatTheCacheWouldCopyAndSpendsAsMuch() {
    let slotted = Self.frames(Self.clip, named: true), plain = Self.frames(Self.clip, named: false)
    #expect(slotted == plain)
    for (frame, drawn) in slotted.enumerated() {
      let t = Self.clip[frame].map { Transform3D.translation(x: $0.0, y: $0.1, z: 0) }
      let fresh = t.map {
        Rasterizer.roundedShape(.roundedRect(Self.box, cornerRadius: 11), bounds: Self.box, cornerExtents: (11, 11),
                                transform: $0, canvas: Self.canvas)?.runs().coverage
      }
      #expect(drawn.coverage == fresh, "frame \(frame)")
      #expect(drawn.bytes > 0)
    }
  }

  @Test func aLayerHeldStillIsFoundInItsSlotAndNothingElseIs() {
    let cache = CoverageCache(isKeptAcrossFrames: true)
    let scratch = RasterScratch()
    scratch.budget.layer = 3
    let t = Transform3D.translation(x: 20.25, y: 30.5, z: 0)
    var made = 0
    func ask(_ t: Transform3D, _ outline: CoverageCache.Outline = Self.outline) -> ShapeCoverage? {
      cache.shape(of: outline, method: 1, transform: t, canvas: Self.canvas, scratch: scratch) {
        made += 1
        return Rasterizer.roundedShape(.roundedRect(Self.box, cornerRadius: 11), bounds: Self.box,
                                       cornerExtents: (11, 11), transform: t, canvas: Self.canvas)
      }
    }
    cache.startFrame()
    _ = ask(t)
    cache.startFrame()
    let key = CoverageCache.SlotKey(layer: 3, method: 1, order: 1)
    #expect(cache.shapeInSlot(key, outline: Self.outline, fillRule: .nonZero, transform: t, canvas: Self.canvas,
                              scratch: nil) != nil)
    // Another place, outline or fill rule is not in the slot.
    let moved = t.concatenating(.translation(x: 1, y: 0, z: 0))
    #expect(cache.shapeInSlot(key, outline: Self.outline, fillRule: .nonZero, transform: moved, canvas: Self.canvas,
                              scratch: nil) == nil)
    #expect(cache.shapeInSlot(key, outline: Self.outline, fillRule: .evenOdd, transform: t, canvas: Self.canvas,
                              scratch: nil) == nil)
    let other = CoverageCache.Outline(SIMD8(0, 0, Self.box.width.bitPattern, Self.box.height.bitPattern,
                                            10.0.bitPattern, 15, 0, 0), boundingBox: Self.box)
    #expect(cache.shapeInSlot(key, outline: other, fillRule: .nonZero, transform: t, canvas: Self.canvas,
                              scratch: nil) == nil)
    #expect(made == 1)
    // A frame that does not use a slot ends it the frame after.
    cache.startFrame()
    cache.startFrame()
    #expect(cache.shapeInSlot(key, outline: Self.outline, fillRule: .nonZero, transform: t, canvas: Self.canvas,
                              scratch: nil) == nil)
  }

  /// A frame that runs out of coverage bytes at a layer found in its slot
  /// runs out there with the message the cache's copy gives.
  @Test(arguments: [0.3, 0.6, 0.9, 0.99])
  func aLayerFoundInItsSlotRunsOverTheBudgetAsTheCopyDoes(_ share: Double) throws {
    // A share of what a frame of both layers spends.
    let whole = try #require(Self.frames(Self.clip, named: false).map(\.bytes).max())
    let limits = (segments: 1 << 20, dashes: 1 << 20, coverageBytes: Int(Double(whole) * share))
    let slotted = Self.frames(Self.clip, named: true, limits: limits)
    let plain = Self.frames(Self.clip, named: false, limits: limits)
    #expect(slotted == plain)
    #expect(slotted.contains { $0.overrun != nil })
  }
}
