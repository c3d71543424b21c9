// SPDX-License-Identifier: Apache-2.0
// A kept shape found again has its edges resolved once: every later copy plays the runs.

extension CoverageCache {
  /// Bytes of resolved rows a cache keeps at most, over all kept shapes
  /// (past it, shapes found again deposit their edges as the first one did).
  static let maximumResolvedBytes = 8 << 20

  /// Bytes of resolved rows this cache keeps at most: ``maximumResolvedBytes``,
  /// or an eighth of the coverage it keeps when that is less — a clip's
  /// threads each keep a cache, and with many threads each keeps less
  /// coverage, so that what they keep stays within the clip's bytes in flight.
  var resolvedBytesAllowed: Int { Swift.min(CoverageCache.maximumResolvedBytes, maximumBytes / 8) }

  /// Gives the edge lists of the shape `entry` keeps their
  /// ``ResolvedRows`` (once: the first time the shape is found again, so a
  /// shape drawn once is never resolved ahead), resolved with `scratch`'s
  /// cells, within ``ResolvedRows/maximumPixels`` a list and
  /// ``resolvedBytesAllowed`` in all. The copies made from the entry from
  /// then on share them. Charges nothing to the frame's budget: the
  /// copies are priced as before, whatever they play.
  func resolveRows(of entry: Kept<ShapeCoverage>, scratch: RasterScratch?) {
    entry.rowsResolved = true
    for i in entry.value.pieces.indices {
      guard case .edges(let list) = entry.value.pieces[i], list.resolvedRows == nil,
        list.width * list.rows.count <= ResolvedRows.maximumPixels
      else { continue }
      let cells = scratch?.cells(width: list.width) ?? BandCells(width: list.width, rows: EdgeList.bucketRows)
      guard let resolved = ResolvedRows(list, cells: cells),
        resolvedBytes + resolved.byteCount <= resolvedBytesAllowed
      else { continue }
      resolvedBytes += resolved.byteCount
      entry.value.pieces[i] = .edges(list.carrying(resolved))
    }
  }
}

extension ShapeCoverage {
  /// The bytes of the resolved rows its edge lists carry.
  var resolvedByteCount: Int {
    pieces.reduce(0) { total, piece in
      if case .edges(let list) = piece { total + (list.resolvedRows?.byteCount ?? 0) } else { total }
    }
  }
}
