// SPDX-License-Identifier: Apache-2.0
// Glyph outlines flattened under a linear map, cached: a label redraws the same glyphs every frame.

import ZoetropeGeometry

/// Flattened glyphs of one face, by glyph, linear map and tolerance, with a bound on the
/// points kept: past it the cache starts over (flattening is deterministic,
/// so the pixels never depend on what was cached).
struct FlattenedGlyphs {
  struct Key: Hashable {
    var glyph: UInt32
    var a: Double, b: Double, c: Double, d: Double
    var tolerance: Double
  }
  var entries: [Key: [Polyline]] = [:]
  var pointCount = 0
  /// The most points kept per face (about 32 MB).
  static let maximumPointCount = 2_000_000
}

extension Font {
  /// The outline of `glyph` flattened under the linear map `(a, b, c, d)` of
  /// `linear` (its translation is ignored: the result is relative to the
  /// glyph's origin), within `tolerance` in the map's output units. Cached per
  /// glyph and map, so a label drawn with the same scale and rotation every
  /// frame flattens each glyph once; add the glyph's translated origin to
  /// every point to place it.
  package func flattenedOutline(of glyph: UInt32, linear: AffineTransform, tolerance: Double) -> [Polyline] {
    let key = FlattenedGlyphs.Key(glyph: glyph, a: linear.a, b: linear.b, c: linear.c, d: linear.d,
                                    tolerance: tolerance)
    if let cached = flattened.withLock({ $0.entries[key] }) { return cached }
    var map = linear
    map.tx = 0
    map.ty = 0
    let lines = outline(of: glyph).path.flattened(tolerance: tolerance, transform: map)
    let points = lines.reduce(0) { $0 + $1.points.count }
    flattened.withLock { cache in
      if cache.pointCount + points > FlattenedGlyphs.maximumPointCount {
        cache.entries = [:]
        cache.pointCount = 0
      }
      if cache.entries.updateValue(lines, forKey: key) == nil { cache.pointCount += points }
    }
    return lines
  }
}
