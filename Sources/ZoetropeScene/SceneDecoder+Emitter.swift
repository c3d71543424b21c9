// SPDX-License-Identifier: Apache-2.0
// Decoding CAEmitterLayer keys and CAEmitterCell objects, and refusing emitters past the particle budget.

import ZoetropeGeometry
import ZoetropeLayers

extension SceneDecoder {
  /// The keys an emitter layer adds.
  package static let emitterKeys: Set<String> = [
    "emitterCells", "emitterPosition", "emitterZPosition", "emitterSize", "emitterDepth", "emitterShape",
    "emitterMode", "renderMode", "seed", "preservesDepth", "birthRate", "lifetime", "velocity", "scale", "spin",
  ]
  /// The keys of an emitter cell (besides the timing keys).
  package static let emitterCellKeys: Set<String> = [
    "name", "enabled", "birthRate", "lifetime", "lifetimeRange", "velocity", "velocityRange", "xAcceleration",
    "yAcceleration", "zAcceleration", "emissionLatitude", "emissionLongitude", "emissionRange", "spin", "spinRange",
    "scale", "scaleRange", "scaleSpeed", "color", "redRange", "greenRange", "blueRange", "alphaRange", "redSpeed",
    "greenSpeed", "blueSpeed", "alphaSpeed", "contents", "contentsRect", "contentsScale", "magnificationFilter",
    "minificationFilter", "emitterCells",
  ]
  /// Every key of an emitter cell object.
  package static var allEmitterCellKeys: Set<String> { emitterCellKeys.union(timingKeys) }
  /// The deepest nesting of sub-cells.
  static let maximumCellDepth = 32

  /// Applies one emitter layer key; ignores the others.
  mutating func decodeEmitterMember(_ member: JSONMember, into emitter: EmitterLayer, at p: Int) {
    let v = member.value
    switch member.key {
    case "emitterCells": emitter.emitterCells = decodeCells(v, at: p, depth: 0)
    case "emitterPosition": if let pt = point(v, at: p) { emitter.emitterPosition = pt }
    case "emitterZPosition": if let n = number(v, at: p) { emitter.emitterZPosition = n }
    case "emitterSize": if let s = size(v, at: p) { emitter.emitterSize = s }
    case "emitterDepth": if let n = number(v, at: p) { emitter.emitterDepth = n }
    case "emitterShape":
      if case .string(let name) = v, let shape = EmitterShape(name: name) { emitter.emitterShape = shape } else {
        report(p, "must be \"point\", \"line\", \"rectangle\", \"cuboid\", \"circle\" or \"sphere\" (got \(v.compactDescription))")
      }
    case "emitterMode":
      if case .string(let name) = v, let mode = EmitterMode(name: name) { emitter.emitterMode = mode } else {
        report(p, "must be \"points\", \"outline\", \"surface\" or \"volume\" (got \(v.compactDescription))")
      }
    case "renderMode":
      if case .string(let name) = v, let mode = EmitterRenderMode(name: name) { emitter.renderMode = mode } else {
        report(p, "must be \"unordered\", \"oldestFirst\", \"oldestLast\", \"backToFront\" or \"additive\" "
          + "(got \(v.compactDescription))")
      }
    case "seed":
      if let n = number(v, at: p, in: 0...Double(UInt32.max)) {
        if n != n.rounded() { report(p, "must be a whole number 0…4294967295 (got \(n))") } else { emitter.seed = UInt32(n) }
      }
    case "preservesDepth": if let b = bool(v, at: p) { emitter.preservesDepth = b }
    case "birthRate": if let n = finite(v, at: p) { emitter.birthRate = n }
    case "lifetime": if let n = finite(v, at: p) { emitter.lifetime = n }
    case "velocity": if let n = finite(v, at: p) { emitter.velocity = n }
    case "scale": if let n = finite(v, at: p) { emitter.scale = n }
    case "spin": if let n = finite(v, at: p) { emitter.spin = n }
    default: break
    }
  }

  /// A finite number, or `nil` after reporting.
  private mutating func finite(_ value: JSONValue, at p: Int) -> Double? {
    number(value, at: p, in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
  }

  /// An array of cells.
  private mutating func decodeCells(_ value: JSONValue, at path: Int, depth: Int) -> [EmitterCell]? {
    if case .null = value { return nil }
    guard case .array(let items) = value else {
      report(path, "must be an array of emitter cells (got \(value.compactDescription))")
      return nil
    }
    guard depth < SceneDecoder.maximumCellDepth else {
      report(path, "emitter cells nest deeper than \(SceneDecoder.maximumCellDepth) levels")
      return nil
    }
    var cells: [EmitterCell] = []
    for (i, item) in items.enumerated() {
      let itemPath = paths.child(path, i)
      guard let members = checkKeys(item, at: itemPath, allowed: SceneDecoder.allEmitterCellKeys,
                                    what: "an emitter cell") else { continue }
      var cell = EmitterCell()
      for member in members {
        let p = paths.child(itemPath, member.key)
        let v = member.value
        if decodeTiming(member, into: &cell.timing, at: p) { continue }
        switch member.key {
        case "name": cell.name = string(v, at: p)
        case "enabled": if let b = bool(v, at: p) { cell.isEnabled = b }
        case "color": if let c = color(v, at: p) { cell.color = c }
        case "contents": if let image = image(v, at: p) { cell.contents = image }
        case "contentsRect": if let r = rect(v, at: p) { cell.contentsRect = r }
        case "contentsScale":
          if let n = number(v, at: p, in: Double.leastNonzeroMagnitude...Double.greatestFiniteMagnitude) {
            cell.contentsScale = n
          }
        case "minificationFilter":
          if let f = enumeration(v, at: p, ContentsFilter.self, prefixes: ["kCAFilter"]) { cell.minificationFilter = f }
        case "magnificationFilter":
          if let f = enumeration(v, at: p, ContentsFilter.self, prefixes: ["kCAFilter"]) { cell.magnificationFilter = f }
        case "emitterCells": cell.emitterCells = decodeCells(v, at: p, depth: depth + 1)
        case "birthRate", "lifetime":
          if let n = number(v, at: p, in: 0...Double.greatestFiniteMagnitude) {
            if member.key == "birthRate" { cell.birthRate = n } else { cell.lifetime = n }
          }
        default:
          guard let n = finite(v, at: p) else { break }
          setCellNumber(&cell, member.key, n)
        }
      }
      cells.append(cell)
      cellPaths.append((cell.name, itemPath))
    }
    return cells
  }

  private func setCellNumber(_ cell: inout EmitterCell, _ key: String, _ n: Double) {
    switch key {
    case "lifetimeRange": cell.lifetimeRange = n
    case "velocity": cell.velocity = n
    case "velocityRange": cell.velocityRange = n
    case "xAcceleration": cell.xAcceleration = n
    case "yAcceleration": cell.yAcceleration = n
    case "zAcceleration": cell.zAcceleration = n
    case "emissionLatitude": cell.emissionLatitude = n
    case "emissionLongitude": cell.emissionLongitude = n
    case "emissionRange": cell.emissionRange = n
    case "spin": cell.spin = n
    case "spinRange": cell.spinRange = n
    case "scale": cell.scale = n
    case "scaleRange": cell.scaleRange = n
    case "scaleSpeed": cell.scaleSpeed = n
    case "redRange": cell.redRange = n
    case "greenRange": cell.greenRange = n
    case "blueRange": cell.blueRange = n
    case "alphaRange": cell.alphaRange = n
    case "redSpeed": cell.redSpeed = n
    case "greenSpeed": cell.greenSpeed = n
    case "blueSpeed": cell.blueSpeed = n
    case "alphaSpeed": cell.alphaSpeed = n
    default: break
    }
  }

  /// Refuses an emitter whose model values would keep more particles alive
  /// than ``Limits/maximumParticlesPerFrame``: for each cell, births a second
  /// (times the layer's `birthRate`, and for a sub-cell times the particles
  /// of its parent alive at once) × its longest life, bounded by the clip's
  /// duration; reported at the cell's `birthRate`.
  mutating func checkParticleBudget(_ emitter: EmitterLayer, at path: Int, clipDuration: Double) {
    guard let cells = emitter.emitterCells else { return }
    var total = 0.0
    var pending: [(cell: EmitterCell, path: Int, parents: Double)] = []
    let cellsPath = paths.child(path, "emitterCells")
    for (i, cell) in cells.enumerated() { pending.append((cell, paths.child(cellsPath, i), 1)) }
    let horizon = Swift.max(clipDuration, 0)
    while let (cell, cellPath, parents) = pending.popLast() {
      guard cell.isEnabled else { continue }
      let rate = cell.birthRate * Swift.max(emitter.birthRate, 0) * Swift.max(cell.timing.speed, 0)
      let life = Swift.max(0, (cell.lifetime + Swift.abs(cell.lifetimeRange) / 2) * Swift.max(emitter.lifetime, 0))
      let alive = parents * rate * Swift.min(life, horizon)
      total += alive.isNaN ? 0 : alive
      if total > Double(Limits.maximumParticlesPerFrame) {
        let name = cell.name.map { " (\"\($0)\")" } ?? ""
        let product = parents > 1 ? "birthRate × lifetime × its parent's particles" : "birthRate × lifetime"
        let sum = total > alive ? ", \(SceneDecoder.format(total)) with the cells before it," : ","
        report(paths.child(cellPath, "birthRate"), "the cell\(name) keeps \(SceneDecoder.format(alive)) particles alive "
          + "at once (\(product))\(sum) more than the \(Limits.maximumParticlesPerFrame) a frame may draw "
          + "(Limits.maximumParticlesPerFrame)")
        return
      }
      for (j, sub) in (cell.emitterCells ?? []).enumerated() {
        pending.append((sub, paths.child(paths.child(cellPath, "emitterCells"), j), Swift.max(alive, 1)))
      }
    }
  }
}
