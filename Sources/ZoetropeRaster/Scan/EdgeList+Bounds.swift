// SPDX-License-Identifier: Apache-2.0
// The box of a shape's points, measured once for every piece of rows its edges are listed in.

import ZoetropeGeometry

extension EdgeList {
  /// The box of polylines' points, and whether every coordinate is finite.
  package struct Bounds {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    /// Every coordinate times zero, summed: zero while all are finite, NaN
    /// from the first infinity or NaN on (one multiply-add a coordinate
    /// where two `isFinite` tests cost a compare and a branch each).
    var probe = 0.0
    var isFinite: Bool { probe == 0 }

    /// The bounds of every point of `polylines`.
    package init(_ polylines: [Polyline]) {
      for line in polylines {
        line.points.withUnsafeBufferPointer { points in
          for p in points {
            // One `minsd`/`maxsd` each (a NaN coordinate is caught by the probe).
            minX = p.x < minX ? p.x : minX; maxX = p.x > maxX ? p.x : maxX
            minY = p.y < minY ? p.y : minY; maxY = p.y > maxY ? p.y : maxY
            probe += p.x * 0 + p.y * 0
          }
        }
      }
    }
  }
}
