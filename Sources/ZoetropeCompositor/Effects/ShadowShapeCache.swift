// SPDX-License-Identifier: Apache-2.0
// The shadow shapes of a clip's frame before: a still layer's shape is recorded, compared, and not played again.

import ZoetropeRaster

/// The shapes (composited alpha) of the shadows one rendering thread drew
/// in a clip's frame before, by layer: a layer whose shadow shape records
/// what it recorded then — a drawing no band of which differs, over the
/// same region, with the same pixels known opaque — takes that frame's
/// alpha rather than playing its drawing again (which is most of a still
/// card's shadow: a band-by-band rendering of the card, its border and its
/// label).
///
/// Exact: two drawings of the same size and background that no band of
/// either is damaged against (``DisplayList/damage(since:bandHeight:)``)
/// give every pixel the same bytes, so their alpha over the same pixels,
/// with the same columns known opaque, is the same. Each frame keeps only
/// the shapes it or the frame before used, and at most `byteCapacity` bytes
/// of alpha. Not thread-safe: one per rendering thread (``RecordingCache``).
package final class ShadowShapeCache {
  /// A shadow's place in a frame: its layer (entry in the presentation
  /// tree) and how deep in other shadows' shapes it is recorded.
  struct Key: Hashable {
    let layer: Int
    let nesting: Int
  }

  /// The rows of a shape known opaque: the first, and each row's columns.
  typealias KnownRows = (lowerBound: Int, columns: [Range<Int>?])

  struct Entry {
    let drawing: DisplayList
    let region: DeviceRect
    let touched: DeviceRect
    let known: KnownRows?
    let image: AlphaImage
    /// The last frame that used it.
    var frame: Int
  }

  private var entries: [Key: Entry] = [:]
  /// What the entries' images hold, in bytes.
  private var bytes = 0
  /// The frame being recorded (counted by ``startFrame()``).
  private var frame = 0
  /// Bytes of alpha kept at most; a shape larger than what is left is not kept.
  let byteCapacity: Int

  /// An empty cache keeping at most `byteCapacity` bytes of alpha.
  package init(byteCapacity: Int) {
    self.byteCapacity = byteCapacity
  }

  /// How many shapes are kept.
  var count: Int { entries.count }
  /// How many shapes were taken from the frame before, in all.
  private(set) var hits = 0

  /// Starts the next frame of a clip: the shapes the frame before used stay.
  func startFrame() {
    frame &+= 1
    let stale = entries.filter { $0.value.frame &+ 1 < frame }
    for (key, entry) in stale {
      entries[key] = nil
      bytes -= entry.image.bytes.count
    }
  }

  /// The alpha kept for `key` if it was played from a drawing that draws
  /// as `drawing` does, over `region`, touching `touched`, with `known`
  /// rows opaque; `nil` otherwise.
  func image(_ key: Key, drawing: DisplayList, region: DeviceRect, touched: DeviceRect,
             known: KnownRows?) -> AlphaImage? {
    // (The same region: drawings of the same size, which `damage` needs to compare them band by band.)
    guard var entry = entries[key], entry.region == region, entry.touched == touched, Self.same(entry.known, known),
      drawing.damage(since: entry.drawing, bandHeight: DisplayList.bandHeight).allSatisfy({ $0 == .none })
    else { return nil }
    entry.frame = frame
    entries[key] = entry
    hits += 1
    return entry.image
  }

  /// Keeps `image`, played from `drawing` over `region` (touching
  /// `touched`, `known` rows opaque), as `key`'s shape for the next frame
  /// (when it fits what is left of ``byteCapacity``).
  func keep(_ image: AlphaImage, _ key: Key, drawing: DisplayList, region: DeviceRect, touched: DeviceRect,
            known: KnownRows?) {
    if let old = entries.removeValue(forKey: key) { bytes -= old.image.bytes.count }
    guard bytes + image.bytes.count <= byteCapacity else { return }
    entries[key] = Entry(drawing: drawing, region: region, touched: touched, known: known, image: image, frame: frame)
    bytes += image.bytes.count
  }

  private static func same(_ a: KnownRows?, _ b: KnownRows?) -> Bool {
    switch (a, b) {
    case (nil, nil): true
    case let (a?, b?): a.lowerBound == b.lowerBound && a.columns == b.columns
    default: false
    }
  }
}
