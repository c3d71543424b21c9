// SPDX-License-Identifier: Apache-2.0
// CATransformLayer over Zoetrope's TransformLayer: sublayers kept in 3D, sorted back to front.

import Foundation
import Zoetrope

/// A layer that does not flatten its sublayers into its plane
/// (`CATransformLayer`), over a Zoetrope ``TransformLayer``: the sublayers
/// keep their 3D transforms under the ancestors' perspective and are drawn
/// back to front by the depth of their centres.
///
/// As in Core Animation only the sublayers draw: the layer's own
/// background, border, contents, shadow, mask and `masksToBounds` are
/// ignored, and its `opacity` multiplies each sublayer's. Sublayers whose
/// planes cross are not split: the one whose centre is nearer covers the
/// other (docs/compositing.md, "Transform layers").
///
///     let cube = CATransformLayer()
///     for face in faces { cube.addSublayer(face) }
///     cube.transform = CATransform3DMakeRotation(.pi / 5, 1, 1, 0)
open class CATransformLayer: CALayer {
  /// A transform layer with Core Animation's defaults.
  public override init() { super.init(backing: TransformLayer()) }
  /// A transform layer with the values of `layer`.
  public override init(layer: Any) {
    super.init(backing: TransformLayer())
    copyValues(from: layer)
  }
  /// A transform layer with the defaults: archives are not read offscreen.
  public required init?(coder: NSCoder) { super.init(backing: TransformLayer()) }

  override func emptyCopy() -> CALayer { CATransformLayer() }
  /// The presentation of this layer at the render clock's time (see `CALayer.presentation()`).
  open override func presentation() -> CATransformLayer? { super.presentation() as? CATransformLayer }
}
