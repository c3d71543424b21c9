// SPDX-License-Identifier: Apache-2.0
// An immutable, flat snapshot of a model layer tree, safe to share between threads.

import ZoetropeAnimation
import ZoetropeTiming

/// Which class a layer is.
public enum LayerKind: String, Hashable, Sendable {
  /// `CALayer`.
  case layer
  /// `CAShapeLayer`.
  case shape
  /// `CAGradientLayer`.
  case gradient
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
    public var parent: Int
    /// The position among the superlayer's sublayers.
    public var indexInParent: Int
    /// The number of nodes in this layer's subtree, itself included (its
    /// descendants are the next `subtreeSize - 1` nodes).
    public var subtreeSize: Int
    /// The layer's name.
    public var name: String?
    /// The layer's class.
    public var kind: LayerKind
    /// The layer's timing.
    public var timing: Timing
    /// The model values.
    public var model: LayerProperties
    /// The animations, in application order, frozen.
    public var animations: [ResolvedAnimation]
  }

  /// The layers in pre-order.
  public var nodes: [Node]

  /// Snapshots the tree under `root`. Animations that can animate nothing
  /// (unknown key path, values of the wrong kind) are dropped, as Core Animation
  /// ignores them.
  public init(root: Layer) {
    var nodes: [Node] = []
    // Explicit stack of (layer, parent index, index in parent).
    var stack: [(Layer, Int, Int)] = [(root, -1, 0)]
    while let (layer, parent, indexInParent) = stack.popLast() {
      let kind: LayerKind = layer is ShapeLayer ? .shape : layer is GradientLayer ? .gradient : .layer
      let animations = layer.animationEntries.compactMap { ResolvedAnimation($0.animation, key: $0.key) }
      nodes.append(Node(parent: parent, indexInParent: indexInParent, subtreeSize: 1, name: layer.name, kind: kind,
                        timing: layer.timing, model: layer.model, animations: animations))
      let index = nodes.count - 1
      let children = layer.sublayers ?? []
      for (i, child) in children.enumerated().reversed() { stack.append((child, index, i)) }
    }
    // Subtree sizes, children before parents (reverse pre-order).
    for index in nodes.indices.reversed() where nodes[index].parent >= 0 {
      nodes[nodes[index].parent].subtreeSize += nodes[index].subtreeSize
    }
    self.nodes = nodes
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
