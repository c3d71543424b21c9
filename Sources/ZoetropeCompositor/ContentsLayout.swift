// SPDX-License-Identifier: Apache-2.0
// Where a layer's contents land: gravity, contentsScale, contentsRect and nine-slice, as per-axis maps.

import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeRaster

/// Where a layer's contents image lands in its bounds, and which image
/// pixels each layer coordinate shows — worked out once per layer and frame.
///
/// The shown part of the image is `contentsRect` (unit coordinates from the
/// image's top-left, scaled to its pixels: `[u0, u1] × [v0, v1]`). Its
/// natural size is that many pixels over `contentsScale`. The gravity places
/// it: resizing gravities scale it to the bounds (`resize` exactly,
/// `resizeAspect` to fit, `resizeAspectFill` to cover, both centred); the
/// others keep the natural size against an edge, a corner or the centre,
/// where `top` is the maximum y and `bottom` the minimum y (iOS's rule for a
/// layer whose contents are not flipped).
///
/// With a resizing gravity, `contentsCenter` cuts the shown part into nine:
///
///     u0    ua          ub    u1        image pixels (per axis)
///     ├─────┼───────────┼─────┤
///     │fixed│  stretch  │fixed│
///     ├─────┼───────────┼─────┤
///     x0  x0+L        x1−R   x1         layer coordinates
///
/// the fixed parts keep their natural size (pixels / contentsScale) — shrunk
/// in proportion when they do not fit — and the middle takes the rest.
struct ContentsLayout {
  /// The rectangle the shown part covers, in layer coordinates.
  let destination: Rect
  /// Layer x → image pixel x.
  let x: ImagePaint.AxisMap
  /// Layer y → image pixel y.
  let y: ImagePaint.AxisMap

  /// The layout of `content`'s image in `bounds`; `nil` when nothing shows
  /// (no image, an empty or non-finite contentsRect, a resizing gravity in
  /// empty bounds).
  init?(_ content: ContentsProperties, bounds: Rect) {
    guard let image = content.contents else { return nil }
    let r = content.contentsRect
    let width = Double(image.width), height = Double(image.height)
    let u0 = r.origin.x * width, u1 = (r.origin.x + r.size.width) * width
    let v0 = r.origin.y * height, v1 = (r.origin.y + r.size.height) * height
    guard [u0, u1, v0, v1].allSatisfy(\.isFinite), u0 != u1, v0 != v1 else { return nil }
    let scale = content.contentsScale > 0 && content.contentsScale.isFinite ? content.contentsScale : 1
    let natural = Size(width: Swift.abs(u1 - u0) / scale, height: Swift.abs(v1 - v0) / scale)
    let gravity = content.contentsGravity
    guard let destination = ContentsLayout.destination(gravity, natural: natural, bounds: bounds) else { return nil }
    self.destination = destination
    let center = gravity.isResizing ? content.contentsCenter : Rect(x: 0, y: 0, width: 1, height: 1)
    guard let x = ContentsLayout.axis(from: destination.minX, to: destination.maxX, image: (u0, u1),
                                      center: (center.origin.x, center.size.width), scale: scale),
      let y = ContentsLayout.axis(from: destination.minY, to: destination.maxY, image: (v0, v1),
                                  center: (center.origin.y, center.size.height), scale: scale)
    else { return nil }
    self.x = x
    self.y = y
  }

  /// Where a part of `natural` size lands in `bounds` (standardized).
  static func destination(_ gravity: ContentsGravity, natural: Size, bounds: Rect) -> Rect? {
    let b = bounds.standardized
    let w = natural.width, h = natural.height
    switch gravity {
    case .resize:
      return b.isEmpty ? nil : b
    case .resizeAspect, .resizeAspectFill:
      guard !b.isEmpty, w > 0, h > 0 else { return nil }
      let fit = gravity == .resizeAspect ? Swift.min(b.width / w, b.height / h) : Swift.max(b.width / w, b.height / h)
      let size = Size(width: w * fit, height: h * fit)
      return Rect(x: b.midX - size.width / 2, y: b.midY - size.height / 2, width: size.width, height: size.height)
    default:
      // Horizontal: left, centre or right; vertical: minimum y ("bottom"),
      // centre, or maximum y ("top").
      let x: Double = switch gravity {
      case .left, .topLeft, .bottomLeft: b.minX
      case .right, .topRight, .bottomRight: b.maxX - w
      default: b.midX - w / 2
      }
      let y: Double = switch gravity {
      case .bottom, .bottomLeft, .bottomRight: b.minY
      case .top, .topLeft, .topRight: b.maxY - h
      default: b.midY - h / 2
      }
      return Rect(x: x, y: y, width: w, height: h)
    }
  }

  /// One axis's map from `[start, end]` (layer) onto `image` (pixels, maybe
  /// reversed), with the stretchable part `center` (unit offset and length
  /// within the shown part, clamped to it; a part under one pixel becomes one
  /// pixel centred where it was).
  static func axis(from start: Double, to end: Double, image: (Double, Double), center: (Double, Double),
                   scale: Double) -> ImagePaint.AxisMap? {
    let (i0, i1) = image
    let span = i1 - i0
    let c0 = Swift.min(Swift.max(center.0.isFinite ? center.0 : 0, 0), 1)
    let c1 = Swift.min(Swift.max(center.0 + center.1, c0), 1)
    guard c0 > 0 || c1 < 1, center.1.isFinite else {
      return ImagePaint.AxisMap(layer: [start, end], image: [i0, i1])
    }
    var ia = i0 + c0 * span, ib = i0 + c1 * span
    if Swift.abs(ib - ia) < 1 {
      let middle = (ia + ib) / 2, half = span < 0 ? -0.5 : 0.5
      ia = middle - half
      ib = middle + half
    }
    var fixedStart = Swift.abs(ia - i0) / scale, fixedEnd = Swift.abs(i1 - ib) / scale
    let length = end - start
    if fixedStart + fixedEnd > length {
      let shrink = fixedStart + fixedEnd > 0 ? length / (fixedStart + fixedEnd) : 0
      fixedStart *= shrink
      fixedEnd *= shrink
    }
    return ImagePaint.AxisMap(layer: [start, start + fixedStart, end - fixedEnd, end], image: [i0, ia, ib, i1])
  }
}
