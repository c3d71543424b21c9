// SPDX-License-Identifier: Apache-2.0
// CAAnimation and CAPropertyAnimation: timing, removal, easing and the key path, as iOS code sets them.

import Zoetrope

/// An object told when animations start and stop (`CAAnimationDelegate`).
///
/// Offscreen no clock runs, so neither method is ever called; the delegate
/// is kept (strongly, as Core Animation keeps it) for code that sets it.
public protocol CAAnimationDelegate: AnyObject {
  /// Would be called when the animation starts.
  func animationDidStart(_ anim: CAAnimation)
  /// Would be called when the animation ends or is removed.
  func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
  /// Does nothing unless implemented.
  public func animationDidStart(_ anim: CAAnimation) {}
  /// Does nothing unless implemented.
  public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The base of every animation, as `CAAnimation`: timing (`CAMediaTiming`),
/// `isRemovedOnCompletion`, `timingFunction`. Adding an animation to a
/// layer adds a copy, so later changes to this object do not reach the layer.
open class CAAnimation: CAMediaTiming {
  /// The eight timing values, as Zoetrope keeps them.
  var timing = Timing.animationDefault
  /// Values stored with `setValue(_:forKey:)`.
  private var userValues: [String: Any] = [:]

  /// An animation with Core Animation's defaults.
  public init() {}

  /// When true (the default), the animation is gone once its active window
  /// ends, whatever its `fillMode`; set it to `false` with `fillMode =
  /// .forwards` to keep the final value.
  open var isRemovedOnCompletion = true
  /// The easing of each iteration; `nil` is linear.
  open var timingFunction: CAMediaTimingFunction?
  /// Kept, never called offscreen (see ``CAAnimationDelegate``).
  open var delegate: CAAnimationDelegate?

  /// The begin point in the parent's time, seconds (for an animation, 0 becomes the layer's time at the commit).
  open var beginTime: CFTimeInterval {
    get { timing.beginTime }
    set { timing.beginTime = newValue }
  }
  /// The length of one iteration, seconds: for an animation, 0 (the default) becomes 0.25 s, or the transaction's
  /// duration, when added; for a layer, infinite by default.
  open var duration: CFTimeInterval {
    get { timing.duration }
    set { timing.duration = newValue }
  }
  /// The rate of local time against the parent's: 0 pauses, negative runs backwards; default 1.
  open var speed: Float {
    get { Float(timing.speed) }
    set { timing.speed = Double(newValue) }
  }
  /// Seconds added to the local time after `speed` (wrapping round the cycle); default 0.
  open var timeOffset: CFTimeInterval {
    get { timing.timeOffset }
    set { timing.timeOffset = newValue }
  }
  /// How many iterations play: 0 (the default) one, fractions cut the last; `.infinity` repeats forever.
  open var repeatCount: Float {
    get { Float(timing.repeatCount) }
    set { timing.repeatCount = Double(newValue) }
  }
  /// How long the iterations play, seconds of local time; 0 (the default) unused.
  open var repeatDuration: CFTimeInterval {
    get { timing.repeatDuration }
    set { timing.repeatDuration = newValue }
  }
  /// Each iteration plays forwards, then backwards; default false.
  open var autoreverses: Bool {
    get { timing.autoreverses }
    set { timing.autoreverses = newValue }
  }
  /// What shows outside the active window; default `.removed`.
  open var fillMode: CAMediaTimingFillMode {
    get { CAMediaTimingFillMode(timing.fillMode) }
    set { timing.fillMode = newValue.zoetrope }
  }

  /// Stores a value under `key`, as key-value coding on an animation is used
  /// to tag it (`anim.setValue("fade", forKey: "name")`); it changes nothing
  /// the animation does.
  open func setValue(_ value: Any?, forKey key: String) { userValues[key] = value }

  /// The value stored under `key`, or `nil`.
  open func value(forKey key: String) -> Any? { userValues[key] }

  /// A copy of the animation (an animation group's children are copied too).
  open func copy() -> Any {
    let copy = CAAnimation()
    copy.copyAnimationFields(from: self)
    return copy
  }

  /// Copies the fields `CAAnimation` declares.
  func copyAnimationFields(from other: CAAnimation) {
    timing = other.timing
    isRemovedOnCompletion = other.isRemovedOnCompletion
    timingFunction = other.timingFunction
    delegate = other.delegate
    userValues = other.userValues
  }

  /// The class name, for messages.
  var className: String { "CAAnimation" }
}

/// The functions a `valueFunction` can be (`CAValueFunctionName`).
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
  /// The raw value, as Core Animation spells it.
  public let rawValue: String
  /// The constant with this raw value; one Core Animation does not know behaves as the default.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// `"rotateX"`.
  public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
  /// `"rotateY"`.
  public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
  /// `"rotateZ"`.
  public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
  /// `"scale"`.
  public static let scale = CAValueFunctionName(rawValue: "scale")
  /// `"scaleX"`.
  public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
  /// `"scaleY"`.
  public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
  /// `"scaleZ"`.
  public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
  /// `"translate"`.
  public static let translate = CAValueFunctionName(rawValue: "translate")
  /// `"translateX"`.
  public static let translateX = CAValueFunctionName(rawValue: "translateX")
  /// `"translateY"`.
  public static let translateY = CAValueFunctionName(rawValue: "translateY")
  /// `"translateZ"`.
  public static let translateZ = CAValueFunctionName(rawValue: "translateZ")
}

/// Turns the numbers an animation of `transform` interpolates into a
/// transform (`CAValueFunction`): a rotation by `rotateZ` from 0 to 2π is a
/// full turn, which interpolating matrices cannot express.
public final class CAValueFunction: Sendable {
  /// The function's name.
  public let name: CAValueFunctionName
  let zoetrope: ValueFunction

  /// The function with this name; `nil` for an unknown name.
  public init?(name: CAValueFunctionName) {
    guard let function = ValueFunction(name: name.rawValue) else { return nil }
    self.name = name
    zoetrope = function
  }
}

/// An animation of one key path (`CAPropertyAnimation`).
open class CAPropertyAnimation: CAAnimation {
  /// The animated key path: `"opacity"`, `"position.x"`, `"transform.rotation.z"`, …
  open var keyPath: String?
  /// Adds the animation's value to the value below it instead of replacing it.
  open var isAdditive = false
  /// Each repeat starts where the previous one ended.
  open var isCumulative = false
  /// Builds a transform from interpolated numbers (`transform` key paths only).
  open var valueFunction: CAValueFunction?

  /// An animation of `path`.
  public init(keyPath path: String?) {
    keyPath = path
    super.init()
  }

  /// An animation of no key path yet (a designated initializer, as on iOS,
  /// so that subclasses may call it).
  public override init() {
    keyPath = nil
    super.init()
  }

  /// A copy with every property of this class and its bases.
  open override func copy() -> Any {
    let copy = CAPropertyAnimation(keyPath: keyPath)
    copy.copyPropertyFields(from: self)
    return copy
  }

  /// Copies the fields `CAPropertyAnimation` and its base declare.
  func copyPropertyFields(from other: CAPropertyAnimation) {
    copyAnimationFields(from: other)
    keyPath = other.keyPath
    isAdditive = other.isAdditive
    isCumulative = other.isCumulative
    valueFunction = other.valueFunction
  }

  override var className: String { "CAPropertyAnimation" }
}
