// SPDX-License-Identifier: Apache-2.0
// Damage of a clip's usual frame: each command compared with the one at its index in the frame before.

import ZoetropeShaders

extension DisplayList {
  /// ``damage(since:bandHeight:)`` for two drawings with as many commands,
  /// few of which differ from the command at the same index in `previous`
  /// (a clip's frame in which some layers moved or changed and none came or
  /// left): each pair is compared once, and only the pairs that differ
  /// visit the bands they reach, where aligning the two band by band
  /// visits every command of every band. In a band, a differing pair
  /// damages the columns of each of its two commands that reaches it (a
  /// shape's only those it can reach on the band's rows),
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
      // Each visit lays out up to four touches (each command's columns,
      // cut in two around what they replace alike): past a sixteenth of
      // the entries the alignment bounds, it decides (and bounds its memory).
      visits += last - first + 1
      guard visits <= DisplayList.maximumBandEntries / 16 else { return nil }
      let image = paintsImage(commands[i]), theirImage = previous.paintsImage(previous.commands[i])
      for band in first...last {
        let inMine = mine?.contains(band) ?? false, inTheirs = theirs?.contains(band) ?? false
        guard inMine || inTheirs else { continue }
        let rows = (band * bandHeight)..<Swift.min((band + 1) * bandHeight, height)
        if inMine && inTheirs && sameCommand(i, as: i, in: previous, rows: rows) { continue }
        // Where both replace every pixel with the same colour, they draw alike.
        let alike = inMine && inTheirs ? replacedAlike(i, in: previous, rows: rows) : 0..<0
        // (Or the inside of a stroked rectangle, which neither covers.)
        if inMine {
          let hole = alike.isEmpty ? damageHole(i, rows: rows) : alike
          touch(band, damageColumns(i, myReach, rows: rows), except: hole, image)
        }
        if inTheirs {
          touch(band, previous.damageColumns(i, theirReach, rows: rows),
                except: alike.isEmpty ? previous.damageHole(i, rows: rows) : alike, theirImage)
        }
      }
    }
    // Bands no differing pair reaches play nothing; the others their columns.
    var result = [BandDamage](repeating: .none, count: bands)
    touches.sort { $0.band < $1.band }
    // The columns of the images in each band touched (those that differ are in the touches).
    var images: [Int: [Range<Int>]] = [:]
    if !imagePaints.isEmpty, !touches.isEmpty {
      let touched = Set(touches.map(\.band))
      for i in commands.indices where paintsImage(commands[i]) {
        guard let bands = reached(rows(of: commands[i])) else { continue }
        for band in bands where touched.contains(band) { images[band, default: []].append(columns(of: commands[i])) }
      }
    }
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
      result[band] = bandDamage(columns, imaged: imaged, images: images[band] ?? [])
    }
    return result
  }

  /// The columns that command `i` here and in `previous` replaces, with
  /// the same opaque colour in both, on every row of `rows` — alone, or
  /// with the command just before or after it filling the rows it leaves
  /// (a rounded card's corner rows and its middle rectangle, on rows
  /// apart): every pixel there is that colour once the two have been
  /// played, whatever lay below, in both frames, so they draw alike there.
  /// Empty when there are none.
  func replacedAlike(_ i: Int, in previous: DisplayList, rows: Range<Int>) -> Range<Int> {
    // (Most differing pairs are no opaque fill: asked first, before any group.)
    guard case .solid(_, let fill) = commands[i], fill.color[3] == 255 else { return 0..<0 }
    var widest = 0..<0
    for first in (i - 1)...i where first >= 0 {
      for last in i...(i + 1) where last < commands.count && last - first <= 1 {
        let group = first..<(last + 1)
        guard let mine = replaced(by: group, rows: rows), let theirs = previous.replaced(by: group, rows: rows),
          mine.context == theirs.context
        else { continue }
        let low = Swift.max(mine.columns.lowerBound, theirs.columns.lowerBound)
        let alike = low..<Swift.max(low, Swift.min(mine.columns.upperBound, theirs.columns.upperBound))
        if alike.count > widest.count { widest = alike }
      }
    }
    return widest
  }

  /// The opaque colour the commands `group` (adjacent) fill with, each on
  /// rows below the one before's, and the columns in which, on every row
  /// of `rows`, the one command reaching that row replaces every pixel with
  /// it (``replacedColumns(of:by:)``); `nil` when they do not.
  private func replaced(by group: Range<Int>, rows: Range<Int>) -> (context: FillSolidContext, columns: Range<Int>)? {
    var context: FillSolidContext?
    var low = Int.min, high = Int.max, reached = 0, below = Int.min
    for k in group {
      guard case .solid(let coverage, let fill) = commands[k], fill.color[3] == 255, context.map({ $0 == fill }) ?? true
      else { return nil }
      context = fill
      let own = self.rows(of: coverage)
      guard own.lowerBound >= below else { return nil }
      below = own.upperBound
      let shared = own.clamped(to: rows)
      guard !shared.isEmpty else { continue }
      let columns = replacedColumns(of: shared, by: commands[k])
      guard !columns.isEmpty else { return nil }
      (low, high) = (Swift.max(low, columns.lowerBound), Swift.min(high, columns.upperBound))
      reached += shared.count
    }
    guard let context, reached == rows.count, low < high else { return nil }
    return (context, low..<high)
  }
}
