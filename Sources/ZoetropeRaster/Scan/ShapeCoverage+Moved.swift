// SPDX-License-Identifier: Apache-2.0
// A shape's coverage moved by whole pixels: what a copy of a kept shape is.

extension ShapeCoverage {
  /// The coverage moved `dx` columns right and `dy` rows down, priced
  /// against `scratch`'s budget like a new shape (`nil` past it); the clip,
  /// which belongs to where the shape is drawn, is dropped. Exact only for a
  /// shape the canvas clips nowhere, at both places.
  func moved(dx: Int, dy: Int, scratch: RasterScratch?) -> ShapeCoverage? {
    if dx == 0 && dy == 0 { return inPlace(budget: scratch?.budget) }
    var pieces: [Piece] = []
    pieces.reserveCapacity(self.pieces.count)
    for piece in self.pieces {
      switch piece {
      case .edges(let list):
        // (In place too, for a layer that did not move: the same edges, priced again.)
        guard let moved = list.moved(dx: dx, dy: dy, budget: scratch?.budget) else { return nil }
        pieces.append(.edges(moved))
      case .rectangle(let rectangle):
        pieces.append(.rectangle(rectangle.moved(dx: dx, dy: dy)))
      case .runs(let runs):
        let moved = runs.moved(dx: dx, dy: dy)
        guard scratch?.budget.spend(coverage: moved, on: "rasterizing it") ?? true else { return nil }
        pieces.append(.runs(moved))
      }
    }
    return ShapeCoverage(pieces: pieces)
  }

  /// ``moved(dx:dy:scratch:)`` by nothing (a layer that did not move): the
  /// same pieces, priced again as the move would price them, without
  /// building them anew.
  private func inPlace(budget: FrameBudget?) -> ShapeCoverage? {
    for piece in pieces {
      switch piece {
      case .edges(let list):
        guard budget?.spend(coverageBytes: list.byteCount(at: list.rows), on: "rasterizing it") ?? true else {
          return nil
        }
      case .rectangle:
        break
      case .runs(let runs):
        guard budget?.spend(coverage: runs, on: "rasterizing it") ?? true else { return nil }
      }
    }
    return ShapeCoverage(pieces: pieces)
  }
}

extension EdgeList {
  /// The list moved `dx` columns right and `dy` rows down, priced against
  /// `budget` as the same shape made there would be (`nil` past it). The
  /// edges and their buckets are shared, not copied: the move is the new
  /// ``originX`` and ``rowsMoved``, which the deposit takes back off.
  /// Exact because every crossing the deposit works out is a difference of
  /// rows and edge coordinates, which a move by whole rows leaves as it was.
  func moved(dx: Int, dy: Int, budget: FrameBudget?) -> EdgeList? {
    let movedRows = (rows.lowerBound + dy)..<(rows.upperBound + dy)
    guard budget?.spend(coverageBytes: byteCount(at: movedRows), on: "rasterizing it") ?? true else { return nil }
    let x = Int32(truncatingIfNeeded: dx), y = Int32(truncatingIfNeeded: dy)
    return EdgeList(originX: originX + dx, width: width, rows: movedRows, fillRule: fillRule,
                    interiorColumns: (interiorColumns.lowerBound &+ x)..<(interiorColumns.upperBound &+ x),
                    interiorRows: (interiorRows.lowerBound &+ y)..<(interiorRows.upperBound &+ y),
                    emptyColumns: (emptyColumns.lowerBound &+ x)..<(emptyColumns.upperBound &+ x),
                    emptyRows: (emptyRows.lowerBound &+ y)..<(emptyRows.upperBound &+ y), edges: edges,
                    bucketStarts: bucketStarts, firstBucket: firstBucket, rowsMoved: rowsMoved + dy,
                    resolvedRows: resolvedRows)
  }

  /// The bytes the same shape takes when made at `movedRows` (the list's
  /// rows moved by whole rows): its edges listed in the buckets they cross
  /// there. The same as ``byteCount`` when the move is by whole buckets;
  /// otherwise each edge is counted from the first bucket it is listed in,
  /// so that a copy costs the frame what making the shape there would
  /// (and a frame overruns its budget alike with a cache or without).
  func byteCount(at movedRows: Range<Int>) -> Int {
    let shift = movedRows.lowerBound - (rows.lowerBound - rowsMoved)
    if shift % EdgeList.bucketRows == 0 { return byteCount }
    let first = movedRows.lowerBound / EdgeList.bucketRows
    let buckets = (movedRows.upperBound - 1) / EdgeList.bucketRows - first + 1
    let bucketShift = Int32(EdgeList.bucketShift), y = Int32(truncatingIfNeeded: shift * EdgeList.one)
    var entries = 0
    edges.withUnsafeBufferPointer { edges in
      for k in 0..<(bucketStarts.count - 1) {
        for i in Int(bucketStarts[k])..<Int(bucketStarts[k + 1]) where Int(edges[i].y0 >> bucketShift) == firstBucket + k {
          entries += Int((edges[i].y1 &+ y &- 1) >> bucketShift) - Int((edges[i].y0 &+ y) >> bucketShift) + 1
        }
      }
    }
    return entries * MemoryLayout<Edge>.stride + (buckets + 1) * MemoryLayout<Int32>.stride
  }
}

extension RectangleCoverage {
  /// The rectangle moved `dx` columns right and `dy` rows down.
  func moved(dx: Int, dy: Int) -> RectangleCoverage {
    RectangleCoverage(left: left + dx * 256, top: top + dy * 256, right: right + dx * 256, bottom: bottom + dy * 256)
  }
}

extension CoverageSpans {
  /// The runs moved `dx` columns right and `dy` rows down.
  package func moved(dx: Int, dy: Int) -> CoverageSpans {
    if dx == 0 && dy == 0 { return self }
    var moved = self
    let dx = Int32(truncatingIfNeeded: dx), dy = Int32(truncatingIfNeeded: dy)
    for i in moved.spans.indices {
      moved.spans[i].x &+= dx
      moved.spans[i].y &+= dy
    }
    return moved
  }
}
