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
    let snapshot = LayerTree(root: backing)
    let tree = PresentationEvaluator(snapshot).presentation(atTime: parentTime)
    // Each layer's node, found through the snapshot's own structure (a
    // mask's own mask is left out; a transition's states are nodes of their
    // own, which no layer here stands for).
    var nodes: [ObjectIdentifier: Int] = [:]
    var stack: [(CALayer, Int)] = [(self, 0)]
    while let (layer, index) = stack.popLast() {
      nodes[ObjectIdentifier(layer)] = index
      let node = snapshot.nodes[index]
      for child in node.sublayers {
        let place = snapshot.nodes[child].indexInParent
        if place < layer.children.count { stack.append((layer.children[place], child)) }
      }
      if let mask = node.mask, let maskLayer = layer.maskLayer { stack.append((maskLayer, mask)) }
    }
    func copy(of layer: CALayer) -> CALayer {
      let result = layer.emptyCopy()
      result.copyValues(from: layer)
      if let node = nodes[ObjectIdentifier(layer)] {
        // A layer with transitions presents the state shown: the new one from a transition's start.
        result.backing.model = tree.layers[tree.shownEntry(of: node)].properties
      }
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
