// SPDX-License-Identifier: Apache-2.0
// Which state of a layer with transitions shows at an instant, and how far a running transition is.

import ZoetropeAnimation

/// What a layer with transitions shows at an instant.
package enum TransitionShown: Equatable {
  /// One state, drawn as the layer: the entry of the layer itself (before
  /// any transition) or of a state after one.
  case state(Int)
  /// A transition under way: how its two states are drawn.
  case between(TransitionFrame)
}

/// The two states of a running transition as they are drawn: each moved by
/// a fraction of its own width (or height) along ``direction`` in its own
/// space, at an opacity, in order.
package struct TransitionFrame: Equatable {
  /// The entries of the state before and after the change.
  package var old: Int, new: Int
  /// The unit direction of the motion in the layers' space (x, y), y down.
  package var direction: (x: Double, y: Double)
  /// How far each state is moved, in sizes along `direction`.
  package var oldMoved: Double, newMoved: Double
  /// The opacity each is drawn at (below 1, as a group).
  package var oldOpacity: Double, newOpacity: Double
  /// Whether the old state is drawn over the new one (`reveal`).
  package var oldOnTop: Bool
  /// The transition's type, its side (`fromLeft` for none) and its progress
  /// (0…1, eased): what `inspect` reports. The fields above are what is
  /// drawn, and only they take part in `==`.
  package var type: TransitionType, subtype: TransitionSubtype, progress: Double

  /// The frame of `type` at `progress` (0 only the old state, 1 only the new).
  init(old: Int, new: Int, type: TransitionType, subtype: TransitionSubtype, progress p: Double) {
    self.old = old
    self.new = new
    self.type = type
    self.subtype = subtype
    progress = p
    direction = subtype.direction
    (oldMoved, newMoved, oldOpacity, newOpacity, oldOnTop) = switch type {
    case .fade: (0, 0, 1 - p, p, false)
    case .push: (p, p - 1, 1, 1, false)
    case .moveIn: (0, p - 1, 1, 1, false)
    case .reveal: (p, 0, 1, 1, true)
    }
  }

  package static func == (a: TransitionFrame, b: TransitionFrame) -> Bool {
    a.old == b.old && a.new == b.new && a.direction == b.direction && a.oldMoved == b.oldMoved
      && a.newMoved == b.newMoved && a.oldOpacity == b.oldOpacity && a.newOpacity == b.newOpacity
      && a.oldOnTop == b.oldOnTop
  }
}

extension PresentationTree {
  /// What entry `index` shows at this instant; `nil` for a layer without
  /// transitions. Transitions are taken in the order they were added: each
  /// whose `beginTime` the layer's local time has reached moves the layer
  /// to its state (one that begins before the previous one ended cuts that
  /// one short); the first not yet begun stops the walk.
  package func transitionShown(of index: Int) -> TransitionShown? {
    // (Most layers have no transitions: asked in place, before a copy of the node.)
    guard !structure.nodes[layers[index].node].transitionStates.isEmpty else { return nil }
    let node = structure.nodes[layers[index].node]
    let shift = index - layers[index].node
    let time = layers[index].localTime
    var current = 0
    var running: (transition: ResolvedTransition, progress: Double)?
    for (k, transition) in node.transitions.enumerated() {
      let phase = transition.phase(atLayerTime: time)
      if phase == .before { break }
      current = k + 1
      if case .running(let progress) = phase { running = (transition, progress) } else { running = nil }
    }
    let entry = { (state: Int) in state == 0 ? index : node.transitionStates[state - 1] + shift }
    if let running {
      return .between(TransitionFrame(old: entry(current - 1), new: entry(current), type: running.transition.type,
                                      subtype: running.transition.subtype, progress: running.progress))
    }
    return .state(entry(current))
  }

  /// The entry whose values entry `index` shows at this instant: the state
  /// after its last transition begun (the new one while a transition runs),
  /// or `index` itself.
  public func shownEntry(of index: Int) -> Int {
    switch transitionShown(of: index) {
    case nil: index
    case .state(let entry): entry
    case .between(let frame): frame.new
    }
  }
}
