// SPDX-License-Identifier: Apache-2.0
// CALayer: Core Animation's names and types over one Zoetrope layer, which holds every value and draws.

import Foundation
import Zoetrope

/// A layer as Core Animation's `CALayer`, with its Core Graphics types:
/// geometry (`bounds`, `position`, `anchorPoint`, `frame`, `transform`),
/// appearance (`backgroundColor`, `cornerRadius`, `borderWidth`, shadows,
/// `contents`, `mask`), timing (`CAMediaTiming`), sublayers and animations.
///
/// Every value lives in a Zoetrope ``Layer`` that this object maps onto and
/// that draws it; this class only converts types. Subclass it as on iOS
/// (`override init()`, `override init(layer:)`, `required init?(coder:)`,
/// `override func layoutSublayers()`).
///
///     let card = CALayer()
///     card.frame = CGRect(x: 20, y: 20, width: 160, height: 100)
///     card.backgroundColor = UIColor.systemBlue.cgColor
///     card.cornerRadius = 12
open class CALayer: CAMediaTiming, LayerConvertible {
  /// The Zoetrope layer holding every value.
  let backing: Layer
  /// The sublayers, in the backing layer's order.
  var children: [CALayer] = []
  /// The superlayer.
  weak var parent: CALayer?
  /// The mask layer.
  var maskLayer: CALayer?
  /// The layer this one masks.
  weak var maskHost: CALayer?
  /// The animations as added: the layer's copies, in order (see CALayer+Animations.swift).
  var animationEntries: [AnimationEntry] = []
  /// Values of `Any` properties that cannot be drawn, by property name, reported when rendered.
  var propertyProblems: [String: String] = [:]
  /// Values stored by key-value coding under keys that are not layer properties.
  var customValues: [String: Any] = [:]
  /// Whether `layoutSublayers()` runs at the next commit.
  var layoutPending = false
  /// Whether `display()` runs at the next commit.
  var displayPending = false
  /// For a presentation copy: the model layer it shows.
  var modelLayer: CALayer?

  /// The object asked for layout and display (not retained).
  open weak var delegate: CALayerDelegate?

  /// A layer over `backing` (a Zoetrope layer of the right kind).
  init(backing: Layer) { self.backing = backing }

  /// A layer with Core Animation's defaults.
  public init() { backing = Layer() }

  /// A layer with the model values and timing of `layer` (another `CALayer`)
  /// — no sublayers, no animations — as Core Animation makes the copies it
  /// shows. Subclasses override it to copy their own fields.
  public init(layer: Any) {
    backing = Layer()
    copyValues(from: layer)
  }

  /// A layer with Core Animation's defaults: archives are not read offscreen.
  public required init?(coder: NSCoder) { backing = Layer() }

  deinit {
    // Release a deep chain of sublayers iteratively: the recursive release of
    // tens of thousands of nested layers would overflow the stack (the
    // Zoetrope layers underneath release theirs the same way).
    var pending = children
    children = []
    if let mask = maskLayer { pending.append(mask) }
    maskLayer = nil
    while var layer = pending.popLast() {
      if isKnownUniquelyReferenced(&layer) {
        pending.append(contentsOf: layer.children)
        layer.children = []
        if let mask = layer.maskLayer { pending.append(mask) }
        layer.maskLayer = nil
      }
    }
  }

  /// Copies the model values, timing and name of `layer` when it is a `CALayer`
  /// (of a kind whose values fit this one's; a plain layer's otherwise).
  func copyValues(from layer: Any) {
    guard let other = layer as? CALayer else { return }
    var values = other.backing.model
    if type(of: other.backing) != type(of: backing) {
      // Keep this kind's own properties (a shape's path, …) at their defaults.
      let own = backing.model
      values.shape = own.shape
      values.gradient = own.gradient
      values.text = own.text
      values.replicator = own.replicator
    }
    backing.model = values
    backing.timing = other.backing.timing
    backing.name = other.backing.name
    propertyProblems = other.propertyProblems
    storedFont = other.storedFont
    storedString = other.storedString
    storedColors = other.storedColors
    storedContents = other.storedContents
    storedCompositingFilter = other.storedCompositingFilter
  }

  /// Raw values of the `Any` properties, returned as they were set.
  var storedFont: Any?
  var storedString: Any?
  var storedColors: [Any]?
  var storedContents: Any?
  var storedCompositingFilter: Any?

  // MARK: Identity

  /// A name, which error messages, `inspect` and `timeline` use.
  open var name: String? {
    get { backing.name }
    set { backing.name = newValue }
  }

  // MARK: Geometry

  /// The layer's own coordinate space. Changing its size marks the layer for layout.
  open var bounds: CGRect {
    get { CGRect(backing.bounds) }
    set {
      if newValue.size != bounds.size { layoutPending = true }
      backing.bounds = newValue.zoetrope
    }
  }
  /// Where `anchorPoint` sits in the superlayer.
  open var position: CGPoint {
    get { CGPoint(backing.position) }
    set { backing.position = newValue.zoetrope }
  }
  /// The point of the bounds (unit coordinates) placed at `position`; default (0.5, 0.5).
  open var anchorPoint: CGPoint {
    get { CGPoint(backing.anchorPoint) }
    set { backing.anchorPoint = newValue.zoetrope }
  }
  /// The anchor's z; stored only (Zoetrope's transforms turn about z = 0).
  open var anchorPointZ: CGFloat = 0
  /// Order among siblings, ascending.
  open var zPosition: CGFloat {
    get { CGFloat(backing.zPosition) }
    set { backing.zPosition = Double(newValue) }
  }
  /// The rectangle in the superlayer, ignoring `transform`: setting it sets
  /// `bounds.size` and `position` (by the anchor point), as on iOS.
  open var frame: CGRect {
    get { CGRect(backing.frame) }
    set {
      if newValue.size != bounds.size { layoutPending = true }
      backing.frame = newValue.standardized.zoetrope
    }
  }
  /// The transform about the anchor point.
  open var transform: CATransform3D {
    get { CATransform3D(backing.transform) }
    set { backing.transform = newValue.zoetrope }
  }
  /// The transform applied to the sublayers, about the centre of the bounds.
  open var sublayerTransform: CATransform3D {
    get { CATransform3D(backing.sublayerTransform) }
    set { backing.sublayerTransform = newValue.zoetrope }
  }
  /// The transform's affine part.
  open func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }
  /// Sets the transform to an affine one.
  open func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

  // MARK: Appearance

  /// Group opacity, 0…1.
  open var opacity: Float {
    get { Float(backing.opacity) }
    set { backing.opacity = Double(newValue) }
  }
  /// Whether the layer and its sublayers are hidden.
  open var isHidden: Bool {
    get { backing.isHidden }
    set { backing.isHidden = newValue }
  }
  /// The fill of the bounds; `nil` (the default) for none.
  open var backgroundColor: CGColor? {
    get { backing.backgroundColor.map(CGColor.init) }
    set { backing.backgroundColor = newValue?.zoetrope }
  }
  /// The radius of the rounded corners of the background, border and (with
  /// `masksToBounds`) the clip.
  open var cornerRadius: CGFloat {
    get { CGFloat(backing.cornerRadius) }
    set { backing.cornerRadius = Double(newValue) }
  }
  /// Which corners `cornerRadius` rounds; default all.
  open var maskedCorners: CACornerMask {
    get { CACornerMask(rawValue: UInt(backing.maskedCorners.rawValue)) }
    set { backing.maskedCorners = CornerMask(rawValue: UInt8(truncatingIfNeeded: newValue.rawValue)) }
  }
  /// The curve of the corners; default circular.
  open var cornerCurve: CALayerCornerCurve {
    get { CALayerCornerCurve(rawValue: backing.cornerCurve.rawValue) }
    set { backing.cornerCurve = CornerCurve(rawValue: newValue.rawValue) ?? .circular }
  }
  /// The width of the border, drawn inside the bounds.
  open var borderWidth: CGFloat {
    get { CGFloat(backing.borderWidth) }
    set { backing.borderWidth = Double(newValue) }
  }
  /// The border's colour; default opaque black.
  open var borderColor: CGColor? {
    get { backing.borderColor.map(CGColor.init) }
    set { backing.borderColor = newValue?.zoetrope }
  }
  /// Whether sublayers and contents are clipped to the rounded bounds.
  open var masksToBounds: Bool {
    get { backing.masksToBounds }
    set { backing.masksToBounds = newValue }
  }

  // MARK: Shadow

  /// The shadow's colour; default opaque black.
  open var shadowColor: CGColor? {
    get { backing.shadowColor.map(CGColor.init) }
    set { backing.shadowColor = newValue?.zoetrope }
  }
  /// The shadow's opacity, 0…1; default 0 (no shadow).
  open var shadowOpacity: Float {
    get { Float(backing.shadowOpacity) }
    set { backing.shadowOpacity = Double(newValue) }
  }
  /// The shadow's offset; default (0, −3), which on a y-down layer is 3 points up, as on iOS.
  open var shadowOffset: CGSize {
    get { CGSize(backing.shadowOffset) }
    set { backing.shadowOffset = newValue.zoetrope }
  }
  /// The shadow's blur radius; default 3 (see docs/compositing.md for the blur's exact shape).
  open var shadowRadius: CGFloat {
    get { CGFloat(backing.shadowRadius) }
    set { backing.shadowRadius = Double(newValue) }
  }
  /// The shadow's shape, or `nil` for the layer's own alpha.
  open var shadowPath: CGPath? {
    get { backing.shadowPath.map(CGPath.init) }
    set { backing.shadowPath = newValue?.storage }
  }

  // MARK: Timing

  /// The begin point in the parent's time, seconds (for an animation, 0 becomes the layer's time at the commit).
  open var beginTime: CFTimeInterval {
    get { backing.timing.beginTime }
    set { backing.timing.beginTime = newValue }
  }
  /// The length of one iteration, seconds: for an animation, 0 (the default) becomes 0.25 s, or the transaction's
  /// duration, when added; for a layer, infinite by default.
  open var duration: CFTimeInterval {
    get { backing.timing.duration }
    set { backing.timing.duration = newValue }
  }
  /// The rate of local time against the parent's: 0 pauses, negative runs backwards; default 1.
  open var speed: Float {
    get { Float(backing.timing.speed) }
    set { backing.timing.speed = Double(newValue) }
  }
  /// Seconds added to the local time after `speed` (wrapping round the cycle); default 0.
  open var timeOffset: CFTimeInterval {
    get { backing.timing.timeOffset }
    set { backing.timing.timeOffset = newValue }
  }
  /// How many iterations play: 0 (the default) one, fractions cut the last; `.infinity` repeats forever.
  open var repeatCount: Float {
    get { Float(backing.timing.repeatCount) }
    set { backing.timing.repeatCount = Double(newValue) }
  }
  /// How long the iterations play, seconds of local time; 0 (the default) unused.
  open var repeatDuration: CFTimeInterval {
    get { backing.timing.repeatDuration }
    set { backing.timing.repeatDuration = newValue }
  }
  /// Each iteration plays forwards, then backwards; default false.
  open var autoreverses: Bool {
    get { backing.timing.autoreverses }
    set { backing.timing.autoreverses = newValue }
  }
  /// What shows outside the active window; default `.removed`.
  open var fillMode: CAMediaTimingFillMode {
    get { CAMediaTimingFillMode(backing.timing.fillMode) }
    set { backing.timing.fillMode = newValue.zoetrope }
  }

  /// Converts `t` from `layer`'s local time (media time when `nil`) to this
  /// layer's, through the linear maps of every layer from the root.
  open func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
    backing.convertTime(t, from: layer?.backing)
  }

  /// Converts `t` from this layer's local time to `layer`'s (media time when `nil`).
  open func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
    backing.convertTime(t, to: layer?.backing)
  }

  // MARK: Stored for compatibility (no effect offscreen)

  /// Stored only: layers are drawn from both sides.
  open var isDoubleSided = true
  /// Stored only: Zoetrope's layers are y-down, as iOS's.
  open var isGeometryFlipped = false
  /// Stored only: every layer is drawn from its vectors at every frame.
  open var shouldRasterize = false
  /// Stored only.
  open var rasterizationScale: CGFloat = 1
  /// Stored only.
  open var isOpaque = false
  /// Stored only: edges are always anti-aliased.
  open var allowsEdgeAntialiasing = true
  /// Stored only: a translucent layer with sublayers is always composited as a group.
  open var allowsGroupOpacity = true
  /// Stored only.
  open var drawsAsynchronously = false
  /// Stored only.
  open var needsDisplayOnBoundsChange = false
  /// Stored only: offscreen there are no implicit animations to replace.
  open var actions: [String: CAAction]?
  /// Stored only.
  open var style: [AnyHashable: Any]?

  /// A copy of the layer showing what it looks like at the render clock's
  /// time (`CACurrentMediaTime()`, 0 unless inside
  /// `ZoetropeRender.withMediaTime(_:_:)`), with its animations applied by
  /// Zoetrope's presentation evaluator; its sublayers are presentation
  /// copies too, and `model()` leads back here.
  ///
  /// Unlike iOS, it is never `nil`: asking commits the tree first, as a
  /// render would. A subclass defined outside this module gets a copy of
  /// the Core Animation class it derives from (its own fields are not
  /// copied: Swift cannot make an instance of a class whose `init(layer:)`
  /// is not `required`).
  open func presentation() -> CALayer? { presentationCopy() }

  /// An empty layer of this layer's Core Animation class, for presentation copies.
  func emptyCopy() -> CALayer { CALayer() }

  /// Lays out the sublayers: override it to set their frames from `bounds`.
  /// The default asks the delegate, as on iOS.
  open func layoutSublayers() { delegate?.layoutSublayers(of: self) }

  /// Updates the layer's contents: override it to set `contents`. The
  /// default asks the delegate. There is no `draw(in:)`: no Core Graphics
  /// context exists offscreen.
  open func display() { delegate?.display(self) }

  // MARK: Overridable for compatibility (asked by nothing offscreen)

  /// Whether a change of `key` redraws the layer; `false`. Kept so that
  /// subclasses overriding it compile: offscreen nothing asks (there is no
  /// `draw(in:)`).
  open class func needsDisplay(forKey key: String) -> Bool { false }
  /// The default value of `key`; `nil`. Kept for subclasses that override it.
  open class func defaultValue(forKey key: String) -> Any? { nil }
  /// The default action for `event`; `nil`: there are no implicit animations.
  open class func defaultAction(forKey event: String) -> CAAction? { nil }
  /// The action for `event`; `nil`: there are no implicit animations to run.
  open func action(forKey event: String) -> CAAction? { nil }

  /// What the layer is, for messages: `CAShapeLayer "ring"`.
  var messageName: String {
    let kind = String(describing: type(of: self))
    return name.map { "\(kind) \"\($0)\"" } ?? kind
  }
}
