// SPDX-License-Identifier: Apache-2.0
// Decoding compositing keys: shadows, blend modes, corners, replicator properties, and the copy budget.

import ZoetropeGeometry
import ZoetropeLayers

extension SceneDecoder {
  /// The largest `instanceCount` a scene may give (2³¹ − 1); the copies a
  /// frame draws are limited further by
  /// ``Limits/maximumReplicatedLayers``.
  static let maximumInstanceCount = Double(Int32.max)

  /// Decodes a shadow, blend-mode or corner key into `layer`; returns false
  /// for other keys (`mask` is decoded with the tree).
  mutating func decodeCompositingMember(_ member: JSONMember, into layer: Layer, at p: Int) -> Bool {
    let v = member.value
    switch member.key {
    case "shadowColor": if let c = optionalColor(v, at: p) { layer.shadowColor = c }
    case "shadowOpacity": if let n = number(v, at: p, in: 0...1) { layer.shadowOpacity = n }
    case "shadowOffset": if let s = size(v, at: p) { layer.shadowOffset = s }
    case "shadowRadius":
      if let n = number(v, at: p, in: 0...Double.greatestFiniteMagnitude) { layer.shadowRadius = n }
    case "shadowPath":
      if case .null = v { layer.shadowPath = nil } else if let path = path(v, at: p) { layer.shadowPath = path }
    case "compositingFilter":
      if case .null = v { layer.compositingFilter = nil } else if let mode = blendMode(v, at: p) {
        layer.compositingFilter = mode
      }
    case "filters": if let filters = filters(v, at: p) { layer.filters = filters }
    case "maskMode": if let mode = enumeration(v, at: p, MaskMode.self, prefixes: []) { layer.maskMode = mode }
    case "maskedCorners": if let corners = cornerMask(v, at: p) { layer.maskedCorners = corners }
    case "cornerCurve":
      if let curve = enumeration(v, at: p, CornerCurve.self, prefixes: ["kCACornerCurve"]) { layer.cornerCurve = curve }
    default: return false
    }
    return true
  }

  /// Decodes a replicator key into `replicator`.
  mutating func decodeReplicatorMember(_ member: JSONMember, into replicator: ReplicatorLayer, at p: Int) {
    let v = member.value
    switch member.key {
    case "instanceCount":
      if let n = number(v, at: p) {
        if n < 0 || n > SceneDecoder.maximumInstanceCount || n != n.rounded() {
          report(p, "must be a whole number of copies in 0…\(SceneDecoder.format(SceneDecoder.maximumInstanceCount)) "
            + "(got \(v.compactDescription))")
        } else {
          replicator.instanceCount = Int(n)
        }
      }
    case "instanceDelay": if let n = number(v, at: p) { replicator.instanceDelay = n }
    case "instanceTransform": if let t = transform(v, at: p) { replicator.instanceTransform = t }
    case "instanceColor": if let c = optionalColor(v, at: p) { replicator.instanceColor = c ?? .white }
    case "instanceRedOffset": if let n = number(v, at: p) { replicator.instanceRedOffset = n }
    case "instanceGreenOffset": if let n = number(v, at: p) { replicator.instanceGreenOffset = n }
    case "instanceBlueOffset": if let n = number(v, at: p) { replicator.instanceBlueOffset = n }
    case "instanceAlphaOffset": if let n = number(v, at: p) { replicator.instanceAlphaOffset = n }
    case "preservesDepth": if let b = bool(v, at: p) { replicator.preservesDepth = b }
    default: break
    }
  }

  /// A blend mode by Core Image name (`multiplyBlendMode`, `CIMultiplyBlendMode`)
  /// or short name (`multiply`); reports unknown names with the closest one.
  mutating func blendMode(_ value: JSONValue, at path: Int) -> BlendMode? {
    guard case .string(let name) = value else {
      report(path, "must be a blend mode name such as \"multiplyBlendMode\" or \"multiply\", or null "
        + "(got \(value.compactDescription))")
      return nil
    }
    if let mode = BlendMode(name: name) { return mode }
    let names = BlendMode.allCases.flatMap { [$0.rawValue, $0.shortName] }
    report(path, "unknown blend mode \"\(name)\"\(SceneDecoder.suggestion(for: name, among: names)); use one of "
      + BlendMode.allCases.map(\.shortName).joined(separator: ", ") + " (or Core Image's names, such as \"multiplyBlendMode\")")
    return nil
  }

  /// A list of corner names: `["minXMinY", "maxXMinY"]` (also Swift's
  /// `layerMinXMinYCorner` and Core Animation's `kCALayerMinXMinYCorner`).
  mutating func cornerMask(_ value: JSONValue, at path: Int) -> CornerMask? {
    let names = CornerMask.named.map(\.name)
    guard case .array(let items) = value else {
      report(path, "must be a list of corners such as [\"minXMinY\", \"maxXMinY\"] (got \(value.compactDescription))")
      return nil
    }
    var mask: CornerMask = []
    var ok = true
    for (i, item) in items.enumerated() {
      let itemPath = paths.child(path, i)
      if case .string(let name) = item, let corner = CornerMask(cornerName: name) {
        mask.insert(corner)
      } else {
        let word: String = if case .string(let s) = item { "\"\(s)\"" } else { item.compactDescription }
        let hint: String = if case .string(let s) = item { SceneDecoder.suggestion(for: s, among: names) } else { "" }
        report(itemPath, "must be a corner: one of \(names.map { "\"\($0)\"" }.joined(separator: ", ")) (got \(word))\(hint)")
        ok = false
      }
    }
    return ok ? mask : nil
  }

  /// Reports a replicator whose copies (multiplied by those of the
  /// replicators it is inside) would exceed the frame budget of
  /// ``Limits/maximumReplicatedLayers`` copied layers, at its
  /// `instanceCount`.
  mutating func checkReplicatorBudget(_ root: Layer) {
    guard !replicatorPaths.isEmpty else { return }
    let budget = Double(Limits.maximumReplicatedLayers)
    var total = 0.0
    // Pre-order over the tree: each layer with how many copies of it are drawn.
    var stack: [(Layer, Double)] = [(root, 1)]
    while let (layer, multiplicity) = stack.popLast() {
      let sublayers = layer.sublayers ?? []
      var childMultiplicity = multiplicity
      if let replicator = layer as? ReplicatorLayer {
        let count = Double(Swift.max(replicator.instanceCount, 0))
        childMultiplicity = multiplicity * count
        if count > 1, !sublayers.isEmpty {
          var copied = 0.0
          var subtree = sublayers
          while let next = subtree.popLast() {
            copied += 1
            subtree += next.sublayers ?? []
            if let mask = next.mask { subtree.append(mask) }
          }
          total += multiplicity * (count - 1) * copied
          if total > budget, let path = replicatorPaths.first(where: { $0.layer === layer })?.path {
            report(paths.child(path, "instanceCount"), "makes \(SceneDecoder.format(multiplicity * (count - 1) * copied)) "
              + "copied layers (with those of the replicators around it); a frame draws at most "
              + "\(Limits.maximumReplicatedLayers) (Limits.maximumReplicatedLayers)")
            return
          }
        }
      }
      for child in sublayers.reversed() { stack.append((child, childMultiplicity)) }
      if let mask = layer.mask { stack.append((mask, multiplicity)) }
    }
  }
}
