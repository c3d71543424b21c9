// SPDX-License-Identifier: Apache-2.0
// Playing a frame's drawing band by band: the background, each command the band visits, groups and masks.

import Dispatch
import Synchronization
import ZoetropeShaders

extension DisplayList {
  /// Rows per band by default: 16 rows of a 1080p frame are 120 KiB, which
  /// stays in a core's L2 cache with a group buffer beside it.
  package static let bandHeight = 16

  /// Plays the drawing into `pixels` (`4 × width × height` bytes, rows top to
  /// bottom, initialized: the bytes do not depend on what they held, but
  /// where an opaque rectangle replaces pixels the band's background is not
  /// filled there first, so what they held is blended over and then
  /// replaced — any bytes will do), band by band on `threads`
  /// threads (at least one). With `straightAlpha` each band is unpremultiplied
  /// as soon as it is drawn, else the frame is left premultiplied. The bytes
  /// are the same for every thread count.
  ///
  /// `isCancelled` is asked before each band: once it returns true the
  /// workers stop, the result is false and the pixels are unspecified.
  /// Returns true when every band was played.
  ///
  /// With `damage` (one entry a band, see ``damage(since:bandHeight:)``),
  /// `pixels` must hold the earlier frame the damage was worked out
  /// against, rendered the same way: bands without damage are not played,
  /// and of a band damaged in some runs of columns only those are played
  /// (in one pass over the band's commands, each clipped to every run it
  /// reaches).
  ///
  /// Each band visits only the commands that reach it, from the last
  /// opaque rectangle over all of it on (``BandSchedule``); without
  /// `schedules` (for the tests) every band visits every command, from the
  /// background up.
  /// The bytes are the same.
  ///
  /// `cells` (all zero, left all zero) are lent to the first worker when
  /// they are wide and tall enough for a band, so that a clip's frames do
  /// not each make and zero their own; the others make theirs.
  @discardableResult
  package func render(into pixels: UnsafeMutablePointer<UInt8>, straightAlpha: Bool, threads: Int = 1,
                      bandHeight: Int = DisplayList.bandHeight, damage: [BandDamage]? = nil,
                      schedules: Bool = true, cells: BandCells? = nil,
                      isCancelled: (@Sendable () -> Bool)? = nil) -> Bool {
    let bandHeight = Swift.max(bandHeight, 1)
    let bands = (height + bandHeight - 1) / bandHeight
    guard bands > 0, width > 0 else { return isCancelled?() != true }
    let damage = damage.flatMap { $0.count == bands ? $0 : nil }
    let stopped = Atomic<Bool>(false)
    let workers = Swift.min(Swift.max(threads, 1), bands)
    // A raw address crosses into the workers; they write disjoint rows.
    let address = Int(bitPattern: pixels)
    // Source-over onto an opaque pixel leaves it exactly opaque
    // (a + div255(255 × (255 − a)) = 255), and groups land on the band the
    // same way: over an opaque background every pixel ends opaque, and
    // unpremultiplying would change nothing.
    let unpremultiplies = straightAlpha && backgroundWord >> 24 != 255
    // A frame of a clip that draws what the frame before drew plays no band:
    // it needs neither a schedule nor scratch.
    let plays = damage?.contains { $0 != .none } ?? true
    // Only the bands played are scheduled.
    let schedule = schedules && plays
      ? self.schedule(bandHeight: bandHeight, bands: bands, playing: damage?.map { $0 != .none }) : nil
    let lent = cells.flatMap { $0.width >= width && $0.capacityRows >= bandHeight ? LentCells($0) : nil }
    let work: @Sendable (Int) -> Void = { worker in
      let pixels = UnsafeMutablePointer<UInt8>(bitPattern: address)!
      // Made for the first band this worker plays (its cells are a band's
      // worth, zeroed, or the lent ones for the first worker).
      lazy var scratch = BandScratch(width: self.width, bandHeight: bandHeight, depth: self.groupDepth,
                                     runCount: self.runs.count, samplesImages: !self.imagePaints.isEmpty,
                                     cells: worker == 0 ? lent?.cells : nil)
      var band = worker
      while band < bands {
        if let isCancelled, stopped.load(ordering: .relaxed) || isCancelled() {
          stopped.store(true, ordering: .relaxed)
          return
        }
        let top = band * bandHeight
        let rows = top..<Swift.min(top + bandHeight, self.height)
        switch damage?[band] ?? .whole {
        case .none:
          break
        case .columns(let runs):
          self.play(rows: rows, into: pixels + 4 * top * self.width, scratch: scratch, columns: runs,
                    schedule: schedule, band: band)
          if unpremultiplies {
            for columns in runs {
              for row in 0..<rows.count {
                unpremultiply(pixels + 4 * ((top + row) * self.width + columns.lowerBound), count: columns.count)
              }
            }
          }
        case .whole:
          self.play(rows: rows, into: pixels + 4 * top * self.width, scratch: scratch, schedule: schedule,
                    band: band)
          if unpremultiplies { unpremultiply(pixels + 4 * top * self.width, count: rows.count * self.width) }
        }
        band += workers
      }
    }
    if workers == 1 {
      work(0)
    } else {
      DispatchQueue.concurrentPerform(iterations: workers, execute: work)
    }
    return !stopped.load(ordering: .relaxed)
  }

  /// Draws the rows `rows` of the frame into `band` (those rows only,
  /// `4 × width × rows.count` bytes). With `columns` (runs apart, left to
  /// right, at least one), only those columns are drawn (every command
  /// clipped to each run; a shape's edges are rasterized once for all of
  /// them); the others are left as they were. With a `schedule` and the
  /// index of these rows' band in it (`scheduled`), only that band's
  /// commands are visited, from its covering rectangle if it has one (the
  /// background is then not filled), and the background is not filled in
  /// the columns that opaque rectangles (or edge lists' interiors) outside
  /// every group replace over all of its rows (``BandSchedule``); without,
  /// every command from the background up.
  func play(rows: Range<Int>, into band: UnsafeMutablePointer<UInt8>, scratch: BandScratch,
            columns: [Range<Int>]? = nil, schedule: BandSchedule? = nil, band scheduled: Int = 0) {
    runs.withUnsafeBufferPointer { runs in
      commands.withUnsafeBufferPointer { commands in
        guard let schedule else {
          return play(rows: rows, into: band, scratch: scratch, commands: commands, runs: runs, columns: columns,
                      sequence: nil, visibility: nil, visible: nil, unfilled: [])
        }
        schedule.commands.withUnsafeBufferPointer { listed in
          schedule.visibility.withUnsafeBufferPointer { visibility in
            schedule.visible.withUnsafeBufferPointer { visible in
              let played = schedule.played(scheduled)
              play(rows: rows, into: band, scratch: scratch, commands: commands, runs: runs, columns: columns,
                   sequence: UnsafeBufferPointer(rebasing: listed[played]),
                   visibility: UnsafeBufferPointer(rebasing: visibility[played]), visible: visible,
                   unfilled: schedule.unfilledColumns(scheduled))
            }
          }
        }
      }
    }
  }

  private func play(rows: Range<Int>, into band: UnsafeMutablePointer<UInt8>, scratch: BandScratch,
                    commands: UnsafeBufferPointer<Command>, runs: UnsafeBufferPointer<CoverageSpans>,
                    columns: [Range<Int>]?, sequence: UnsafeBufferPointer<Int32>?,
                    visibility: UnsafeBufferPointer<Int32>?, visible: UnsafeBufferPointer<Range<Int>>?,
                    unfilled: ArraySlice<Range<Int>>) {
    // The runs of columns played, `clip(k)` for `k` below `clips` (`nil`:
    // the band's whole width, nothing clipped).
    let clips = columns?.count ?? 1
    func clip(_ k: Int) -> Range<Int>? { columns?[k] }
    for k in 0..<clips {
      fillBackground(rows: rows, into: band, columns: clip(k) ?? 0..<width, except: unfilled)
    }
    var target = band
    var level = 0
    // The position in the band's commands (`sequence`, or all of them).
    var position = 0
    let count = sequence?.count ?? commands.count
    while position < count {
      defer { position += 1 }
      let index = sequence.map { Int($0[position]) } ?? position
      // Played in some columns only: a shape outside them draws nothing
      // there (not even its cells are worth filling), and is played in
      // the runs `reached` it overlaps only.
      var reached = 0..<clips
      if let columns, let coverage = commands[index].coverage {
        let reach = self.columns(of: coverage)
        guard let first = columns.firstIndex(where: { $0.overlaps(reach) }) else { continue }
        let last = columns.lastIndex(where: { $0.overlaps(reach) }) ?? first
        reached = first..<(last + 1)
      }
      // A shape that later opaque rectangles replace in some columns is
      // played in the others alone, run by run (``BandSchedule``), from its
      // first visible run in `visible` on.
      var firstVisible = -1
      if let visibility, visibility[position] != BandSchedule.everyColumn {
        guard visibility[position] != BandSchedule.hidden else { continue }
        firstVisible = Int(visibility[position])
      }
      switch commands[index] {
      case .solid(.edges(let list), let context) where firstVisible < 0 && reached.count > 1:
        // Rasterized once for every run of columns it reaches, each of its runs cut to them.
        fill(edges: list, SolidBlend(context), clips: columns![reached], scratch: scratch, rows: rows, into: target)
      case .solid, .gradient, .image:
        if firstVisible < 0 {
          for k in reached {
            draw(commands[index], clip: clip(k), runs: runs, scratch: scratch, rows: rows, into: target)
          }
        } else if let visible {
          var shown = firstVisible
          while !visible[shown].isEmpty {
            for k in reached {
              let cut = clip(k).map { visible[shown].clamped(to: $0) } ?? visible[shown]
              guard !cut.isEmpty else { continue }
              draw(commands[index], clip: cut, runs: runs, scratch: scratch, rows: rows, into: target)
            }
            shown += 1
          }
        }
      case .beginGroup(let bounds, let end):
        // A group clear of the band changes none of its pixels: skip it
        // whole (a schedule lists none such; without one, jump to its end).
        guard bounds.minY < rows.upperBound, bounds.maxY > rows.lowerBound else {
          if let sequence {
            while position + 1 < count && Int(sequence[position + 1]) <= end { position += 1 }
          } else {
            position = end
          }
          continue
        }
        // Only the group's columns are cleared and, at the end, blended.
        target = scratch.groupBuffer(level)
        for k in 0..<clips {
          let (x0, x1) = clipped(bounds, to: clip(k))
          for row in 0..<rows.count where x1 > x0 {
            fillPixels(target + 4 * (row * width + x0), count: x1 - x0, word: 0)
          }
        }
        level += 1
      case .endGroup(let alpha, let bounds, let mode):
        level -= 1
        let below = level == 0 ? band : scratch.groupBuffer(level - 1)
        for k in 0..<clips {
          endGroup(alpha: alpha, bounds: bounds, mode: mode, columns: clip(k), rows: rows, scratch: scratch,
                   from: target, onto: below)
        }
        target = below
      case .endGroupMasked(let alpha, let bounds, let mode, let mask):
        level -= 1
        let below = level == 0 ? band : scratch.groupBuffer(level - 1)
        for k in 0..<clips {
          endGroup(alpha: alpha, bounds: bounds, mode: mode, mask: mask, columns: clip(k), rows: rows, runs: runs,
                   scratch: scratch, from: target, onto: below)
        }
        target = below
      case .endMask(let bounds, let source):
        // The mask's buffer is `target`; the masked group's is the level below.
        level -= 1
        let host = scratch.groupBuffer(level - 1)
        let first = Swift.max(bounds.minY, rows.lowerBound) - rows.lowerBound
        let last = Swift.min(bounds.maxY, rows.upperBound) - rows.lowerBound
        for k in 0..<clips {
          let (x0, x1) = clipped(bounds, to: clip(k))
          for row in first..<last where x1 > x0 {
            let offset = 4 * (row * width + x0)
            maskAlphaRow(target + offset, count: x1 - x0, source: source)
            destinationInRow(host + offset, mask: target + offset, count: x1 - x0)
          }
        }
        target = host
      case .falseColor(let bounds, let filter):
        for k in 0..<clips { playFalseColor(filter, bounds: bounds, rows: rows, columns: clip(k), into: target) }
      }
    }
  }

  /// Draws the shape, gradient or image `command` on the band's rows into
  /// `target`, within the columns `clip` (`nil`: all).
  @inline(__always)
  private func draw(_ command: Command, clip: Range<Int>?, runs: UnsafeBufferPointer<CoverageSpans>,
                    scratch: BandScratch, rows: Range<Int>, into target: UnsafeMutablePointer<UInt8>) {
    switch command {
    case .solid(.rectangle(let index), let context):
      // (A clip holding every column the shape reaches cuts nothing.)
      if let clip, !clip.contains(rectangles[index].columns) {
        rectangles[index].fill(SolidBlend(context), rows: rows, band: target, width: width, clip: clip)
      } else {
        rectangles[index].fill(SolidBlend(context), rows: rows, band: target, width: width)
      }
    case .solid(.edges(let index), let context):
      if let clip, !clip.contains(self.columns(of: .edges(index))) {
        fill(edges: index, SolidBlend(context), clip: clip, scratch: scratch, rows: rows, into: target)
      } else {
        fill(edges: index, SolidBlend(context), scratch: scratch, rows: rows, into: target)
      }
    case .solid(let coverage, let context):
      let solid = SolidBlend(context)
      blend(coverage, runs: runs, scratch: scratch, rows: rows, into: target, clip: clip) { pixels, span, coverage in
        if let coverage {
          solid.fill(pixels, coverage: coverage, count: Int(span.count))
        } else {
          solid.fillRun(pixels, count: Int(span.count), coverage: span.value)
        }
      }
    case .gradient(let coverage, let paintIndex):
      let paint = paints[paintIndex]
      // A gradient alike on every row is shaded once, across its columns, for every run of the band.
      let rowsAlike = paint.isConstantDownColumns
      var shaded = 0..<0
      var reach: Range<Int>? = nil
      blend(coverage, runs: runs, scratch: scratch, rows: rows, into: target, clip: clip) { pixels, span, cover in
        let n = Int(span.count), x = Int(span.x)
        var source = scratch.source
        if rowsAlike, reach == nil { reach = self.columns(of: coverage).clamped(to: 0..<width) }
        if let reach, reach.lowerBound <= x && x + n <= reach.upperBound {
          if shaded.isEmpty {
            paint.row(y: Int(span.y), x: reach.lowerBound, count: reach.count, into: scratch.source)
            shaded = reach
          }
          source += 4 * (x - shaded.lowerBound)
        } else {
          paint.row(y: Int(span.y), x: x, count: n, into: scratch.source)
          shaded = 0..<0
        }
        if cover == nil { scratch.constant.update(repeating: span.value, count: n) }
        BlendKernels.sourceOverRow(pixels, source: source, coverage: cover ?? UnsafePointer(scratch.constant), count: n)
      }
    case .image(let coverage, let paintIndex):
      let paint = imagePaints[paintIndex]
      let images = scratch.images!
      blend(coverage, runs: runs, scratch: scratch, rows: rows, into: target, clip: clip) { pixels, span, coverage in
        let n = Int(span.count)
        paint.row(y: Int(span.y), x: Int(span.x), count: n, into: scratch.source, scratch: images)
        let cover = paint.coverage(coverage, constant: span.value, count: n, scratch: images)
        switch paint.compositing {
        case .sourceOver: BlendKernels.sourceOverRow(pixels, source: scratch.source, coverage: cover, count: n)
        case .plus: plusRow(pixels, source: scratch.source, coverage: cover, count: n)
        }
      }
    default:
      break
    }
  }

  /// Fills `columns` of the band's rows with the background, except the
  /// columns `unfilled` (left to right, apart), which the band's commands
  /// replace whole.
  private func fillBackground(rows: Range<Int>, into band: UnsafeMutablePointer<UInt8>, columns: Range<Int>,
                              except unfilled: ArraySlice<Range<Int>>) {
    // A covered band: nothing to fill.
    if unfilled.count == 1 && unfilled.first == 0..<width { return }
    if unfilled.isEmpty && columns == 0..<width {
      return BlendKernels.fillBand(band, count: width * rows.count, word: backgroundWord)
    }
    for row in 0..<rows.count {
      let line = band + 4 * row * width
      var x = columns.lowerBound
      for skipped in unfilled where skipped.upperBound > x {
        guard skipped.lowerBound < columns.upperBound else { break }
        if skipped.lowerBound > x { fillPixels(line + 4 * x, count: skipped.lowerBound - x, word: backgroundWord) }
        x = skipped.upperBound
      }
      if x < columns.upperBound { fillPixels(line + 4 * x, count: columns.upperBound - x, word: backgroundWord) }
    }
  }
}

/// Cells lent to a frame's playing: only its first worker touches them, on
/// one thread, and they are the caller's again once the playing returns.
private struct LentCells: @unchecked Sendable {
  let cells: BandCells
  init(_ cells: BandCells) { self.cells = cells }
}

extension Range where Bound == Int {
  /// Whether every element of `other` lies in this range (an empty one always does).
  @inline(__always)
  func contains(_ other: Range<Int>) -> Bool {
    other.isEmpty || (lowerBound <= other.lowerBound && other.upperBound <= upperBound)
  }
}
