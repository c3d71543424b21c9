// SPDX-License-Identifier: Apache-2.0
// The columns a shape can draw in on a few rows: between its leftmost and rightmost edge there.

extension EdgeList {
  /// The device columns in which the shape can have coverage on the device
  /// rows `deviceRows`: from the leftmost to the rightmost column its edges
  /// listed for those rows pass through (and one either side), empty for
  /// none. An edge's part on those rows is worked out from its end points
  /// (a unit either way stays within the column added either side). Left
  /// of every edge crossing a row the winding is zero, and right of them
  /// all it is back to zero (a closed outline; parts beyond the list's
  /// columns run down its sides), so the row is covered only in between.
  ///
  /// A narrow list (under ``narrowestNarrowed`` columns), or one whose
  /// edges on those rows span three quarters of its columns or more, gives
  /// all its columns: what the rest would save is less than clipping the
  /// shape where it is played costs.
  package func columns(onRows deviceRows: Range<Int>) -> Range<Int> {
    // The same rows in the edges' own y (see `rowsMoved`), within the list's.
    let own = (rows.lowerBound - rowsMoved)..<(rows.upperBound - rowsMoved)
    let shared = (deviceRows.lowerBound - rowsMoved)..<(deviceRows.upperBound - rowsMoved)
    let reached = shared.clamped(to: own)
    guard !reached.isEmpty, width > 0 else { return 0..<0 }
    let all = originX..<(originX + width)
    guard width >= EdgeList.narrowestNarrowed else { return all }
    let first = Swift.max(reached.lowerBound / EdgeList.bucketRows - firstBucket, 0)
    let last = Swift.min((reached.upperBound - 1) / EdgeList.bucketRows - firstBucket, bucketStarts.count - 2)
    guard first <= last else { return 0..<0 }
    var low = Int32.max, high = Int32.min
    // An edge reaching past the rows (a long side) counts from where it
    // crosses their top to where it crosses their bottom.
    let top = Int32(truncatingIfNeeded: reached.lowerBound << 8)
    let bottom = Int32(truncatingIfNeeded: reached.upperBound << 8)
    edges.withUnsafeBufferPointer { edges in
      var k = Int(bucketStarts[first])
      let end = Int(bucketStarts[last + 1])
      while k < end {
        let e = edges[k]
        k &+= 1
        var (x0, x1) = (e.x0, e.x1)
        if e.y0 < top || e.y1 > bottom {
          guard e.y0 < bottom, e.y1 > top else { continue }
          let slope = Double(e.x1 - e.x0) / Double(e.y1 - e.y0)
          func x(at y: Int32) -> Int32 { e.x0 &+ Int32((Double(y - e.y0) * slope).rounded(.down)) }
          if e.y0 < top { x0 = x(at: top) }
          if e.y1 > bottom { x1 = x(at: bottom) }
        }
        let (a, b) = x0 < x1 ? (x0, x1) : (x1, x0)
        low = a < low ? a : low
        high = b > high ? b : high
      }
    }
    guard low <= high else { return 0..<0 }
    let left = Swift.max(Int(low >> 8) - 1, 0), right = Swift.min(Int(high >> 8) + 2, width)
    guard left < right else { return 0..<0 }
    return 4 * (right - left) >= 3 * width ? all : (originX + left)..<(originX + right)
  }

  /// The fewest columns a list spans for ``columns(onRows:)`` to look at its edges.
  static let narrowestNarrowed = 64
}
