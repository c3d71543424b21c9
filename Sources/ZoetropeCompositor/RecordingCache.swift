// SPDX-License-Identifier: Apache-2.0
// What one rendering thread keeps from a clip's frame to the next: coverage and blurs of layers that did not change.

import ZoetropeRaster

/// The coverage, shadow shapes, shadow blurs and gradient ramps one rendering thread keeps
/// from a clip's frame to the next, so that a layer that did not change
/// since the previous frame — or only changed colour or opacity, or moved by
/// whole device pixels — is neither flattened and rasterized nor blurred
/// again: its edges, runs and blurred shadow are the previous frame's,
/// moved; and a gradient whose colours did not change keeps its ramp.
///
/// A frame drawn with a cache has the bytes it has without one (every copy
/// is exact: see ``CoverageCache``, ``BlurCache`` and ``GradientRampCache``). Each frame keeps only
/// what it or the frame before used, and at most a given number of bytes of
/// coverage and of blurs, so a cache holds about one frame's distinct shapes. Not
/// thread-safe: one per thread that records frames.
package final class RecordingCache {
  let coverages: CoverageCache
  let blurs: BlurCache
  let ramps = GradientRampCache()
  let shadowShapes: ShadowShapeCache
  /// Cells for rasterizing, all zero between uses: each frame's recording
  /// and then its playing on this thread take them in turn, rather than
  /// making and zeroing cells of their own (two a frame).
  private var keptCells: BandCells?

  /// An empty cache keeping at most `maximumBytes` of coverage, and a
  /// quarter of that in shadow blurs and a quarter in shadow shapes.
  package init(maximumBytes: Int = CoverageCache.maximumBytes) {
    coverages = CoverageCache(maximumBytes: maximumBytes, isKeptAcrossFrames: true)
    blurs = BlurCache(byteCapacity: Swift.max(maximumBytes / 4, 0))
    shadowShapes = ShadowShapeCache(byteCapacity: Swift.max(maximumBytes / 4, 0))
  }

  /// The kept cells, for shapes and bands up to `width` columns (made anew,
  /// and kept, when those are narrower). They must be left all zero.
  package func cells(width: Int) -> BandCells {
    if let keptCells, keptCells.width >= width { return keptCells }
    let cells = BandCells(width: width, rows: EdgeList.bucketRows)
    keptCells = cells
    return cells
  }

  /// Readies the cache for the next frame (what the one before did not use goes).
  func startFrame() {
    coverages.startFrame()
    blurs.startFrame()
    ramps.startFrame()
    shadowShapes.startFrame()
  }
}
