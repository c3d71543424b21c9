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
  /// Colour filters (Core Image's names) applied, in order, to the layer's
  /// composited result — itself, its sublayers, masked — before it is
  /// blended at its opacity; default none. A layer with filters is
  /// composited as an isolated group; a transform layer's are not applied
  /// (it draws nothing of its own). Not animatable.
  public var filters: [LayerFilter] {
    get { model.filters }
    set { model.filters = newValue }
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
