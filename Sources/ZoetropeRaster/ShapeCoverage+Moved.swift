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
  /// The list moved `dx` columns right and `dy` rows down: the same edges
  /// (relative to the first column), listed again in the buckets their new
  /// rows fall in; priced against `budget` as a new list is (`nil` past it).
  /// Within a bucket the edges may come in another order, which changes no
  /// byte: a cell's sum does not depend on the order it is added in.
  ///
  /// Moved by whole buckets of rows (not at all, often: cards side by
  /// side), every edge stays in its buckets, in order: the list keeps its
  /// buckets, and its edges' storage too when it moves across only.
  func moved(dx: Int, dy: Int, budget: FrameBudget?) -> EdgeList? {
    let shift = Int32(truncatingIfNeeded: dy * EdgeList.one)
    let movedRows = (rows.lowerBound + dy)..<(rows.upperBound + dy)
    if dy % EdgeList.bucketRows == 0, rows.lowerBound >= 0, movedRows.lowerBound >= 0 {
      guard budget?.spend(coverageBytes: byteCount, on: "rasterizing it") ?? true else { return nil }
      var movedEdges = edges
      if shift != 0 {
        movedEdges.withUnsafeMutableBufferPointer { edges in
          for i in edges.indices {
            edges[i].y0 &+= shift
            edges[i].y1 &+= shift
          }
        }
      }
      return EdgeList(originX: originX + dx, width: width, rows: movedRows, fillRule: fillRule, edges: movedEdges,
                      bucketStarts: bucketStarts, firstBucket: movedRows.lowerBound / EdgeList.bucketRows)
    }
    var whole: [Edge] = []
    whole.reserveCapacity(edges.count)
    let bucketShift = Int32(EdgeList.bucketShift)
    for k in 0..<(bucketStarts.count - 1) {
      // An edge is listed in every bucket it crosses: take it from its first.
      for i in Int(bucketStarts[k])..<Int(bucketStarts[k + 1]) where Int(edges[i].y0 >> bucketShift) == firstBucket + k {
        var e = edges[i]
        e.y0 &+= shift
        e.y1 &+= shift
        whole.append(e)
      }
    }
    return EdgeList(edges: whole, originX: originX + dx, width: width, rows: movedRows, fillRule: fillRule,
                    budget: budget)
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
