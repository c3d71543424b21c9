// SPDX-License-Identifier: Apache-2.0
// Colour filters on an isolated group's pixels: recorded just before the group ends, played in place.

import ZoetropeShaders

extension DisplayList {
  /// Recolours what the innermost open group holds so far, in place (a
  /// layer's `filters`), before the group is blended. Record it after the
  /// group's content and mask, just before ``endGroup(opacity:mode:)``; a
  /// group that has drawn nothing gets nothing recorded.
  package mutating func filterGroup(_ filter: FalseColorContext) {
    guard let group = openGroups.last, !group.bounds.isEmpty, !group.isMask else { return }
    commands.append(.falseColor(bounds: group.bounds, filter: filter))
  }

  /// Plays a `falseColor` command on the band's rows `rows` of `target`
  /// (the group's buffer), within `bounds` and `columns`.
  func playFalseColor(_ filter: FalseColorContext, bounds: PixelBounds, rows: Range<Int>, columns: Range<Int>?,
                      into target: UnsafeMutablePointer<UInt8>) {
    let x0 = Swift.max(bounds.minX, columns?.lowerBound ?? 0), x1 = Swift.min(bounds.maxX, columns?.upperBound ?? width)
    let first = Swift.max(bounds.minY, rows.lowerBound), last = Swift.min(bounds.maxY, rows.upperBound)
    guard x1 > x0, first < last else { return }
    for row in first..<last {
      falseColorRow(target + 4 * ((row - rows.lowerBound) * width + x0), count: x1 - x0, filter: filter)
    }
  }
}
