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
}
