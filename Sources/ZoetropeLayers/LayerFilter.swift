// SPDX-License-Identifier: Apache-2.0
// A layer's `filters`: colour operations on its composited result, named as Core Image names them.

import ZoetropeGeometry

/// One filter of a layer's ``Layer/filters`` (`CALayer.filters`), named as
/// Core Image names the filter (the raw name without the `CI` prefix).
///
/// A filter works on the layer's composited result (itself, its sublayers,
/// masked by its `mask`) before it is blended at its opacity: the layer is
/// drawn as an isolated group. Filters apply in order.
public enum LayerFilter: Hashable, Sendable {
  /// `CIFalseColor`: every pixel's luminance (Rec. 709 weights on its sRGB
  /// components, as a luminance `maskMode` reads them) picks a colour on the
  /// ramp from `color0` (black) to `color1` (white); the pixel's alpha is
  /// kept. `intensity` (Core Image's `inputIntensity`, as `CIColorMonochrome`
  /// has it; not a `CIFalseColor` input) mixes the ramp's colour with the
  /// pixel's own: 1 is `CIFalseColor` itself, 0 leaves the pixel as it was;
  /// it is clamped to 0…1 (NaN counts as 0). The colours' alphas are not
  /// used. After Effects' Tint effect is this filter.
  case falseColor(color0: Color, color1: Color, intensity: Double)

  /// The most filters a layer draws: 64 (each is a pass over the layer's
  /// pixels); those past it are not drawn, and a scene file giving more is
  /// refused.
  public static let maximumCount = 64

  /// The Core Image name of the filter, without the `CI` prefix and with a
  /// lower-case first letter: `falseColor`.
  public var name: String {
    switch self {
    case .falseColor: "falseColor"
    }
  }
}
