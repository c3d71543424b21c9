// SPDX-License-Identifier: Apache-2.0
// CALayer's shadow properties.

import ZoetropeGeometry

extension Layer {
  /// The shadow's colour; default opaque black, `nil` for no shadow.
  public var shadowColor: Color? {
    get { model.shadowColor }
    set { model.shadowColor = newValue }
  }
  /// The shadow's opacity, 0…1; default 0, which draws no shadow. Animations
  /// are clamped to 0…1, as the render server clamps them.
  public var shadowOpacity: Double {
    get { model.shadowOpacity }
    set { model.shadowOpacity = newValue }
  }
  /// How far the shadow is moved, points in the layer's own space (it turns
  /// with the layer); default (0, −3). Zoetrope's y axis points down, as
  /// iOS's does, so the default shadow falls 3 points *above* the layer, as
  /// it does on iOS; use (0, 3) for a shadow below.
  public var shadowOffset: Size {
    get { model.shadowOffset }
    set { model.shadowOffset = newValue }
  }
  /// The blur of the shadow, points: the standard deviation of its Gaussian;
  /// default 3. Zero draws the offset shape with a sharp edge; negative
  /// values count as zero; very large values are limited to what can reach
  /// the canvas (docs/compositing.md).
  public var shadowRadius: Double {
    get { model.shadowRadius }
    set { model.shadowRadius = newValue }
  }
  /// The shadow's shape, in the layer's coordinates (filled non-zero), or
  /// `nil` (the default) for the alpha of the layer's composited result.
  public var shadowPath: Path? {
    get { model.shadowPath }
    set { model.shadowPath = newValue }
  }
}
