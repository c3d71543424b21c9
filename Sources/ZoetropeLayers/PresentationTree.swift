// SPDX-License-Identifier: Apache-2.0
// The presentation layer tree at one instant: every layer's animated values, and the copies replicators make.

/// The presentation of a ``LayerTree`` at one instant.
///
/// ``layers`` starts with one entry per node of ``structure``, in the same
/// order (for a layer inside a replicator, its copy 0). After them come the
/// further copies that replicators make, one block per copy: copy `k` of a
/// replicator's sublayers is the replicator's copied nodes (their subtrees,
/// masks included) in pre-order, evaluated `k × instanceDelay` seconds
/// behind. Everything is addressed by entry index: an entry's sublayers are
/// ``sublayersInPaintOrder(of:)``, a replicator's copies
/// ``copies(of:)``.
public struct PresentationTree: Sendable {
  /// The media (clip) time this tree shows.
  public package(set) var time: Double
  /// The structure: names, parents, kinds.
  public package(set) var structure: LayerTree
  /// The layers: first one per node of `structure`, in the same order; then
  /// the replicators' further copies, block by block.
  public package(set) var layers: [PresentationLayer]
  /// The blocks of copies after the first `structure.count` entries, in order.
  package var blocks: [CopyBlock] = []
  /// For each replicator entry that made copies, the range of its blocks in
  /// ``blocks`` (a replicator's copies are made together, in copy order).
  package var blocksOfReplicator: [Int: Range<Int>] = [:]

  /// Further copies of a replicator's sublayers: one contiguous run of entries.
  package struct CopyBlock: Sendable {
    /// The entry of the replicator that makes the copy.
    package var replicator: Int
    /// The copy's index, ≥ 1.
    package var copy: Int
    /// The first entry of the block.
    package var start: Int
    /// The node the block starts with (its entries are nodes
    /// `firstNode ..< firstNode + count`).
    package var firstNode: Int
    /// The number of entries.
    package var count: Int
  }

  /// A tree of `layers` for `structure` at `time`, without copies.
  package init(time: Double, structure: LayerTree, layers: [PresentationLayer]) {
    self.time = time
    self.structure = structure
    self.layers = layers
  }
}

/// One layer of a ``PresentationTree``.
public struct PresentationLayer: Sendable {
  /// The layer's local time at the tree's instant (the time its animations see).
  public var localTime: Double
  /// The presentation values.
  public var properties: LayerProperties
  /// The node of the tree's `structure` this entry shows.
  public var node: Int

  /// An entry showing `node`.
  public init(localTime: Double, properties: LayerProperties, node: Int) {
    self.localTime = localTime
    self.properties = properties
    self.node = node
  }
}

extension PresentationTree {
  /// The entries of the sublayers of entry `index` in paint order at this
  /// instant: ascending presentation `zPosition`, ties in sublayer order.
  /// Sorted only when an animation moves a sublayer's `zPosition`; otherwise
  /// the snapshot's order. (For a replicator, the sublayers of copy 0.)
  public func sublayersInPaintOrder(of index: Int) -> [Int] {
    let node = layers[index].node
    let shift = index - node
    let order = structure.nodes[node].hasAnimatedSublayerOrder
      ? LayerTree.paintOrder(structure.nodes[node].sublayers) { layers[$0 + shift].properties.zPosition }
      : structure.nodes[node].sublayers
    return shift == 0 ? order : order.map { $0 + shift }
  }

  /// Whether entry `index` shows a transform layer (read in place: a copy
  /// of its node costs a copy of its model properties).
  package func isTransformLayer(_ index: Int) -> Bool {
    structure.nodes[layers[index].node].kind == .transformLayer
  }

  /// The entry of the mask of entry `index`, or `nil`.
  public func mask(of index: Int) -> Int? {
    structure.nodes[layers[index].node].mask.map { $0 + index - layers[index].node }
  }

  /// The copies replicator entry `index` draws at this instant, in order:
  /// for each, the copy index and the entries of its sublayers in paint
  /// order. Copy 0 is the sublayers themselves; a replicator with an
  /// `instanceCount` below 1 draws none. Empty for another kind of layer.
  public func copies(of index: Int) -> [(copy: Int, sublayers: [Int])] {
    guard let replicator = layers[index].properties.replicator, replicator.instanceCount > 0 else { return [] }
    var result = [(copy: 0, sublayers: sublayersInPaintOrder(of: index))]
    for block in blocks[blocksOfReplicator[index] ?? 0..<0] {
      let shift = block.start - block.firstNode
      let node = structure.nodes[layers[index].node]
      let order = node.hasAnimatedSublayerOrder
        ? LayerTree.paintOrder(node.sublayers) { layers[$0 + shift].properties.zPosition }
        : node.sublayers
      result.append((block.copy, order.map { $0 + shift }))
    }
    return result
  }

  /// The block holding entry `index`, or `nil` for the first
  /// `structure.count` entries.
  func block(holding index: Int) -> CopyBlock? {
    guard index >= structure.count else { return nil }
    // Blocks are in entry order: find the last one starting at or before `index`.
    var low = 0, high = blocks.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if blocks[middle].start <= index { low = middle } else { high = middle }
    }
    return blocks[low]
  }

  /// Which copy entry `index` is of each replicator it is inside, outermost
  /// first; empty for a layer inside no replicator's sublayers.
  ///
  ///     [2]      // copy 2 of its replicator's sublayers
  ///     [0, 5]   // copy 5 of the inner replicator, inside copy 0 of the outer
  public func copyPath(of index: Int) -> [Int] {
    var path: [Int] = []
    var entry = index
    while true {
      let block = self.block(holding: entry)
      var node = layers[entry].node
      var parent = structure.nodes[node].parent
      var climbed = false
      while parent >= 0 {
        if structure.nodes[parent].kind == .replicator, structure.replicatedNodes(of: parent).contains(node) {
          if let block, layers[block.replicator].node == parent {
            path.append(block.copy)
            entry = block.replicator
            climbed = true
            break
          }
          path.append(0)
        }
        node = parent
        parent = structure.nodes[node].parent
      }
      if !climbed { break }
    }
    return path.reversed()
  }
}
