// SPDX-License-Identifier: Apache-2.0
// A layer's contents image and how it is placed: gravity, contentsRect, contentsCenter, scale, filters.

import ZoetropeGeometry
import ZoetropePixels

/// How a layer's contents are placed in its bounds (`CALayerContentsGravity`;
/// raw values are Core Animation's names).
///
/// Layer space has y growing downwards, as on iOS, and Core Animation names
/// the vertical gravities after the axis, not the screen: `bottom` means the
/// minimum y and `top` the maximum y. A layer of Zoetrope is a plain
/// `CALayer` whose contents are not flipped, so — exactly as such a layer on
/// iOS shows it — `top`, `topLeft` and `topRight` put the image against the
/// bottom edge as drawn, and `bottom`, `bottomLeft` and `bottomRight`
/// against the top edge. The image itself is always upright.
///
///     gravity      drawn at              gravity       drawn at
///     top          bottom edge, centre   bottomLeft    top-left corner
///     bottom       top edge, centre      topRight      bottom-right corner
public enum ContentsGravity: String, Hashable, Sendable, CaseIterable {
  /// Natural size, centred.
  case center
  /// Natural size, centred horizontally, against the maximum-y edge (drawn at the bottom).
  case top
  /// Natural size, centred horizontally, against the minimum-y edge (drawn at the top).
  case bottom
  /// Natural size, centred vertically, against the left edge.
  case left
  /// Natural size, centred vertically, against the right edge.
  case right
  /// Natural size, left edge, maximum y (drawn bottom left).
  case topLeft
  /// Natural size, right edge, maximum y (drawn bottom right).
  case topRight
  /// Natural size, left edge, minimum y (drawn top left).
  case bottomLeft
  /// Natural size, right edge, minimum y (drawn top right).
  case bottomRight
  /// Stretched over the bounds (the default).
  case resize
  /// Scaled to fit inside the bounds, aspect kept, centred.
  case resizeAspect
  /// Scaled to cover the bounds, aspect kept, centred (overflowing them).
  case resizeAspectFill

  /// Whether the image is scaled to the bounds (`contentsCenter` applies) rather than shown at its natural size.
  public var isResizing: Bool { self == .resize || self == .resizeAspect || self == .resizeAspectFill }
}

/// How contents are sampled when drawn smaller or larger than their pixels
/// (`CALayerContentsFilter`; raw values are Core Animation's names).
public enum ContentsFilter: String, Hashable, Sendable, CaseIterable {
  /// Bilinear interpolation of the four nearest pixels (the default).
  case linear
  /// The nearest pixel: hard-edged pixel art.
  case nearest
  /// Bilinear in the two nearest mipmap levels, blended: smooth minification.
  /// As a magnification filter it is `linear`.
  case trilinear
}

/// The `CALayer` properties of its contents image. Every layer has them;
/// they draw something only when `contents` is set.
public struct ContentsProperties: Hashable, Sendable {
  /// The image, or `nil` (the default) for none.
  public var contents: Image?
  /// How the image is placed in the bounds. Default `resize`.
  public var contentsGravity = ContentsGravity.resize
  /// The part of the image shown, in unit coordinates of the image with the
  /// origin at its top-left corner. Default `[0, 0, 1, 1]`, the whole image;
  /// outside the unit square the edge pixels extend. An empty or non-finite
  /// rectangle draws nothing. A keyframe animation of it is a sprite sheet.
  public var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)
  /// The part of `contentsRect`'s image that stretches, in unit coordinates of
  /// it (nine-slice scaling): the corners outside it keep their size, the
  /// edges stretch in one direction, the centre in both. Only the resizing
  /// gravities use it. Default `[0, 0, 1, 1]`, all of it stretches. A side
  /// under one pixel becomes one pixel centred where it is.
  public var contentsCenter = Rect(x: 0, y: 0, width: 1, height: 1)
  /// Image pixels per point for the non-resizing gravities (and the corners
  /// of `contentsCenter`). Default 1; a value that is not positive and finite counts as 1.
  public var contentsScale = 1.0
  /// The filter when the image is drawn smaller than its pixels. Default `linear`.
  public var minificationFilter = ContentsFilter.linear
  /// The filter when the image is drawn larger than its pixels (`trilinear`
  /// acts as `linear`). Default `linear`.
  public var magnificationFilter = ContentsFilter.linear

  /// Core Animation's defaults: no contents.
  public init() {}
}
