// SPDX-License-Identifier: Apache-2.0
// A layer's bounds with its corner radius clamped: the one shape backgrounds, borders and clips share.

import ZoetropeGeometry
import ZoetropeLayers

/// The shape a layer's background, border and `masksToBounds` clip fill: its
/// standardized bounds with `cornerRadius` clamped to 0…half the shorter side
/// (NaN counts as 0), as Core Animation draws it.
struct RoundedBounds {
  /// The bounds, with a non-negative size.
  let rect: Rect
  /// The corner radius, 0…min(width, height) / 2.
  let radius: Double

  /// The rounded bounds of a layer.
  init(_ p: LayerProperties) {
    self.init(rect: p.bounds.standardized, cornerRadius: p.cornerRadius)
  }

  /// `rect` with `cornerRadius` clamped to what fits.
  init(rect: Rect, cornerRadius: Double) {
    self.rect = rect
    let limit = Swift.min(rect.width, rect.height) / 2
    radius = cornerRadius.isNaN ? 0 : Swift.max(0, Swift.min(cornerRadius, limit))
  }

  /// Whether the bounds have no area.
  var isEmpty: Bool { rect.isEmpty }

  /// The outline as a path.
  var path: Path { .roundedRect(rect, cornerRadius: radius) }

  /// The shape inset by `width` on every side (a border's inner edge), its
  /// radius reduced by as much; empty when the inset swallows it.
  func inset(by width: Double) -> RoundedBounds {
    let inner = Rect(x: rect.minX + width, y: rect.minY + width, width: rect.width - 2 * width,
                     height: rect.height - 2 * width)
    return RoundedBounds(rect: inner.width > 0 && inner.height > 0 ? inner : .zero, cornerRadius: radius - width)
  }
}
