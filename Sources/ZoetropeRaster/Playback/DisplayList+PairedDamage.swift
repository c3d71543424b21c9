// SPDX-License-Identifier: Apache-2.0
// Damage of a clip's usual frame: each command compared with the one at its index in the frame before.

extension DisplayList {
  /// ``damage(since:bandHeight:)`` for two drawings with as many commands,
  /// few of which differ from the command at the same index in `previous`
  /// (a clip's frame in which some layers moved or changed and none came or
  /// left): each pair is compared once, and only the pairs that differ
  /// visit the bands they reach, where aligning the two band by band
  /// visits every command of every band. In a band, a differing pair
  /// damages the columns of each of its two commands that reaches it,
  /// unless the two draw the same on its rows; outside those columns a
  /// pixel meets, index by index, commands that draw the same there or
  /// nothing, so it keeps its value — the alignment's reasoning, with
  /// every command paired with its namesake. Nor does a pair damage the
  /// columns both of its commands replace with the same opaque colour on
  /// every row of the band (``replacedAlike(_:in:rows:)``: a rounded card
  /// moved, between its corners), which the alignment does not look for.
  ///
  /// `nil` — the alignment decides — when the counts differ, when more
  /// than a quarter of the pairs differ (a layer gone and another come
  /// shift every pair after them, which the alignment pairs again), or
  /// when the differing pairs reach more bands, together, than a sixteenth
  /// of ``maximumBandEntries``.
  func pairedDamage(since previous: DisplayList, bandHeight: Int, bands: Int,
                    reaches: (mine: [Int: Reach], theirs: [Int: Reach])? = nil) -> [BandDamage]? {
    let count = commands.count
    guard previous.commands.count == count else { return nil }
    let most = count / 4 + 4
    var differing: [Int] = []
    for i in 0..<count where !sameCommand(i, as: i, in: previous) {
      differing.append(i)
      if differing.count > most { return nil }
    }
    // What each differing pair damages, band by band: (band, columns, paints an image).
    var touches: [(band: Int, columns: Range<Int>, image: Bool)] = []
    var visits = 0
    func reached(_ rows: Range<Int>) -> ClosedRange<Int>? {
      let rows = rows.clamped(to: 0..<height)
      return rows.isEmpty ? nil : (rows.lowerBound / bandHeight)...((rows.upperBound - 1) / bandHeight)
    }
    let (myReach, theirReach) = reaches ?? (groupReach(), previous.groupReach())
    /// Damages `reached` in `band` but for the columns `alike` (the parts either side of them).
    func touch(_ band: Int, _ reached: Range<Int>, except alike: Range<Int>, _ image: Bool) {
      guard !alike.isEmpty else { return touches.append((band, reached, image)) }
      touches.append((band, reached.clamped(to: reached.lowerBound..<Swift.max(reached.lowerBound, alike.lowerBound)), image))
      let right = reached.clamped(to: Swift.min(alike.upperBound, reached.upperBound)..<reached.upperBound)
      if !right.isEmpty { touches.append((band, right, image)) }
    }
    for i in differing {
      let mine = reached(damageRows(i, myReach)), theirs = reached(previous.damageRows(i, theirReach))
      let first = Swift.min(mine?.lowerBound ?? .max, theirs?.lowerBound ?? .max)
      guard first != .max else { continue }
      let last = Swift.max(mine?.upperBound ?? .min, theirs?.upperBound ?? .min)
      // Each visit lays out up to two touches: past a sixteenth of the
      // entries the alignment bounds, it decides (and bounds its memory).
      visits += last - first + 1
      guard visits <= DisplayList.maximumBandEntries / 16 else { return nil }
      let columns = damageColumns(i, myReach).clamped(to: 0..<width)
      let theirColumns = previous.damageColumns(i, theirReach).clamped(to: 0..<width)
      let image = paintsImage(commands[i]), theirImage = previous.paintsImage(previous.commands[i])
      for band in first...last {
        let inMine = mine?.contains(band) ?? false, inTheirs = theirs?.contains(band) ?? false
        guard inMine || inTheirs else { continue }
        let rows = (band * bandHeight)..<Swift.min((band + 1) * bandHeight, height)
        if inMine && inTheirs && sameCommand(i, as: i, in: previous, rows: rows) { continue }
        // Where both replace every pixel with the same colour, they draw alike.
        let alike = inMine && inTheirs ? replacedAlike(i, in: previous, rows: rows) : 0..<0
        if inMine { touch(band, columns, except: alike, image) }
        if inTheirs { touch(band, theirColumns, except: alike, theirImage) }
      }
    }
    // Bands no differing pair reaches play nothing; the others their columns.
    var result = [BandDamage](repeating: .none, count: bands)
    touches.sort { $0.band < $1.band }
    var columns: [Range<Int>] = []
    var k = 0
    while k < touches.count {
      let band = touches[k].band
      var imaged = false
      columns.removeAll(keepingCapacity: true)
      while k < touches.count && touches[k].band == band {
        imaged = imaged || touches[k].image
        if !touches[k].columns.isEmpty { columns.append(touches[k].columns) }
        k += 1
      }
      result[band] = bandDamage(columns, imaged: imaged)
    }
    return result
  }

  /// The columns that command `i` and command `i` of `previous` both
  /// replace, on every row of `rows`, with the same opaque colour: two
  /// edge lists' known interiors (a rounded card's corner rows between its
  /// corners, moved). Each pixel there is that colour after either command
  /// whatever lay below, so the pair draws alike there; empty for any
  /// other pair.
  func replacedAlike(_ i: Int, in previous: DisplayList, rows: Range<Int>) -> Range<Int> {
    guard case .solid(.edges(let a), let mine) = commands[i], case .solid(.edges(let b), let theirs) = previous.commands[i],
      mine == theirs, mine.color[3] == 255
    else { return 0..<0 }
    let x = edgeLists[a].interior, y = previous.edgeLists[b].interior
    guard !x.isEmpty, !y.isEmpty, Swift.max(x.y, y.y) <= rows.lowerBound, Swift.min(x.maxY, y.maxY) >= rows.upperBound
    else { return 0..<0 }
    let low = Swift.max(x.x, y.x)
    return low..<Swift.max(low, Swift.min(x.maxX, y.maxX))
  }
}
