// SPDX-License-Identifier: Apache-2.0
// An emitter in `inspect`: its values and its cells' at the instant, and how many particles of each cell are alive.

import ZoetropeGeometry
import ZoetropeLayers

extension Inspection {
  /// An emitter layer's fields (none for another layer), its cells nested
  /// as the scene writes them, each with its values at the instant
  /// (animations of `emitterCells.NAME.key` applied).
  static func emitterFields(_ p: LayerProperties) -> [(String, String)] {
    guard let e = p.emitter else { return [] }
    return [
      ("emitterCells", e.emitterCells.map(cells) ?? "null"),
      ("emitterPosition", numbers([e.emitterPosition.x, e.emitterPosition.y])),
      ("emitterZPosition", number(e.emitterZPosition)),
      ("emitterSize", numbers([e.emitterSize.width, e.emitterSize.height])),
      ("emitterDepth", number(e.emitterDepth)),
      ("emitterShape", string(e.emitterShape.rawValue)),
      ("emitterMode", string(e.emitterMode.rawValue)),
      ("renderMode", string(e.renderMode.rawValue)),
      ("seed", String(e.seed)),
      ("preservesDepth", e.preservesDepth ? "true" : "false"),
      ("birthRate", number(e.birthRate)),
      ("lifetime", number(e.lifetime)),
      ("velocity", number(e.velocity)),
      ("scale", number(e.scale)),
      ("spin", number(e.spin)),
    ]
  }

  /// Cells as a JSON array, sub-cells nested (the image is left out: it is
  /// the scene's file).
  static func cells(_ list: [EmitterCell]) -> String {
    "[" + list.map { c in
      let t = c.timing
      let fields: [(String, String)] = [
        ("name", c.name.map(string) ?? "null"),
        ("enabled", c.isEnabled ? "true" : "false"),
        ("birthRate", number(c.birthRate)), ("lifetime", number(c.lifetime)), ("lifetimeRange", number(c.lifetimeRange)),
        ("velocity", number(c.velocity)), ("velocityRange", number(c.velocityRange)),
        ("xAcceleration", number(c.xAcceleration)), ("yAcceleration", number(c.yAcceleration)),
        ("zAcceleration", number(c.zAcceleration)),
        ("emissionLatitude", number(c.emissionLatitude)), ("emissionLongitude", number(c.emissionLongitude)),
        ("emissionRange", number(c.emissionRange)),
        ("spin", number(c.spin)), ("spinRange", number(c.spinRange)),
        ("scale", number(c.scale)), ("scaleRange", number(c.scaleRange)), ("scaleSpeed", number(c.scaleSpeed)),
        ("color", color(c.color)),
        ("redRange", number(c.redRange)), ("greenRange", number(c.greenRange)), ("blueRange", number(c.blueRange)),
        ("alphaRange", number(c.alphaRange)),
        ("redSpeed", number(c.redSpeed)), ("greenSpeed", number(c.greenSpeed)), ("blueSpeed", number(c.blueSpeed)),
        ("alphaSpeed", number(c.alphaSpeed)),
        ("contentsRect", numbers([c.contentsRect.origin.x, c.contentsRect.origin.y, c.contentsRect.size.width,
                                  c.contentsRect.size.height])),
        ("beginTime", number(t.beginTime)), ("duration", number(t.duration)), ("speed", number(t.speed)),
        ("timeOffset", number(t.timeOffset)), ("repeatCount", number(t.repeatCount)),
        ("repeatDuration", number(t.repeatDuration)), ("autoreverses", t.autoreverses ? "true" : "false"),
        ("emitterCells", c.emitterCells.map(cells) ?? "null"),
      ]
      return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }.joined(separator: ", ") + "]"
  }

  /// `"particles"` of an emitter entry: for every cell in pre-order, its
  /// path in the layer (`emitterCells[0].emitterCells[1]`), its name and how
  /// many of its particles are alive (drawn or not: a cell without an image
  /// has live particles that only emit); `nil` for another layer.
  static func particleCensus(_ presentation: PresentationTree, entry: Int) -> String? {
    guard let cells = presentation.layers[entry].properties.emitter?.emitterCells else { return nil }
    let counts = presentation.liveParticleCounts(of: entry)
    let listed = cells.preOrder
    return "[" + listed.enumerated().map { i, item in
      let path = item.indexPath.map { "emitterCells[\($0)]" }.joined(separator: ".")
      return "{\"cell\": " + string(path) + ", \"name\": " + (item.cell.name.map(string) ?? "null")
        + ", \"alive\": \(counts.indices.contains(i) ? counts[i] : 0)}"
    }.joined(separator: ", ") + "]"
  }
}
