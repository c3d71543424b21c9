// SPDX-License-Identifier: Apache-2.0
// The columns a command can draw in on a band's rows: what its change damages there.

extension DisplayList {
  /// The device columns in which a change of command `index` can change
  /// pixels on the device rows `rows` (within the canvas; see
  /// ``damageColumns(_:_:)``): for a shape kept as edges, only those
  /// between its leftmost and rightmost edge on those rows
  /// (``EdgeList/columns(onRows:)``: a line drawn across a chart damages
  /// the stretch it crosses in each band, not the chart's width); for
  /// everything else, all its columns.
  func damageColumns(_ index: Int, _ reach: [Int: Reach], rows: Range<Int>) -> Range<Int> {
    let columns: Range<Int>
    switch commands[index] {
    case .solid(let coverage, _), .gradient(let coverage, _), .image(let coverage, _):
      columns = self.columns(of: coverage, onRows: rows)
    default:
      columns = damageColumns(index, reach)
    }
    return columns.clamped(to: 0..<width)
  }

  /// The columns `coverage` can reach on `rows`: an edge list's there, a
  /// clipped piece's within the clip's, others' all.
  private func columns(of coverage: Coverage, onRows rows: Range<Int>) -> Range<Int> {
    switch coverage {
    case .edges(let list): edgeLists[list].columns(onRows: rows)
    case .clipped(let index):
      columns(of: clippedPieces[index].piece, onRows: rows).clamped(to: clippedPieces[index].columns)
    default: columns(of: coverage)
    }
  }

  /// The device columns within ``damageColumns(_:_:rows:)`` in which a
  /// change of command `index` changes nothing on the device rows `rows`:
  /// the inside of a stroked rectangle (``EdgeList/emptyColumns(onRows:)``),
  /// where it covers nothing before or after. Empty for none.
  func damageHole(_ index: Int, rows: Range<Int>) -> Range<Int> {
    switch commands[index] {
    case .solid(.edges(let list), _), .gradient(.edges(let list), _), .image(.edges(let list), _):
      edgeLists[list].emptyColumns(onRows: rows)
    default: 0..<0
    }
  }
}
