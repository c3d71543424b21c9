// SPDX-License-Identifier: Apache-2.0
// A replicator's copies: each copy's instance transform (compounded, about the centre) and colour.

import ZoetropeGeometry
import ZoetropeLayers

extension Compositor {
  /// The sublayers of replicator entry `entry` once per copy, copy after
  /// copy, each copy's sublayers in paint order.
  ///
  /// Copy `k` is transformed by `instanceTransform` applied `k` times about
  /// the centre of the replicator's bounds (`T(−c) · Mᵏ · T(c)`, in the
  /// replicator's sublayer space, before its `sublayerTransform`), and its
  /// colours are multiplied by `instanceColor + k × offsets` (clamped to
  /// 0…1), times the tint the replicator inherits. Copies are flat:
  /// `preservesDepth` changes nothing.
  static func copies(of entry: Int, _ p: LayerProperties, childToDevice: Transform3D, tint: Color?,
                     context: Context) -> [LayerPlacement.Child] {
    guard let replicator = p.replicator else { return [] }
    let centre = Point(x: p.bounds.midX, y: p.bounds.midY)
    let toCentre = Transform3D.translation(x: -centre.x, y: -centre.y, z: 0)
    let fromCentre = Transform3D.translation(x: centre.x, y: centre.y, z: 0)
    var result: [LayerPlacement.Child] = []
    var power = Transform3D.identity
    var powerIndex = 0
    for (copy, sublayers) in context.tree.copies(of: entry) {
      while powerIndex < copy {
        power = power.concatenating(replicator.instanceTransform)
        powerIndex += 1
      }
      let copyToDevice = toCentre.concatenating(power).concatenating(fromCentre).concatenating(childToDevice)
      let multiplier = replicator.instanceColorMultiplier(copy)
      let copyTint = tint.map {
        Color(red: $0.red * multiplier.red, green: $0.green * multiplier.green, blue: $0.blue * multiplier.blue,
              alpha: $0.alpha * multiplier.alpha)
      } ?? (multiplier == .white ? nil : multiplier)
      for sublayer in sublayers {
        result.append(LayerPlacement.Child(entry: sublayer, parentToDevice: copyToDevice, tint: copyTint))
      }
    }
    return result
  }
}
