// SPDX-License-Identifier: Apache-2.0
// Paths and polylines under a layer→device transform, to coverage runs: flattening, projection, fast paths.

import ZoetropeGeometry

extension Rasterizer {
  /// The flattening tolerance in device pixels: every flattened curve stays
  /// within this distance of the true curve after the transform.
  package static let tolerance = 0.05

  /// A canvas the runs are clipped to, `width × height` device pixels.
  package struct Canvas: Sendable {
    /// Width in pixels, ≥ 0.
    package var width: Int
    /// Height in pixels, ≥ 0.
    package var height: Int

    /// A canvas of `width × height` pixels.
    package init(width: Int, height: Int) {
      self.width = width
      self.height = height
    }
  }

  /// The coverage of `path` (in layer coordinates) under `transform`,
  /// flattened within ``tolerance`` device pixels; `nil` when nothing lands
  /// on the canvas. Axis-aligned rectangles need no edges; under a
  /// perspective transform the geometry is clipped against the plane just in
  /// front of the viewer before it is projected.
  ///
  /// `rows` limits the shape to those device rows (what a mask needs of
  /// itself over the one piece it clips).
  package static func shape(of path: Path, fillRule: FillRule, transform: Transform3D, canvas: Canvas,
                            rows: Range<Int>? = nil, scratch: RasterScratch? = nil) -> ShapeCoverage? {
    if rows == nil, transform.isAffine, transform.m12 == 0, transform.m21 == 0, let rect = path.axisAlignedRectangle {
      let (t, offset) = framed(transform.affineTransform)
      let a = t.transform(Point(x: rect.minX, y: rect.minY)), b = t.transform(Point(x: rect.maxX, y: rect.maxY))
      if a.isFinite && b.isFinite {
        return RectangleCoverage(minX: Swift.min(a.x, b.x), minY: Swift.min(a.y, b.y), maxX: Swift.max(a.x, b.x),
                                 maxY: Swift.max(a.y, b.y), canvasWidth: canvas.width, canvasHeight: canvas.height,
                                 offset: offset).map { ShapeCoverage(.rectangle($0)) }
      }
    }
    if transform.isAffine, missesCanvas(path.boundingBox, under: transform.affineTransform, canvas) { return nil }
    // Priced (and, when huge, cut down to what can reach the canvas) before
    // anything is flattened: see Rasterizer+Budget.swift.
    guard let (drawn, flattening) = affordableFill(path, transform: transform, canvas: canvas, budget: scratch?.budget)
    else { return nil }
    guard transform.isAffine else {
      let lines = project(drawn.flattened(tolerance: tolerance / deviceScale(of: transform)), through: transform)
      return shape(of: lines, fillRule: fillRule, canvasWidth: canvas.width, canvasHeight: canvas.height, rows: rows,
                   scratch: scratch)
    }
    let (local, offset) = framed(flattening)
    return shape(of: drawn.flattened(tolerance: tolerance, transform: local), fillRule: fillRule,
                 canvasWidth: canvas.width, canvasHeight: canvas.height, rows: rows, offset: offset, scratch: scratch)
  }

  /// `t` with the whole pixels of its translation taken out, and those
  /// pixels: what is flattened and rounded under the first lands at the
  /// second, so that a shape moved by whole pixels is the same shape, moved
  /// (the bytes do not depend on where it lies). The fraction left is
  /// snapped to ``translationGrid`` — far below what the 1/256-pixel grid
  /// shows, and above the floating-point noise of adding positions — so that
  /// two placements a whole number of pixels apart, up to that noise, frame
  /// the same shape. A translation beyond ±2²² pixels (off any canvas) or
  /// not finite is left in: the frame's coordinates, in 1/256 of a pixel,
  /// must stay within the edges' 32 bits (±2³¹ ≥ 256 × (2²² + the canvas)).
  package static func framed(_ t: AffineTransform) -> (AffineTransform, (x: Int, y: Int)) {
    let limit = Double(1 << 22)
    guard t.tx.isFinite, t.ty.isFinite, Swift.abs(t.tx) < limit, Swift.abs(t.ty) < limit else { return (t, (0, 0)) }
    // The fraction on the grid; one that rounds up to a whole pixel carries.
    func split(_ v: Double) -> (Int, Double) {
      let whole = v.rounded(.down)
      let steps = ((v - whole) * translationGrid).rounded()
      return steps == translationGrid ? (Int(whole) + 1, 0) : (Int(whole), steps / translationGrid)
    }
    let (x, fx) = split(t.tx), (y, fy) = split(t.ty)
    var local = t
    local.tx = fx
    local.ty = fy
    return (local, (x, y))
  }

  /// Steps a pixel the fraction of a translation is snapped to (2²⁰).
  package static let translationGrid = Double(1 << 20)

  /// The coverage of polylines in layer coordinates (already flattened, such
  /// as a stroke's outline) under `transform`; `nil` when nothing lands on
  /// the canvas.
  ///
  /// The polylines are taken (`consuming`): a caller handing over its last
  /// copy has their points transformed where they are, not copied.
  package static func shape(ofLayerPolylines polylines: consuming [Polyline], fillRule: FillRule,
                            transform: Transform3D, canvas: Canvas, scratch: RasterScratch? = nil) -> ShapeCoverage? {
    guard transform.isAffine else {
      return shape(of: project(polylines, through: transform), fillRule: fillRule, canvasWidth: canvas.width,
                   canvasHeight: canvas.height, scratch: scratch)
    }
    let (t, offset) = framed(transform.affineTransform)
    // Under the identity (a layer moved by whole pixels) the points are
    // taken as they are: transforming them gives the same numbers (but for
    // the sign of a zero, which nothing after tells apart; a point that is
    // not finite makes the shape cover nothing either way).
    var lines = consume polylines
    if t != .identity {
      for i in lines.indices {
        lines[i].points.withUnsafeMutableBufferPointer { points in
          for k in points.indices { points[k] = t.transform(points[k]) }
        }
      }
    }
    return shape(of: lines, fillRule: fillRule, canvasWidth: canvas.width, canvasHeight: canvas.height,
                 offset: offset, scratch: scratch)
  }

  /// The coverage of a rounded rectangle under an axis-aligned transform:
  /// the rows between the corners are a plain rectangle; only the rows the
  /// corners touch have edges. `nil` when the transform is not axis-aligned
  /// or the corners leave no whole row between them (the caller takes the
  /// general path).
  ///
  ///     ╭──────────╮  rows touched by corners: edges
  ///     │          │  rows strictly between:   a rectangle
  ///     ╰──────────╯  rows touched by corners: edges
  package static func roundedRectangle(_ bounds: Rect, radius: Double, transform: Transform3D, canvas: Canvas,
                                       scratch: RasterScratch? = nil) -> ShapeCoverage? {
    roundedShape(Path.roundedRect(bounds, cornerRadius: radius), bounds: bounds, cornerExtents: (radius, radius),
                 transform: transform, canvas: canvas, scratch: scratch)
  }

  /// The coverage of a rectangle whose corners are shaped (rounded,
  /// continuous, some square) under an axis-aligned transform: `path` is the
  /// outline, convex, filling `bounds`, and its corners reach
  /// `cornerExtents.top` down from the top edge and `cornerExtents.bottom`
  /// up from the bottom edge (layer units); the rows between are a plain
  /// rectangle. `nil` when the transform is not axis-aligned or no whole row
  /// lies between. With `findsInterior` (for an opaque fill, which replaces
  /// what lies below), the corners' lists know the pixels between the
  /// corners they cover wholly (``EdgeList/interior``, from
  /// ``flatSidesInterior(_:bounds:)``), when the corners are a band tall.
  package static func roundedShape(_ path: Path, bounds: Rect, cornerExtents: (top: Double, bottom: Double),
                                   transform: Transform3D, canvas: Canvas, findsInterior: Bool = false,
                                   scratch: RasterScratch? = nil) -> ShapeCoverage? {
    guard transform.isAffine, transform.m12 == 0, transform.m21 == 0 else { return nil }
    // Worked out in the shape's own frame (see ``framed(_:)``), rows moved to the device's.
    let (t, offset) = framed(transform.affineTransform)
    let a = t.transform(Point(x: bounds.minX, y: bounds.minY)), b = t.transform(Point(x: bounds.maxX, y: bounds.maxY))
    let top = Swift.min(a.y, b.y), bottom = Swift.max(a.y, b.y)
    let left = Swift.min(a.x, b.x), right = Swift.max(a.x, b.x)
    // A flip puts the layer's top corners at the bottom.
    let (upper, lower) = a.y <= b.y ? cornerExtents : (cornerExtents.bottom, cornerExtents.top)
    let upperRows = upper * Swift.abs(t.d), lowerRows = lower * Swift.abs(t.d)
    guard top.isFinite, bottom.isFinite, left.isFinite, right.isFinite, upperRows.isFinite, lowerRows.isFinite
    else { return nil }
    // Whole pixel rows clear of both corners (in the frame: the canvas lies
    // `offset.y` rows up).
    let low = Double(-offset.y) - 1, high = Double(canvas.height - offset.y) + 1
    let bandTop = Int(Swift.min(Swift.max(top + upperRows, low), high).rounded(.up))
    let bandBottom = Int(Swift.min(Swift.max(bottom - lowerRows, low), high).rounded(.down))
    guard bandBottom > bandTop else { return nil }
    let lines = path.flattened(tolerance: tolerance, transform: t)
    // Usually three pieces: the upper corners' edges, the middle, the lower corners' edges.
    var pieces: [ShapeCoverage.Piece] = []
    pieces.reserveCapacity(3)
    let bounds = EdgeList.Bounds(lines)
    // Corners a band tall or more (16 rows, the default) leave whole bands
    // between their top side and their end; shorter ones are not worth the
    // scan.
    let tall = findsInterior && Swift.max(upperRows, lowerRows) >= Double(EdgeList.bucketRows)
    let interior = tall ? flatSidesInterior(lines, bounds: bounds) : DeviceRect(width: 0, height: 0)
    func addCorners(_ rows: Range<Int>) {
      // What `shape(of:…rows:…)` gives, without a shape of one piece around it.
      if let corners = EdgeList(lines, fillRule: .nonZero, canvasWidth: canvas.width, canvasHeight: canvas.height,
                                rows: rows, offset: offset, budget: scratch?.budget, bounds: bounds,
                                interior: interior) {
        pieces.append(.edges(corners))
      }
    }
    addCorners(Int.min..<(bandTop + offset.y))
    if let middle = RectangleCoverage(minX: left, minY: Double(bandTop), maxX: right, maxY: Double(bandBottom),
                                      canvasWidth: canvas.width, canvasHeight: canvas.height, offset: offset)
    {
      pieces.append(.rectangle(middle))
    }
    addCorners((bandBottom + offset.y)..<Int.max)
    return pieces.isEmpty ? nil : ShapeCoverage(pieces: pieces)
  }

  /// The largest factor by which `t` stretches lengths near the layer origin
  /// (at least 1e-6; 1 when it cannot be told).
  package static func deviceScale(of t: Transform3D) -> Double {
    let sx = (t.m11 * t.m11 + t.m12 * t.m12).squareRoot(), sy = (t.m21 * t.m21 + t.m22 * t.m22).squareRoot()
    let s = Swift.max(sx, sy) / Swift.max(Swift.abs(t.m44), 1e-9)
    return s.isFinite && s > 0 ? Swift.max(s, 1e-6) : 1
  }

  /// The smallest `w` a projected point keeps: geometry behind it (at or
  /// behind the viewer) is cut away.
  package static let nearPlaneW = 1e-6

  /// Projects closed layer-space polygons through a perspective transform.
  ///
  /// Each polygon is clipped in homogeneous coordinates against the plane
  /// `w = nearPlaneW` first (Sutherland–Hodgman), so a layer that reaches
  /// behind the viewer keeps the part in front of it with a straight cut,
  /// instead of losing vertices one by one (which bent its outline).
  ///
  ///        viewer
  ///          ▼         the part with w > 0 is kept; the edge crossing the
  ///     ─────┼─────    plane ends at the crossing, and the cut is closed
  ///      ╲   │   ╱     along the plane.
  static func project(_ polylines: [Polyline], through t: Transform3D) -> [Polyline] {
    polylines.compactMap { line in
      var projected: [Point] = []
      projected.reserveCapacity(line.points.count + 2)
      func homogeneous(_ p: Point) -> (x: Double, y: Double, w: Double) {
        (p.x * t.m11 + p.y * t.m21 + t.m41, p.x * t.m12 + p.y * t.m22 + t.m42, p.x * t.m14 + p.y * t.m24 + t.m44)
      }
      func emit(_ h: (x: Double, y: Double, w: Double)) {
        let p = Point(x: h.x / h.w, y: h.y / h.w)
        if p.isFinite { projected.append(p) }
      }
      guard var previous = line.points.last.map(homogeneous) else { return nil }
      for point in line.points {
        let current = homogeneous(point)
        let previousInside = previous.w >= nearPlaneW, currentInside = current.w >= nearPlaneW
        if previousInside != currentInside {
          // The crossing of the edge previous → current with the plane.
          let f = (nearPlaneW - previous.w) / (current.w - previous.w)
          emit((previous.x + f * (current.x - previous.x), previous.y + f * (current.y - previous.y), nearPlaneW))
        }
        if currentInside { emit(current) }
        previous = current
      }
      return projected.count > 2 ? Polyline(points: projected, isClosed: true) : nil
    }
  }
}
