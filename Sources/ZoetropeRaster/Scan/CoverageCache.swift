// SPDX-License-Identifier: Apache-2.0
// Shapes a frame rasterizes (fills as edges, clips and masks as runs), kept: the same shape moved by whole pixels is reused.

import ZoetropeGeometry

/// The coverage one frame makes as it records it — the edges of its fills,
/// and the runs it resolves for the clips of `masksToBounds` layers and the
/// masks that are one shape — kept by what determines it, so that the same
/// shape again, moved by whole pixels (a list of identical cards, a grid of
/// buttons, a replicator's translated copies), shares its edges or costs a
/// copy of its runs instead of being flattened, rasterized and resolved again. A frame
/// where nothing repeats pays a lookup per shape (about 1 % of the bench's
/// 500 rounded rectangles at fractional positions).
///
/// The reuse is exact: rasterizing is translation-invariant (a shape is
/// flattened and rounded in its own frame, then moved by whole pixels; see
/// ``Rasterizer/framed(_:)`` and ``EdgeList``), wherever the canvas clips
/// neither placement. Strokes, and shapes that come within a pixel of the
/// canvas's edge, are kept only by a cache kept across a clip's frames
/// (``isKeptAcrossFrames``), the latter found again only at the very same
/// placement on the same canvas;
/// shapes under a perspective transform or with more than ``maximumElements``
/// path elements (which could be cut down before flattening) are not kept.
/// Not thread-safe: one per frame being recorded, or one per rendering
/// thread kept across a clip's frames (``startFrame()``).
package final class CoverageCache {
  /// An outline its maker describes in a few numbers (a layer's rounded
  /// bounds: rectangle, corner radius, corners, curve, border width) instead
  /// of a path, and its bounding box: a key of it is hashed and compared in
  /// eight words, and the path is built only when the shape is made. Two
  /// outlines with the same words must have the same path.
  package struct Outline: Sendable {
    let words: SIMD8<UInt64>
    let boundingBox: Rect

    /// The outline `words` describe (bit patterns, so that a NaN finds
    /// only itself), lying within `boundingBox` in its own space.
    package init(_ words: SIMD8<UInt64>, boundingBox: Rect) {
      self.words = words
      self.boundingBox = boundingBox
    }
  }

  /// What determines a shape's coverage, up to whole pixels.
  struct Key: Hashable {
    /// The path (empty for an outline described in words).
    let path: Path
    /// The words of an ``Outline``, or `nil` for a path.
    let outline: SIMD8<UInt64>?
    /// Which way the caller rasterizes the path (two ways may round alike, but need not).
    let method: Int
    let fillRule: FillRule
    /// The layer→device transform with the whole pixels of its translation taken out.
    let local: AffineTransform
    /// The rows the shape is limited to, relative to the whole pixels taken out.
    let rows: Range<Int>?
    /// For a stroke, its style and trim; `nil` for a fill.
    let stroke: StrokeKey?
    /// For a shape the canvas may clip, the canvas (width × 2³² + height),
    /// `local` then being the whole transform and `rows` device rows: only
    /// the same placement on the same canvas gets its coverage. −1 for a
    /// shape well inside, kept up to whole pixels.
    let canvas: Int
    /// What a shape drawn otherwise than from a path is drawn from (a text
    /// layer's layout request), compared whole; `nil` for a path or outline.
    let source: AnyHashable?
    /// A quick digest of the above, the path sampled (``PathDigest``):
    /// hashing every element of every shape a frame fills (twice: looked up,
    /// then kept) cost more than the cache saved on frames where no shape
    /// repeats; equality still compares the whole path.
    private let digest: UInt64

    init(path: Path, outline: SIMD8<UInt64>? = nil, method: Int, fillRule: FillRule, local: AffineTransform,
         rows: Range<Int>?, stroke: StrokeKey?, canvas: Int = -1, source: AnyHashable? = nil) {
      (self.path, self.method, self.fillRule, self.local, self.rows) = (path, method, fillRule, local, rows)
      (self.stroke, self.canvas, self.outline, self.source) = (stroke, canvas, outline, source)
      var digest: PathDigest
      if let source {
        digest = PathDigest()
        digest.add(UInt64(bitPattern: Int64(source.hashValue)))
      } else if let outline {
        digest = PathDigest()
        for i in 0..<8 { digest.add(outline[i]) }
      } else {
        digest = PathDigest(sampling: path)
      }
      digest.add(UInt64(bitPattern: Int64(method)))
      digest.add(fillRule == .evenOdd ? 1 : 0)
      digest.add(local.a.bitPattern); digest.add(local.b.bitPattern); digest.add(local.c.bitPattern)
      digest.add(local.d.bitPattern); digest.add(local.tx.bitPattern); digest.add(local.ty.bitPattern)
      digest.add(UInt64(bitPattern: Int64(rows?.lowerBound ?? 0)))
      digest.add(UInt64(bitPattern: Int64(rows?.upperBound ?? 0)))
      digest.add(UInt64(bitPattern: Int64(canvas)))
      if let stroke {
        digest.add(stroke.lineWidth); digest.add(stroke.capAndJoin); digest.add(stroke.miterLimit)
        digest.add(stroke.start); digest.add(stroke.end)
      }
      self.digest = digest.value
    }

    static func == (x: Key, y: Key) -> Bool {
      x.digest == y.digest && x.method == y.method && x.fillRule == y.fillRule && x.local == y.local
        && x.rows == y.rows && x.canvas == y.canvas && x.stroke == y.stroke && x.outline == y.outline
        && x.source == y.source && x.path == y.path
    }

    func hash(into hasher: inout Hasher) { hasher.combine(digest) }
  }

  /// A shape's key and the whole pixels it lies moved from the kept one's
  /// frame. (A struct, not a tuple: a tuple passed between functions had
  /// its type looked up in the runtime's metadata cache at every call.)
  struct Placement {
    let key: Key
    let offset: (x: Int, y: Int)
  }

  /// What determines a stroke beside its path and placement, as bit
  /// patterns (so that a NaN finds only itself).
  struct StrokeKey: Equatable {
    let lineWidth: UInt64, capAndJoin: UInt64, miterLimit: UInt64, dashPhase: UInt64
    /// The trim, `strokeStart…strokeEnd`.
    let start: UInt64, end: UInt64
    let dashPattern: [UInt64]

    init(_ style: StrokeStyle, from start: Double, to end: Double) {
      let cap: UInt64 = switch style.lineCap { case .butt: 0; case .round: 1; case .square: 2 }
      let join: UInt64 = switch style.lineJoin { case .miter: 0; case .round: 1; case .bevel: 2 }
      (lineWidth, capAndJoin, miterLimit) = (style.lineWidth.bitPattern, cap | join << 2, style.miterLimit.bitPattern)
      dashPhase = style.dashPhase.bitPattern
      (self.start, self.end) = (start.bitPattern, end.bitPattern)
      // (Solid strokes allocate nothing here: an empty array is shared.)
      dashPattern = style.dashPattern.isEmpty ? [] : style.dashPattern.map(\.bitPattern)
    }
  }

  /// Kept runs and shapes, with where they were made, the frame that last
  /// used them and the segment and dash charges their making spent (which
  /// a copy spends again).
  private var entries: [Key: Kept<CoverageSpans>] = [:]
  private var shapes: [Key: Kept<ShapeCoverage>] = [:]

  /// Kept coverage, with where it was made, the frame that last used it
  /// and the segment and dash charges its making spent. (A class: a layer's
  /// slot holds it too, and marks it used.)
  final class Kept<Value> {
    /// (Changed only to give a shape's edges their resolved rows: ``resolveRows(of:scratch:)``.)
    var value: Value
    let x: Int, y: Int
    var frame: Int
    let charges: [FrameBudget.Charge]
    /// Whether the value's edges were given resolved rows, or refused them.
    var rowsResolved = false

    init(_ value: Value, x: Int, y: Int, frame: Int, charges: [FrameBudget.Charge]) {
      (self.value, self.x, self.y, self.frame, self.charges) = (value, x, y, frame, charges)
    }
  }
  /// The frame being recorded (counted by ``startFrame()``).
  private(set) var frame = 0
  /// What each layer's outlines came to in the frame before, by the order
  /// the layer asked for them (CoverageCache+Slots.swift).
  var shapeSlots: [SlotKey: Slot<ShapeCoverage>] = [:]
  var runSlots: [SlotKey: Slot<CoverageSpans>] = [:]
  /// What each layer's texts came to in the frame before, by transform (CoverageCache+TextSlots.swift).
  var textSlots: [TextSlotKey: TextSlotBase] = [:]
  /// The layer asking for outlines, and how many it asked for so far.
  var askingLayer: Int?
  var askedByLayer = 0
  /// The bytes of coverage kept.
  private var keptBytes = 0
  /// The bytes of the resolved rows kept shapes' edges carry
  /// (CoverageCache+ResolvedRows.swift).
  var resolvedBytes = 0
  /// Shapes kept at most, of each kind; later ones are rasterized every time.
  static let capacity = 1024
  /// Coverage bytes kept at most by default (past it, new shapes are not kept).
  package static let maximumBytes = 64 << 20
  /// Coverage bytes this cache keeps at most.
  let maximumBytes: Int
  /// Paths with more elements are not kept.
  package static let maximumElements = 64

  /// Whether the cache lives across a clip's frames (one per rendering
  /// thread): it then also keeps strokes, and shapes the canvas may clip —
  /// those for the very same placement only (a layer at the edge that did
  /// not move). Their lookups pay for themselves across frames, rarely
  /// within one, so a frame rendered from scratch does without them.
  let isKeptAcrossFrames: Bool

  /// The stroke outlines kept across frames, for a cache that is; `nil` otherwise.
  package let outlines: StrokeOutlineCache?

  /// An empty cache keeping at most `maximumBytes` of coverage, and strokes
  /// and shapes the canvas may clip when `isKeptAcrossFrames`.
  package init(maximumBytes: Int = CoverageCache.maximumBytes, isKeptAcrossFrames: Bool = false) {
    self.maximumBytes = maximumBytes
    self.isKeptAcrossFrames = isKeptAcrossFrames
    outlines = isKeptAcrossFrames ? StrokeOutlineCache() : nil
  }

  /// Starts the next frame of a clip: what the frame before used (made or
  /// copied) stays, the rest goes. A cache kept across frames this way
  /// gives a layer that did not change — or only moved by whole pixels —
  /// its coverage again without rasterizing it, and holds at most about
  /// one frame's distinct shapes.
  package func startFrame() {
    frame += 1
    outlines?.startFrame()
    let previous = frame - 1
    entries.removeStale { $0.frame < previous }
    shapes.removeStale { $0.frame < previous }
    forgetUnusedSlots()
    forgetUnusedTextSlots()
    keptBytes = entries.values.reduce(0) { $0 + $1.value.byteCount } + shapes.values.reduce(0) { $0 + $1.value.byteCount }
    resolvedBytes = shapes.values.reduce(0) { $0 + $1.value.resolvedByteCount }
  }

  /// Makes room for the shapes of `layers` layers (at most ``capacity``)
  /// at once: a cache made for one frame otherwise grows its table from
  /// empty, hashing every kept key again at each doubling.
  package func reserveCapacity(forLayers layers: Int) {
    shapes.reserveCapacity(Swift.min(Swift.max(layers, 0), CoverageCache.capacity))
  }

  /// How many shapes and runs are kept (for tests).
  package var count: Int { entries.count + shapes.count }

  /// Whether `bytes` more may be kept.
  private func canKeep(_ bytes: Int, count: Int) -> Bool {
    count < CoverageCache.capacity && keptBytes + bytes <= maximumBytes
  }

  /// The runs `make` resolves for `path` under `transform` (limited to the
  /// device `rows` when given) — or, when this frame (or the one before,
  /// for a cache kept across frames) already resolved the
  /// same path the same way under the same transform but for whole pixels
  /// of translation, those runs moved (priced against `scratch`'s budget
  /// like new ones — the segments and dashes their making spent, then their
  /// bytes: `nil` past the first, empty runs past the bytes). `method` names the way `make`
  /// rasterizes, for callers with more than one.
  package func runs(of path: Path, method: Int = 0, fillRule: FillRule = .nonZero, transform: Transform3D,
                    canvas: Rasterizer.Canvas, rows: Range<Int>? = nil, scratch: RasterScratch?,
                    make: () -> CoverageSpans?) -> CoverageSpans? {
    guard let placed = placement(of: path, method: method, fillRule: fillRule, transform: transform,
                                 canvas: canvas, rows: rows)
    else { return make() }
    return keptRuns(placed, scratch: scratch, make: make)
  }

  /// The runs kept under `placed`'s key, moved to its offset; or `make`'s,
  /// kept when they fit.
  /// (`noting` is told the runs given, when they are kept ones, and the entry.)
  private func keptRuns(_ placed: Placement, scratch: RasterScratch?, make: () -> CoverageSpans?,
                        noting: (CoverageSpans, Kept<CoverageSpans>) -> Void = { _, _ in }) -> CoverageSpans? {
    let (key, offset) = (placed.key, placed.offset)
    if let entry = entries[key] {
      // (One lookup: the key's hash and its path compared once.)
      entry.frame = frame
      // What making them spent before their bytes, then their bytes here.
      // (Most kept outlines spent nothing but bytes: nothing to replay.)
      guard entry.charges.isEmpty
        || scratch.map({ $0.budget.spendAtOnce(entry.charges, coverageBytes: 0) || $0.budget.replay(entry.charges) })
        ?? true
      else { return nil }
      let moved = entry.value.moved(dx: offset.x - entry.x, dy: offset.y - entry.y)
      guard scratch?.budget.spend(coverage: moved, on: "resolving its coverage") ?? true else { return CoverageSpans() }
      noting(moved, entry)
      return moved
    }
    let (runs, charges) = making(make, budget: scratch?.budget)
    if let runs, canKeep(runs.byteCount, count: entries.count) {
      let entry = Kept(runs, x: offset.x, y: offset.y, frame: frame, charges: charges)
      entries[key] = entry
      keptBytes += runs.byteCount
      noting(runs, entry)
    }
    return runs
  }

  /// ``runs(of:method:fillRule:transform:canvas:rows:scratch:make:)`` for an
  /// outline described in words: on a hit, no path is built or compared.
  /// A layer asking for the outline it asked for the frame before, in the
  /// same place, gets those runs again (see CoverageCache+Slots.swift).
  package func runs(of outline: Outline, method: Int, transform: Transform3D, canvas: Rasterizer.Canvas,
                    scratch: RasterScratch?, make: () -> CoverageSpans?) -> CoverageSpans? {
    let slot = slotKey(method: method, scratch: scratch)
    if let slot, let found = runsInSlot(slot, outline: outline, fillRule: .nonZero, transform: transform,
                                        canvas: canvas, scratch: scratch) {
      return found.value
    }
    guard let placed = placement(of: Path(), outline: outline, method: method, fillRule: .nonZero,
                                 transform: transform, canvas: canvas, rows: nil)
    else { return make() }
    return keptRuns(placed, scratch: scratch, make: make) { runs, entry in
      if let slot {
        runSlots[slot] = Slot(outline, fillRule: .nonZero, transform: transform, canvas: canvas, value: runs,
                              entry: entry)
      }
    }
  }

  /// ``shape(of:method:fillRule:transform:canvas:scratch:make:)`` for an
  /// outline described in words: on a hit, no path is built or compared.
  /// A layer asking for the outline it asked for the frame before, in the
  /// same place, gets that coverage again (see CoverageCache+Slots.swift).
  package func shape(of outline: Outline, method: Int, fillRule: FillRule = .nonZero, transform: Transform3D,
                     canvas: Rasterizer.Canvas, scratch: RasterScratch?,
                     make: () -> ShapeCoverage?) -> ShapeCoverage? {
    let slot = slotKey(method: method, scratch: scratch)
    if let slot, let found = shapeInSlot(slot, outline: outline, fillRule: fillRule, transform: transform,
                                         canvas: canvas, scratch: scratch) {
      return found.value
    }
    return kept(placement(of: Path(), outline: outline, method: method, fillRule: fillRule, transform: transform,
                          canvas: canvas, rows: nil),
                scratch: scratch, make: make) { shape, entry in
      if let slot {
        shapeSlots[slot] = Slot(outline, fillRule: fillRule, transform: transform, canvas: canvas, value: shape,
                                entry: entry)
      }
    }
  }

  /// The coverage `make` rasterizes for `path` filled under `transform` —
  /// or, when this frame (or the one before) already rasterized the same path the same way
  /// under the same transform but for whole pixels of translation, that
  /// coverage moved (sharing its edges, priced against `scratch`'s budget
  /// as making it there would be — the segments and dashes its making
  /// spent, then its bytes there: `nil` past it). Coverage with
  /// a clip is not kept. `method` names the way `make` rasterizes.
  package func shape(of path: Path, method: Int = 0, fillRule: FillRule = .nonZero, transform: Transform3D,
                     canvas: Rasterizer.Canvas, scratch: RasterScratch?,
                     make: () -> ShapeCoverage?) -> ShapeCoverage? {
    kept(placement(of: path, method: method, fillRule: fillRule, transform: transform, canvas: canvas, rows: nil),
         scratch: scratch, make: make)
  }

  /// The coverage `make` rasterizes for a text laid out as `layout` says
  /// (its request: string, font, size, bounds, alignment, wrapping) under
  /// `transform` on `canvas` — or, when this frame or the one before (for a
  /// cache kept across frames) drew the same under the very same transform,
  /// bit for bit, that coverage, its making's charges spent again. A label
  /// that holds still in a clip is rasterized once; one that moves, even by
  /// whole pixels, anew (its glyphs are placed where the transform puts
  /// them, not moved). Only a cache kept across frames keeps texts.
  package func shape(ofText layout: some Hashable & Sendable, transform: AffineTransform, canvas: Rasterizer.Canvas,
                     scratch: RasterScratch?, make: () -> ShapeCoverage?) -> ShapeCoverage? {
    keptText(layout, transform: transform, canvas: canvas, scratch: scratch, make: make)
  }

  /// ``shape(ofText:transform:canvas:scratch:make:)`` for a text layer
  /// whose `layout` is determined by `source` (the layer's text properties
  /// and bounds): the coverage given also fills the layer's slot for
  /// `source` under `transform`, where ``textInSlot(_:transform:canvas:scratch:)``
  /// finds it in the next frame (CoverageCache+TextSlots.swift).
  package func shape(ofText layout: some Hashable & Sendable, drawnFrom source: some Equatable,
                     transform: AffineTransform, canvas: Rasterizer.Canvas, scratch: RasterScratch?,
                     make: () -> ShapeCoverage?) -> ShapeCoverage? {
    keptText(layout, transform: transform, canvas: canvas, scratch: scratch, make: make) { _, entry in
      fillTextSlot(source, transform: transform, canvas: canvas, entry: entry, scratch: scratch)
    }
  }

  /// A text's coverage, kept under its layout request and very transform.
  private func keptText(_ layout: some Hashable & Sendable, transform: AffineTransform, canvas: Rasterizer.Canvas,
                        scratch: RasterScratch?, make: () -> ShapeCoverage?,
                        noting: (ShapeCoverage, Kept<ShapeCoverage>) -> Void = { _, _ in }) -> ShapeCoverage? {
    guard isKeptAcrossFrames, canvas.width < 1 << 31, canvas.height < 1 << 31 else { return make() }
    let key = Key(path: Path(), method: CoverageCache.textMethod, fillRule: .nonZero, local: transform, rows: nil,
                  stroke: nil, canvas: canvas.width << 32 | canvas.height, source: AnyHashable(layout))
    return kept(Placement(key: key, offset: (0, 0)), scratch: scratch, make: make, noting: noting)
  }

  /// The `method` of texts' keys (no path is drawn that way).
  static let textMethod = -0x7E47

  /// The coverage `make` rasterizes for the stroke of `path` in `style`,
  /// trimmed to `start…end`, under `transform` — or, when this frame (or
  /// the one before) already stroked the same path the same way under the
  /// same transform but for whole pixels of translation, that coverage
  /// moved, as for ``shape(of:method:fillRule:transform:canvas:scratch:make:)``.
  /// Only a cache kept across frames keeps strokes. One whose outline — the
  /// path's box grown by the farthest the outline strays from it
  /// (``Rasterizer/strokeReach(_:)``) — comes within a pixel of the canvas's
  /// edge, where the canvas may clip or cull it, is found again at the very
  /// same placement only.
  package func strokeShape(of path: Path, style: StrokeStyle, trimmedFrom start: Double, to end: Double,
                           transform: Transform3D, canvas: Rasterizer.Canvas, scratch: RasterScratch?,
                           make: () -> ShapeCoverage?) -> ShapeCoverage? {
    guard isKeptAcrossFrames else { return make() }
    return kept(placement(of: path, method: 0, fillRule: .nonZero, transform: transform, canvas: canvas, rows: nil,
                          reach: Rasterizer.strokeReach(style), stroke: StrokeKey(style, from: start, to: end)),
                scratch: scratch, make: make)
  }

  /// The shape kept under `placed`'s key, moved to its offset; or `make`'s,
  /// kept when it fits (and has no clip); `make`'s alone for no key.
  /// (`noting` is told the shape given, when it is a kept one, and the entry.)
  private func kept(_ placed: Placement?, scratch: RasterScratch?, make: () -> ShapeCoverage?,
                    noting: (ShapeCoverage, Kept<ShapeCoverage>) -> Void = { _, _ in }) -> ShapeCoverage? {
    guard let placed else { return make() }
    let (key, offset) = (placed.key, placed.offset)
    if let entry = shapes[key] {
      let moved = keptHit(entry, offset: offset, scratch: scratch)
      if let moved { noting(moved, entry) }
      return moved
    }
    let (shape, charges) = making(make, budget: scratch?.budget)
    if let shape, shape.clip == nil, canKeep(shape.byteCount, count: shapes.count) {
      let entry = Kept(shape, x: offset.x, y: offset.y, frame: frame, charges: charges)
      shapes[key] = entry
      keptBytes += shape.byteCount
      noting(shape, entry)
    }
    return shape
  }

  /// A kept shape found again, marked used and moved to `offset`, priced
  /// against `scratch`'s budget (the segments and dashes its making spent,
  /// then its bytes where it lands): `nil` past them.
  func keptHit(_ entry: Kept<ShapeCoverage>, offset: (x: Int, y: Int), scratch: RasterScratch?) -> ShapeCoverage? {
    entry.frame = frame
    // (Most kept outlines spent nothing but bytes: nothing to replay.)
    guard entry.charges.isEmpty
      || scratch.map({ $0.budget.spendAtOnce(entry.charges, coverageBytes: 0) || $0.budget.replay(entry.charges) })
      ?? true
    else { return nil }
    // Found again: its edges resolved once, for this copy and every later one.
    if !entry.rowsResolved { resolveRows(of: entry, scratch: scratch) }
    return entry.value.moved(dx: offset.x - entry.x, dy: offset.y - entry.y, scratch: scratch)
  }

  /// `make`'s result and the segment and dash charges it made on `budget`.
  private func making<T>(_ make: () -> T, budget: FrameBudget?) -> (T, [FrameBudget.Charge]) {
    guard let budget else { return (make(), []) }
    return budget.recordingCharges(make)
  }

  /// The key of `path` placed by `transform` (with `rows` relative to it)
  /// and the whole pixels of its translation; `nil` for a shape not kept: a
  /// perspective map, more than ``maximumElements`` elements, or — unless
  /// the cache ``isKeptAcrossFrames``, under a key of that placement alone —
  /// within a pixel of the canvas's edge.
  private func placement(of path: Path, outline described: Outline? = nil, method: Int, fillRule: FillRule,
                         transform: Transform3D, canvas: Rasterizer.Canvas, rows: Range<Int>?, reach: Double = 0,
                         stroke: StrokeKey? = nil) -> Placement? {
    guard transform.isAffine, described != nil || path.elements.count <= CoverageCache.maximumElements else {
      return nil
    }
    let affine = transform.affineTransform
    let box = described?.boundingBox ?? path.boundingBox
    let outline = reach == 0 ? box
      : Rect(x: box.minX - reach, y: box.minY - reach, width: box.width + 2 * reach, height: box.height + 2 * reach)
    guard CoverageCache.isWellInside(outline, affine, canvas) else {
      guard isKeptAcrossFrames, canvas.width < 1 << 31, canvas.height < 1 << 31 else { return nil }
      let key = Key(path: path, outline: described?.words, method: method, fillRule: fillRule, local: affine,
                    rows: rows, stroke: stroke, canvas: canvas.width << 32 | canvas.height)
      return Placement(key: key, offset: (0, 0))
    }
    let (local, offset) = Rasterizer.framed(affine)
    // Open-ended rows stay open-ended.
    let relative = rows.map { rows in
      (rows.lowerBound == Int.min ? Int.min : rows.lowerBound - offset.y)
        ..< (rows.upperBound == Int.max ? Int.max : rows.upperBound - offset.y)
    }
    return Placement(key: Key(path: path, outline: described?.words, method: method, fillRule: fillRule, local: local,
                              rows: relative, stroke: stroke), offset: offset)
  }

  /// Whether `box` under `t` lies at least a pixel inside the canvas (its
  /// coordinates small enough to move by whole pixels exactly).
  static func isWellInside(_ box: Rect, _ t: AffineTransform, _ canvas: Rasterizer.Canvas) -> Bool {
    let right = Double(canvas.width - 1), bottom = Double(canvas.height - 1)
    func inside(_ x: Double, _ y: Double) -> Bool {
      let p = t.transform(Point(x: x, y: y))
      return p.x >= 1 && p.y >= 1 && p.x <= right && p.y <= bottom
    }
    return inside(box.minX, box.minY) && inside(box.maxX, box.minY) && inside(box.minX, box.maxY)
      && inside(box.maxX, box.maxY)
  }

}
