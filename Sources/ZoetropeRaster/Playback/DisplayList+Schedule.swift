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
  ///
  /// Of a band without one, the columns that opaque rectangles outside
  /// every group replace over all of its rows at full coverage (a card's
  /// middle, say, or — an opaque edge list's ``EdgeList/interior`` — its
  /// corner rows between the corners; merged, and kept where at least
  /// ``narrowestUnfilledColumns`` wide) are not filled with the background
  /// either. What the commands before such a rectangle draw there is then
  /// drawn over whatever the pixels held, and replaced: that is the same
  /// only because every command blends each pixel from that pixel alone
  /// (and from group buffers, cleared first), and every kernel takes any
  /// bytes. A command that read a neighbouring pixel of the band (a
  /// backdrop blur) would have to end this.
  ///
  /// For the same reason a shape outside every group that such rectangles
  /// after it replace in some columns (a card's shadow under the card) is
  /// played only in the columns left (``BandSchedule/visibleColumns(_:)``),
  /// and not at all when none are: what it would draw there is replaced.
  struct BandSchedule: Sendable {
    /// The commands of band `b` are `commands[starts[b] ..< starts[b + 1]]`.
    let starts: [Int]
    let commands: [Int32]
    /// The entry of band `b`'s last covering rectangle, if it has one.
    let covers: [Int?]
    /// The columns of band `b` its background is not filled in are
    /// `unfilled[unfilledStarts[b] ..< unfilledStarts[b + 1]]`: left to
    /// right, apart, each column of them replaced over all of the band's
    /// rows by an opaque rectangle or edge list's interior it plays (every
    /// column, for a covered band).
    let unfilledStarts: [Int]
    let unfilled: [Range<Int>]
    /// For each entry of `commands`: ``everyColumn``, ``hidden``, or where
    /// its visible columns start in `visible` (runs left to right, up to an
    /// empty one).
    let visibility: [Int32]
    let visible: [Range<Int>]

    /// A `visibility` entry: the command plays in all of its columns.
    static let everyColumn: Int32 = -1
    /// A `visibility` entry: later rectangles replace every column the command reaches.
    static let hidden: Int32 = -2

    /// The entries band `band` plays, in order: from its covering
    /// rectangle, if it has one.
    func played(_ band: Int) -> Range<Int> { (covers[band] ?? starts[band])..<starts[band + 1] }
    /// Whether band `band` starts with a covering rectangle (its background
    /// is then not filled).
    func isCovered(_ band: Int) -> Bool { covers[band] != nil }
    /// The columns band `band`'s background is not filled in, left to right.
    func unfilledColumns(_ band: Int) -> ArraySlice<Range<Int>> {
      unfilled[unfilledStarts[band]..<unfilledStarts[band + 1]]
    }
    /// The columns the command of entry `entry` is played in, left to right:
    /// `nil` for all of them (an empty array when it is not played).
    func visibleColumns(_ entry: Int) -> [Range<Int>]? {
      switch visibility[entry] {
      case BandSchedule.everyColumn: return nil
      case BandSchedule.hidden: return []
      case let start: return Array(visible[Int(start)...].prefix { !$0.isEmpty })
      }
    }
  }

  /// Hidden columns narrower than this are played all the same (cutting a
  /// shape's rows costs more than that).
  static let narrowestHiddenColumns = 16
  /// At most this many runs of hidden columns are followed back through a
  /// band's commands (the rest are played: a bound on the schedule's work).
  static let maximumHiddenRuns = 32

  /// The narrowest run of columns a band leaves unfilled: the background of
  /// a shorter one is filled (splitting a row's fill costs more than that).
  static let narrowestUnfilledColumns = 16

  /// The schedule of the frame in bands of `bandHeight` rows (`bands` of
  /// them), or `nil` when it would list more than ``maximumBandEntries``
  /// entries (a band then visits every command). With `playing` (a flag a
  /// band), only the bands flagged are scheduled — a clip's frame plays the
  /// bands that changed — and the others list no command (`nil` as well
  /// when `playing` holds another number of bands).
  func schedule(bandHeight: Int, bands: Int, playing: [Bool]? = nil) -> BandSchedule? {
    guard bands > 0, commands.count < Int(Int32.max), playing.map({ $0.count == bands }) ?? true else { return nil }
    var counts = [Int](repeating: 0, count: bands + 1)
    var total = 0
    forEachPlacement(bandHeight: bandHeight, bands: bands) { _, reached in
      if let playing {
        for band in reached where playing[band] {
          counts[band + 1] += 1
          total += 1
        }
      } else {
        for band in reached { counts[band + 1] += 1 }
        total += reached.count
      }
      return total <= DisplayList.maximumBandEntries
    }
    guard total <= DisplayList.maximumBandEntries else { return nil }
    for band in 0..<bands { counts[band + 1] += counts[band] }
    var next = counts
    let listed = [Int32](unsafeUninitializedCapacity: total) { listed, initialized in
      forEachPlacement(bandHeight: bandHeight, bands: bands) { command, reached in
        for band in reached where playing?[band] ?? true {
          listed[next[band]] = Int32(truncatingIfNeeded: command)
          next[band] += 1
        }
        return true
      }
      initialized = total
    }
    var covers: [Int?] = []
    covers.reserveCapacity(bands)
    var unfilledStarts = [0]
    unfilledStarts.reserveCapacity(bands + 1)
    var unfilled: [Range<Int>] = []
    var replaced: [Range<Int>] = []
    var visibility = [Int32](repeating: BandSchedule.everyColumn, count: total)
    var visible: [Range<Int>] = []
    var later: [Range<Int>] = []
    for band in 0..<bands {
      if let playing, !playing[band] {
        covers.append(nil)
        unfilledStarts.append(unfilled.count)
        continue
      }
      let rows = (band * bandHeight)..<Swift.min((band + 1) * bandHeight, height)
      let entries = counts[band]..<counts[band + 1]
      let (cover, byRectangle) = replacedColumns(of: rows, in: listed[entries], into: &replaced)
      covers.append(cover)
      // (Only rectangles hide what lies below them: cutting a shape below
      // an edge list's interior into runs would deposit its edges once a run.)
      if byRectangle {
        hideReplacedColumns(of: rows, entries: (cover ?? entries.lowerBound)..<entries.upperBound, listed: listed,
                            later: &later, visibility: &visibility, visible: &visible)
      }
      if cover != nil {
        unfilled.append(0..<width)
      } else {
        DisplayList.appendMerged(&replaced, narrowest: DisplayList.narrowestUnfilledColumns, to: &unfilled)
      }
      unfilledStarts.append(unfilled.count)
    }
    return BandSchedule(starts: counts, commands: listed, covers: covers, unfilledStarts: unfilledStarts,
                        unfilled: unfilled, visibility: visibility, visible: visible)
  }

  /// The columns of `rows` an opaque fill outside every group replaces
  /// over all of them at full coverage: a rectangle's, or an edge list's
  /// known ``EdgeList/interior`` (a rounded card's corner rows between its
  /// corners); empty for any other command.
  func replacedColumns(of rows: Range<Int>, by command: Command) -> Range<Int> {
    // At full coverage an opaque colour replaces the pixel: byte(256, 256) = 255, d × (255 − 255) = 0.
    switch command {
    case .solid(.rectangle(let index), let context) where context.color[3] == 255:
      let rectangle = rectangles[index]
      guard rectangle.top <= rows.lowerBound << 8 && rectangle.bottom >= rows.upperBound << 8 else { return 0..<0 }
      // The columns whose pixels lie wholly inside its sides.
      return ((rectangle.left + 255) >> 8)..<Swift.max((rectangle.left + 255) >> 8, rectangle.right >> 8)
    case .solid(.edges(let index), let context) where context.color[3] == 255:
      let interior = edgeLists[index].interior
      guard !interior.isEmpty, interior.y <= rows.lowerBound && interior.maxY >= rows.upperBound else { return 0..<0 }
      return interior.x..<interior.maxX
    default:
      return 0..<0
    }
  }

  /// Walks a band's played entries from the last back, keeping in `later`
  /// the columns (merged, left to right) that opaque rectangles outside
  /// every group replace after the entry, and marks in `visibility` each
  /// shape outside every group those columns cut (its visible runs appended
  /// to `visible`) or hide whole.
  private func hideReplacedColumns(of rows: Range<Int>, entries: Range<Int>, listed: [Int32], later: inout [Range<Int>],
                                   visibility: inout [Int32], visible: inout [Range<Int>]) {
    later.removeAll(keepingCapacity: true)
    var level = 0
    for entry in entries.reversed() {
      let command = commands[Int(listed[entry])]
      switch command {
      case .endGroup, .endGroupMasked, .endMask: level += 1
      case .beginGroup: level -= 1
      case .falseColor: break
      case .solid(let coverage, _), .gradient(let coverage, _), .image(let coverage, _):
        guard level == 0 else { break }
        if !later.isEmpty {
          let own = columns(of: coverage)
          let start = visible.count
          var x = own.lowerBound, cut = false
          for hidden in later where hidden.upperBound > x && hidden.lowerBound < own.upperBound {
            if hidden.lowerBound > x { visible.append(x..<hidden.lowerBound) }
            x = hidden.upperBound
            cut = true
          }
          if cut {
            if x < own.upperBound { visible.append(x..<own.upperBound) }
            if visible.count == start {
              visibility[entry] = BandSchedule.hidden
            } else {
              visible.append(0..<0)
              visibility[entry] = Int32(start)
            }
          }
        }
        guard case .solid(.rectangle, _) = command else { break }
        let columns = replacedColumns(of: rows, by: command)
        if columns.count >= DisplayList.narrowestHiddenColumns && later.count < DisplayList.maximumHiddenRuns {
          DisplayList.insertMerged(columns, into: &later)
        }
      }
    }
  }

  /// Inserts `range` into `ranges` (apart, left to right), merging it with those it overlaps or touches.
  static func insertMerged(_ range: Range<Int>, into ranges: inout [Range<Int>]) {
    var low = range.lowerBound, high = range.upperBound
    var first = ranges.count, last = ranges.count
    for (i, r) in ranges.enumerated() {
      if r.upperBound < low { continue }
      if r.lowerBound > high {
        if first == ranges.count { first = i; last = i }
        break
      }
      if first == ranges.count { first = i }
      low = Swift.min(low, r.lowerBound)
      high = Swift.max(high, r.upperBound)
      last = i + 1
    }
    ranges.replaceSubrange(first..<Swift.max(first, last), with: [low..<high])
  }

  /// The entry of `entries` (a band's commands, in order) holding the last
  /// command outside every group that is an opaque rectangle over every
  /// pixel of `rows` (every column, each at full coverage), or `nil`; in
  /// `replaced`, the columns each opaque fill outside every group (over
  /// every row, not every column) replaces at full coverage, in the order
  /// they come; and whether one of those is a rectangle.
  private func replacedColumns(of rows: Range<Int>, in entries: ArraySlice<Int32>,
                               into replaced: inout [Range<Int>]) -> (cover: Int?, byRectangle: Bool) {
    var found: Int?, byRectangle = false
    var level = 0
    replaced.removeAll(keepingCapacity: true)
    for entry in entries.indices {
      switch commands[Int(entries[entry])] {
      case .beginGroup: level += 1
      case .endGroup, .endGroupMasked, .endMask: level -= 1
      case let command where level == 0:
        let columns = replacedColumns(of: rows, by: command)
        guard !columns.isEmpty else { break }
        if case .solid(.rectangle(let index), _) = command {
          byRectangle = true
          if rectangles[index].left <= 0 && rectangles[index].right >= width << 8 { found = entry }
        }
        replaced.append(columns)
      default: break
      }
    }
    return (found, byRectangle)
  }

  /// `ranges` merged where they overlap or touch, left to right, keeping
  /// those of at least `narrowest` columns.
  static func merged(_ ranges: [Range<Int>], narrowest: Int) -> [Range<Int>] {
    var ranges = ranges, merged: [Range<Int>] = []
    appendMerged(&ranges, narrowest: narrowest, to: &merged)
    return merged
  }

  /// Appends ``merged(_:narrowest:)`` of `ranges` to `merged`, sorting
  /// `ranges` in place (a band's, once a frame: no other memory is taken).
  static func appendMerged(_ ranges: inout [Range<Int>], narrowest: Int, to merged: inout [Range<Int>]) {
    guard !ranges.isEmpty else { return }
    if ranges.count > 1 { ranges.sort { $0.lowerBound < $1.lowerBound } }
    var current = ranges[0]
    for range in ranges.dropFirst() {
      if range.lowerBound <= current.upperBound {
        current = current.lowerBound..<Swift.max(current.upperBound, range.upperBound)
      } else {
        if current.count >= narrowest { merged.append(current) }
        current = range
      }
    }
    if current.count >= narrowest { merged.append(current) }
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
      case .solid, .gradient, .image, .falseColor:
        placed = reached(command)
      }
      if placed.low <= placed.high, !body(index, placed.low...placed.high) { return }
    }
  }
}
