// SPDX-License-Identifier: Apache-2.0
// CABasicAnimation, CASpringAnimation, CAKeyframeAnimation and CAAnimationGroup, with values as `Any?`.

import Zoetrope

/// An animation from one value to another (`CABasicAnimation`). The values
/// are `Any?`, as on iOS: numbers (`Int`, `Double`, `Float`, `CGFloat`,
/// `NSNumber`), `CGPoint`, `CGSize`, `CGRect`, `CATransform3D`, `CGColor`,
/// `CGPath`, arrays of numbers or of `CGColor`s, or `NSValue`s holding
/// points, sizes, rects and transforms. A value of the wrong type for the
/// key path is reported when the layer is rendered (docs/quartzcore.md).
///
///     let fade = CABasicAnimation(keyPath: "opacity")
///     fade.fromValue = 1
///     fade.toValue = 0
open class CABasicAnimation: CAPropertyAnimation {
  /// The start value, or `nil` (the value below the animation).
  open var fromValue: Any?
  /// The end value, or `nil`.
  open var toValue: Any?
  /// The change, or `nil`; ignored when both ends are set.
  open var byValue: Any?

  /// A copy with every property of this class and its bases.
  open override func copy() -> Any {
    let copy = CABasicAnimation(keyPath: keyPath)
    copy.copyBasicFields(from: self)
    return copy
  }

  func copyBasicFields(from other: CABasicAnimation) {
    copyPropertyFields(from: other)
    fromValue = other.fromValue
    toValue = other.toValue
    byValue = other.byValue
  }

  override var className: String { "CABasicAnimation" }
}

/// A basic animation whose progress follows a damped spring
/// (`CASpringAnimation`); Zoetrope's ``SpringCurve`` solves it.
///
///     let bounce = CASpringAnimation(keyPath: "transform.scale")
///     bounce.fromValue = 0.6; bounce.toValue = 1; bounce.damping = 8
///     bounce.duration = bounce.settlingDuration
open class CASpringAnimation: CABasicAnimation {
  var spring = SpringCurve()

  /// Mass, > 0. Default 1.
  open var mass: CGFloat {
    get { CGFloat(spring.mass) }
    set { spring.mass = Double(newValue) }
  }
  /// Stiffness, > 0. Default 100.
  open var stiffness: CGFloat {
    get { CGFloat(spring.stiffness) }
    set { spring.stiffness = Double(newValue) }
  }
  /// Damping, ≥ 0. Default 10.
  open var damping: CGFloat {
    get { CGFloat(spring.damping) }
    set { spring.damping = Double(newValue) }
  }
  /// Initial velocity, in from→to distances per second. Default 0.
  open var initialVelocity: CGFloat {
    get { CGFloat(spring.initialVelocity) }
    set { spring.initialVelocity = Double(newValue) }
  }
  /// Whether damping ratios above 1 are overdamped (default false).
  open var allowsOverdamping: Bool {
    get { spring.allowsOverdamping }
    set { spring.allowsOverdamping = newValue }
  }
  /// How long the spring takes to settle within 0.001, seconds; set
  /// `duration` to it, or the value snaps to the model when `duration` ends.
  open var settlingDuration: CFTimeInterval { spring.settlingDuration }
  /// `2π √(mass / stiffness)`.
  open var perceptualDuration: CFTimeInterval { spring.perceptualDuration }
  /// The bounce the damping ratio corresponds to.
  open var bounce: CGFloat { CGFloat(spring.bounce) }

  /// A spring from a perceptual duration and bounce (iOS 17); sets `allowsOverdamping`.
  public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
    self.init(keyPath: nil)
    spring = SpringCurve(perceptualDuration: perceptualDuration, bounce: Double(bounce))
  }

  /// A copy with every property of this class and its bases.
  open override func copy() -> Any {
    let copy = CASpringAnimation(keyPath: keyPath)
    copy.copyBasicFields(from: self)
    copy.spring = spring
    return copy
  }

  override var className: String { "CASpringAnimation" }
}

/// How a keyframe animation fills the time between keyframes (`CAAnimationCalculationMode`).
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
  /// The raw value, as Core Animation spells it.
  public let rawValue: String
  /// The constant with this raw value; one Core Animation does not know behaves as the default.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// Straight interpolation (the default).
  public static let linear = CAAnimationCalculationMode(rawValue: "linear")
  /// Each value holds until the next key time.
  public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
  /// Constant speed; `keyTimes` and `timingFunctions` are ignored.
  public static let paced = CAAnimationCalculationMode(rawValue: "paced")
  /// A smooth spline through the values.
  public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
  /// The spline at constant speed.
  public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// Whether a layer moved along a `path` turns with it (`CAAnimationRotationMode`).
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
  /// The raw value, as Core Animation spells it.
  public let rawValue: String
  /// The constant with this raw value; one Core Animation does not know behaves as the default.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// The layer's x axis follows the path's tangent.
  public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
  /// The same, turned by 180°.
  public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// An animation through a sequence of values, or along a path
/// (`CAKeyframeAnimation`).
///
///     let shake = CAKeyframeAnimation(keyPath: "position.x")
///     shake.values = [0, 10, -10, 10, 0]
///     shake.keyTimes = [0, 0.25, 0.5, 0.75, 1]
///     shake.isAdditive = true
open class CAKeyframeAnimation: CAPropertyAnimation {
  /// The keyframe values (the types `CABasicAnimation` takes).
  open var values: [Any]?
  /// A path for a point property to follow; when set, `values` are ignored.
  open var path: CGPath?
  /// When each value is reached, fractions 0…1 of the duration.
  open var keyTimes: [NSNumber]?
  /// One easing per segment between keyframes.
  open var timingFunctions: [CAMediaTimingFunction]?
  /// How values between keyframes are computed; default linear.
  open var calculationMode: CAAnimationCalculationMode = .linear
  /// Tension per keyframe for the cubic modes.
  open var tensionValues: [NSNumber]?
  /// Continuity per keyframe for the cubic modes.
  open var continuityValues: [NSNumber]?
  /// Bias per keyframe for the cubic modes.
  open var biasValues: [NSNumber]?
  /// Turns the layer to follow `path`; `nil` does not.
  open var rotationMode: CAAnimationRotationMode?

  /// A copy with every property of this class and its bases.
  open override func copy() -> Any {
    let copy = CAKeyframeAnimation(keyPath: keyPath)
    copy.copyPropertyFields(from: self)
    copy.values = values
    copy.path = path
    copy.keyTimes = keyTimes
    copy.timingFunctions = timingFunctions
    copy.calculationMode = calculationMode
    copy.tensionValues = tensionValues
    copy.continuityValues = continuityValues
    copy.biasValues = biasValues
    copy.rotationMode = rotationMode
    return copy
  }

  override var className: String { "CAKeyframeAnimation" }
}

/// Animations that run together in the group's time (`CAAnimationGroup`):
/// children's `beginTime` counts from the group's start, children are cut
/// at the group's end, and a child without a duration takes the group's.
///
///     let pulse = CAAnimationGroup()
///     pulse.animations = [grow, fade]
///     pulse.duration = 1.5
///     pulse.repeatCount = .infinity
open class CAAnimationGroup: CAAnimation {
  /// The children, applied in order.
  open var animations: [CAAnimation]?

  /// A copy with every property of this class and its bases.
  open override func copy() -> Any {
    let copy = CAAnimationGroup()
    copy.copyAnimationFields(from: self)
    copy.animations = animations?.map { $0.copy() as! CAAnimation }
    return copy
  }

  override var className: String { "CAAnimationGroup" }
}
