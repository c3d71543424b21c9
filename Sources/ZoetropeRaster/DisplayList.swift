// SPDX-License-Identifier: Apache-2.0
// A frame's drawing, recorded as coverage runs and paints, played back band by band.

import Dispatch
import Shaders
import Synchronization
import ZoetropeGeometry

/// A frame's drawing as the compositor recorded it: every piece of every
/// layer already rasterized into coverage runs (clipped), with its paint, in
/// paint order, and the isolated groups around their content.
///
/// Playing it back is the only pass that touches pixels, and it works on one
/// band of rows at a time: the background, every command's runs on those
/// rows, the group buffers and the final unpremultiply all stay in cache
/// while the band is drawn, instead of each layer streaming the whole frame
/// through memory. Bands are independent, so a frame can be played on
/// several threads; every pixel's bytes come from the same operations in the
/// same order whatever the band size or thread count.
package struct DisplayList: Sendable {
  /// What one step of the drawing does. Plain values only — the runs and
  /// paints live in ``runs`` and ``paints`` — so that switching over a
  /// command in every band copies and retains nothing.
  enum Command: Sendable {
    /// Source-over of one premultiplied colour under `coverage`.
    case solid(Coverage, FillSolidContext)
    /// Source-over of the gradient `paints[paint]` under `coverage`.
    case gradient(Coverage, paint: Int)
    /// Source-over of the image `imagePaints[paint]` under `coverage`.
    case image(Coverage, paint: Int)
    /// Starts an isolated group: later commands draw into a transparent
    /// buffer… (`bounds`: the device pixels the group's content touches;
    /// `end`: the index of the matching `endGroup`)
    case beginGroup(bounds: PixelBounds, end: Int)
    /// …which is then blended onto what is below at this alpha (0…255),
    /// source-over or with a blend mode.
    case endGroup(alpha: UInt8, bounds: PixelBounds, mode: BlendFormula?)
    /// …or blended after multiplying it by the coverage runs `runs[mask]`
    /// (a mask layer that is one shape; zero outside the runs).
    case endGroupMasked(alpha: UInt8, bounds: PixelBounds, mode: BlendFormula?, mask: Int)
    /// Ends a mask group (begun by `beginGroup`): the group below it (the
    /// masked layer's) is multiplied by the mask's alpha — or what `source`
    /// makes of its pixels — within `bounds`.
    case endMask(bounds: PixelBounds, source: MaskAlphaSource)
  }

  /// Where a drawing command's coverage is kept.
  enum Coverage: Sendable {
    /// Resolved runs, `runs[index]`.
    case runs(Int)
    /// Edges rasterized band by band as they are drawn, `edgeLists[index]`.
    case edges(Int)
    /// Rectangle rows worked out as they are drawn, `rectangles[index]`.
    case rectangle(Int)
    /// A piece multiplied by a clip's runs where it is drawn: `clippedPieces[index]`.
    case clipped(Int)
  }

  /// A rectangle of device pixels, `minX..<maxX × minY..<maxY`; empty when
  /// `minX >= maxX` or `minY >= maxY`.
  struct PixelBounds: Sendable, Equatable {
    var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min

    var isEmpty: Bool { minX >= maxX || minY >= maxY }

    mutating func formUnion(_ other: PixelBounds) {
      minX = Swift.min(minX, other.minX); maxX = Swift.max(maxX, other.maxX)
      minY = Swift.min(minY, other.minY); maxY = Swift.max(maxY, other.maxY)
    }

    /// The bounds of a set of runs.
    init(_ runs: CoverageSpans) {
      for span in runs.spans {
        minX = Swift.min(minX, Int(span.x)); maxX = Swift.max(maxX, Int(span.x) + Int(span.count))
      }
      if let first = runs.spans.first, let last = runs.spans.last {
        minY = Int(first.y)
        maxY = Int(last.y) + 1
      }
    }

    init() {}

    /// The pixels of a device rectangle.
    init(_ rect: DeviceRect) {
      guard !rect.isEmpty else { return }
      (minX, minY, maxX, maxY) = (rect.x, rect.y, rect.maxX, rect.maxY)
    }

    /// The pixels both cover.
    func intersection(_ other: PixelBounds) -> PixelBounds {
      var result = PixelBounds()
      result.minX = Swift.max(minX, other.minX); result.maxX = Swift.min(maxX, other.maxX)
      result.minY = Swift.max(minY, other.minY); result.maxY = Swift.min(maxY, other.maxY)
      return result
    }
  }

  /// Frame width in pixels.
  package let width: Int
  /// Frame height in pixels.
  package let height: Int
  /// The background as a premultiplied RGBA8 word (R in the low byte).
  let backgroundWord: UInt32
  var commands: [Command] = []
  /// The coverage runs of the drawing commands (and of masks).
  var runs: [CoverageSpans] = []
  /// The edges of the drawing commands.
  var edgeLists: [EdgeList] = []
  /// The rectangles of the drawing commands.
  var rectangles: [RectangleCoverage] = []
  /// Pieces drawn under a clip: the piece, the index of the clip's runs in
  /// ``runs``, and the device columns both can reach.
  var clippedPieces: [(piece: Coverage, clip: Int, columns: Range<Int>)] = []
  /// Where each clip's runs were stored, so that shapes under one clip
  /// share them (the clip is held, so that its identity stays its own).
  private var clipRuns: [ObjectIdentifier: (clip: ClipMask, index: Int)] = [:]
  /// The gradients the commands paint with.
  var paints: [GradientPaint] = []
  /// The images the commands paint with.
  var imagePaints: [ImagePaint] = []
  /// How deep isolated groups nest (how many group buffers a band needs).
  private(set) var groupDepth = 0
  /// The budget the frame went past while it was recorded (what went past
  /// it is not in the drawing); `nil` for a complete drawing.
  package var overrun: BudgetOverrun?
  /// The open groups: where their `beginGroup` is, what they touched so far,
  /// and whether the group is a mask.
  private var openGroups: [(index: Int, bounds: PixelBounds, isMask: Bool)] = []

  /// An empty drawing of `width × height` pixels over `background` (straight
  /// alpha, rounded to 8 bits and premultiplied).
  package init(width: Int, height: Int, background: Color) {
    self.width = Swift.max(width, 0)
    self.height = Swift.max(height, 0)
    let p = FrameBuffer.premultiplied(background, opacity: 1)
    backgroundWord = UInt32(p.r) | UInt32(p.g) << 8 | UInt32(p.b) << 16 | UInt32(p.a) << 24
  }

  /// Records a solid fill; nothing when the colour times opacity rounds to transparent.
  package mutating func fill(_ shape: ShapeCoverage, color: Color, opacity: Double) {
    let p = FrameBuffer.premultiplied(color, opacity: opacity)
    guard p.a > 0 else { return }
    let context = FillSolidContext(premultipliedRed: p.r, green: p.g, blue: p.b, alpha: p.a)
    record(shape) { .solid($0, context) }
  }

  /// Records a gradient fill.
  package mutating func fill(_ shape: ShapeCoverage, gradient: GradientPaint) {
    let paint = paints.count
    if record(shape, { .gradient($0, paint: paint) }) { paints.append(gradient) }
  }

  /// Records an image fill; nothing when the paint is transparent.
  package mutating func fill(_ shape: ShapeCoverage, image: ImagePaint) {
    guard image.alpha > 0 else { return }
    let paint = imagePaints.count
    if record(shape, { .image($0, paint: paint) }) { imagePaints.append(image) }
  }

  /// Records a command for each piece of `shape` that covers anything;
  /// returns whether any did.
  @discardableResult
  private mutating func record(_ shape: ShapeCoverage, _ command: (Coverage) -> Command) -> Bool {
    var recorded = false
    var clip: Int?
    if let mask = shape.clip {
      guard !mask.isEmpty else { return false }
      if let known = clipRuns[ObjectIdentifier(mask)] {
        clip = known.index
      } else {
        runs.append(mask.runs)
        clip = runs.count - 1
        clipRuns[ObjectIdentifier(mask)] = (mask, runs.count - 1)
      }
    }
    for piece in shape.pieces {
      var coverage: Coverage
      switch piece {
      case .runs(let runs):
        guard !runs.spans.isEmpty else { continue }
        self.runs.append(runs)
        coverage = .runs(self.runs.count - 1)
      case .edges(let list):
        edgeLists.append(list)
        coverage = .edges(edgeLists.count - 1)
      case .rectangle(let rectangle):
        rectangles.append(rectangle)
        coverage = .rectangle(rectangles.count - 1)
      }
      if let clip {
        let own = ShapeCoverage(piece).bounds, mask = DeviceRect(runs[clip])
        let columns = Swift.max(own.x, mask.x)..<Swift.max(Swift.max(own.x, mask.x), Swift.min(own.maxX, mask.maxX))
        clippedPieces.append((coverage, clip, columns))
        coverage = .clipped(clippedPieces.count - 1)
      }
      commands.append(command(coverage))
      recorded = true
    }
    if recorded, !openGroups.isEmpty {
      openGroups[openGroups.count - 1].bounds.formUnion(PixelBounds(shape.bounds))
    }
    return recorded
  }

  /// Opens an isolated group: what is recorded until ``endGroup(opacity:mode:)``
  /// draws into a transparent buffer.
  package mutating func beginGroup() {
    openGroups.append((commands.count, PixelBounds(), false))
    commands.append(.beginGroup(bounds: PixelBounds(), end: -1))
    groupDepth = Swift.max(groupDepth, openGroups.count)
  }

  /// Closes the innermost group, blending it at `opacity` (NaN counts as 0),
  /// source-over or with `mode`. A group that drew nothing is dropped.
  package mutating func endGroup(opacity: Double, mode: BlendFormula? = nil) {
    guard let (start, bounds, _) = openGroups.popLast() else { return }
    let alpha = UInt8((Swift.min(Swift.max(opacity.isNaN ? 0 : opacity, 0), 1) * 255).rounded())
    if bounds.isEmpty || alpha == 0 {
      commands.removeSubrange(start...)
      return
    }
    commands[start] = .beginGroup(bounds: bounds, end: commands.count)
    commands.append(.endGroup(alpha: alpha, bounds: bounds, mode: mode))
    if !openGroups.isEmpty { openGroups[openGroups.count - 1].bounds.formUnion(bounds) }
  }

  /// Closes the innermost group, multiplied by the coverage `mask` (zero
  /// outside its runs), then blended at `opacity` as
  /// ``endGroup(opacity:mode:)`` blends: a mask layer that is one shape,
  /// without a second buffer. A group that draws nothing there is dropped.
  package mutating func endGroup(opacity: Double, mode: BlendFormula?, mask: CoverageSpans) {
    guard let (start, drawn, _) = openGroups.popLast() else { return }
    let alpha = UInt8((Swift.min(Swift.max(opacity.isNaN ? 0 : opacity, 0), 1) * 255).rounded())
    let bounds = drawn.intersection(PixelBounds(mask))
    if bounds.isEmpty || alpha == 0 || mask.spans.isEmpty {
      commands.removeSubrange(start...)
      return
    }
    runs.append(mask)
    commands[start] = .beginGroup(bounds: bounds, end: commands.count)
    commands.append(.endGroupMasked(alpha: alpha, bounds: bounds, mode: mode, mask: runs.count - 1))
    if !openGroups.isEmpty { openGroups[openGroups.count - 1].bounds.formUnion(bounds) }
  }

  /// Opens a mask inside the open group (the masked layer's): what is
  /// recorded until ``endMask()`` draws the mask, whose alpha will multiply
  /// the group. The mask must be the last thing recorded in the group.
  package mutating func beginMask() {
    beginGroup()
    openGroups[openGroups.count - 1].isMask = true
  }

  /// Closes the mask: the enclosing group keeps only what lies inside the
  /// mask's pixels, multiplied by its alpha (a group whose mask drew nothing
  /// draws nothing). With an inverted `source` the group keeps what lies
  /// outside them too, multiplied by one minus the mask's value (a mask
  /// that drew nothing leaves the group as it is). Call
  /// ``endGroup(opacity:mode:)`` for the masked group next.
  package mutating func endMask(source: MaskAlphaSource = .alpha) {
    guard let (start, maskBounds, isMask) = openGroups.popLast(), isMask, !openGroups.isEmpty else { return }
    let host = openGroups.count - 1
    let inverted = source == .alphaInverted || source == .luminanceInverted
    let kept = openGroups[host].bounds.intersection(maskBounds)
    if kept.isEmpty {
      commands.removeSubrange(start...)
      if !inverted { openGroups[host].bounds = PixelBounds() }
      return
    }
    commands[start] = .beginGroup(bounds: maskBounds, end: commands.count)
    commands.append(.endMask(bounds: kept, source: source))
    if !inverted { openGroups[host].bounds = kept }
  }
}

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
  /// (every command clipped to each).
  ///
  /// Each band visits only the commands that reach it, from the last
  /// opaque rectangle over all of it on (``BandSchedule``); without
  /// `schedules` (for the tests) every band visits every command, from the
  /// background up.
  /// The bytes are the same.
  @discardableResult
  package func render(into pixels: UnsafeMutablePointer<UInt8>, straightAlpha: Bool, threads: Int = 1,
                      bandHeight: Int = DisplayList.bandHeight, damage: [BandDamage]? = nil,
                      schedules: Bool = true, isCancelled: (@Sendable () -> Bool)? = nil) -> Bool {
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
    let schedule = schedules && plays ? self.schedule(bandHeight: bandHeight, bands: bands) : nil
    let work: @Sendable (Int) -> Void = { worker in
      let pixels = UnsafeMutablePointer<UInt8>(bitPattern: address)!
      // Made for the first band this worker plays (its cells are a band's worth, zeroed).
      lazy var scratch = BandScratch(width: self.width, bandHeight: bandHeight, depth: self.groupDepth,
                                     runCount: self.runs.count, samplesImages: !self.imagePaints.isEmpty)
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
          for columns in runs {
            self.play(rows: rows, into: pixels + 4 * top * self.width, scratch: scratch, columns: columns,
                      schedule: schedule, band: band)
            if unpremultiplies {
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
  /// `4 × width × rows.count` bytes). With `columns`, only those columns are
  /// drawn (every command clipped to them); the others are left as they
  /// were. With a `schedule` and the index of these rows' band in it
  /// (`scheduled`), only that band's commands are visited, from its covering
  /// rectangle if it has one (the background is then not filled), and the
  /// background is not filled in the columns that opaque rectangles outside
  /// every group replace over all of its rows (``BandSchedule``); without,
  /// every command from the background up.
  func play(rows: Range<Int>, into band: UnsafeMutablePointer<UInt8>, scratch: BandScratch,
            columns: Range<Int>? = nil, schedule: BandSchedule? = nil, band scheduled: Int = 0) {
    runs.withUnsafeBufferPointer { runs in
      commands.withUnsafeBufferPointer { commands in
        guard let schedule else {
          return play(rows: rows, into: band, scratch: scratch, commands: commands, runs: runs, columns: columns,
                      sequence: nil, unfilled: [])
        }
        schedule.commands.withUnsafeBufferPointer { listed in
          play(rows: rows, into: band, scratch: scratch, commands: commands, runs: runs, columns: columns,
               sequence: UnsafeBufferPointer(rebasing: listed[schedule.played(scheduled)]),
               unfilled: schedule.unfilledColumns(scheduled))
        }
      }
    }
  }

  private func play(rows: Range<Int>, into band: UnsafeMutablePointer<UInt8>, scratch: BandScratch,
                    commands: UnsafeBufferPointer<Command>, runs: UnsafeBufferPointer<CoverageSpans>,
                    columns: Range<Int>?, sequence: UnsafeBufferPointer<Int32>?, unfilled: ArraySlice<Range<Int>>) {
    fillBackground(rows: rows, into: band, columns: columns ?? 0..<width, except: unfilled)
    var target = band
    var level = 0
    // The position in the band's commands (`sequence`, or all of them).
    var position = 0
    let count = sequence?.count ?? commands.count
    while position < count {
      defer { position += 1 }
      let index = sequence.map { Int($0[position]) } ?? position
      // Played in some columns only: a shape outside them draws nothing
      // there (not even its cells are worth filling).
      if let columns, let coverage = commands[index].coverage, !self.columns(of: coverage).overlaps(columns) {
        continue
      }
      switch commands[index] {
      case .solid(.rectangle(let index), let context):
        if let columns {
          rectangles[index].fill(SolidBlend(context), rows: rows, band: target, width: width, clip: columns)
        } else {
          rectangles[index].fill(SolidBlend(context), rows: rows, band: target, width: width)
        }
      case .solid(.edges(let index), let context):
        if let columns {
          fill(edges: index, SolidBlend(context), clip: columns, scratch: scratch, rows: rows, into: target)
        } else {
          fill(edges: index, SolidBlend(context), scratch: scratch, rows: rows, into: target)
        }
      case .solid(let coverage, let context):
        let solid = SolidBlend(context)
        blend(coverage, runs: runs, scratch: scratch, rows: rows, into: target, clip: columns) { pixels, span, coverage in
          if let coverage {
            solid.fill(pixels, coverage: coverage, count: Int(span.count))
          } else {
            solid.fillRun(pixels, count: Int(span.count), coverage: span.value)
          }
        }
      case .gradient(let coverage, let paintIndex):
        let paint = paints[paintIndex]
        blend(coverage, runs: runs, scratch: scratch, rows: rows, into: target, clip: columns) { pixels, span, coverage in
          let n = Int(span.count)
          paint.row(y: Int(span.y), x: Int(span.x), count: n, into: scratch.source)
          if coverage == nil { scratch.constant.update(repeating: span.value, count: n) }
          BlendKernels.sourceOverRow(pixels, source: scratch.source, coverage: coverage ?? UnsafePointer(scratch.constant), count: n)
        }
      case .image(let coverage, let paintIndex):
        let paint = imagePaints[paintIndex]
        let images = scratch.images!
        blend(coverage, runs: runs, scratch: scratch, rows: rows, into: target, clip: columns) { pixels, span, coverage in
          let n = Int(span.count)
          paint.row(y: Int(span.y), x: Int(span.x), count: n, into: scratch.source, scratch: images)
          let cover = paint.coverage(coverage, constant: span.value, count: n, scratch: images)
          BlendKernels.sourceOverRow(pixels, source: scratch.source, coverage: cover, count: n)
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
        let (x0, x1) = clipped(bounds, to: columns)
        for row in 0..<rows.count where x1 > x0 { fillPixels(target + 4 * (row * width + x0), count: x1 - x0, word: 0) }
        level += 1
      case .endGroup(let alpha, let bounds, let mode):
        level -= 1
        let below = level == 0 ? band : scratch.groupBuffer(level - 1)
        let (x0, x1) = clipped(bounds, to: columns)
        let first = Swift.max(bounds.minY, rows.lowerBound) - rows.lowerBound
        let last = x1 > x0 ? Swift.min(bounds.maxY, rows.upperBound) - rows.lowerBound : first
        if let mode {
          for row in first..<last {
            let offset = 4 * (row * width + x0)
            blendRow(below + offset, source: target + offset, alpha: alpha, count: x1 - x0, mode: mode)
          }
        } else {
          scratch.constant.update(repeating: alpha, count: x1 - x0)
          for row in first..<last {
            let offset = 4 * (row * width + x0)
            BlendKernels.sourceOverRow(below + offset, source: target + offset, coverage: scratch.constant, count: x1 - x0)
          }
        }
        target = below
      case .endGroupMasked(let alpha, let bounds, let mode, let mask):
        level -= 1
        let below = level == 0 ? band : scratch.groupBuffer(level - 1)
        let (x0, x1) = clipped(bounds, to: columns)
        let first = Swift.max(bounds.minY, rows.lowerBound), last = Swift.min(bounds.maxY, rows.upperBound)
        guard x1 > x0, first < last else {
          target = below
          continue
        }
        // The mask's coverage over the group's columns, row by row in the band.
        let coverage = scratch.maskRows
        for row in first..<last { (coverage + (row - rows.lowerBound) * width + x0).update(repeating: 0, count: x1 - x0) }
        self.blend(runs[mask], cursor: scratch.cursors + mask, rows: first..<last, into: coverage,
                   bytesPerPixel: 1, bandTop: rows.lowerBound, clip: x0..<x1) { pixels, span, bytes in
          if let bytes { pixels.update(from: bytes, count: Int(span.count)) } else {
            pixels.update(repeating: span.value, count: Int(span.count))
          }
        }
        for row in first..<last {
          let offset = (row - rows.lowerBound) * width + x0
          let maskRow = coverage + offset
          if let mode {
            scaleRowByCoverage(target + 4 * offset, coverage: maskRow, count: x1 - x0)
            blendRow(below + 4 * offset, source: target + 4 * offset, alpha: alpha, count: x1 - x0, mode: mode)
          } else {
            if alpha < 255 {
              for i in 0..<(x1 - x0) { maskRow[i] = UInt8(truncatingIfNeeded: div255(UInt32(maskRow[i]) * UInt32(alpha))) }
            }
            BlendKernels.sourceOverRow(below + 4 * offset, source: target + 4 * offset, coverage: maskRow, count: x1 - x0)
          }
        }
        target = below
      case .endMask(let bounds, let source):
        // The mask's buffer is `target`; the masked group's is the level below.
        level -= 1
        let host = scratch.groupBuffer(level - 1)
        let (x0, x1) = clipped(bounds, to: columns)
        let first = Swift.max(bounds.minY, rows.lowerBound) - rows.lowerBound
        let last = Swift.min(bounds.maxY, rows.upperBound) - rows.lowerBound
        for row in first..<last where x1 > x0 {
          let offset = 4 * (row * width + x0)
          maskAlphaRow(target + offset, count: x1 - x0, source: source)
          destinationInRow(host + offset, mask: target + offset, count: x1 - x0)
        }
        target = host
      }
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

  /// Calls `body` for every run of `coverage` on `rows` (with its pixels in
  /// the band, and its coverage bytes or `nil` for a constant run): stored
  /// runs are walked, edges rasterized and rectangle rows worked out for
  /// these rows only.
  @inline(__always)
  private func blend(_ coverage: Coverage, runs: UnsafeBufferPointer<CoverageSpans>, scratch: BandScratch,
                     rows: Range<Int>, into band: UnsafeMutablePointer<UInt8>, clip: Range<Int>?,
                     _ body: (UnsafeMutablePointer<UInt8>, CoverageSpans.Span, UnsafePointer<UInt8>?) -> Void) {
    let width = self.width
    switch coverage {
    case .runs(let index):
      blend(runs[index], cursor: scratch.cursors + index, rows: rows, into: band, clip: clip, body)
    case .edges(let index):
      edgeLists.withUnsafeBufferPointer { lists in
        let list = lists.baseAddress! + index
        let shared = list.pointee.rows.clamped(to: rows)
        guard !shared.isEmpty else { return }
        let cells = scratch.cells
        cells.forEachRow(of: list.pointee, rows: shared) { spans in
          for span in spans {
            let bytes = span.offset < 0 ? nil : UnsafePointer(cells.bytes + Int(span.offset))
            guard let (span, bytes) = DisplayList.clipped(span, bytes, to: clip) else { continue }
            let pixels = band + 4 * ((Int(span.y) - rows.lowerBound) * width + Int(span.x))
            body(pixels, span, bytes)
          }
        }
      }
    case .clipped(let index):
      let (piece, mask, columns) = clippedPieces[index]
      blendClipped(piece, mask: mask, columns: columns, runs: runs, scratch: scratch, rows: rows, into: band, clip: clip,
                   body)
    case .rectangle(let index):
      let rectangle = rectangles[index]
      let shared = rectangle.rows.clamped(to: rows)
      guard !shared.isEmpty else { return }
      rectangle.forEachRow(shared) { y, spans, bytes in
        for span in spans {
          guard let (span, bytes) = DisplayList.clipped(span, span.offset < 0 ? nil : bytes + Int(span.offset), to: clip)
          else { continue }
          let pixels = band + 4 * ((y - rows.lowerBound) * width + Int(span.x))
          body(pixels, span, bytes)
        }
      }
    }
  }

  /// Blends `solid` under the edges `edgeLists[index]` on `rows` (a band's,
  /// `band` holding them) as each row is resolved: the runs
  /// ``blend(_:runs:scratch:rows:into:clip:_:)`` would hand on, blended the
  /// same way, without laying them out first.
  @inline(__always)
  private func fill(edges index: Int, _ solid: SolidBlend, scratch: BandScratch, rows: Range<Int>,
                    into band: UnsafeMutablePointer<UInt8>) {
    edgeLists.withUnsafeBufferPointer { lists in
      let list = lists.baseAddress! + index
      let shared = list.pointee.rows.clamped(to: rows)
      guard !shared.isEmpty else { return }
      var runs = SolidRuns(solid: solid, band: band, top: rows.lowerBound, width: width)
      scratch.cells.resolve(list.pointee, rows: shared, into: &runs)
    }
  }

  /// ``fill(edges:_:scratch:rows:into:)`` within the columns `clip` (a band
  /// played in some columns only): each run cut to them as
  /// ``blend(_:runs:scratch:rows:into:clip:_:)`` cuts it.
  @inline(__always)
  private func fill(edges index: Int, _ solid: SolidBlend, clip: Range<Int>, scratch: BandScratch, rows: Range<Int>,
                    into band: UnsafeMutablePointer<UInt8>) {
    edgeLists.withUnsafeBufferPointer { lists in
      let list = lists.baseAddress! + index
      let shared = list.pointee.rows.clamped(to: rows)
      guard !shared.isEmpty else { return }
      var runs = ClippedSolidRuns(runs: SolidRuns(solid: solid, band: band, top: rows.lowerBound, width: width),
                                  clip: clip)
      scratch.cells.resolve(list.pointee, rows: shared, into: &runs)
    }
  }

  /// ``blend(_:runs:scratch:rows:into:clip:_:)`` for `piece` multiplied by
  /// the runs `runs[mask]`: each run of the piece is cut where the mask's
  /// runs on its row begin and end, and each part reaches `body` with its
  /// bytes times the mask's (`div255(c × m)`): as it is under a fully opaque
  /// constant mask run, as a constant run where both are constant, and not
  /// at all where the mask has no run. Nothing is laid out per pixel: the
  /// two sets of runs are walked side by side (the piece's runs come row by
  /// row, left to right, as every kind of coverage hands them on).
  private func blendClipped(_ piece: Coverage, mask: Int, columns: Range<Int>, runs: UnsafeBufferPointer<CoverageSpans>,
                            scratch: BandScratch, rows: Range<Int>, into band: UnsafeMutablePointer<UInt8>,
                            clip: Range<Int>?,
                            _ body: (UnsafeMutablePointer<UInt8>, CoverageSpans.Span, UnsafePointer<UInt8>?) -> Void) {
    let columns = columns.clamped(to: clip ?? 0..<width)
    guard !columns.isEmpty else { return }
    let product = scratch.product
    runs[mask].spans.withUnsafeBufferPointer { masks in
      runs[mask].coverage.withUnsafeBufferPointer { maskBytes in
        guard let last = masks.last, Int(last.y) >= rows.lowerBound, Int(masks[0].y) < rows.upperBound else { return }
        // The mask's first run on or below the band, walked on from the last band.
        let top = Int32(rows.lowerBound)
        var next = scratch.cursors[mask]
        while next < masks.count && masks[next].y < top { next += 1 }
        scratch.cursors[mask] = next
        blend(piece, runs: runs, scratch: scratch, rows: rows, into: band, clip: columns) { pixels, span, bytes in
          let start = span.x, end = span.x + span.count
          // Runs ending before this one cannot reach the piece's later runs either.
          while next < masks.count
            && (masks[next].y < span.y || (masks[next].y == span.y && masks[next].x + masks[next].count <= start))
          {
            next += 1
          }
          var k = next
          while k < masks.count && masks[k].y == span.y && masks[k].x < end {
            let m = masks[k]
            k += 1
            let low = Swift.max(start, m.x), high = Swift.min(end, m.x + m.count)
            guard low < high else { continue }
            var part = span
            part.x = low
            part.count = high - low
            let n = Int(high - low), skip = Int(low - start)
            let partBytes = bytes.map { $0 + skip }
            if m.offset < 0 {
              if m.value == 255 {
                body(pixels + 4 * skip, part, partBytes)
                continue
              }
              guard let partBytes else {
                part.value = UInt8(truncatingIfNeeded: div255(UInt32(span.value) * UInt32(m.value)))
                if part.value > 0 { body(pixels + 4 * skip, part, nil) }
                continue
              }
              multiplyCoverage(product, nil, partBytes, constant: m.value, count: n)
            } else {
              let under = maskBytes.baseAddress! + Int(m.offset + low - m.x)
              multiplyCoverage(product, partBytes, under, constant: span.value, count: n)
            }
            part.offset = 0
            body(pixels + 4 * skip, part, UnsafePointer(product))
          }
        }
      }
    }
  }

  /// Calls `body` for every run of `runs` on `rows` (with its pixels in the
  /// band, and its coverage bytes or `nil` for a constant run). `cursor`
  /// remembers where the previous (higher) band of this worker stopped.
  @inline(__always)
  private func blend(_ runs: borrowing CoverageSpans, cursor: UnsafeMutablePointer<Int>, rows: Range<Int>,
                     into band: UnsafeMutablePointer<UInt8>, bytesPerPixel: Int = 4, bandTop: Int? = nil,
                     clip: Range<Int>? = nil,
                     _ body: (UnsafeMutablePointer<UInt8>, CoverageSpans.Span, UnsafePointer<UInt8>?) -> Void) {
    let width = self.width
    let bandTop = bandTop ?? rows.lowerBound
    runs.spans.withUnsafeBufferPointer { spans in
      runs.coverage.withUnsafeBufferPointer { coverage in
        // Runs are sorted by row: skip those above the band (walking on from
        // where the last band stopped), and the whole set when it ends above.
        guard let last = spans.last, Int(last.y) >= rows.lowerBound, Int(spans[0].y) < rows.upperBound else { return }
        let top = Int32(rows.lowerBound)
        var i = cursor.pointee
        while i < spans.count && spans[i].y < top { i += 1 }
        cursor.pointee = i
        while i < spans.count {
          let span = spans[i]
          let y = Int(span.y)
          guard y < rows.upperBound else { break }
          i += 1
          // Runs come in row order; one out of it is skipped, never drawn
          // outside the band.
          guard y >= rows.lowerBound else { continue }
          let x = Int(span.x), n = Int(span.count)
          guard x >= 0, n > 0, x + n <= width,
            let (span, bytes) = DisplayList.clipped(span, span.offset < 0 ? nil : coverage.baseAddress! + Int(span.offset),
                                                    to: clip)
          else { continue }
          let pixels = band + bytesPerPixel * ((y - bandTop) * width + Int(span.x))
          body(pixels, span, bytes)
        }
      }
    }
  }

  /// A run and its bytes cut to the columns `clip` (nothing to cut without
  /// one); `nil` when nothing of it is left.
  @inline(__always)
  static func clipped(_ span: CoverageSpans.Span, _ bytes: UnsafePointer<UInt8>?, to clip: Range<Int>?)
    -> (CoverageSpans.Span, UnsafePointer<UInt8>?)?
  {
    guard let clip else { return (span, bytes) }
    let x = Int(span.x), low = Swift.max(x, clip.lowerBound), high = Swift.min(x + Int(span.count), clip.upperBound)
    guard low < high else { return nil }
    var cut = span
    cut.x = Int32(low)
    cut.count = Int32(high - low)
    return (cut, bytes.map { $0 + (low - x) })
  }

  /// A group's columns within the frame and within `columns`, `(x0, x1)`.
  @inline(__always)
  func clipped(_ bounds: PixelBounds, to columns: Range<Int>?) -> (Int, Int) {
    let low = Swift.max(bounds.minX, columns?.lowerBound ?? 0), high = Swift.min(bounds.maxX, columns?.upperBound ?? width)
    return (low, Swift.max(low, high))
  }
}

/// A colour blended into a band's pixels (`band`: device row `top`,
/// `width` pixels a row) under each run as it comes.
struct SolidRuns: RowRunSink {
  /// The colour and its kernels.
  let solid: SolidBlend
  /// The band's first row's pixels.
  let band: UnsafeMutablePointer<UInt8>
  /// The device row of the band's first row.
  let top: Int
  /// Pixels a row.
  let width: Int

  @inline(__always)
  func varying(y: Int32, x: Int, count: Int, bytes: UnsafePointer<UInt8>) {
    solid.fill(band + 4 * ((Int(y) - top) * width + x), coverage: bytes, count: count)
  }

  @inline(__always)
  func constant(y: Int32, x: Int, count: Int, value: UInt8) {
    solid.fillRun(band + 4 * ((Int(y) - top) * width + x), count: count, coverage: value)
  }
}

/// ``SolidRuns`` within the columns `clip`: each run cut to them (and
/// dropped where it lies outside), as ``DisplayList/clipped(_:_:to:)`` cuts
/// a laid-out span.
struct ClippedSolidRuns: RowRunSink {
  let runs: SolidRuns
  let clip: Range<Int>

  @inline(__always)
  func varying(y: Int32, x: Int, count: Int, bytes: UnsafePointer<UInt8>) {
    let low = Swift.max(x, clip.lowerBound), high = Swift.min(x &+ count, clip.upperBound)
    guard low < high else { return }
    runs.varying(y: y, x: low, count: high &- low, bytes: bytes + (low &- x))
  }

  @inline(__always)
  func constant(y: Int32, x: Int, count: Int, value: UInt8) {
    let low = Swift.max(x, clip.lowerBound), high = Swift.min(x &+ count, clip.upperBound)
    guard low < high else { return }
    runs.constant(y: y, x: low, count: high &- low, value: value)
  }
}

/// Per-thread memory for playing bands: a buffer per group level and the
/// rows a paint is computed into. Runs never exceed the frame width.
final class BandScratch {
  private let groups: [UnsafeMutablePointer<UInt8>]
  /// One row of premultiplied source pixels.
  let source: UnsafeMutablePointer<UInt8>
  /// One row of coverage bytes.
  let constant: UnsafeMutablePointer<UInt8>
  /// One row of coverage bytes: a clipped run's, times its clip's.
  let product: UnsafeMutablePointer<UInt8>
  /// A band of coverage bytes (`width × bandHeight`): a mask's, at the end of its group.
  let maskRows: UnsafeMutablePointer<UInt8>

  /// Per run set, the index of the first run not yet passed: a worker plays
  /// its bands top to bottom, so each set's runs are walked once per frame
  /// instead of searched for in every band.
  let cursors: UnsafeMutablePointer<Int>
  private let runCount: Int
  /// Rows for sampling images, when the drawing has any.
  let images: ImageScratch?
  /// Cells for rasterizing a band of edges.
  let cells: BandCells

  /// Scratch for bands of `bandHeight` rows of a `width`-pixel drawing with
  /// groups nested `depth` deep and `runCount` run sets; `cells` may be lent
  /// (all zero, for at least that width and height), else new ones are made.
  init(width: Int, bandHeight: Int, depth: Int, runCount: Int, samplesImages: Bool = false, cells: BandCells? = nil) {
    self.runCount = runCount
    images = samplesImages ? ImageScratch(width: width) : nil
    self.cells = cells ?? BandCells(width: width, rows: bandHeight)
    cursors = .allocate(capacity: Swift.max(runCount, 1))
    cursors.initialize(repeating: 0, count: Swift.max(runCount, 1))
    let band = 4 * width * bandHeight
    groups = (0..<depth).map { _ in .allocate(capacity: band) }
    source = .allocate(capacity: 4 * width)
    constant = .allocate(capacity: width)
    product = .allocate(capacity: width)
    maskRows = .allocate(capacity: width * bandHeight)
  }

  deinit {
    for g in groups { g.deallocate() }
    source.deallocate()
    cursors.deallocate()
    constant.deallocate()
    product.deallocate()
    maskRows.deallocate()
  }

  /// The band buffer of group level `level`.
  func groupBuffer(_ level: Int) -> UnsafeMutablePointer<UInt8> { groups[level] }
}

extension DisplayList.Command {
  /// The coverage the command draws through; `nil` for the commands that
  /// open and close groups and masks.
  var coverage: DisplayList.Coverage? {
    switch self {
    case .solid(let coverage, _), .gradient(let coverage, _), .image(let coverage, _): coverage
    case .beginGroup, .endGroup, .endGroupMasked, .endMask: nil
    }
  }
}
