// SPDX-License-Identifier: Apache-2.0
// A layer's colour filters (`filters`): recorded on its isolated group, before the group is blended.

import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeRaster
import ZoetropeShaders

extension Compositor {
  /// Records `filters`, in order, on the open group (the layer's, after its
  /// content and mask): each recolours the group's pixels in place. Only
  /// the first ``LayerFilter/maximumCount`` are drawn.
  static func recordFilters(_ filters: [LayerFilter], into frame: inout DisplayList) {
    for filter in filters.prefix(LayerFilter.maximumCount) {
      switch filter {
      case .falseColor(let color0, let color1, let intensity):
        frame.filterGroup(falseColorContext(color0: color0, color1: color1, intensity: intensity))
      }
    }
  }

  /// A false-colour filter in bytes: the colours' sRGB components (their
  /// alphas unused) and the intensity clamped to 0…1 (NaN as 0), each
  /// rounded to the nearest of 256 levels.
  static func falseColorContext(color0: Color, color1: Color, intensity: Double) -> FalseColorContext {
    func byte(_ v: Double) -> UInt8 { UInt8((Swift.min(Swift.max(v.isNaN ? 0 : v, 0), 1) * 255).rounded()) }
    return FalseColorContext(black: (byte(color0.red), byte(color0.green), byte(color0.blue)),
                             white: (byte(color1.red), byte(color1.green), byte(color1.blue)),
                             intensity: byte(intensity))
  }
}
