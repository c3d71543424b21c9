// SPDX-License-Identifier: Apache-2.0
// The presentation-layer evaluator: (model tree, time) -> presentation tree.

/// Computes what every layer looks like at an instant, as Core Animation's
/// presentation layers do: a pure function of a ``LayerTree`` and a media time.
///
/// Safe to call from many threads at once; each call allocates its own result.
/// Each layer's local time comes from its parent's (§2.1); its animations are
/// applied to the model values in the order they were added, additive ones on
/// top of what is below them (docs/timing.md, "Combining animations").
///
///     let evaluator = PresentationEvaluator(LayerTree(root: root))
///     let frame = evaluator.presentation(atTime: 0.75)
public struct PresentationEvaluator: Sendable {
  /// The model snapshot evaluated.
  public let tree: LayerTree

  /// An evaluator of `tree`.
  public init(_ tree: LayerTree) { self.tree = tree }

  /// The presentation tree at media time `time` (seconds of clip time).
  public func presentation(atTime time: Double) -> PresentationTree {
    let nodes = tree.nodes
    var layers: [PresentationLayer] = []
    layers.reserveCapacity(nodes.count)
    for index in nodes.indices {
      let parent = nodes[index].parent
      let parentTime = parent >= 0 ? layers[parent].localTime : time
      let localTime = nodes[index].timing.layerLocalTime(forParentTime: parentTime)
      var properties = nodes[index].model
      for animation in nodes[index].animations {
        animation.apply(to: &properties, parentTime: localTime)
      }
      layers.append(PresentationLayer(localTime: localTime, properties: properties))
    }
    return PresentationTree(time: time, structure: tree, layers: layers)
  }
}
