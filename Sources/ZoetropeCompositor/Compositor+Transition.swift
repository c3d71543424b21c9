// SPDX-License-Identifier: Apache-2.0
// CATransition drawn: the old and the new state of a layer, moved by the layer's size or cross-faded.

import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeRaster

extension Compositor {
  /// Draws a layer with transitions as it shows at this instant: one state
  /// (pushed on `stack`, drawn as the layer), or both states of a running
  /// transition, each offset in its own space along the subtype's direction
  /// by the state's width (horizontal) or height (vertical):
  ///
  /// | type | old state | new state | on top |
  /// |---|---|---|---|
  /// | `push` | moves by `p` of the size | comes in from `1 − p` of the size | new |
  /// | `moveIn` | stays | comes in from `1 − p` of the size | new |
  /// | `reveal` | moves by `p` of the size | stays | old |
  /// | `fade` | a group at opacity `1 − p` | a group at opacity `p` | new |
  ///
  /// Nothing is clipped: content moving out of the bounds stays visible
  /// unless a superlayer masks to bounds. Deeper than
  /// ``maximumIsolationDepth`` only the new state is drawn.
  static func drawTransition(_ shown: TransitionShown, _ inherited: Inherited, depth: Int, context: Context,
                             into frame: inout DisplayList, stack: inout [Work]) {
    var resolved = inherited
    resolved.skipsTransition = true
    guard case .between(let states) = shown, depth < maximumIsolationDepth else {
      switch shown {
      case .state(let entry): stack.append(.layer(entry, resolved))
      case .between(let states): stack.append(.layer(states.new, resolved))
      }
      return
    }
    /// Draws `entry` moved by `amount` of its size along the direction, at `opacity` (a group below 1).
    func draw(_ entry: Int, moved amount: Double, opacity: Double) {
      var placed = resolved
      if amount != 0 {
        placed.parentToDevice = shifted(entry, by: amount, states.direction, context: context)
          .concatenating(inherited.parentToDevice)
      }
      if opacity >= 1 {
        renderSubtree(entry, placed, depth: depth + 1, context: context, into: &frame)
      } else if opacity > 0 {
        placed.opacity = 1
        frame.beginGroup()
        renderSubtree(entry, placed, depth: depth + 1, context: context, into: &frame)
        frame.endGroup(opacity: inherited.opacity * opacity)
      }
    }
    if states.oldOnTop {
      draw(states.new, moved: states.newMoved, opacity: states.newOpacity)
      draw(states.old, moved: states.oldMoved, opacity: states.oldOpacity)
    } else {
      draw(states.old, moved: states.oldMoved, opacity: states.oldOpacity)
      draw(states.new, moved: states.newMoved, opacity: states.newOpacity)
    }
  }

  /// The transform, in the superlayer's space, that moves entry `entry` by
  /// `amount` times its width (or height) along `direction` in its own
  /// space: `L⁻¹ · T(d) · L` for its layer→superlayer transform `L`;
  /// identity when `L` is singular.
  static func shifted(_ entry: Int, by amount: Double, _ direction: (x: Double, y: Double),
                      context: Context) -> Transform3D {
    let p = context.tree.layers[entry].properties
    let (layerToParent, _) = transforms(p, parentToDevice: .identity)
    guard let parentToLayer = layerToParent.inverted() else { return .identity }
    let move = Transform3D.translation(x: direction.x * amount * p.bounds.size.width,
                                       y: direction.y * amount * p.bounds.size.height, z: 0)
    return parentToLayer.concatenating(move).concatenating(layerToParent)
  }
}
