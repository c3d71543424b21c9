// SPDX-License-Identifier: Apache-2.0
// How far a change of a group's begin or end reaches: everything the group encloses.

extension DisplayList {
  /// How far a group's begin or end reaches past its own bounds.
  struct Reach {
    let rows: Range<Int>, columns: Range<Int>
  }

  /// The rows and columns a change of each group's begin and end can reach,
  /// by index, for the groups whose content reaches past their bounds: a
  /// group decides how everything it encloses shows, and a masked group's
  /// bounds are cut to its mask (what its content draws outside them is
  /// thrown away, where the same command outside the group would show), so
  /// when a group comes, goes or changes, every command it encloses may
  /// draw otherwise. Groups whose bounds hold their content (an opacity
  /// group's) are not listed.
  func groupReach() -> [Int: Reach] {
    var reach: [Int: Reach] = [:]
    for (start, command) in commands.enumerated() {
      guard case .beginGroup(_, let end) = command, end > start, end < commands.count else { continue }
      var rows = self.rows(of: command), columns = self.columns(of: command)
      func include(_ index: Int) {
        let r = self.rows(of: commands[index]), c = self.columns(of: commands[index])
        guard !r.isEmpty, !c.isEmpty else { return }
        rows = rows.isEmpty ? r : Swift.min(rows.lowerBound, r.lowerBound)..<Swift.max(rows.upperBound, r.upperBound)
        columns = columns.isEmpty
          ? c : Swift.min(columns.lowerBound, c.lowerBound)..<Swift.max(columns.upperBound, c.upperBound)
      }
      for index in (start + 1)...end { include(index) }
      let grown = Reach(rows: rows, columns: columns)
      for index in [start, end] where self.rows(of: commands[index]) != rows || self.columns(of: commands[index]) != columns {
        reach[index] = grown
      }
    }
    return reach
  }

  /// The device rows a change of command `index` can reach (see ``groupReach()``).
  func damageRows(_ index: Int, _ reach: [Int: Reach]) -> Range<Int> {
    reach.isEmpty ? rows(of: commands[index]) : reach[index]?.rows ?? rows(of: commands[index])
  }

  /// The device columns a change of command `index` can reach (see ``groupReach()``).
  func damageColumns(_ index: Int, _ reach: [Int: Reach]) -> Range<Int> {
    reach.isEmpty ? columns(of: commands[index]) : reach[index]?.columns ?? columns(of: commands[index])
  }
}
