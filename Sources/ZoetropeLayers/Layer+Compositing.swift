// SPDX-License-Identifier: Apache-2.0
// CALayer's compositing filter (blend mode) and corner shape.

extension Layer {
  /// How the layer's composited result is blended onto what is below it, by
  /// Core Image's blend-mode name; `nil` (the default) for source-over. A
  /// layer with a blend mode is composited as an isolated group.
  public var compositingFilter: BlendMode? {
    get { model.compositingFilter }
    set { model.compositingFilter = newValue }
  }
  /// Which corners `cornerRadius` rounds; default all four.
  public var maskedCorners: CornerMask {
    get { model.maskedCorners }
    set { model.maskedCorners = newValue }
  }
  /// The curve of the rounded corners; default circular.
  public var cornerCurve: CornerCurve {
    get { model.cornerCurve }
    set { model.cornerCurve = newValue }
  }
}
