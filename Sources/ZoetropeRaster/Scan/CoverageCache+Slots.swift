// SPDX-License-Identifier: Apache-2.0
// A layer's outlines as the frame before got them: found again by the layer, without a key, a lookup or a move.

import ZoetropeGeometry

/// A cache kept across a clip's frames also remembers, for each layer
/// (``FrameBudget/layer``), the outlines it asked for in the frame before —
/// by the way they were rasterized and the order the layer asked for them
/// (its shadow, its background, its clip, its border…) — with their words,
/// fill rule, transform and canvas, the coverage it was given and the kept
/// entry that coverage came from. A layer that asks for the same outline in
/// the same place again (one that held still) gets the same coverage,
/// priced as the entry's copy would be, without a key being built, looked
/// up and moved.
///
/// It is what the cache would give: an outline's key depends only on its
/// words, fill rule, transform and canvas (all compared bit for bit), and
/// the entry, marked used whenever its slot is, is still the one the key
/// finds. A layer whose outline changed, moved or was asked for in another
/// order misses its slot and takes the cache's way (filling the slot
/// again). Slots hold only what the frame before used, and only kept
/// coverage (sharing its edges and runs).
extension CoverageCache {
  /// A layer's request: the layer, the way its outline is rasterized, and
  /// how many requests the layer made before it in the frame, plus one.
  struct SlotKey: Hashable {
    let layer: Int
    let method: Int
    let order: Int
  }

  /// What a layer's request came to: `value` (the copy of `entry` it was
  /// given) for `words`, `fillRule`, `transform` and `canvas`, its coverage
  /// bytes where it lies (worked out when first found again), and the frame
  /// that last used the slot. (A class: a hit reads it in place, where a
  /// struct in the dictionary was copied out whole.)
  final class Slot<Value> {
    let words: SIMD8<UInt64>
    let fillRule: FillRule
    let transform: Transform3D
    let canvas: (width: Int, height: Int)
    let value: Value
    let entry: Kept<Value>
    var bytes: Int?
    var frame: Int

    init(_ outline: Outline, fillRule: FillRule, transform: Transform3D, canvas: Rasterizer.Canvas, value: Value,
         entry: Kept<Value>) {
      (words, self.fillRule, self.transform, self.canvas) = (outline.words, fillRule, transform,
                                                             (canvas.width, canvas.height))
      (self.value, self.entry, frame) = (value, entry, entry.frame)
    }

    /// Whether the slot was filled for this outline, fill rule, transform and canvas.
    func holds(_ outline: Outline, _ fillRule: FillRule, _ transform: Transform3D, _ canvas: Rasterizer.Canvas)
      -> Bool
    {
      words == outline.words && self.fillRule == fillRule && canvas.width == self.canvas.width
        && canvas.height == self.canvas.height && CoverageCache.sameBits(transform, self.transform)
    }

    /// Marks the slot and its entry used in `frame`.
    func use(in frame: Int) {
      self.frame = frame
      entry.frame = frame
    }
  }

  /// What a slot that held the outline or text gave: `value`, or `nil` past the budget.
  package struct Found<Value> {
    package let value: Value?
  }

  /// The key of the next request of the layer `scratch`'s budget is
  /// drawing; `nil` for a cache not kept across frames or no layer.
  func slotKey(method: Int, scratch: RasterScratch?) -> SlotKey? {
    guard isKeptAcrossFrames, let layer = scratch?.budget.layer else { return nil }
    if layer != askingLayer {
      askingLayer = layer
      askedByLayer = 0
    }
    askedByLayer += 1
    return SlotKey(layer: layer, method: method, order: askedByLayer)
  }

  /// The coverage in `key`'s slot when it holds this outline, priced
  /// against `scratch`'s budget as the entry's copy would be (the segments
  /// and dashes its making spent, then its bytes: a `nil` value past
  /// them); `nil` when the slot holds something else.
  func shapeInSlot(_ key: SlotKey, outline: Outline, fillRule: FillRule, transform: Transform3D,
                   canvas: Rasterizer.Canvas, scratch: RasterScratch?) -> Found<ShapeCoverage>? {
    guard let slot = shapeSlots[key], slot.holds(outline, fillRule, transform, canvas) else { return nil }
    slot.use(in: frame)
    guard let budget = scratch?.budget else { return Found(value: slot.value) }
    let bytes = slot.bytes ?? slot.value.bytesWhereItLies
    slot.bytes = bytes
    // All of it at once when it fits; else charge by charge and piece by
    // piece, as the copy pays, to run over at the same piece with the
    // same message.
    if budget.spendAtOnce(slot.entry.charges, coverageBytes: bytes) { return Found(value: slot.value) }
    guard budget.replay(slot.entry.charges) else { return Found(value: nil) }
    return Found(value: slot.value.moved(dx: 0, dy: 0, scratch: scratch))
  }

  /// The runs in `key`'s slot when it holds this outline, priced as the
  /// entry's copy would be (a `nil` value past the segments and dashes,
  /// empty runs past the bytes); `nil` when the slot holds something else.
  func runsInSlot(_ key: SlotKey, outline: Outline, fillRule: FillRule, transform: Transform3D,
                  canvas: Rasterizer.Canvas, scratch: RasterScratch?) -> Found<CoverageSpans>? {
    guard let slot = runSlots[key], slot.holds(outline, fillRule, transform, canvas) else { return nil }
    slot.use(in: frame)
    guard let budget = scratch?.budget else { return Found(value: slot.value) }
    if budget.spendAtOnce(slot.entry.charges, coverageBytes: slot.value.byteCount) { return Found(value: slot.value) }
    guard budget.replay(slot.entry.charges) else { return Found(value: nil) }
    guard budget.spend(coverage: slot.value, on: "resolving its coverage") else { return Found(value: CoverageSpans()) }
    return Found(value: slot.value)
  }

  /// Drops the slots the frame before did not use (at the start of a frame).
  func forgetUnusedSlots() {
    let previous = frame - 1
    shapeSlots.removeStale { $0.frame < previous }
    runSlots.removeStale { $0.frame < previous }
    askingLayer = nil
    askedByLayer = 0
  }

  /// Whether two transforms have the same bits in every entry.
  static func sameBits(_ a: Transform3D, _ b: Transform3D) -> Bool {
    a.m41.bitPattern == b.m41.bitPattern && a.m42.bitPattern == b.m42.bitPattern
      && a.m11.bitPattern == b.m11.bitPattern && a.m12.bitPattern == b.m12.bitPattern
      && a.m21.bitPattern == b.m21.bitPattern && a.m22.bitPattern == b.m22.bitPattern
      && a.m13.bitPattern == b.m13.bitPattern && a.m14.bitPattern == b.m14.bitPattern
      && a.m23.bitPattern == b.m23.bitPattern && a.m24.bitPattern == b.m24.bitPattern
      && a.m31.bitPattern == b.m31.bitPattern && a.m32.bitPattern == b.m32.bitPattern
      && a.m33.bitPattern == b.m33.bitPattern && a.m34.bitPattern == b.m34.bitPattern
      && a.m43.bitPattern == b.m43.bitPattern && a.m44.bitPattern == b.m44.bitPattern
  }
}

extension ShapeCoverage {
  /// The coverage bytes the shape is priced at where it lies (what
  /// ``moved(dx:dy:scratch:)`` by nothing spends, piece by piece).
  var bytesWhereItLies: Int {
    var bytes = 0
    for piece in pieces {
      switch piece {
      case .edges(let list): bytes += list.byteCount(at: list.rows)
      case .rectangle: break
      case .runs(let runs): bytes += runs.byteCount
      }
    }
    return bytes
  }
}
