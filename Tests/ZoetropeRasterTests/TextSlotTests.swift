// SPDX-License-Identifier: Apache-2.0
// Text slots: a label drawn as in the frame before is found by layer and transform, as the cache would find it.

import Testing
import ZoetropeGeometry
import ZoetropeRaster

@Suite struct TextSlotTests {
  typealias Cache = TextCoverageCacheTests
  /// The layer's text source: what it says, and a size standing for the rest.
  struct Source: Equatable {
    var string: String
    var size = 14.0
  }

  /// A text drawn by `layer` the compositor's way: its slot first, then the
  /// cache (filling the slot), counting how often it is made and found in a slot.
  static func draw(_ cache: CoverageCache, _ source: Source, _ t: Transform3D, layer: Int?,
                   scratch: RasterScratch = RasterScratch(), made: inout Int, slotted: inout Int) -> ShapeCoverage? {
    scratch.budget.layer = layer
    let affine = t.affineTransform
    if let found = cache.textInSlot(source, transform: affine, canvas: Cache.canvas, scratch: scratch) {
      slotted += 1
      return found.value
    }
    return cache.shape(ofText: source.string, drawnFrom: source, transform: affine, canvas: Cache.canvas,
                       scratch: scratch) {
      made += 1
      return Cache.outlines(source.string, t, scratch: scratch)
    }
  }

  @Test func aLabelHeldStillIsFoundInItsSlotUnderEachOfItsTransforms() throws {
    let cache = CoverageCache(isKeptAcrossFrames: true)
    // The label in place and into its shadow's shape, moved by the offset.
    let shadow = Cache.label.concatenating(.translation(x: 0, y: 3, z: 0))
    var (made, slotted) = (0, 0)
    for frame in 0..<4 {
      if frame > 0 { cache.startFrame() }
      for t in [shadow, Cache.label] {
        let drawn = try #require(Self.draw(cache, Source(string: "Inbox"), t, layer: 7, made: &made,
                                           slotted: &slotted))
        #expect(drawn.runs() == Cache.outlines("Inbox", t, scratch: nil)?.runs())
      }
    }
    #expect(made == 2)
    #expect(slotted == 6)
  }

  @Test func anotherSourceLayerTransformOrCanvasMissesTheSlot() throws {
    let cache = CoverageCache(isKeptAcrossFrames: true)
    var (made, slotted) = (0, 0)
    _ = Self.draw(cache, Source(string: "Inbox"), Cache.label, layer: 7, made: &made, slotted: &slotted)
    cache.startFrame()
    // Another size (the request the same here): the cache's entry, no slot.
    _ = Self.draw(cache, Source(string: "Inbox", size: 15), Cache.label, layer: 7, made: &made, slotted: &slotted)
    // Another layer drawing the same: the cache's entry again.
    _ = Self.draw(cache, Source(string: "Inbox"), Cache.label, layer: 8, made: &made, slotted: &slotted)
    // No layer named: no slot.
    _ = Self.draw(cache, Source(string: "Inbox"), Cache.label, layer: nil, made: &made, slotted: &slotted)
    #expect(slotted == 0)
    #expect(made == 1)
    // A quarter pixel down: made again, and correct there.
    let moved = Cache.label.concatenating(.translation(x: 0, y: 0.25, z: 0))
    let drawn = try #require(Self.draw(cache, Source(string: "Inbox"), moved, layer: 7, made: &made,
                                       slotted: &slotted))
    #expect(drawn.runs() == Cache.outlines("Inbox", moved, scratch: nil)?.runs())
    #expect(made == 2)
    // Another canvas: the slot holds the first.
    let scratch = RasterScratch()
    scratch.budget.layer = 7
    let wider = Rasterizer.Canvas(width: Cache.canvas.width + 1, height: Cache.canvas.height)
    #expect(cache.textInSlot(Source(string: "Inbox"), transform: Cache.label.affineTransform, canvas: wider,
                             scratch: scratch) == nil)
    // Not kept across frames: no slots.
    let single = CoverageCache()
    _ = Self.draw(single, Source(string: "Inbox"), Cache.label, layer: 7, made: &made, slotted: &slotted)
    #expect(single.textInSlot(Source(string: "Inbox"), transform: Cache.label.affineTransform,
                              canvas: Cache.canvas, scratch: scratch) == nil)
  }

  @Test func aSlotUnusedForAFrameIsForgotten() {
    let cache = CoverageCache(isKeptAcrossFrames: true)
    var (made, slotted) = (0, 0)
    _ = Self.draw(cache, Source(string: "Inbox"), Cache.label, layer: 7, made: &made, slotted: &slotted)
    cache.startFrame()
    cache.startFrame()
    _ = Self.draw(cache, Source(string: "Inbox"), Cache.label, layer: 7, made: &made, slotted: &slotted)
    #expect(slotted == 0)
    #expect(made == 2)
  }

  @Test func aSlottedLabelSpendsWhatTheCachesCopySpendsAndRunsOverAtTheSameLimit() {
    func spent(limits: (segments: Int, dashes: Int, coverageBytes: Int), slots: Bool) -> [String] {
      let cache = CoverageCache(isKeptAcrossFrames: true)
      var (made, slotted) = (0, 0)
      return (0..<3).map { _ in
        cache.startFrame()
        let scratch = RasterScratch(budget: FrameBudget(limits: limits))
        let drawn = slots
          ? Self.draw(cache, Source(string: "Settings"), Cache.label, layer: 7, scratch: scratch, made: &made,
                      slotted: &slotted)
          : Cache.text(cache, "Settings", Cache.label, scratch: scratch, made: &made)
        return "\(drawn != nil) \(scratch.budget.segments) \(scratch.budget.coverageBytes) "
          + "\(scratch.budget.overrun.map { "\($0)" } ?? "-")"
      }
    }
    for limits in [(1 << 20, 1 << 20, 1 << 26), (20, 1 << 20, 1 << 26), (1 << 20, 1 << 20, 64)] {
      #expect(spent(limits: limits, slots: true) == spent(limits: limits, slots: false), "\(limits)")
    }
  }
}
