// SPDX-License-Identifier: Apache-2.0
// Drawing a layer's contents image: its layout, the region it covers, and the image paint.

import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeRaster

extension Compositor {
  /// Draws `p`'s contents image (over its background, under a shape or
  /// gradient and the sublayers): the destination rectangle of its layout
  /// is rasterized for coverage — so the image's edges are anti-aliased by
  /// geometry, not by sampling past them — and sampled through the inverse
  /// of `layerToDevice`. With `masksToBounds` only the part inside the
  /// rounded bounds shows: when the image covers the bounds the rounded
  /// bounds themselves are rasterized (their edges exact, not squared by a
  /// second clip), when it stays clear of the corners its rectangle cut to
  /// the bounds is, and otherwise its rectangle is clipped by `ownClip`.
  /// Inside replicator copies the image's pixels are multiplied by `tint`.
  /// An additive emitter's particles are added (`compositing` `.plus`).
  static func drawContents(_ p: LayerProperties, layerToDevice: Transform3D, opacity: Double, inheritedClip: ClipMask?,
                           ownClip: ClipMask?, tint: Color? = nil, compositing: ImagePaint.Compositing = .sourceOver,
                           context: Context, into frame: inout DisplayList) {
    guard let image = p.content.contents, let layout = ContentsLayout(p.content, bounds: p.bounds),
      let deviceToLayer = Homography(layerToDevice)?.inverted()
    else { return }
    let region: Path
    var clip = inheritedClip
    if p.masksToBounds {
      let shape = RoundedBounds(p)
      guard let visible = intersection(layout.destination, shape.rect) else { return }
      if visible == shape.rect {
        region = shape.path
      } else {
        region = .rect(visible)
        if reachesACorner(visible, of: shape) { clip = ownClip }
      }
    } else {
      region = .rect(layout.destination)
    }
    let filter: (ContentsFilter) -> ImagePaint.Filter = {
      switch $0 {
      case .linear: .linear
      case .nearest: .nearest
      case .trilinear: .trilinear
      }
    }
    var paint = ImagePaint(image: image, deviceToLayer: deviceToLayer, x: layout.x, y: layout.y,
                           minification: filter(p.content.minificationFilter),
                           magnification: filter(p.content.magnificationFilter), opacity: opacity, color: tint)
    paint.compositing = compositing
    if let runs = Rasterizer.shape(of: region, fillRule: .nonZero, transform: layerToDevice, canvas: context.canvas,
                                   scratch: context.scratch) {
      frame.fill(clipped(runs, by: clip), image: paint)
    }
  }

  /// The overlap of two rectangles; `nil` when it has no area.
  static func intersection(_ a: Rect, _ b: Rect) -> Rect? {
    let minX = Swift.max(a.minX, b.minX), maxX = Swift.min(a.maxX, b.maxX)
    let minY = Swift.max(a.minY, b.minY), maxY = Swift.min(a.maxY, b.maxY)
    guard maxX > minX, maxY > minY else { return nil }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// Whether `rect` (inside the bounds) enters the square region of one of
  /// `shape`'s rounded corners (`maskedCorners`), where the rounding cuts: a
  /// continuous corner's region is 1.528665 × the radius on a side.
  static func reachesACorner(_ rect: Rect, of shape: RoundedBounds) -> Bool {
    guard !shape.isRectangle else { return false }
    let b = shape.rect, e = shape.cornerExtent
    let left = rect.minX < b.minX + e, right = rect.maxX > b.maxX - e
    let top = rect.minY < b.minY + e, bottom = rect.maxY > b.maxY - e
    let c = shape.corners
    return (left && top && c.contains(.layerMinXMinYCorner)) || (right && top && c.contains(.layerMaxXMinYCorner))
      || (left && bottom && c.contains(.layerMinXMaxYCorner)) || (right && bottom && c.contains(.layerMaxXMaxYCorner))
  }
}
