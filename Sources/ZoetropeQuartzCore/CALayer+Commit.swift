// SPDX-License-Identifier: Apache-2.0
// The implicit transaction's commit before a render: layout, display, animations; then what cannot be drawn.

import Zoetrope

/// Why a layer tree cannot be rendered: one line per problem, each naming
/// the layer (its class and name, or where it sits under the rendered
/// layer), the key or property, and the type that does not fit.
///
///     CAShapeLayer "ring": animation "draw": toValue is a CGPoint, but strokeEnd
///     takes a number (CGFloat, Double, Float, Int or NSNumber)
public struct CALayerRenderError: Error, CustomStringConvertible, Sendable {
  /// The problems, one line each.
  public let problems: [String]
  /// The problems, one a line.
  public var description: String { problems.joined(separator: "\n") }
}

extension CALayer {
  /// Commits the tree holding this layer, as the end of a run loop does on
  /// iOS: `layoutSublayers()` for the layers marked for layout (parents
  /// first), `display()` for those marked for display, and the animations
  /// added since the last commit (those of other trees too: the implicit
  /// transaction commits whole).
  func commitTree() {
    CATransaction.commitImplicitTransaction()
    var stack: [CALayer] = [root]
    while let layer = stack.popLast() {
      if layer.layoutPending {
        layer.layoutPending = false
        layer.layoutSublayers()
      }
      if layer.displayPending {
        layer.displayPending = false
        layer.display()
      }
      layer.commitAnimations()
      stack.append(contentsOf: layer.children.reversed())
      if let mask = layer.maskLayer { stack.append(mask) }
    }
  }

  /// Every problem in this layer's subtree, each naming its layer: by its
  /// class and name, or by where it sits (`sublayers[1].mask`), a path built
  /// only for the layers that have problems.
  func renderProblems() -> [String] {
    var problems: [String] = []
    // Visited layers: the step from the parent (`sublayers[2]`, `mask`) and the parent's index.
    var visited: [(step: String, parent: Int)] = []
    var stack: [(CALayer, String, Int)] = [(self, "", -1)]
    while let (layer, step, parent) = stack.popLast() {
      visited.append((step, parent))
      let index = visited.count - 1
      let own = layer.propertyProblems.keys.sorted().map { layer.propertyProblems[$0]! }
        + layer.animationEntries.flatMap(\.problems)
      if !own.isEmpty {
        var who = layer.messageName
        if layer.name == nil, parent >= 0 {
          var steps: [String] = []
          var at = index
          while at > 0 {
            steps.append(visited[at].step)
            at = visited[at].parent
          }
          who += " at " + steps.reversed().joined(separator: ".")
        }
        problems += own.map { "\(who): \($0)" }
      }
      for (childIndex, child) in layer.children.enumerated().reversed() {
        stack.append((child, "sublayers[\(childIndex)]", index))
      }
      if let mask = layer.maskLayer { stack.append((mask, "mask", index)) }
    }
    return problems
  }

  /// The Zoetrope layer that draws this tree, after committing it; throws a
  /// ``CALayerRenderError`` naming every value that cannot be drawn.
  /// ZoetropeTesting's strategies call it, so they take a `CALayer` as they take a `Layer`.
  public func zoetropeLayer() throws -> Layer {
    commitTree()
    let problems = renderProblems()
    guard problems.isEmpty else { throw CALayerRenderError(problems: problems) }
    return backing
  }

  // MARK: Layout and display

  /// Marks the layer for `layoutSublayers()` at the next commit. Changing
  /// the bounds' size and adding or removing sublayers mark it too.
  public func setNeedsLayout() { layoutPending = true }

  /// Whether the layer is marked for layout.
  public func needsLayout() -> Bool { layoutPending }

  /// Runs the layout of this layer and its sublayers now, where marked.
  public func layoutIfNeeded() {
    var stack: [CALayer] = [self]
    while let layer = stack.popLast() {
      if layer.layoutPending {
        layer.layoutPending = false
        layer.layoutSublayers()
      }
      stack.append(contentsOf: layer.children.reversed())
    }
  }

  /// Marks the layer for `display()` at the next commit.
  public func setNeedsDisplay() { displayPending = true }

  /// Marks the layer for display; the rectangle is not used.
  public func setNeedsDisplay(_ rect: CGRect) { displayPending = true }

  /// Whether the layer is marked for display.
  public func needsDisplay() -> Bool { displayPending }

  /// Runs `display()` now when marked.
  public func displayIfNeeded() {
    guard displayPending else { return }
    displayPending = false
    display()
  }
}

/// What a layer asks of the object that manages it (`CALayerDelegate`); every method is optional.
public protocol CALayerDelegate: AnyObject {
  /// Sets the layer's `contents`.
  func display(_ layer: CALayer)
  /// Lays out the layer's sublayers.
  func layoutSublayers(of layer: CALayer)
}

extension CALayerDelegate {
  /// Does nothing unless implemented.
  public func display(_ layer: CALayer) {}
  /// Does nothing unless implemented.
  public func layoutSublayers(of layer: CALayer) {}
}
