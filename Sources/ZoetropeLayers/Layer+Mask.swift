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
  /// masks): a strict ancestor.
  func isInside(_ layer: Layer) -> Bool {
    var ancestor = treeParent
    while let current = ancestor {
      if current === layer { return true }
      ancestor = current.treeParent
    }
    return false
  }
}
