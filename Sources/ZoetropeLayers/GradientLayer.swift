// SPDX-License-Identifier: Apache-2.0
// CAGradientLayer: a layer filled with a colour gradient.

import ZoetropeGeometry

/// A layer filled with a gradient over its bounds, as `CAGradientLayer`.
///
///     let sky = GradientLayer()
///     sky.colors = [.white, Color(hex: "#4AA5E3")!]
public final class GradientLayer: Layer {
  /// Creates a gradient layer with Core Animation's defaults (vertical, no colours).
  public override init() {
    super.init()
    model.gradient = GradientProperties()
  }

  override var kind: LayerKind { .gradient }

  private var gradient: GradientProperties {
    get { model.gradient ?? GradientProperties() }
    set { model.gradient = newValue }
  }

  /// The stop colours; `nil` draws nothing.
  public var colors: [Color]? {
    get { gradient.colors }
    set { gradient.colors = newValue }
  }
  /// Stop locations 0…1, or `nil` for even spacing.
  public var locations: [Double]? {
    get { gradient.locations }
    set { gradient.locations = newValue }
  }
  /// Start point in unit coordinates; default (0.5, 0).
  public var startPoint: Point {
    get { gradient.startPoint }
    set { gradient.startPoint = newValue }
  }
  /// End point in unit coordinates; default (0.5, 1).
  public var endPoint: Point {
    get { gradient.endPoint }
    set { gradient.endPoint = newValue }
  }
  /// Axial, radial or conic; default axial.
  public var type: GradientType {
    get { gradient.type }
    set { gradient.type = newValue }
  }
  /// Where the rings of a radial gradient close in, in unit coordinates: the
  /// first stop's colour is there, and the rings widen from it to the last
  /// ring (around `startPoint`, through `endPoint`), as SVG's `fx`/`fy` and
  /// a canvas's two-circle radial gradient draw it. `nil` (the default, and
  /// Core Animation's only radial gradient) is `startPoint`. A focal point on
  /// or beyond the last ring is moved in to 0.99 of the way towards it, as
  /// Lottie clamps its highlight. Axial and conic gradients ignore it; it is
  /// not animatable. Zoetrope's own, for Lottie's radial highlight.
  public var focalPoint: Point? {
    get { gradient.focalPoint }
    set { gradient.focalPoint = newValue }
  }
}
