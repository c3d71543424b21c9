// SPDX-License-Identifier: Apache-2.0
// A shape's coverage moved by whole pixels: what a copy of a kept shape is.

extension ShapeCoverage {
  /// The coverage moved `dx` columns right and `dy` rows down, priced
  /// against `scratch`'s budget like a new shape (`nil` past it); the clip,
  /// which belongs to where the shape is drawn, is dropped. Exact only for a
  /// shape the canvas clips nowhere, at both places.
  func moved(dx: Int, dy: Int, scratch: RasterScratch?) -> ShapeCoverage? {
    var pieces: [Piece] = []
    pieces.reserveCapacity(self.pieces.count)
    for piece in self.pieces {
      switch piece {
      case .edges(let list) where dx == 0 && dy == 0:
        // In place (a layer that did not move since the frame before): the same list, priced again.
        guard scratch?.budget.spend(coverageBytes: list.byteCount, on: "rasterizing it") ?? true else { return nil }
        pieces.append(.edges(list))
      case .edges(let list):
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
}

extension EdgeList {
  /// The list moved `dx` columns right and `dy` rows down, priced against
  /// `budget` as a new list is (`nil` past it). The edges and their
  /// buckets are shared, not copied: the move is the new ``originX`` and
  /// ``rowsMoved``, which the deposit adds back. Exact because every
  /// crossing the deposit works out is a difference of rows and edge
  /// coordinates, which a move by whole rows leaves as it was.
  func moved(dx: Int, dy: Int, budget: FrameBudget?) -> EdgeList? {
    guard budget?.spend(coverageBytes: byteCount, on: "rasterizing it") ?? true else { return nil }
    return EdgeList(originX: originX + dx, width: width, rows: (rows.lowerBound + dy)..<(rows.upperBound + dy),
                    fillRule: fillRule, edges: edges, bucketStarts: bucketStarts, firstBucket: firstBucket,
                    rowsMoved: rowsMoved + dy)
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
