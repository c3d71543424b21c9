// SPDX-License-Identifier: Apache-2.0
// Stroke outlines kept across a clip's frames: a stroke that only turns or moves is placed again, not stroked again.

import ZoetropeGeometry

/// The outlines of strokes a clip's frame before made, in layer space, so
/// that a stroke drawn again the same way — the same path, style, trim and
/// flattening tolerance — under another transform (a spinner turning, a
/// tick sliding by a fraction of a pixel) skips trimming, flattening,
/// dashing and stroking, and goes straight to being placed and rasterized.
///
/// A stroke's outline is computed in layer space within a tolerance of
/// device pixels divided by the transform's scale (``Rasterizer/deviceScale(of:)``),
/// so it depends on the transform only through that tolerance, compared bit
/// for bit: what is found is exactly what stroking again would make. The one
/// exception — a path so long that it is first cut down to what the
/// transform puts on the canvas (``Rasterizer/cullingThreshold``) — is
/// never kept.
///
/// Not thread-safe: a ``CoverageCache`` kept across frames (one per
/// rendering thread) holds one and starts its frames.
package final class StrokeOutlineCache {
  /// A kept outline with what making it spent, in the order it spent it.
  struct Entry {
    let path: Path
    let stroke: CoverageCache.StrokeKey
    let tolerance: UInt64
    /// The outline, in layer space.
    let outline: [Polyline]
    /// The segments the trimmed path was priced at, the dashes its dashing
    /// was (`nil` for a solid stroke), and the points of the outline.
    let segments: Int, dashes: Int?, points: Int
    /// The last frame that used it.
    var frame: Int
  }

  private var entries: [Entry] = []
  private var frame = 0
  /// The points of the outlines kept.
  private var keptPoints = 0
  /// Outlines kept at most (the most recently made or used).
  static let capacity = 32
  /// Outline points kept at most, in all (16 bytes each); a larger outline
  /// is not kept.
  static let maximumPoints = 1 << 18

  /// How many outlines are kept (for tests).
  package var count: Int { entries.count }

  /// An empty cache.
  package init() {}

  /// Starts the next frame of a clip: the outlines the frame before used stay, the rest go.
  package func startFrame() {
    frame += 1
    if entries.contains(where: { $0.frame < frame - 1 }) {
      entries.removeAll { $0.frame < frame - 1 }
      keptPoints = entries.reduce(0) { $0 + $1.points }
    }
  }

  /// The outline kept for `path` stroked in `style`, trimmed to
  /// `start…end`, at `tolerance` layer units; `nil` when none is.
  func entry(for path: Path, style: StrokeStyle, from start: Double, to end: Double, tolerance: Double) -> Entry? {
    let stroke = CoverageCache.StrokeKey(style, from: start, to: end)
    let bits = tolerance.bitPattern
    for index in entries.indices.reversed() {
      guard entries[index].tolerance == bits, entries[index].stroke == stroke, entries[index].path == path else {
        continue
      }
      entries[index].frame = frame
      return entries[index]
    }
    return nil
  }

  /// Keeps `outline`, made for `path` as ``entry(for:style:from:to:tolerance:)``
  /// names it, with what making it spent; the oldest go to make room, and
  /// an outline larger than ``maximumPoints`` is not kept.
  func keep(_ outline: [Polyline], for path: Path, style: StrokeStyle, from start: Double, to end: Double,
            tolerance: Double, segments: Int, dashes: Int?, points: Int) {
    guard points <= StrokeOutlineCache.maximumPoints else { return }
    while !entries.isEmpty
      && (entries.count >= StrokeOutlineCache.capacity || keptPoints + points > StrokeOutlineCache.maximumPoints)
    {
      keptPoints -= entries.removeFirst().points
    }
    entries.append(Entry(path: path, stroke: CoverageCache.StrokeKey(style, from: start, to: end),
                         tolerance: tolerance.bitPattern, outline: outline, segments: segments, dashes: dashes,
                         points: points, frame: frame))
    keptPoints += points
  }
}
