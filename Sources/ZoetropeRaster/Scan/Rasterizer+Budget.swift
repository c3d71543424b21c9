// SPDX-License-Identifier: Apache-2.0
// Pricing geometry before it is flattened, and cutting huge geometry down to what can reach the canvas.

import ZoetropeGeometry

extension Rasterizer {
  /// Paths estimated to flatten into more segments than this are first cut
  /// down to what can reach the canvas (exactly: see `Path.culledForFill`
  /// and `Path.culledForStroke`). Below it nothing is cut, so ordinary
  /// scenes draw exactly as they always did.
  package static let cullingThreshold = 65_536

  /// Whether everything within `box` (the path's units) grown by `reach`
  /// lies well beyond one side of the canvas under `t`: then nothing of it
  /// lands on the canvas, and there is nothing to flatten.
  ///
  /// "Well beyond" is a pixel plus what flattening may stray outside a
  /// curve's control points: a cubic is cut into at most 64 quadratic
  /// pieces, each off the curve by up to 0.048 × |third difference| / 64³,
  /// at most 1.5 × 10⁻⁶ of the box's size; ten times that is allowed.
  /// Coordinates of 2⁴⁰ and beyond (where a stroke's offsets round by more
  /// than that) and boxes that are not finite are never said to miss.
  static func missesCanvas(_ box: Rect, reach: Double = 0, under t: AffineTransform, _ canvas: Canvas) -> Bool {
    let (left, right) = (box.minX - reach, box.maxX + reach), (top, bottom) = (box.minY - reach, box.maxY + reach)
    let large = Double(1 << 40)
    guard Swift.abs(left) < large, Swift.abs(right) < large, Swift.abs(top) < large, Swift.abs(bottom) < large
    else { return false }
    // The corners' device x and y spans (no arrays: this runs for every shape drawn).
    var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
    func include(_ x: Double, _ y: Double) {
      let p = t.transform(Point(x: x, y: y))
      minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
      minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
    }
    include(left, top); include(right, top); include(left, bottom); include(right, bottom)
    guard Swift.abs(minX) < large, Swift.abs(maxX) < large, Swift.abs(minY) < large, Swift.abs(maxY) < large
    else { return false }
    let norm = Swift.abs(t.a) + Swift.abs(t.b) + Swift.abs(t.c) + Swift.abs(t.d)
    let margin = 1 + 1e-5 * norm * ((right - left) + (bottom - top))
    guard margin.isFinite else { return false }
    let width = Double(canvas.width), height = Double(canvas.height)
    return maxX <= -margin || maxY <= -margin || minX >= width + margin || minY >= height + margin
  }

  /// The device pixels geometry can affect, with a pixel to spare.
  static func canvasRegion(_ canvas: Canvas) -> Rect {
    Rect(x: -1, y: -1, width: Double(canvas.width) + 2, height: Double(canvas.height) + 2)
  }

  /// The path a fill flattens and the affine map it flattens it under: the
  /// path itself under `transform` — or, when it would flatten into more than
  /// ``cullingThreshold`` segments under an affine map, its device-space copy
  /// with the curves off the canvas replaced by chords, under the identity.
  /// `nil` when the segments do not fit the frame's budget (the overrun is
  /// recorded in `budget`; without one, the path alone is priced against a
  /// whole frame's).
  static func affordableFill(_ path: Path, transform: Transform3D, canvas: Canvas, budget: FrameBudget?)
    -> (Path, AffineTransform)?
  {
    let budget = budget ?? FrameBudget()
    guard budget.isWithin else { return nil }
    guard transform.isAffine else {
      let estimate = path.flattenedSegmentEstimate(tolerance: tolerance / deviceScale(of: transform))
      return budget.spend(segments: estimate, on: "filling its shape") ? (path, .identity) : nil
    }
    let t = transform.affineTransform
    var drawn = path, flattening = t
    var estimate = path.flattenedSegmentEstimate(tolerance: tolerance, transform: t)
    if estimate > cullingThreshold {
      drawn = path.applying(t).culledForFill(outside: canvasRegion(canvas))
      flattening = .identity
      estimate = drawn.flattenedSegmentEstimate(tolerance: tolerance)
    }
    return budget.spend(segments: estimate, on: "filling its shape") ? (drawn, flattening) : nil
  }

  /// The coverage of the stroke of `path` (in layer coordinates) under
  /// `transform`: the path trimmed to `start…end` (fractions of its length,
  /// measured once per path and kept across frames by ``MeasurementCache``),
  /// flattened in layer space within ``tolerance`` device pixels, dashed and
  /// stroked, then rasterized with the non-zero rule. `nil` when nothing
  /// lands on the canvas, or when the stroke does not fit the frame's
  /// budget (the overrun is recorded in `scratch`'s).
  ///
  /// A path that would flatten into more than ``cullingThreshold`` segments
  /// first loses the pieces whose stroke cannot reach the canvas: everything
  /// farther from it than the stroke's reach (half the line width, times the
  /// miter limit for miter joins or √2 for square caps). Under a perspective
  /// map, or with dashes (whose pattern restarts at each subpath), nothing is
  /// cut and the budget alone decides.
  ///
  /// With `outlines`, an outline kept there for the same path, style, trim
  /// and tolerance is placed again without stroking (its making's charges
  /// spent again, in the same order), and one made is kept there.
  package static func strokeShape(of path: Path, style: StrokeStyle, trimmedFrom start: Double = 0,
                                  to end: Double = 1, transform: Transform3D, canvas: Canvas,
                                  scratch: RasterScratch? = nil, outlines: StrokeOutlineCache? = nil) -> ShapeCoverage? {
    let budget = scratch?.budget ?? FrameBudget()
    guard budget.isWithin else { return nil }
    if transform.isAffine,
      missesCanvas(path.boundingBox, reach: strokeReach(style), under: transform.affineTransform, canvas)
    {
      return nil
    }
    let tolerance = Rasterizer.tolerance / deviceScale(of: transform)
    let outline: [Polyline]
    if let kept = outlines?.entry(for: path, style: style, from: start, to: end, tolerance: tolerance) {
      // What stroking it spent, spent again in the same order.
      guard budget.spend(segments: kept.segments, on: "stroking its path"),
        kept.dashes.map({ budget.spend(dashes: $0, on: "dashing its stroke") }) ?? true
      else { return nil }
      let room = budget.limits.segments - budget.segments
      guard kept.points <= room else {
        _ = budget.spend(segments: room + 1, on: "the outline of its stroke")
        return nil
      }
      guard budget.spend(segments: kept.points, on: "the outline of its stroke") else { return nil }
      outline = kept.outline
    } else {
      guard let made = strokeOutline(of: path, style: style, trimmedFrom: start, to: end, tolerance: tolerance,
                                     transform: transform, canvas: canvas, budget: budget)
      else { return nil }
      if !made.isCulled {
        outlines?.keep(made.outline, for: path, style: style, from: start, to: end, tolerance: tolerance,
                       segments: made.segments, dashes: made.dashes, points: made.points)
      }
      outline = made.outline
    }
    guard var shape = shape(ofLayerPolylines: consume outline, fillRule: .nonZero, transform: transform,
                            canvas: canvas, scratch: scratch)
    else { return nil }
    // A stroked rectangle's inside, known uncovered.
    let inside = emptyInside(ofStroke: path, style: style, transform: transform)
    if !inside.isEmpty {
      for k in shape.pieces.indices {
        guard case .edges(var list) = shape.pieces[k] else { continue }
        list.empty = inside
        shape.pieces[k] = .edges(list)
      }
    }
    return shape
  }

  /// The outline of the stroke of `path` in layer space (see
  /// ``strokeShape(of:style:trimmedFrom:to:transform:canvas:scratch:outlines:)``),
  /// with the segments, dashes and points `budget` was charged for it and
  /// whether the path was first cut down to what `transform` puts on the
  /// canvas (then the outline holds for this transform only); `nil` past the
  /// budget.
  private static func strokeOutline(of path: Path, style: StrokeStyle, trimmedFrom start: Double, to end: Double,
                                    tolerance: Double, transform: Transform3D, canvas: Canvas, budget: FrameBudget)
    -> (outline: [Polyline], segments: Int, dashes: Int?, points: Int, isCulled: Bool)?
  {
    // A partial stroke cuts a path measured once per clip, and a still one
    // cuts it once (see MeasurementCache).
    var drawn = start > 0 || end < 1 ? MeasurementCache.shared.trimmed(path, from: start, to: end) : path
    var estimate = drawn.flattenedSegmentEstimate(tolerance: tolerance)
    var isCulled = false
    if estimate > cullingThreshold, style.dashPattern.isEmpty,
      let region = strokeRegion(style: style, transform: transform, canvas: canvas)
    {
      drawn = drawn.culledForStroke(outside: region)
      estimate = drawn.flattenedSegmentEstimate(tolerance: tolerance)
      isCulled = true
    }
    guard budget.spend(segments: estimate, on: "stroking its path") else { return nil }
    let lines = drawn.flattened(tolerance: tolerance)
    var dashes: Int?
    if !style.dashPattern.isEmpty {
      dashes = dashEstimate(lines, style: style)
      guard budget.spend(dashes: dashes!, on: "dashing its stroke") else { return nil }
    }
    let room = budget.limits.segments - budget.segments
    guard let outline = Stroker.stroke(lines, style: style, tolerance: tolerance, maximumPoints: room) else {
      _ = budget.spend(segments: room + 1, on: "the outline of its stroke")
      return nil
    }
    let points = outline.reduce(0) { $0 + $1.points.count }
    guard budget.spend(segments: points, on: "the outline of its stroke") else { return nil }
    return (outline, estimate, dashes, points, isCulled)
  }

  /// The canvas in layer coordinates (its bounding box under the inverse of
  /// an affine `transform`), grown by how far a stroke's outline can stray
  /// from its path; `nil` under a perspective or singular map.
  static func strokeRegion(style: StrokeStyle, transform: Transform3D, canvas: Canvas) -> Rect? {
    guard transform.isAffine, let inverse = transform.affineTransform.inverted() else { return nil }
    let device = canvasRegion(canvas)
    let corners = [Point(x: device.minX, y: device.minY), Point(x: device.maxX, y: device.minY),
                   Point(x: device.minX, y: device.maxY), Point(x: device.maxX, y: device.maxY)].map(inverse.transform)
    let xs = corners.map(\.x), ys = corners.map(\.y)
    let reach = strokeReach(style)
    guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(), reach.isFinite,
      minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite
    else { return nil }
    let region = Rect(x: minX - reach, y: minY - reach, width: maxX - minX + 2 * reach, height: maxY - minY + 2 * reach)
    return region.width.isFinite && region.height.isFinite ? region : nil
  }

  /// How far a stroke's outline can stray from its path (in the path's
  /// units): miter tips reach the miter limit in half widths, square caps
  /// √2 of one, and round joins and caps are polygons a few per cent
  /// outside their arcs. Never negative (a negative width reaches as far as
  /// its size); not finite for a width or limit that is not.
  package static func strokeReach(_ style: StrokeStyle) -> Double {
    var factor = 1.0
    if style.lineJoin == .miter { factor = Swift.max(factor, style.miterLimit) }
    if style.lineCap == .square { factor = Swift.max(factor, 2.0.squareRoot()) }
    return Swift.abs(style.lineWidth) / 2 * factor * 1.1
  }

  /// About how many dashes `style`'s pattern cuts `lines` into (an upper
  /// bound: every period of the pattern over the lines' length, plus one a
  /// line); 0 for a pattern that draws solid.
  static func dashEstimate(_ lines: [Polyline], style: StrokeStyle) -> Int {
    let period = style.dashPattern.reduce(0, +)
    guard period > 0, period.isFinite else { return 0 }
    // An odd-length pattern alternates on and off across repetitions: at
    // most one dash per entry of the pattern in each period.
    let perPeriod = Double(style.dashPattern.count)
    var total = 0.0
    for line in lines where line.points.count > 1 {
      var length = 0.0
      for i in 1..<line.points.count { length += line.points[i - 1].distance(to: line.points[i]) }
      if line.isClosed, let first = line.points.first, let last = line.points.last { length += last.distance(to: first) }
      total += (length / period).rounded(.up) * perPeriod + 1
    }
    return total < Double(Int.max / 2) ? Int(total) : Int.max / 2
  }
}
