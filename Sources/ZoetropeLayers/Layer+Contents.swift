// SPDX-License-Identifier: Apache-2.0
// CALayer's contents image and its placement, on any layer.

import ZoetropeGeometry
import ZoetropePixels

extension Layer {
  /// The image the layer shows over its background (and under a shape or
  /// gradient layer's drawing and the sublayers), as `CALayer.contents`;
  /// `nil` for none. Clipped by the rounded bounds when `masksToBounds`.
  ///
  ///     layer.contents = try Image(contentsOfFile: "avatar.png")
  ///     layer.contentsGravity = .resizeAspectFill
  public var contents: Image? {
    get { model.content.contents }
    set { model.content.contents = newValue }
  }
  /// How the image is placed in the bounds; default `resize`. `top` and
  /// `bottom` name the maximum and minimum y, as on iOS (see ``ContentsGravity``).
  public var contentsGravity: ContentsGravity {
    get { model.content.contentsGravity }
    set { model.content.contentsGravity = newValue }
  }
  /// The part of the image shown, unit coordinates from its top-left; default `[0, 0, 1, 1]`.
  public var contentsRect: Rect {
    get { model.content.contentsRect }
    set { model.content.contentsRect = newValue }
  }
  /// The stretchable part for nine-slice scaling, unit coordinates of the shown part; default `[0, 0, 1, 1]`.
  public var contentsCenter: Rect {
    get { model.content.contentsCenter }
    set { model.content.contentsCenter = newValue }
  }
  /// Image pixels per point for the non-resizing gravities; default 1.
  public var contentsScale: Double {
    get { model.content.contentsScale }
    set { model.content.contentsScale = newValue }
  }
  /// The filter when the image is drawn smaller than its pixels; default `linear`.
  public var minificationFilter: ContentsFilter {
    get { model.content.minificationFilter }
    set { model.content.minificationFilter = newValue }
  }
  /// The filter when the image is drawn larger than its pixels; default `linear`.
  public var magnificationFilter: ContentsFilter {
    get { model.content.magnificationFilter }
    set { model.content.magnificationFilter = newValue }
  }
}
