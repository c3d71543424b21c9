// SPDX-License-Identifier: Apache-2.0
// CALayer: the model layer — properties, sublayers, timing and animations.

import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeTiming

/// A model layer, as `CALayer`: a rectangle with a background, border and
/// transform, sublayers, its own timing, and animations.
///
/// Layers are mutable objects, as in Core Animation, and not thread-safe; take
/// a ``LayerTree`` snapshot to render or evaluate on other threads.
///
///     let card = Layer()
///     card.frame = Rect(x: 40, y: 40, width: 200, height: 120)
///     card.backgroundColor = Color(hex: "#FFB900")
///     root.addSublayer(card)
public class Layer: MediaTiming {
  /// The layer's timing. Layers default to an infinite `duration`: their time
  /// runs linearly from their parent's (docs/timing.md, "Clocks inside clocks").
  public var timing = Timing.layerDefault
  /// A name, used by `inspect`, error messages and `timeline`.
  public var name: String?
  /// The model values of every property.
  public var model = LayerProperties()

  /// The sublayers, drawn in order (then by `zPosition`). Setting it re-parents
  /// the new layers and detaches the old ones.
  public var sublayers: [Layer]? {
    get { children.isEmpty ? nil : children }
    set {
      hasAssignedSublayers = true
      for child in children { child.superlayer = nil }
      children = []
      for layer in newValue ?? [] { addSublayer(layer) }
    }
  }
  private var children: [Layer] = []
  /// The layer this one is a sublayer of.
  public private(set) weak var superlayer: Layer?
  /// Animations in the order they were added (first applied first).
  var animationEntries: [(key: String?, animation: Animation)] = []
  /// Transitions in the order they were added, each with the state after it
  /// (Layer+Transition.swift).
  var transitionEntries: [TransitionEntry] = []
  /// Whether `sublayers` was set or a sublayer inserted (a transition's new
  /// state then has sublayers of its own).
  var hasAssignedSublayers = false
  /// The mask layer (``mask``, in Layer+Mask.swift).
  var maskStorage: Layer?
  /// The layer whose mask this one is.
  weak var maskHost: Layer?

  /// Creates a plain layer with Core Animation's defaults.
  public init() {}

  /// The layer's class, as the snapshot records it.
  var kind: LayerKind { .layer }
  /// The layer's class (what a scene file's `type` names).
  package var layerKind: LayerKind { kind }

  deinit {
    // Release a deep sublayer chain iteratively: the recursive release of tens of
    // thousands of nested layers would overflow the stack.
    var pending = children
    children = []
    if let mask = maskStorage { pending.append(mask) }
    maskStorage = nil
    while var layer = pending.popLast() {
      if isKnownUniquelyReferenced(&layer) {
        pending.append(contentsOf: layer.children)
        layer.children = []
        if let mask = layer.maskStorage { pending.append(mask) }
        layer.maskStorage = nil
      }
    }
  }

  // MARK: Sublayers

  /// Appends `layer` to the sublayers, removing it from its previous superlayer.
  /// Adding a layer to itself or to one of its own sublayers is ignored.
  public func addSublayer(_ layer: Layer) {
    insertSublayer(layer, at: children.count)
  }

  /// Inserts `layer` at `index` (clamped to the valid range). A layer that
  /// is another layer's mask stops being it.
  public func insertSublayer(_ layer: Layer, at index: Int) {
    // Only a layer with sublayers or a mask can be an ancestor of `self`; a
    // leaf needs no walk up the tree (which would make building deep trees
    // quadratic).
    if layer === self { return }
    if !layer.children.isEmpty || layer.maskStorage != nil, isInside(layer) { return }
    layer.removeFromSuperlayer()
    hasAssignedSublayers = true
    children.insert(layer, at: Swift.min(Swift.max(index, 0), children.count))
    layer.superlayer = self
  }

  /// Detaches the layer from its superlayer, or from the layer it masks;
  /// does nothing if it has neither.
  public func removeFromSuperlayer() {
    if let host = maskHost {
      host.maskStorage = nil
      maskHost = nil
    }
    guard let parent = superlayer else { return }
    parent.children.removeAll { $0 === self }
    superlayer = nil
  }

  // MARK: Geometry

  /// The layer's own coordinate space.
  public var bounds: Rect {
    get { model.bounds }
    set { model.bounds = newValue }
  }
  /// Where the anchor point sits in the superlayer.
  public var position: Point {
    get { model.position }
    set { model.position = newValue }
  }
  /// The point of the bounds (unit coordinates) placed at `position`. Default (0.5, 0.5).
  public var anchorPoint: Point {
    get { model.anchorPoint }
    set { model.anchorPoint = newValue }
  }
  /// Order among siblings, ascending.
  public var zPosition: Double {
    get { model.zPosition }
    set { model.zPosition = newValue }
  }
  /// The transform about the anchor point.
  public var transform: Transform3D {
    get { model.transform }
    set { model.transform = newValue }
  }
  /// The transform applied to sublayers.
  public var sublayerTransform: Transform3D {
    get { model.sublayerTransform }
    set { model.sublayerTransform = newValue }
  }
  /// The layer's rectangle in the superlayer, ignoring `transform`: setting it
  /// sets `bounds.size` and places `position` by the anchor point, as `CALayer.frame`.
  public var frame: Rect {
    get {
      let size = model.bounds.size
      return Rect(x: model.position.x - model.anchorPoint.x * size.width,
                  y: model.position.y - model.anchorPoint.y * size.height,
                  width: size.width, height: size.height)
    }
    set {
      model.bounds.size = newValue.size
      model.position = Point(x: newValue.origin.x + model.anchorPoint.x * newValue.size.width,
                             y: newValue.origin.y + model.anchorPoint.y * newValue.size.height)
    }
  }

  // MARK: Appearance

  /// Group opacity, 0…1.
  public var opacity: Double {
    get { model.opacity }
    set { model.opacity = newValue }
  }
  /// Whether the layer (and its sublayers) is hidden.
  public var isHidden: Bool {
    get { model.isHidden }
    set { model.isHidden = newValue }
  }
  /// The background fill, or `nil`.
  public var backgroundColor: Color? {
    get { model.backgroundColor }
    set { model.backgroundColor = newValue }
  }
  /// Radius of the circular corners, ≥ 0.
  public var cornerRadius: Double {
    get { model.cornerRadius }
    set { model.cornerRadius = newValue }
  }
  /// Width of the border inside the bounds.
  public var borderWidth: Double {
    get { model.borderWidth }
    set { model.borderWidth = newValue }
  }
  /// Colour of the border; default black.
  public var borderColor: Color? {
    get { model.borderColor }
    set { model.borderColor = newValue }
  }
  /// Clips sublayers to the rounded bounds.
  public var masksToBounds: Bool {
    get { model.masksToBounds }
    set { model.masksToBounds = newValue }
  }
}
