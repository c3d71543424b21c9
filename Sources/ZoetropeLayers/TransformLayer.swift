// SPDX-License-Identifier: Apache-2.0
// CATransformLayer: a layer whose sublayers keep their depth, drawn in 3D and sorted back to front.

/// A layer that does not flatten its sublayers into its plane, as
/// `CATransformLayer`: its sublayers (and those of transform layers among
/// them, the same 3D context) keep their own 3D transforms, combined with
/// the ancestors' perspective (a `sublayerTransform` with `m34`), and are
/// drawn back to front by the depth of their centres.
///
/// Only the sublayers draw. The transform layer's own background, border,
/// contents, shadow, `mask`, `masksToBounds` and `compositingFilter` are
/// ignored, as Core Animation ignores them; its `opacity` multiplies each
/// sublayer's on its own (a transform layer is never a compositing group).
/// Each sublayer is drawn whole: two sublayers whose planes intersect are
/// not split, so one covers the other entirely, the one whose centre is
/// nearer the viewer on top (docs/compositing.md, "Transform layers").
///
///     let cube = TransformLayer()
///     for face in faces { cube.addSublayer(face) }   // each face turned and pushed out by half the side
///     cube.transform = .rotation(angle: .pi / 5, x: 1, y: 1, z: 0)
///     stage.sublayerTransform.m34 = -1 / 500          // the perspective the faces share
///     stage.addSublayer(cube)
public final class TransformLayer: Layer {
  /// Creates a transform layer with Core Animation's defaults.
  public override init() { super.init() }

  override var kind: LayerKind { .transformLayer }
}
