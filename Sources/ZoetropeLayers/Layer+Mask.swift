// SPDX-License-Identifier: Apache-2.0
// CALayer.mask: a layer whose composited alpha masks another layer.

extension Layer {
  /// A layer whose composited alpha multiplies this layer's whole composited
  /// result (background, content, sublayers, border, shadow), as
  /// `CALayer.mask`; its colours are ignored. Default `nil`.
  ///
  /// The mask is placed in this layer's coordinate space (its `position`,
  /// `bounds` and `transform` are relative to this layer's bounds, without
  /// `sublayerTransform`) and its animations run in this layer's time. It may
  /// have sublayers, each with its own mask; a mask's own `mask` is ignored,
  /// as Core Animation ignores it.
  ///
  /// Setting a layer that has a superlayer or masks another layer moves it:
  /// it leaves its superlayer or its previous host. Setting this layer itself,
  /// or a layer this one is inside of (a superlayer, or a layer it masks
  /// through), is ignored: the tree would become a cycle.
  ///
  ///     let circle = ShapeLayer()
  ///     circle.path = .ellipse(in: card.bounds)
  ///     card.mask = circle
  public var mask: Layer? {
    get { maskStorage }
    set {
      if newValue === maskStorage { return }
      if let candidate = newValue, candidate === self || isInside(candidate) { return }
      if let old = maskStorage {
        old.maskHost = nil
        maskStorage = nil
      }
      guard let mask = newValue else { return }
      mask.removeFromSuperlayer()
      mask.maskHost = self
      maskStorage = mask
    }
  }

  /// The layer this one is in the tree under: its superlayer, or the layer it masks.
  var treeParent: Layer? { superlayer ?? maskHost }

  /// Whether `layer` is above this one in the tree (through superlayers and
  /// masks): a strict ancestor, so that attaching it below this one would
  /// make a cycle.
  ///
  /// Walks up from this layer and down through `layer`'s subtree in turns,
  /// and stops when either walk ends: the cost is the smaller of this
  /// layer's depth and `layer`'s subtree, so building a deep chain from the
  /// top or from the bottom stays linear.
  func isInside(_ layer: Layer) -> Bool {
    var up = treeParent
    var down: [Layer] = layer.sublayers ?? []
    if let mask = layer.maskStorage { down.append(mask) }
    while true {
      guard let above = up else { return false }
      if above === layer { return true }
      up = above.treeParent
      guard let below = down.popLast() else { return false }
      if below === self { return true }
      down += below.sublayers ?? []
      if let mask = below.maskStorage { down.append(mask) }
    }
  }
}
