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
}

/// A snapshot of a model layer tree — what a commit hands the render server:
/// flat, immutable and `Sendable`, with every animation frozen.
///
/// Nodes are in pre-order (a layer before its sublayers, sublayers in order);
/// node 0 is the root. Building and evaluating never recurse, so trees tens of
/// thousands of levels deep are fine.
public struct LayerTree: Sendable {
  /// One layer of the snapshot.
  public struct Node: Sendable {
    /// The index of the superlayer's node; -1 for the root.
    public let parent: Int
    /// The position among the superlayer's sublayers.
    public let indexInParent: Int
    /// The sublayers' node indices in paint order for the model values:
    /// ascending `zPosition`, ties in sublayer order.
    public let sublayers: [Int]
    /// Whether an animation on one of the sublayers moves its `zPosition`,
    /// so that the paint order must be sorted again at each instant.
    public let hasAnimatedSublayerOrder: Bool
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
  }

  /// The layers in pre-order.
  public let nodes: [Node]

  /// Snapshots the tree under `root`. Animations that can animate nothing
  /// (unknown key path, values of the wrong kind) are dropped, as Core Animation
  /// ignores them.
  public init(root: Layer) {
    // Pass 1, pre-order with an explicit stack: every layer's parent and place.
    var layers: [(layer: Layer, parent: Int, indexInParent: Int, animations: [ResolvedAnimation])] = []
    var stack: [(Layer, Int, Int)] = [(root, -1, 0)]
    while let (layer, parent, indexInParent) = stack.popLast() {
      let animations = layer.animationEntries.compactMap { ResolvedAnimation($0.animation, key: $0.key) }
      layers.append((layer, parent, indexInParent, animations))
      let index = layers.count - 1
      for (i, child) in (layer.sublayers ?? []).enumerated().reversed() { stack.append((child, index, i)) }
    }
    // Pass 2: each node's sublayers in paint order, sorted once here.
    var sublayers = [[Int]](repeating: [], count: layers.count)
    var animatedOrder = [Bool](repeating: false, count: layers.count)
    for index in layers.indices.dropFirst() {
      let parent = layers[index].parent
      sublayers[parent].append(index)
      if layers[index].animations.contains(where: { $0.animates(.zPosition) }) { animatedOrder[parent] = true }
    }
    for index in sublayers.indices where sublayers[index].count > 1 {
      sublayers[index] = LayerTree.paintOrder(sublayers[index]) { layers[$0].layer.model.zPosition }
    }
    nodes = layers.indices.map { index in
      let entry = layers[index]
      let layer = entry.layer
      return Node(parent: entry.parent, indexInParent: entry.indexInParent, sublayers: sublayers[index],
                  hasAnimatedSublayerOrder: animatedOrder[index], name: layer.name, kind: layer.kind,
                  timing: layer.timing, model: layer.model, animations: entry.animations)
    }
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
      for animation in node.animations {
        let end = animation.endTime
        guard end.isFinite else { continue }
        let media = (end - offset[index]) / scale[index]
        if media.isFinite { result = Swift.max(result ?? media, media) }
      }
    }
    return result
  }
}
