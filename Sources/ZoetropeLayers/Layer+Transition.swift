// SPDX-License-Identifier: Apache-2.0
// Adding a CATransition with the change it animates: the layer's state after the change, kept beside the state before.

import ZoetropeAnimation

/// A transition added to a layer, with the state it changes the layer to.
struct TransitionEntry {
  /// The key it was added under.
  var key: String?
  /// The layer's copy of the transition.
  var transition: Transition
  /// The state after the change: a layer of the same class holding the new
  /// property values (its sublayers and mask only when the change set them).
  var state: Layer
  /// The layer whose sublayers the new state shows: `state` when the change
  /// set sublayers, else the previous state's.
  var sublayerSource: Layer
  /// The layer whose mask the new state has, likewise.
  var maskSource: Layer
}

/// Layers a ``Transition`` can be added to with the change it animates:
/// every ``Layer``. (A protocol so that the change closure sees the layer's
/// own class: a `TextLayer`'s change gets a `TextLayer`.)
public protocol TransitionTarget: AnyObject {}

extension Layer: TransitionTarget {}

extension TransitionTarget where Self: Layer {
  /// Adds `transition` with the change it animates, as Core Animation code
  /// adds a `CATransition` and changes the layer in the same transaction:
  /// from the transition's `beginTime` (in the layer's time) on, the layer
  /// shows the state `change` makes; while the transition runs, the state
  /// before and the state after are drawn as its ``Transition/type`` says.
  ///
  /// `change` gets a new layer of this layer's class holding the current
  /// state's values (after any transitions added before): set properties,
  /// `sublayers` (left alone, the sublayers stay) or `mask` on it. Its
  /// timing and animations are not used: the layer's own keep running
  /// across the change. Transitions apply in the order they are added, each
  /// to the state the one before made; one that begins before the previous
  /// one ends cuts it short. A change that puts this layer, or a layer it
  /// is inside, into the new state is ignored (the tree would be a cycle),
  /// and so is the transition.
  ///
  ///     let transition = Transition()
  ///     transition.type = .push; transition.subtype = .fromRight
  ///     transition.beginTime = 1; transition.duration = 0.4
  ///     card.add(transition, forKey: "step") { next in
  ///       next.backgroundColor = green
  ///       next.sublayers = [stepTwoLabel]
  ///     }
  public func add(_ transition: Transition, forKey key: String? = nil, change: (Self) -> Void) {
    let previous = transitionEntries.last
    let state = Layer.blank(of: kind)
    state.model = (previous?.state ?? self).model
    guard let typed = state as? Self else { return }
    change(typed)
    guard !state.contains(anyOf: ancestorsAndSelf) else { return }
    let copy = transition.copy() as? Transition ?? Transition()
    if let key { transitionEntries.removeAll { $0.key == key } }
    transitionEntries.append(TransitionEntry(
      key: key, transition: copy, state: state,
      sublayerSource: state.hasAssignedSublayers ? state : previous?.sublayerSource ?? self,
      maskSource: state.mask != nil ? state : previous?.maskSource ?? self))
  }
}

extension Layer {
  /// The transitions added, in order, with the keys they were added under.
  public var transitions: [(key: String?, transition: Transition)] {
    transitionEntries.map { ($0.key, $0.transition) }
  }

  /// Removes every transition and the changes they make.
  public func removeAllTransitions() { transitionEntries.removeAll() }

  /// A new layer of `kind` with Core Animation's defaults.
  static func blank(of kind: LayerKind) -> Layer {
    switch kind {
    case .layer: Layer()
    case .shape: ShapeLayer()
    case .gradient: GradientLayer()
    case .text: TextLayer()
    case .replicator: ReplicatorLayer()
    case .transformLayer: TransformLayer()
    case .emitter: EmitterLayer()
    }
  }

  /// This layer and every layer it is inside (superlayers, hosts of masks).
  var ancestorsAndSelf: Set<ObjectIdentifier> {
    var result: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
    var layer = treeParent
    while let current = layer, result.insert(ObjectIdentifier(current)).inserted { layer = current.treeParent }
    return result
  }

  /// The layers of the tree under this one, this one included — its
  /// sublayers and masks, and the layers the changes of transitions put in,
  /// each once (the states after the changes are the same layers, changed)
  /// — and their animations, a transition counting as one: what
  /// `zoetrope validate` reports.
  package var writtenCounts: (layers: Int, animations: Int) {
    var pending: [Layer] = [self]
    var seen: Set<ObjectIdentifier> = []
    var animations = 0
    while let layer = pending.popLast() {
      guard seen.insert(ObjectIdentifier(layer)).inserted else { continue }
      animations += layer.animationEntries.count + layer.transitionEntries.count
      pending += layer.sublayers ?? []
      if let mask = layer.mask { pending.append(mask) }
      for entry in layer.transitionEntries {
        if entry.state.hasAssignedSublayers { pending += entry.state.sublayers ?? [] }
        if let mask = entry.state.mask { pending.append(mask) }
      }
    }
    return (seen.count, animations)
  }

  /// Whether any layer of this one's subtree (sublayers, masks, and the
  /// states of their transitions) is one of `layers`.
  func contains(anyOf layers: Set<ObjectIdentifier>) -> Bool {
    var pending: [Layer] = [self]
    var seen: Set<ObjectIdentifier> = []
    while let layer = pending.popLast() {
      guard seen.insert(ObjectIdentifier(layer)).inserted else { continue }
      if layers.contains(ObjectIdentifier(layer)) { return true }
      pending += layer.sublayers ?? []
      if let mask = layer.mask { pending.append(mask) }
      pending += layer.transitionEntries.map(\.state)
    }
    return false
  }
}
