// SPDX-License-Identifier: Apache-2.0
// A text layer's coverage as the frame before got it: found again by the layer and transform, without a layout.

import ZoetropeGeometry

/// A cache kept across a clip's frames also remembers, for each layer
/// (``FrameBudget/layer``) and transform it drew a text under in the frame
/// before, what the text was drawn from (its caller's `source`: the
/// layer's text properties and bounds) and the kept entry its coverage came
/// from. A layer drawing the same source under the same transform, bit for
/// bit, on the same canvas gets that entry's coverage, priced as the
/// cache's copy would be — without its font being resolved, its layout
/// request being built, hashed and compared. (A label costs about twenty
/// thousand instructions that way, found in the cache; a slot, a few hundred.)
///
/// It is what the cache would give, as long as the source determines the
/// layout request (the caller's promise: the same properties resolve to
/// the same font and layout within a clip): the entry, marked used whenever
/// its slot is, is still the one the request's key finds. Slots are keyed
/// by transform as well as layer, so that a layer drawn twice in a frame —
/// once into its shadow's shape, moved by the offset, once in place — finds
/// both. Slots hold only what the frame before used.
extension CoverageCache {
  /// A text layer's slot: the layer and the transform's bits.
  struct TextSlotKey: Hashable {
    let layer: Int
    let a: UInt64, b: UInt64, c: UInt64, d: UInt64, tx: UInt64, ty: UInt64

    init(layer: Int, _ t: AffineTransform) {
      self.layer = layer
      (a, b, c, d) = (t.a.bitPattern, t.b.bitPattern, t.c.bitPattern, t.d.bitPattern)
      (tx, ty) = (t.tx.bitPattern, t.ty.bitPattern)
    }
  }

  /// What a slot holds whatever its source's type: the kept entry, the
  /// canvas and the frame that last used it.
  class TextSlotBase {
    let entry: Kept<ShapeCoverage>
    let canvas: (width: Int, height: Int)
    var frame: Int

    init(entry: Kept<ShapeCoverage>, canvas: Rasterizer.Canvas) {
      (self.entry, self.canvas, frame) = (entry, (canvas.width, canvas.height), entry.frame)
    }
  }

  /// A slot with the source its text was drawn from.
  final class TextSlot<Source: Equatable>: TextSlotBase {
    let source: Source

    init(_ source: Source, entry: Kept<ShapeCoverage>, canvas: Rasterizer.Canvas) {
      self.source = source
      super.init(entry: entry, canvas: canvas)
    }
  }

  /// The coverage a text drawn from `source` under `transform` on `canvas`
  /// by the layer `scratch`'s budget names was given in the frame before
  /// (or earlier in this one), priced against the budget as the cache's copy
  /// would be: a `nil` value past the segments its making spent or past
  /// the bytes. `nil` when no slot holds that text, or for a cache not kept
  /// across frames.
  package func textInSlot<Source: Equatable>(_ source: Source, transform: AffineTransform,
                                             canvas: Rasterizer.Canvas,
                                             scratch: RasterScratch?) -> Found<ShapeCoverage>? {
    guard isKeptAcrossFrames, let layer = scratch?.budget.layer,
      let slot = textSlots[TextSlotKey(layer: layer, transform)] as? TextSlot<Source>,
      slot.canvas.width == canvas.width, slot.canvas.height == canvas.height, slot.source == source
    else { return nil }
    slot.frame = frame
    return Found(value: keptHit(slot.entry, offset: (0, 0), scratch: scratch))
  }

  /// Fills the slot of the layer `scratch`'s budget names, for `source`
  /// under `transform`, with `entry`.
  func fillTextSlot<Source: Equatable>(_ source: Source, transform: AffineTransform, canvas: Rasterizer.Canvas,
                                       entry: Kept<ShapeCoverage>, scratch: RasterScratch?) {
    guard let layer = scratch?.budget.layer else { return }
    textSlots[TextSlotKey(layer: layer, transform)] = TextSlot(source, entry: entry, canvas: canvas)
  }

  /// Drops the text slots the frame before did not use.
  func forgetUnusedTextSlots() {
    let previous = frame - 1
    textSlots.removeStale { $0.frame < previous }
  }
}
