// SPDX-License-Identifier: Apache-2.0
// The presentation layer tree at one instant: every layer's animated values.

/// The presentation of a ``LayerTree`` at one instant: for every node, in the
/// same order, its local time and its property values with animations applied.
public struct PresentationTree: Sendable {
  /// The media (clip) time this tree shows.
  public var time: Double
  /// The structure: names, parents, kinds.
  public var structure: LayerTree
  /// One entry per node of `structure`, in the same order.
  public var layers: [PresentationLayer]
}

/// One layer of a ``PresentationTree``.
public struct PresentationLayer: Sendable {
  /// The layer's local time at the tree's instant (the time its animations see).
  public var localTime: Double
  /// The presentation values.
  public var properties: LayerProperties
}

extension PresentationTree {
  /// The sublayers of node `index` in paint order at this instant: ascending
  /// presentation `zPosition`, ties in sublayer order. Sorted only when an
  /// animation moves a sublayer's `zPosition`; otherwise the snapshot's order.
  public func sublayersInPaintOrder(of index: Int) -> [Int] {
    let node = structure.nodes[index]
    guard node.hasAnimatedSublayerOrder else { return node.sublayers }
    return LayerTree.paintOrder(node.sublayers) { layers[$0].properties.zPosition }
  }
}
