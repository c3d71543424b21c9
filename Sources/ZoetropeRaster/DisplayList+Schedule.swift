// SPDX-License-Identifier: Apache-2.0
// Which commands each band of a frame plays: the others draw nothing there.

extension DisplayList {
  /// For each band of rows, the commands playing it acts on, in order: the
  /// commands that reach its rows, with the groups that reach them (begin
  /// and end) and, of those, only the content that does too. A command that
  /// does not reach a band draws nothing in it, and a group that does not is
  /// skipped whole, so playing a band's commands alone gives its bytes —
  /// without visiting the thousands of commands of a frame that lie in
  /// other bands (each visit cost a check and a colour's set-up).
  ///
  /// A band whose commands include, outside every group, an opaque
  /// rectangle over every pixel of its rows plays from the last such
  /// rectangle on: it replaces whatever was below it (the background and
  /// the commands before it) pixel for pixel, so they are neither filled
  /// nor played — the first layers of a screen are often an opaque
  /// background or bar the width of the canvas.
  struct BandSchedule: Sendable {
    /// The commands of band `b` are `commands[starts[b] ..< starts[b + 1]]`.
    let starts: [Int]
    let commands: [Int32]
    /// The entry of band `b`'s last covering rectangle, if it has one.
    let covers: [Int?]

    /// The entries band `band` plays, in order: from its covering
    /// rectangle, if it has one.
    func played(_ band: Int) -> Range<Int> { (covers[band] ?? starts[band])..<starts[band + 1] }
    /// Whether band `band` starts with a covering rectangle (its background
    /// is then not filled).
    func isCovered(_ band: Int) -> Bool { covers[band] != nil }
  }

  /// The schedule of the frame in bands of `bandHeight` rows (`bands` of
  /// them), or `nil` when it would list more than ``maximumBandEntries``
  /// entries (a band then visits every command).
  func schedule(bandHeight: Int, bands: Int) -> BandSchedule? {
    guard bands > 0, commands.count < Int(Int32.max) else { return nil }
    var counts = [Int](repeating: 0, count: bands + 1)
    var total = 0
    forEachPlacement(bandHeight: bandHeight, bands: bands) { _, reached in
      for band in reached { counts[band + 1] += 1 }
      total += reached.count
      return total <= DisplayList.maximumBandEntries
    }
    guard total <= DisplayList.maximumBandEntries else { return nil }
    for band in 0..<bands { counts[band + 1] += counts[band] }
    var next = counts
    let listed = [Int32](unsafeUninitializedCapacity: total) { listed, initialized in
      forEachPlacement(bandHeight: bandHeight, bands: bands) { command, reached in
        for band in reached {
          listed[next[band]] = Int32(truncatingIfNeeded: command)
          next[band] += 1
        }
        return true
      }
      initialized = total
    }
    let covers = (0..<bands).map { band in
      lastCover(of: (band * bandHeight)..<Swift.min((band + 1) * bandHeight, height),
                in: listed[counts[band]..<counts[band + 1]])
    }
    return BandSchedule(starts: counts, commands: listed, covers: covers)
  }

  /// The entry of `entries` (a band's commands, in order) holding the last
  /// command outside every group that is an opaque rectangle over every
  /// pixel of `rows` (every column, each at full coverage), or `nil`.
  private func lastCover(of rows: Range<Int>, in entries: ArraySlice<Int32>) -> Int? {
    var found: Int?
    var level = 0
    for entry in entries.indices {
      switch commands[Int(entries[entry])] {
      case .beginGroup: level += 1
      case .endGroup, .endGroupMasked, .endMask: level -= 1
      case .solid(.rectangle(let index), let context) where level == 0 && context.color[3] == 255:
        let rectangle = rectangles[index]
        // At full coverage an opaque colour replaces the pixel: byte(256, 256) = 255, d × (255 − 255) = 0.
        if rectangle.left <= 0 && rectangle.right >= width << 8 && rectangle.top <= rows.lowerBound << 8
          && rectangle.bottom >= rows.upperBound << 8
        {
          found = entry
        }
      default: break
      }
    }
    return found
  }

  /// Calls `body` with each command and the bands it is played in, in
  /// order, while `body` returns true: the bands its rows reach, within
  /// those of every group it lies in (a group's end goes where its begin
  /// went).
  private func forEachPlacement(bandHeight: Int, bands: Int, _ body: (Int, ClosedRange<Int>) -> Bool) {
    // The bands the enclosing groups reach (empty when low > high).
    let everyBand = (low: 0, high: bands - 1)
    var allowed = everyBand
    var enclosing: [(low: Int, high: Int)] = []
    func reached(_ command: Command) -> (low: Int, high: Int) {
      let rows = rows(of: command).clamped(to: 0..<height)
      guard !rows.isEmpty else { return (1, 0) }
      return (Swift.max(rows.lowerBound / bandHeight, allowed.low),
              Swift.min((rows.upperBound - 1) / bandHeight, allowed.high))
    }
    for (index, command) in commands.enumerated() {
      let placed: (low: Int, high: Int)
      switch command {
      case .beginGroup:
        placed = reached(command)
        enclosing.append(allowed)
        allowed = placed
      case .endGroup, .endGroupMasked, .endMask:
        placed = allowed
        allowed = enclosing.popLast() ?? everyBand
      case .solid, .gradient, .image:
        placed = reached(command)
      }
      if placed.low <= placed.high, !body(index, placed.low...placed.high) { return }
    }
  }
}
