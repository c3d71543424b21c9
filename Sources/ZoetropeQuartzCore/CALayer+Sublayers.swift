// SPDX-License-Identifier: Apache-2.0
// The layer tree: sublayers and masks, kept in step with the Zoetrope layers underneath.

import Zoetrope

extension CALayer {
  /// The sublayers, drawn in order (then by `zPosition`); `nil` when there
  /// are none. Setting it detaches the old ones and adds the new ones.
  public var sublayers: [CALayer]? {
    get { children.isEmpty ? nil : children }
    set {
      for child in children { child.removeFromSuperlayer() }
      for layer in newValue ?? [] { addSublayer(layer) }
    }
  }

  /// The layer this one is a sublayer of.
  public var superlayer: CALayer? { parent }

  /// Appends `layer` to the sublayers, taking it from its previous superlayer
  /// (or the layer it masked). Adding a layer to itself or below itself is ignored.
  public func addSublayer(_ layer: CALayer) { insert(layer, at: children.count) }

  /// Inserts `layer` at `index` (clamped to the sublayers' range).
  public func insertSublayer(_ layer: CALayer, at index: UInt32) { insert(layer, at: Int(index)) }

  /// Inserts `layer` just below `sibling` (at the end when `sibling` is not a sublayer).
  public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
    insert(layer, at: sibling.flatMap { s in children.firstIndex { $0 === s } } ?? children.count)
  }

  /// Inserts `layer` just above `sibling` (at the end when `sibling` is not a sublayer).
  public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
    insert(layer, at: sibling.flatMap { s in children.firstIndex { $0 === s }.map { $0 + 1 } } ?? children.count)
  }

  /// Puts `newLayer` where `oldLayer` is; does nothing when `oldLayer` is not a sublayer.
  public func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
    guard let index = children.firstIndex(where: { $0 === oldLayer }), oldLayer !== newLayer else { return }
    oldLayer.removeFromSuperlayer()
    insert(newLayer, at: index)
  }

  /// Detaches the layer from its superlayer, or from the layer it masks.
  public func removeFromSuperlayer() {
    backing.removeFromSuperlayer()
    if let host = maskHost {
      host.maskLayer = nil
      maskHost = nil
    }
    if let parent {
      parent.children.removeAll { $0 === self }
      parent.layoutPending = true
      self.parent = nil
    }
  }

  /// A layer whose alpha masks this layer's composited result; it is placed
  /// in this layer's coordinates. Setting a layer that is in a tree takes it
  /// out; setting this layer or one above it is ignored.
  public var mask: CALayer? {
    get { maskLayer }
    set {
      guard newValue !== maskLayer else { return }
      backing.mask = newValue?.backing
      guard backing.mask === newValue?.backing else { return }  // refused: it would make a cycle
      if let old = maskLayer { old.maskHost = nil }
      maskLayer = nil
      guard let layer = newValue else { return }
      layer.detachFromWrappers()
      layer.maskHost = self
      maskLayer = layer
    }
  }

  /// Inserts `layer` at `index`: the Zoetrope layers decide (cycles are
  /// refused there), and these objects follow their order.
  private func insert(_ layer: CALayer, at index: Int) {
    backing.insertSublayer(layer.backing, at: index)
    guard layer.backing.superlayer === backing else { return }
    layer.detachFromWrappers()
    var byBacking: [ObjectIdentifier: CALayer] = [ObjectIdentifier(layer.backing): layer]
    for child in children { byBacking[ObjectIdentifier(child.backing)] = child }
    children = (backing.sublayers ?? []).compactMap { byBacking[ObjectIdentifier($0)] }
    layer.parent = self
    layoutPending = true
  }

  /// Forgets this layer's place among the wrappers (its Zoetrope layer has already moved).
  private func detachFromWrappers() {
    if let host = maskHost {
      host.maskLayer = nil
      maskHost = nil
    }
    if let parent {
      parent.children.removeAll { $0 === self }
      self.parent = nil
    }
  }

  /// The layer this one is below in the tree: its superlayer, or the layer it masks.
  var treeParent: CALayer? { parent ?? maskHost }

  /// The topmost layer above this one.
  var root: CALayer {
    var layer = self
    while let above = layer.treeParent { layer = above }
    return layer
  }

  /// This layer and every layer below it (masks included), parents first, without recursion.
  var subtree: [CALayer] {
    var result: [CALayer] = []
    var stack: [CALayer] = [self]
    while let layer = stack.popLast() {
      result.append(layer)
      stack.append(contentsOf: layer.children.reversed())
      if let mask = layer.maskLayer { stack.append(mask) }
    }
    return result
  }
}
