// SPDX-License-Identifier: Apache-2.0
// A layer's bounds with its corners shaped: the one outline backgrounds, borders, clips and shadows share.

import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeRaster

/// The outline a layer's background, border, `masksToBounds` clip and
/// shadow follow: its standardized bounds with `cornerRadius` clamped to
/// 0…half the shorter side (NaN counts as 0), applied to the corners in
/// `maskedCorners` with the curve of `cornerCurve`, as Core Animation draws it.
///
/// Circular corners are quarter circles. Continuous corners are Apple's
/// smooth corner (RoundedBounds+Continuous.swift): while 1.528665 × radius
/// fits in half the shorter side; beyond, the corner turns into a circle
/// of half the shorter side (a capsule's end) as the radius grows.
struct RoundedBounds {
  /// The bounds, with a non-negative size.
  let rect: Rect
  /// The corner radius, 0…min(width, height) / 2.
  let radius: Double
  /// The corners that are rounded.
  let corners: CornerMask
  /// The curve of the rounded corners.
  let curve: CornerCurve

  /// The rounded bounds of a layer (borrowed: an initializer's argument is
  /// otherwise consumed, and every caller copied the properties).
  init(_ p: borrowing LayerProperties) {
    self.init(rect: p.bounds.standardized, cornerRadius: p.cornerRadius, corners: p.maskedCorners, curve: p.cornerCurve)
  }

  /// The rounded bounds of the layer properties `p` points at, read in place.
  init(_ p: UnsafePointer<LayerProperties>) {
    self.init(rect: p.pointee.bounds.standardized, cornerRadius: p.pointee.cornerRadius,
              corners: p.pointee.maskedCorners, curve: p.pointee.cornerCurve)
  }

  /// `rect` with `cornerRadius` clamped to what fits.
  init(rect: Rect, cornerRadius: Double, corners: CornerMask = .all, curve: CornerCurve = .circular) {
    self.rect = rect
    let limit = Swift.min(rect.width, rect.height) / 2
    radius = cornerRadius.isNaN ? 0 : Swift.max(0, Swift.min(cornerRadius, limit))
    self.corners = corners
    self.curve = curve
  }

  /// Whether the bounds have no area.
  var isEmpty: Bool { rect.isEmpty }

  /// Whether the outline is the plain rectangle.
  var isRectangle: Bool { radius == 0 || corners.isEmpty }

  /// The outline as a path, clockwise on screen from the top edge. Circular
  /// corners on all four sides are exactly `Path.roundedRect`.
  var path: Path {
    if isRectangle { return .rect(rect) }
    if curve == .circular && corners == .all { return .roundedRect(rect, cornerRadius: radius) }
    return outline()
  }

  /// How far a rounded corner reaches along each of its edges: the radius
  /// for circular corners, 1.528665 × the radius (or less, where it does not
  /// fit) for continuous ones.
  var cornerExtent: Double {
    curve == .circular ? radius : ContinuousCorner(radius: radius, rect: rect).extent
  }

  /// How far the rounded corners reach into the bounds from the top and the
  /// bottom edge (0 where both corners of that edge are square).
  var cornerExtents: (top: Double, bottom: Double) {
    let extent = cornerExtent
    let top = corners.contains(.layerMinXMinYCorner) || corners.contains(.layerMaxXMinYCorner)
    let bottom = corners.contains(.layerMinXMaxYCorner) || corners.contains(.layerMaxXMaxYCorner)
    return (top ? extent : 0, bottom ? extent : 0)
  }

  /// The shape inset by `width` on every side (a border's inner edge), its
  /// radius reduced by as much; empty when the inset swallows it.
  func inset(by width: Double) -> RoundedBounds {
    let inner = Rect(x: rect.minX + width, y: rect.minY + width, width: rect.width - 2 * width,
                     height: rect.height - 2 * width)
    return RoundedBounds(rect: inner.width > 0 && inner.height > 0 ? inner : .zero, cornerRadius: radius - width,
                         corners: corners, curve: curve)
  }

  /// The coverage of the outline under `transform`; `nil` when nothing
  /// lands on the canvas. Axis-aligned outlines have edges only in the rows
  /// the corners touch; for an `opaque` fill, their lists know the pixels
  /// between the corners they cover wholly (``Rasterizer/roundedShape(_:bounds:cornerExtents:transform:canvas:findsInterior:scratch:)``).
  /// With a `cache`, the coverage of an outline the frame drew already,
  /// moved by whole pixels, when it is the same.
  func coverage(transform: Transform3D, canvas: Rasterizer.Canvas, scratch: RasterScratch?,
                cache: CoverageCache? = nil, opaque: Bool = false) -> ShapeCoverage? {
    guard !isEmpty, !missesCanvasRows(under: transform, canvas) else { return nil }
    guard let cache else {
      return coverage(of: path, transform: transform, canvas: canvas, opaque: opaque, scratch: scratch)
    }
    // Found again by its numbers: the path is built only to make it. (Made
    // for an opaque fill or not, whichever came first: the interior is
    // only what playback may skip, never what it draws.)
    return cache.shape(of: cacheOutline(), method: RoundedBounds.cacheMethod, transform: transform, canvas: canvas,
                       scratch: scratch) {
      coverage(of: path, transform: transform, canvas: canvas, opaque: opaque, scratch: scratch)
    }
  }

  /// Whether the bounds under `transform` (affine) lie wholly above or
  /// below the canvas, farther than the rasterizer's margin
  /// (`Rasterizer.missesCanvas`) and a pixel more: then the outline covers
  /// nothing, and making it would spend nothing (the rasterizer returns
  /// before flattening it, the rounded rows find no row between the corners),
  /// so it is neither built, looked up, nor kept. A frame's rows off the
  /// canvas are where a scrolled screen keeps most of its layers (a third
  /// of the `ui` bench scene's). Beside the canvas, the rasterizer still
  /// makes the corners' edges it makes, and is asked as before.
  func missesCanvasRows(under transform: Transform3D, _ canvas: Rasterizer.Canvas) -> Bool {
    guard transform.isAffine else { return false }
    let t = transform.affineTransform, large = Double(1 << 40)
    guard Swift.abs(rect.minX) < large, Swift.abs(rect.maxX) < large, Swift.abs(rect.minY) < large,
      Swift.abs(rect.maxY) < large
    else { return false }
    // The corners' device rows (no array: this runs for every outline drawn).
    var minY = Double.infinity, maxY = -Double.infinity
    func include(_ x: Double, _ y: Double) {
      let p = t.transform(Point(x: x, y: y))
      minY = Swift.min(minY, p.y)
      maxY = Swift.max(maxY, p.y)
    }
    include(rect.minX, rect.minY); include(rect.maxX, rect.minY)
    include(rect.minX, rect.maxY); include(rect.maxX, rect.maxY)
    let norm = Swift.abs(t.a) + Swift.abs(t.b) + Swift.abs(t.c) + Swift.abs(t.d)
    let margin = 2 + 1e-5 * norm * (rect.width + rect.height)
    guard margin.isFinite, Swift.abs(minY) < large, Swift.abs(maxY) < large else { return false }
    return maxY <= -margin || minY >= Double(canvas.height) + margin
  }

  /// The outline in the few numbers that determine its path (and, for a
  /// border's ring, the border's width), for a ``CoverageCache`` key.
  func cacheOutline(borderWidth: Double = 0) -> CoverageCache.Outline {
    let shape = UInt64(corners.rawValue) | (curve == .circular ? 0 : 1 << 8)
    return CoverageCache.Outline(SIMD8(rect.minX.bitPattern, rect.minY.bitPattern, rect.width.bitPattern,
                                       rect.height.bitPattern, radius.bitPattern, shape, borderWidth.bitPattern, 0),
                                 boundingBox: rect)
  }

  /// ``coverage(transform:canvas:scratch:cache:opaque:)`` of `outline` (this outline's path), made now.
  private func coverage(of outline: Path, transform: Transform3D, canvas: Rasterizer.Canvas, opaque: Bool = false,
                        scratch: RasterScratch?) -> ShapeCoverage? {
    if !isRectangle, let shape = Rasterizer.roundedShape(outline, bounds: rect, cornerExtents: cornerExtents,
                                                         transform: transform, canvas: canvas, findsInterior: opaque,
                                                         scratch: scratch) {
      return shape
    }
    return Rasterizer.shape(of: outline, fillRule: .nonZero, transform: transform, canvas: canvas, scratch: scratch)
  }

  /// How a ``CoverageCache`` tells the coverage of an outline (made by
  /// ``coverage(transform:canvas:scratch:cache:opaque:)``) from that of a path filled alone.
  static let cacheMethod = 1

  /// The coverage runs of the outline under `transform` (resolved now, for
  /// a clip or a mask); `nil` when nothing lands on the canvas. With a
  /// `cache`, the runs of an outline the frame resolved already, moved by
  /// whole pixels, when they are the same.
  func spans(transform: Transform3D, canvas: Rasterizer.Canvas, scratch: RasterScratch?,
             cache: CoverageCache? = nil) -> CoverageSpans? {
    guard let cache, !isEmpty else {
      return coverage(transform: transform, canvas: canvas, scratch: scratch)?.runs(scratch: scratch)
    }
    guard !missesCanvasRows(under: transform, canvas) else { return nil }
    return cache.runs(of: cacheOutline(), method: RoundedBounds.cacheMethod, transform: transform, canvas: canvas,
                      scratch: scratch) {
      coverage(transform: transform, canvas: canvas, scratch: scratch)?.runs(scratch: scratch)
    }
  }

  /// The outline corner by corner: square corners are the rectangle's
  /// vertex, rounded ones the curve (the one path geometry shared with
  /// `Path.continuousRoundedRect`).
  private func outline() -> Path {
    Path.roundedOutline(rect, radius: radius, topLeft: corners.contains(.layerMinXMinYCorner),
                        topRight: corners.contains(.layerMaxXMinYCorner),
                        bottomRight: corners.contains(.layerMaxXMaxYCorner),
                        bottomLeft: corners.contains(.layerMinXMaxYCorner), continuous: curve == .continuous)
  }
}
