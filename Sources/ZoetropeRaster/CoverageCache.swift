// SPDX-License-Identifier: Apache-2.0
// Runs a frame resolves when it records them (clips, masks), kept: the same shape moved by whole pixels is a copy.

import ZoetropeGeometry

/// The coverage runs one frame resolves as it records them — the clips of
/// `masksToBounds` layers and the masks that are one shape — kept by what
/// determines them, so that the same shape again, moved by whole pixels (a
/// list of identical cards, a grid of buttons, a replicator's translated
/// copies), costs a copy of its runs instead of being flattened, rasterized
/// and resolved again.
///
/// The copy is exact: rasterizing is translation-invariant (a shape is
/// flattened and rounded in its own frame, then moved by whole pixels; see
/// ``Rasterizer/framed(_:)`` and ``EdgeList``), wherever the canvas clips
/// neither placement. Shapes that come within a pixel of the canvas's edge,
/// under a perspective transform or with more than ``maximumElements``
/// path elements (which could be cut down before flattening) are not kept.
/// Not thread-safe: one per frame being recorded.
package final class CoverageCache {
  /// What determines a shape's runs, up to whole pixels.
  struct Key: Hashable {
    let path: Path
    /// Which way the caller rasterizes the path (two ways may round alike, but need not).
    let method: Int
    let fillRule: FillRule
    /// The layer→device transform with the whole pixels of its translation taken out.
    let a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
    /// The rows the shape is limited to, relative to the whole pixels taken out.
    let rows: Range<Int>?
  }

  private var entries: [Key: (runs: CoverageSpans, x: Int, y: Int)] = [:]
  /// Shapes kept at most; later ones are rasterized every time.
  static let capacity = 1024
  /// Paths with more elements are not kept.
  package static let maximumElements = 64

  /// An empty cache.
  package init() {}

  /// The runs `make` resolves for `path` under `transform` (limited to the
  /// device `rows` when given) — or, when this frame already resolved the
  /// same path the same way under the same transform but for whole pixels
  /// of translation, those runs moved (priced against `scratch`'s budget
  /// like new ones: empty runs past it). `method` names the way `make`
  /// rasterizes, for callers with more than one.
  package func runs(of path: Path, method: Int = 0, fillRule: FillRule = .nonZero, transform: Transform3D,
                    canvas: Rasterizer.Canvas, rows: Range<Int>? = nil, scratch: RasterScratch?,
                    make: () -> CoverageSpans?) -> CoverageSpans? {
    guard transform.isAffine, path.elements.count <= CoverageCache.maximumElements else { return make() }
    let affine = transform.affineTransform
    guard CoverageCache.isWellInside(path.boundingBox, affine, canvas) else { return make() }
    let (local, offset) = Rasterizer.framed(affine)
    // Open-ended rows stay open-ended.
    let relative = rows.map { rows in
      (rows.lowerBound == Int.min ? Int.min : rows.lowerBound - offset.y)
        ..< (rows.upperBound == Int.max ? Int.max : rows.upperBound - offset.y)
    }
    let key = Key(path: path, method: method, fillRule: fillRule, a: local.a, b: local.b, c: local.c, d: local.d,
                  tx: local.tx, ty: local.ty, rows: relative)
    if let entry = entries[key] {
      var moved = entry.runs
      let dx = Int32(offset.x - entry.x), dy = Int32(offset.y - entry.y)
      for i in moved.spans.indices {
        moved.spans[i].x += dx
        moved.spans[i].y += dy
      }
      guard scratch?.budget.spend(coverage: moved, on: "resolving its coverage") ?? true else { return CoverageSpans() }
      return moved
    }
    let runs = make()
    if let runs, entries.count < CoverageCache.capacity { entries[key] = (runs, offset.x, offset.y) }
    return runs
  }

  /// Whether `box` under `t` lies at least a pixel inside the canvas (its
  /// coordinates small enough to move by whole pixels exactly).
  static func isWellInside(_ box: Rect, _ t: AffineTransform, _ canvas: Rasterizer.Canvas) -> Bool {
    let corners = [Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY), Point(x: box.minX, y: box.maxY),
                   Point(x: box.maxX, y: box.maxY)].map(t.transform)
    return corners.allSatisfy { p in
      p.x >= 1 && p.y >= 1 && p.x <= Double(canvas.width - 1) && p.y <= Double(canvas.height - 1)
    }
  }
}
