// SPDX-License-Identifier: Apache-2.0
// An immutable, flat snapshot of a model layer tree, safe to share between threads.

import ZoetropeAnimation
import ZoetropeTiming

/// Which class a layer is.
public enum LayerKind: String, Hashable, Sendable, CaseIterable {
  /// `CALayer`.
  case layer
  /// `CAShapeLayer`.
  case shape
  /// `CAGradientLayer`.
  case gradient
  /// `CATextLayer`.
  case text
  /// `CAReplicatorLayer`.
  case replicator
  /// `CATransformLayer`.
  case transformLayer
  /// `CAEmitterLayer`.
  case emitter
}

/// A snapshot of a model layer tree — what a commit hands the render server:
/// flat, immutable and `Sendable`, with every animation frozen.
///
/// Nodes are in pre-order (a layer, then its mask's subtree, then its
/// sublayers' subtrees in order); node 0 is the root. Building and evaluating
/// never recurse, so trees tens of thousands of levels deep are fine. A
/// mask's own mask is not part of the snapshot: it is ignored, as Core
/// Animation ignores it.
public struct LayerTree: Sendable {
  /// One layer of the snapshot.
  public struct Node: Sendable {
    /// The index of the superlayer's node (for a mask, the node of the layer
    /// it masks); -1 for the root.
    public let parent: Int
    /// The position among the superlayer's sublayers (0 for a mask).
    package let indexInParent: Int
    /// Whether this node is the mask of its parent rather than a sublayer.
    public let isMask: Bool
    /// The node of this layer's mask, or `nil`.
    public let mask: Int?
    /// One past the last node of this layer's subtree (its mask's and its
    /// sublayers' subtrees follow it, contiguous).
    package let subtreeEnd: Int
    /// The sublayers' node indices in paint order for the model values:
    /// ascending `zPosition`, ties in sublayer order.
    public let sublayers: [Int]
    /// Whether an animation on one of the sublayers moves its `zPosition`,
    /// so that the paint order must be sorted again at each instant.
    package let hasAnimatedSublayerOrder: Bool
    /// The layer's name.
    public let name: String?
    /// The layer's class.
    public let kind: LayerKind
    /// The layer's timing.
    public let timing: Timing
    /// The model values.
    public let model: LayerProperties
    /// The animations, in application order, frozen.
    package let animations: [ResolvedAnimation]
    /// The nodes of the states after each of the layer's transitions, in
    /// order (``transitions`` holds the transitions); empty without any.
    /// Each state is a node of the layer's class whose parent is this node,
    /// with the layer's animations and its own copy of the sublayers it shows.
    public let transitionStates: [Int]
    /// Whether this node is the state after a transition of its parent
    /// (drawn in the parent's place, never as a sublayer).
    public let isTransitionState: Bool
    /// The layer's transitions, frozen, in the order they were added.
    package let transitions: [ResolvedTransition]
  }

  /// The layers in pre-order.
  public let nodes: [Node]

  /// Snapshots the tree under `root`. Animations that can animate nothing
  /// (unknown key path, values of the wrong kind) are dropped, as Core Animation
  /// ignores them.
  public init(root: Layer) {
    // Pass 1, pre-order with an explicit stack: every layer's parent and place.
    // A transition's state is walked as a layer whose sublayers and mask come
    // from its sources, with its host's animations.
    var layers: [Pass1Entry] = []
    var stack: [Pass1Entry] = [Pass1Entry(layer: root, parent: -1, indexInParent: 0, role: .sublayer)]
    while var entry = stack.popLast() {
      let layer = entry.layer
      let animationHost = entry.animationHost ?? layer
      entry.animations = animationHost.animationEntries.compactMap { ResolvedAnimation($0.animation, key: $0.key) }
      entry.transitions = entry.role == .state ? [] : layer.transitionEntries.map { ResolvedTransition($0.transition) }
      layers.append(entry)
      let index = layers.count - 1
      if entry.role != .state {
        for (k, state) in layer.transitionEntries.enumerated().reversed() {
          stack.append(Pass1Entry(layer: state.state, parent: index, indexInParent: k + 1, role: .state,
                                  sublayerSource: state.sublayerSource, maskSource: state.maskSource,
                                  animationHost: layer))
        }
      }
      let sublayerSource = entry.sublayerSource ?? layer
      for (i, child) in (sublayerSource.sublayers ?? []).enumerated().reversed() {
        stack.append(Pass1Entry(layer: child, parent: index, indexInParent: i, role: .sublayer))
      }
      // The mask's subtree comes first, right after its host.
      if entry.role != .mask, let mask = (entry.maskSource ?? layer).mask {
        stack.append(Pass1Entry(layer: mask, parent: index, indexInParent: 0, role: .mask))
      }
    }
    // Pass 2: each node's sublayers in paint order, sorted once here; masks
    // and the end of every subtree.
    var sublayers = [[Int]](repeating: [], count: layers.count)
    var animatedOrder = [Bool](repeating: false, count: layers.count)
    var masks = [Int?](repeating: nil, count: layers.count)
    var states = [[Int]](repeating: [], count: layers.count)
    var subtreeEnds = Array(1...Swift.max(layers.count, 1))
    for index in layers.indices.dropFirst() {
      let parent = layers[index].parent
      if layers[index].role == .mask {
        masks[parent] = index
        continue
      }
      if layers[index].role == .state {
        states[parent].append(index)
        continue
      }
      sublayers[parent].append(index)
      if layers[index].animations.contains(where: { $0.animates(.zPosition) }) { animatedOrder[parent] = true }
    }
    for index in layers.indices.dropFirst().reversed() {
      let parent = layers[index].parent
      subtreeEnds[parent] = Swift.max(subtreeEnds[parent], subtreeEnds[index])
    }
    for index in sublayers.indices where sublayers[index].count > 1 {
      sublayers[index] = LayerTree.paintOrder(sublayers[index]) { layers[$0].layer.model.zPosition }
    }
    nodes = layers.indices.map { index in
      let entry = layers[index]
      let layer = entry.layer
      let isState = entry.role == .state
      return Node(parent: entry.parent, indexInParent: entry.indexInParent, isMask: entry.role == .mask,
                  mask: masks[index], subtreeEnd: subtreeEnds[index], sublayers: sublayers[index],
                  hasAnimatedSublayerOrder: animatedOrder[index], name: isState ? nil : layer.name, kind: layer.kind,
                  timing: isState ? .layerDefault : layer.timing, model: layer.model, animations: entry.animations,
                  transitionStates: states[index], isTransitionState: isState, transitions: entry.transitions)
    }
  }

  /// A layer met walking the model tree, and where it goes.
  private struct Pass1Entry {
    enum Role { case sublayer, mask, state }
    var layer: Layer
    var parent: Int
    var indexInParent: Int
    var role: Role
    /// For a transition's state: the layers whose sublayers and mask it shows,
    /// and the layer whose animations it runs.
    var sublayerSource: Layer?
    var maskSource: Layer?
    var animationHost: Layer?
    var animations: [ResolvedAnimation] = []
    var transitions: [ResolvedTransition] = []
  }

  /// `indices` (in sublayer order) sorted by ascending `zPosition`, ties kept
  /// in sublayer order; NaN sorts as 0.
  static func paintOrder(_ indices: [Int], zPosition: (Int) -> Double) -> [Int] {
    let z = indices.map { index in
      let value = zPosition(index)
      return value.isNaN ? 0 : value
    }
    return indices.indices.sorted { a, b in z[a] != z[b] ? z[a] < z[b] : a < b }.map { indices[$0] }
  }

  /// The number of layers, the root included.
  public var count: Int { nodes.count }

  /// The nodes a replicator copies: its sublayers' subtrees (not its mask's),
  /// a contiguous range of pre-order indices; empty for a layer without
  /// sublayers.
  public func replicatedNodes(of index: Int) -> Range<Int> {
    let first = nodes[index].mask.map { nodes[$0].subtreeEnd } ?? index + 1
    return first..<Swift.max(first, nodes[index].subtreeEnd)
  }

  /// The index of the first node named `name`, or `nil`.
  public func index(named name: String) -> Int? {
    nodes.firstIndex { $0.name == name }
  }

  /// The latest media time at which a finite top-level animation ends, mapped
  /// through the layers' linear timing; `nil` when no animation has a finite end
  /// (or all run on paused or reversed layers).
  public var lastAnimationEnd: Double? {
    var result: Double?
    // local = scale × mediaTime + offset, per node.
    var scale = [Double](repeating: 1, count: nodes.count)
    var offset = [Double](repeating: 0, count: nodes.count)
    for (index, node) in nodes.enumerated() {
      let parentScale = node.parent >= 0 ? scale[node.parent] : 1
      let parentOffset = node.parent >= 0 ? offset[node.parent] : 0
      scale[index] = node.timing.speed * parentScale
      offset[index] = node.timing.speed * (parentOffset - node.timing.beginTime) + node.timing.timeOffset
      guard scale[index] > 0 else { continue }
      let ends = node.animations.map(\.endTime)
        + node.transitions.map { $0.timing.endTime(forDuration: $0.timing.duration) }
      for end in ends {
        guard end.isFinite else { continue }
        let media = (end - offset[index]) / scale[index]
        if media.isFinite { result = Swift.max(result ?? media, media) }
      }
    }
    return result
  }
}
