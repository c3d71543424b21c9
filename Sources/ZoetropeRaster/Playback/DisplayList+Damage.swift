// SPDX-License-Identifier: Apache-2.0
// Which bands of a frame draw exactly as the same bands of an earlier frame: what a clip need not play again.

import ZoetropeGeometry

extension DisplayList {
  /// What a band of a frame must play over an earlier frame's pixels.
  package enum BandDamage: Equatable, Sendable {
    /// Nothing: the band draws what the earlier frame drew there.
    case none
    /// These runs of columns, apart and in order (every command clipped to
    /// each); the rest is as before.
    case columns([Range<Int>])
    /// The whole band.
    case whole
  }

  /// For each band of `bandHeight` rows, what differs from the same band
  /// of `previous` — so that a buffer holding `previous`'s pixels needs only
  /// that played to hold this frame's.
  ///
  /// A band's pixels depend only on the frame's size and background and on
  /// the commands that reach its rows, in order (a command, group or mask
  /// reaching no row of a band draws nothing in it), and a command draws
  /// only within its columns. The two sequences are aligned in order, and
  /// the band changes only in the columns of the commands that found no
  /// equal partner (both versions'; a shape's only those it can reach on the
  /// band's rows, ``damageColumns(_:_:rows:)``), as runs of columns (runs closer than
  /// ``smallestKeptGap`` joined, at most ``maximumRuns``); when one of those paints an image, the
  /// runs reach one, or they cover three quarters of the width or more, it changes wholly. Two
  /// commands are equal when they draw the same thing: the same coverage
  /// (edges, rectangle, runs, clip), the same paint, the same group bounds,
  /// alpha and blend mode. Within one band, two commands are also equal
  /// when they draw the same on its rows: a solid rectangle (a shape's
  /// straight middle) that moved or grew only outside them, or a group
  /// whose bounds did. Coverage kept from the frame before (see
  /// ``CoverageCache``) is the same storage, so an unchanged layer costs a
  /// comparison of addresses; two images are equal when they sample the same
  /// pixels the same way (``ImagePaint/samplesAlike(_:)``), and a band where
  /// the damage reaches an image is played whole.
  ///
  /// Two drawings with as many commands, few of them changed, are compared
  /// pair by pair (``pairedDamage(since:bandHeight:bands:reaches:)``); others band
  /// by band (``alignedDamage(since:bandHeight:bands:reaches:)``).
  package func damage(since previous: DisplayList, bandHeight: Int) -> [BandDamage] {
    let bandHeight = Swift.max(bandHeight, 1)
    let bands = (height + bandHeight - 1) / bandHeight
    guard previous.width == width, previous.height == height, previous.backgroundWord == backgroundWord, bands > 0
    else { return [BandDamage](repeating: .whole, count: Swift.max(bands, 0)) }
    // How far each drawing's groups reach, worked out once for both ways.
    let reaches = (mine: groupReach(), theirs: previous.groupReach())
    return pairedDamage(since: previous, bandHeight: bandHeight, bands: bands, reaches: reaches)
      ?? alignedDamage(since: previous, bandHeight: bandHeight, bands: bands, reaches: reaches)
  }

  /// ``damage(since:bandHeight:)`` with the two drawings' commands listed
  /// band by band and aligned in each band (for drawings of the same size
  /// and background, `bands` bands of `bandHeight` rows). This drawing
  /// keeps its list (``BandIndex``) for the next frame's comparison.
  /// (`reaches`: the two drawings' ``groupReach()``, worked out when `nil`.)
  func alignedDamage(since previous: DisplayList, bandHeight: Int, bands: Int,
                     reaches: (mine: [Int: Reach], theirs: [Int: Reach])? = nil) -> [BandDamage] {
    let (myReach, theirReach) = reaches ?? (groupReach(), previous.groupReach())
    // The earlier drawing's commands by band were listed when it was
    // compared with the one before it: they are kept with it. (Counted as
    // they are listed: a group's begin and end in every band it reaches.)
    let kept = previous.bandIndex.entries(bandHeight: bandHeight, bands: bands, commands: previous.commands.count)
    guard bandEntries(bandHeight: bandHeight, reach: myReach)
      + (kept?.entries.count ?? previous.bandEntries(bandHeight: bandHeight, reach: theirReach))
      <= DisplayList.maximumBandEntries
    else { return [BandDamage](repeating: .whole, count: bands) }
    let mine = commandsByBand(bandHeight: bandHeight, bands: bands, reach: myReach)
    let theirs = kept ?? previous.commandsByBand(bandHeight: bandHeight, bands: bands, reach: theirReach)
    bandIndex.keep(mine, bandHeight: bandHeight, commands: commands.count)
    var comparison = CommandComparison(mine: self, theirs: previous)
    var result: [BandDamage] = []
    result.reserveCapacity(bands)
    var damage: [Range<Int>] = []
    for band in 0..<bands {
      let a = mine[band], b = theirs[band]
      let rows = (band * bandHeight)..<Swift.min((band + 1) * bandHeight, height)
      // Most bands of a clip's frame draw what they drew: every command
      // paired with the one at its place (what the alignment below finds
      // first), nothing taken.
      if a.count == b.count && zip(a, b).allSatisfy({ comparison.same($0, $1, rows: rows) }) {
        result.append(.none)
        continue
      }
      damage.removeAll(keepingCapacity: true)
      var imaged = false
      func mineDiffers(_ i: Int) {
        imaged = imaged || paintsImage(commands[i])
        damaged(damageColumns(i, myReach, rows: rows), except: damageHole(i, rows: rows))
      }
      func theirsDiffers(_ j: Int) {
        imaged = imaged || previous.paintsImage(previous.commands[j])
        damaged(previous.damageColumns(j, theirReach, rows: rows), except: previous.damageHole(j, rows: rows))
      }
      /// Damages `columns` but for `hole` (the parts either side of it).
      func damaged(_ columns: Range<Int>, except hole: Range<Int>) {
        let left = columns.clamped(to: columns.lowerBound..<Swift.max(hole.lowerBound, columns.lowerBound))
        let right = columns.clamped(to: Swift.min(hole.upperBound, columns.upperBound)..<columns.upperBound)
        if hole.isEmpty || (left.isEmpty && right.isEmpty) {
          if !columns.isEmpty { damage.append(columns) }
          return
        }
        if !left.isEmpty { damage.append(left) }
        if !right.isEmpty { damage.append(right) }
      }
      // The two sequences aligned in order: equal pairs match; a command
      // only one side has (a layer that appeared, left or moved into the
      // band) or a pair that differs damages its columns on both sides.
      // Outside the damage, a pixel meets the same commands in the same
      // order in both lists, so it keeps its value.
      var i = a.startIndex, j = b.startIndex
      while i < a.endIndex || j < b.endIndex {
        if i < a.endIndex, j < b.endIndex, comparison.same(a[i], b[j], rows: rows) {
          i += 1
          j += 1
        } else if i < a.endIndex, j + 1 < b.endIndex, comparison.same(a[i], b[j + 1], rows: rows) {
          theirsDiffers(b[j])
          j += 1
        } else if i + 1 < a.endIndex, j < b.endIndex, comparison.same(a[i + 1], b[j], rows: rows) {
          mineDiffers(a[i])
          i += 1
        } else {
          if i < a.endIndex { mineDiffers(a[i]) }
          if j < b.endIndex { theirsDiffers(b[j]) }
          i += 1
          j += 1
        }
      }
      result.append(bandDamage(damage, imaged: imaged, images: imagePaints.isEmpty ? [] : a.compactMap { i in
        paintsImage(commands[i]) ? columns(of: commands[i]) : nil
      }))
    }
    return result
  }

  /// What a band plays given the columns of the commands found to differ
  /// there (`imaged`: one of them paints an image): nothing, those columns
  /// as at most ``maximumRuns`` runs, or the whole band — also when a run
  /// reaches `images`, the columns of the band's images that did not change.
  ///
  /// An image is sampled along each run of its coverage from the run's
  /// first pixel (``ImagePaint``'s walk), so cut at a column its later
  /// pixels could land a rounding apart: it is played whole or not at all.
  func bandDamage(_ damage: [Range<Int>], imaged: Bool, images: [Range<Int>] = []) -> BandDamage {
    if imaged { return .whole }
    guard !damage.isEmpty else { return .none }
    var runs = DisplayList.merged(damage, joiningGapsBelow: DisplayList.smallestKeptGap)
    // Each run plays the band's commands that reach it again: past a few,
    // the nearest runs join.
    while runs.count > DisplayList.maximumRuns {
      let gap = (1..<runs.count).min { runs[$0].lowerBound - runs[$0 - 1].upperBound
        < runs[$1].lowerBound - runs[$1 - 1].upperBound }!
      runs[gap - 1] = runs[gap - 1].lowerBound..<runs[gap].upperBound
      runs.remove(at: gap)
    }
    // Most of the width is played whole: the whole band's fast paths
    // (rectangles filled row by row) beat clipping every command.
    if images.contains(where: { image in runs.contains { $0.overlaps(image) } }) { return .whole }
    return 4 * runs.reduce(0) { $0 + $1.count } >= 3 * width ? .whole : .columns(runs)
  }

  /// Whether command `i` of a drawing draws what command `j` of an earlier
  /// one draws, everywhere or on a band's rows; each pair is compared
  /// everywhere once, however many bands it spans (comparing two lists of
  /// edges may read them whole). The answer for the pair a command was
  /// last compared in is found by index (the same pair, band after band);
  /// an answer the index no longer holds is kept in a dictionary.
  private struct CommandComparison {
    let mine: DisplayList, theirs: DisplayList
    /// For command `i`, `j << 1 | answer` of its last pair, or −1.
    private var last: [Int]
    private var known: [Int: Bool] = [:]

    init(mine: DisplayList, theirs: DisplayList) {
      self.mine = mine
      self.theirs = theirs
      last = [Int](repeating: -1, count: mine.commands.count)
    }

    mutating func same(_ i: Int, _ j: Int, rows: Range<Int>) -> Bool {
      sameEverywhere(i, j) || mine.sameCommand(i, as: j, in: theirs, rows: rows)
    }

    private mutating func sameEverywhere(_ i: Int, _ j: Int) -> Bool {
      let previous = last[i]
      if previous >= 0 && previous >> 1 == j { return previous & 1 == 1 }
      // A command compared for the first time has nothing kept (most of
      // them: each is paired with the one at its place, band after band);
      // the answer the index gives up goes into the dictionary.
      let answer: Bool
      if previous >= 0, let known = known[i << 32 | j] {
        answer = known
      } else {
        answer = mine.sameCommand(i, as: j, in: theirs)
      }
      if previous >= 0 { known[i << 32 | previous >> 1] = previous & 1 == 1 }
      last[i] = j << 1 | (answer ? 1 : 0)
      return answer
    }
  }

  /// Columns kept between two runs of damage when they are at least this
  /// far apart; closer runs are played as one (each run fills the
  /// background and blends the commands it reaches again, though a shape's
  /// edges are rasterized once for all).
  static let smallestKeptGap = 32

  /// The most runs of damage a band is played in; past it the runs
  /// closest together join.
  static let maximumRuns = 4

  /// `ranges` sorted and merged where they overlap or lie fewer than `gap`
  /// columns apart.
  static func merged(_ ranges: [Range<Int>], joiningGapsBelow gap: Int) -> [Range<Int>] {
    guard ranges.count > 1 else { return ranges }
    var result: [Range<Int>] = []
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = result.last, range.lowerBound < last.upperBound + gap {
        result[result.count - 1] = last.lowerBound..<Swift.max(last.upperBound, range.upperBound)
      } else {
        result.append(range)
      }
    }
    return result
  }

  /// The most (command, band) pairs ``damage(since:bandHeight:)`` lists for
  /// two drawings; past it (a million layers spanning a tall canvas) every
  /// band counts as damaged instead.
  static let maximumBandEntries = 1 << 22

  /// How many (command, band) pairs the drawing has (a group's begin and
  /// end counted in every band of their `reach`).
  private func bandEntries(bandHeight: Int, reach: [Int: Reach] = [:]) -> Int {
    var total = 0
    for index in commands.indices {
      let rows = damageRows(index, reach).clamped(to: 0..<height)
      if !rows.isEmpty { total += (rows.upperBound - 1) / bandHeight - rows.lowerBound / bandHeight + 1 }
    }
    return total
  }

  /// For each band of `bandHeight` rows, whether this frame draws exactly
  /// what `previous` draws there (``damage(since:bandHeight:)`` finds
  /// nothing to play), so that its finished pixels there are `previous`'s;
  /// `nil` when working it out would likely cost more than comparing the
  /// pixels: more band entries between the two than a 256th of the frame's
  /// pixels (about 8,000 at 1080p, each a lookup, against one pass of
  /// `memcmp` over 8 MB) and than 4,096 (cheap whatever the frame).
  package func sameBands(as previous: DisplayList, bandHeight: Int) -> [Bool]? {
    let bandHeight = Swift.max(bandHeight, 1)
    let affordable = Swift.max(width * height / 256, 4096)
    guard bandEntries(bandHeight: bandHeight) + previous.bandEntries(bandHeight: bandHeight) <= affordable
    else { return nil }
    return damage(since: previous, bandHeight: bandHeight).map { $0 == .none }
  }

  /// The commands reaching each band, as indices in order: band `b`'s
  /// are `entries[starts[b] ..< starts[b + 1]]`.
  struct BandEntries: Sendable {
    let starts: [Int]
    let entries: [Int]

    subscript(band: Int) -> ArraySlice<Int> { entries[starts[band]..<starts[band + 1]] }
  }

  /// The commands reaching each band of `bandHeight` rows (`bands` of them):
  /// counted, then placed (two arrays, however many bands).
  private func commandsByBand(bandHeight: Int, bands: Int, reach: [Int: Reach]) -> BandEntries {
    var starts = [Int](repeating: 0, count: bands + 1)
    func reached(_ index: Int) -> ClosedRange<Int>? {
      let rows = damageRows(index, reach).clamped(to: 0..<height)
      return rows.isEmpty ? nil : (rows.lowerBound / bandHeight)...((rows.upperBound - 1) / bandHeight)
    }
    for index in commands.indices {
      guard let bands = reached(index) else { continue }
      for band in bands { starts[band + 1] += 1 }
    }
    for band in 0..<bands { starts[band + 1] += starts[band] }
    var next = starts
    let entries = [Int](unsafeUninitializedCapacity: starts[bands]) { entries, initialized in
      for index in commands.indices {
        guard let bands = reached(index) else { continue }
        for band in bands {
          entries[next[band]] = index
          next[band] += 1
        }
      }
      initialized = starts[bands]
    }
    return BandEntries(starts: starts, entries: entries)
  }

  /// Whether a command paints an image.
  func paintsImage(_ command: Command) -> Bool {
    if case .image = command { return true }
    return false
  }

  /// About how many bytes the drawing holds: its edges and runs.
  package var byteCount: Int {
    edgeLists.reduce(0) { $0 + $1.byteCount } + runs.reduce(0) { $0 + $1.byteCount }
      + commands.count * MemoryLayout<Command>.stride
  }

  /// The device rows a command can draw in (empty for none).
  func rows(of command: Command) -> Range<Int> {
    switch command {
    case .solid(let coverage, _), .gradient(let coverage, _), .image(let coverage, _): rows(of: coverage)
    case .beginGroup(let bounds, _), .endGroup(_, let bounds, _), .endGroupMasked(_, let bounds, _, _),
      .endMask(let bounds, _), .falseColor(let bounds, _):
      bounds.isEmpty ? 0..<0 : bounds.minY..<bounds.maxY
    }
  }

  /// The device columns a command can draw in (empty for none).
  func columns(of command: Command) -> Range<Int> {
    switch command {
    case .solid(let coverage, _), .gradient(let coverage, _), .image(let coverage, _): columns(of: coverage)
    case .beginGroup(let bounds, _), .endGroup(_, let bounds, _), .endGroupMasked(_, let bounds, _, _),
      .endMask(let bounds, _), .falseColor(let bounds, _):
      bounds.isEmpty ? 0..<0 : bounds.minX..<bounds.maxX
    }
  }

  /// The device columns a command's coverage can reach.
  func columns(of coverage: Coverage) -> Range<Int> {
    switch coverage {
    case .runs(let index): return runColumns[index]
    case .edges(let index): return edgeLists[index].originX..<(edgeLists[index].originX + edgeLists[index].width)
    case .rectangle(let index): return rectangles[index].columns
    case .clipped(let index):
      let own = columns(of: clippedPieces[index].piece)
      return own.clamped(to: clippedPieces[index].columns)
    }
  }

  /// The device rows a command's coverage can reach.
  func rows(of coverage: Coverage) -> Range<Int> {
    switch coverage {
    case .runs(let index):
      guard let first = runs[index].spans.first, let last = runs[index].spans.last else { return 0..<0 }
      // Runs come row by row; were they ever not, every row (a superset
      // only costs a visit or a band played again).
      guard first.y <= last.y else { return 0..<height }
      return Int(first.y)..<(Int(last.y) + 1)
    case .edges(let index): return edgeLists[index].rows
    case .rectangle(let index): return rectangles[index].rows
    case .clipped(let index): return rows(of: clippedPieces[index].piece)
    }
  }

  /// Whether command `i` draws what command `j` of `other` draws.
  func sameCommand(_ i: Int, as j: Int, in other: DisplayList) -> Bool {
    switch (commands[i], other.commands[j]) {
    case (.solid(let a, let p), .solid(let b, let q)):
      return p == q && sameCoverage(a, as: b, in: other)
    case (.gradient(let a, let p), .gradient(let b, let q)):
      return paints[p] == other.paints[q] && sameCoverage(a, as: b, in: other)
    case (.image(let a, let p), .image(let b, let q)):
      return imagePaints[p].samplesAlike(other.imagePaints[q]) && sameCoverage(a, as: b, in: other)
    case (.beginGroup(let a, _), .beginGroup(let b, _)):
      return a == b
    case (.endGroup(let alpha, let a, let mode), .endGroup(let beta, let b, let other)):
      return alpha == beta && a == b && mode == other
    case (.endGroupMasked(let alpha, let a, let mode, let mask), .endGroupMasked(let beta, let b, let otherMode, let otherMask)):
      return alpha == beta && a == b && mode == otherMode && runs[mask] == other.runs[otherMask]
    case (.endMask(let a, let source), .endMask(let b, let otherSource)):
      return a == b && source == otherSource
    case (.falseColor(let a, let filter), .falseColor(let b, let other)):
      return a == b && filter == other
    default:
      // Different kinds.
      return false
    }
  }

  /// Whether command `i` draws on the device rows `rows` what command `j`
  /// of `other` draws there, though they differ elsewhere: a solid
  /// rectangle (the straight middle of a shape) moved or grown only where
  /// these rows do not see it, or a group whose bounds did. Other commands
  /// are not compared row by row (false).
  func sameCommand(_ i: Int, as j: Int, in other: DisplayList, rows: Range<Int>) -> Bool {
    switch (commands[i], other.commands[j]) {
    case (.solid(.rectangle(let a), let p), .solid(.rectangle(let b), let q)):
      return p == q && rectangles[a].sameRows(rows, as: other.rectangles[b])
    case (.beginGroup(let a, _), .beginGroup(let b, _)):
      return a.sameRows(rows, as: b)
    case (.endGroup(let alpha, let a, let mode), .endGroup(let beta, let b, let otherMode)):
      return alpha == beta && mode == otherMode && a.sameRows(rows, as: b)
    default:
      return false
    }
  }

  /// Whether two commands' coverage is the same.
  private func sameCoverage(_ a: Coverage, as b: Coverage, in other: DisplayList) -> Bool {
    switch (a, b) {
    case (.runs(let i), .runs(let j)): return runs[i] == other.runs[j]
    case (.edges(let i), .edges(let j)):
      // Compared where they lie (a copy of each list would retain its arrays).
      return edgeLists.withUnsafeBufferPointer { mine in
        other.edgeLists.withUnsafeBufferPointer { theirs in EdgeList.same(mine.baseAddress! + i, theirs.baseAddress! + j) }
      }
    case (.rectangle(let i), .rectangle(let j)): return rectangles[i] == other.rectangles[j]
    case (.clipped(let i), .clipped(let j)):
      let (p, clip, columns) = clippedPieces[i], (q, otherClip, otherColumns) = other.clippedPieces[j]
      return columns == otherColumns && runs[clip] == other.runs[otherClip] && sameCoverage(p, as: q, in: other)
    default: return false
    }
  }
}

extension RectangleCoverage {
  /// Whether the rectangle covers the device rows `rows` exactly as `other`
  /// does: the same sides across, and the same part of each of those rows
  /// (a row's coverage depends only on the sides clipped to that row).
  func sameRows(_ rows: Range<Int>, as other: RectangleCoverage) -> Bool {
    guard left == other.left, right == other.right else { return false }
    let low = rows.lowerBound << 8, high = rows.upperBound << 8
    let mine = (Swift.max(top, low), Swift.min(bottom, high))
    let theirs = (Swift.max(other.top, low), Swift.min(other.bottom, high))
    // Both reach none of the rows, or the same part of them.
    return (mine.0 >= mine.1 && theirs.0 >= theirs.1) || mine == theirs
  }
}

extension DisplayList.PixelBounds {
  /// Whether the bounds cover the device rows `rows` as `other` does: the
  /// same columns, and the same of those rows (a group clears, and blends
  /// back, its columns on the rows its bounds reach).
  func sameRows(_ rows: Range<Int>, as other: DisplayList.PixelBounds) -> Bool {
    guard minX == other.minX, maxX == other.maxX else { return false }
    let mine = (Swift.max(minY, rows.lowerBound), Swift.min(maxY, rows.upperBound))
    let theirs = (Swift.max(other.minY, rows.lowerBound), Swift.min(other.maxY, rows.upperBound))
    return (mine.0 >= mine.1 && theirs.0 >= theirs.1) || mine == theirs
  }
}

extension CoverageSpans: Equatable {
  /// The same runs with the same bytes (the same storage, or equal contents).
  package static func == (a: CoverageSpans, b: CoverageSpans) -> Bool {
    sameElements(a.spans, b.spans) && sameElements(a.coverage, b.coverage)
  }
}

extension EdgeList: Equatable {
  /// The same edges in the same buckets, moved to the same place.
  package static func == (a: EdgeList, b: EdgeList) -> Bool {
    withUnsafePointer(to: a) { a in withUnsafePointer(to: b) { b in same(a, b) } }
  }

  /// `a.pointee == b.pointee`, read in place.
  static func same(_ a: UnsafePointer<EdgeList>, _ b: UnsafePointer<EdgeList>) -> Bool {
    a.pointee.originX == b.pointee.originX && a.pointee.width == b.pointee.width && a.pointee.rows == b.pointee.rows
      && a.pointee.fillRule == b.pointee.fillRule && a.pointee.rowsMoved == b.pointee.rowsMoved
      && a.pointee.firstBucket == b.pointee.firstBucket && sameElements(a.pointee.bucketStarts, b.pointee.bucketStarts)
      && sameElements(a.pointee.edges, b.pointee.edges)
  }
}

extension GradientPaint: Equatable {
  /// The same ramp laid over the plane the same way.
  package static func == (a: GradientPaint, b: GradientPaint) -> Bool {
    a.type == b.type && a.start == b.start && a.end == b.end && a.deviceToLayer.m == b.deviceToLayer.m
      && a.opacity == b.opacity && a.rampStart == b.rampStart && a.rampEnd == b.rampEnd && sameElements(a.ramp, b.ramp)
  }
}

/// Whether two arrays hold equal elements: at once when they share storage.
func sameElements<T: Equatable>(_ a: [T], _ b: [T]) -> Bool {
  guard a.count == b.count else { return false }
  let shared = a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
  return shared || a == b
}
