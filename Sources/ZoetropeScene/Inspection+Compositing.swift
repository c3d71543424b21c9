// SPDX-License-Identifier: Apache-2.0
// The compositing properties in `inspect`: corners, shadow, blend mode, replicator.

import ZoetropeLayers

extension Inspection {
  /// The corner, shadow and blend-mode fields of every layer, and the
  /// replicator's, with their scene names.
  static func compositingFields(_ p: LayerProperties) -> [(String, String)] {
    var fields: [(String, String)] = [
      ("maskedCorners", "[" + p.maskedCorners.names.map(string).joined(separator: ", ") + "]"),
      ("cornerCurve", string(p.cornerCurve.rawValue)),
      ("shadowColor", color(p.shadowColor)),
      ("shadowOpacity", number(p.shadowOpacity)),
      ("shadowOffset", numbers([p.shadowOffset.width, p.shadowOffset.height])),
      ("shadowRadius", number(p.shadowRadius)),
      ("shadowPath", p.shadowPath.map { string($0.svgPathData) } ?? "null"),
      ("compositingFilter", p.compositingFilter.map { string($0.rawValue) } ?? "null"),
      ("maskMode", string(p.maskMode.rawValue)),
    ]
    if !p.filters.isEmpty { fields.append(("filters", SceneEncoder.filters(p.filters))) }
    if let r = p.replicator {
      fields += [
        ("instanceCount", String(r.instanceCount)),
        ("instanceDelay", number(r.instanceDelay)),
        ("instanceTransform", numbers(r.instanceTransform.values)),
        ("instanceColor", color(r.instanceColor)),
        ("instanceRedOffset", number(r.instanceRedOffset)),
        ("instanceGreenOffset", number(r.instanceGreenOffset)),
        ("instanceBlueOffset", number(r.instanceBlueOffset)),
        ("instanceAlphaOffset", number(r.instanceAlphaOffset)),
        ("preservesDepth", r.preservesDepth ? "true" : "false"),
      ]
    }
    return fields
  }
}
