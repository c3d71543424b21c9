// SPDX-License-Identifier: Apache-2.0
// The presentation-layer evaluator: (model tree, time) -> presentation tree.

import ZoetropeGeometry

/// Computes what every layer looks like at an instant, as Core Animation's
/// presentation layers do: a pure function of a ``LayerTree`` and a media time.
///
/// Safe to call from many threads at once; each call allocates its own result.
/// Each layer's local time comes from its parent's (§2.1); its animations are
/// applied to the model values in the order they were added, additive ones on
/// top of what is below them (docs/timing.md, "Combining animations"). A
/// mask's time is the time of the layer it masks.
///
/// A replicator's sublayers are evaluated once per copy: copy `k` sees its
/// replicator's local time minus `k × instanceDelay` (the presentation
/// values of `instanceCount` and `instanceDelay` at this instant), so every
/// copy runs its own animations, its own timing and those of its sublayers.
///
///     let evaluator = PresentationEvaluator(LayerTree(root: root))
///     let frame = evaluator.presentation(atTime: 0.75)
public struct PresentationEvaluator: Sendable {
  /// The model snapshot evaluated.
  public let tree: LayerTree

  /// The most copied layers a frame evaluates (replicator copies beyond
  /// copy 0, nested replicators multiplying): 100,000. Copies past the
  /// budget are not drawn — a whole copy is kept or dropped, the earliest
  /// kept — so that no `instanceCount` can exhaust memory
  /// (``Limits/maximumReplicatedLayers``).
  public static let maximumReplicatedLayers = Limits.maximumReplicatedLayers

  /// An evaluator of `tree`.
  public init(_ tree: LayerTree) { self.tree = tree }

  /// The presentation tree at media time `time` (seconds of clip time).
  public func presentation(atTime time: Double) -> PresentationTree {
    let nodes = tree.nodes
    var layers: [PresentationLayer] = []
    layers.reserveCapacity(nodes.count)
    var replicators: [Int] = []
    for index in nodes.indices {
      let parent = nodes[index].parent
      let parentTime = parent >= 0 ? layers[parent].localTime : time
      evaluate(index, parentTime: parentTime, appendingTo: &layers)
      if nodes[index].kind == .replicator { replicators.append(index) }
    }
    var result = PresentationTree(time: time, structure: tree, layers: layers)
    if !replicators.isEmpty { addCopies(of: replicators, to: &result) }
    return result
  }

  /// Appends node `index` evaluated at its parent's local time `parentTime` to `layers`.
  /// (Its model is copied once, into its entry, and animated there: built
  /// aside and then appended, the properties were moved three more times.)
  @inline(__always)
  private func evaluate(_ index: Int, parentTime: Double, appendingTo layers: inout [PresentationLayer]) {
    // The node's fields read in place: a copy of the whole node retains every reference in it.
    let localTime = tree.nodes[index].timing.layerLocalTime(forParentTime: parentTime)
    layers.append(PresentationLayer(localTime: localTime, properties: tree.nodes[index].model, node: index))
    let last = layers.count - 1
    for animation in tree.nodes[index].animations {
      animation.apply(to: &layers[last].properties, parentTime: localTime)
    }
  }

  /// Appends copies 1… of every replicator entry in `pending` (and of the
  /// replicators inside those copies, breadth first) within the budget.
  private func addCopies(of pending: [Int], to result: inout PresentationTree) {
    var pending = pending[...]
    var budget = PresentationEvaluator.maximumReplicatedLayers
    while let replicatorEntry = pending.popFirst() {
      let entry = result.layers[replicatorEntry]
      guard let properties = entry.properties.replicator, properties.instanceCount > 1 else { continue }
      let copied = tree.replicatedNodes(of: entry.node)
      guard !copied.isEmpty else { continue }
      let firstBlock = result.blocks.count
      var copy = 1
      while copy < properties.instanceCount, copied.count <= budget {
        budget -= copied.count
        let start = result.layers.count
        let shift = start - copied.lowerBound
        let delayed = entry.localTime - Double(copy) * properties.instanceDelay
        for index in copied {
          let parent = tree.nodes[index].parent
          let parentTime = parent == entry.node ? delayed : result.layers[parent + shift].localTime
          evaluate(index, parentTime: parentTime, appendingTo: &result.layers)
          if tree.nodes[index].kind == .replicator { pending.append(index + shift) }
        }
        result.blocks.append(PresentationTree.CopyBlock(replicator: replicatorEntry, copy: copy, start: start,
                                                         firstNode: copied.lowerBound, count: copied.count))
        copy += 1
      }
      if result.blocks.count > firstBlock { result.blocksOfReplicator[replicatorEntry] = firstBlock..<result.blocks.count }
    }
  }
}
