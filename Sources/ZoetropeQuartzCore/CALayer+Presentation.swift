// SPDX-License-Identifier: Apache-2.0
// presentation() and model(): the layer as the render clock's instant shows it, evaluated by Zoetrope.

import Zoetrope

extension CALayer {
  /// The presentation copy (see `presentation()`).
  func presentationCopy() -> CALayer? {
    if let modelLayer { return modelLayer.presentation() }
    root.commitTree()
    let now = CACurrentMediaTime()
    let parentTime = treeParent.map { $0.backing.localTime(forMediaTime: now) } ?? now
    let tree = PresentationEvaluator(LayerTree(root: backing)).presentation(atTime: parentTime)
    // Node indices in the snapshot's pre-order: a layer, its mask's subtree
    // (a mask's own mask is left out), then its sublayers' subtrees.
    var nodes: [ObjectIdentifier: Int] = [:]
    var stack: [(CALayer, Bool)] = [(self, false)]
    while let (layer, isMask) = stack.popLast() {
      nodes[ObjectIdentifier(layer)] = nodes.count
      for child in layer.children.reversed() { stack.append((child, false)) }
      if !isMask, let mask = layer.maskLayer { stack.append((mask, true)) }
    }
    func copy(of layer: CALayer) -> CALayer {
      let result = layer.emptyCopy()
      result.copyValues(from: layer)
      if let node = nodes[ObjectIdentifier(layer)] { result.backing.model = tree.layers[node].properties }
      result.modelLayer = layer
      return result
    }
    let top = copy(of: self)
    var pending: [(CALayer, CALayer)] = [(self, top)]
    while let (model, presented) = pending.popLast() {
      for child in model.children {
        let childCopy = copy(of: child)
        presented.addSublayer(childCopy)
        pending.append((child, childCopy))
      }
    }
    top.layoutPending = false
    return top
  }

  /// The model layer: this layer, or for a presentation copy the layer it shows.
  public func model() -> Self { (modelLayer as? Self) ?? self }
}
