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
  public func animationDidStart(_ anim: CAAnimation) {}
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

  open var beginTime: CFTimeInterval {
    get { timing.beginTime }
    set { timing.beginTime = newValue }
  }
  open var duration: CFTimeInterval {
    get { timing.duration }
    set { timing.duration = newValue }
  }
  open var speed: Float {
    get { Float(timing.speed) }
    set { timing.speed = Double(newValue) }
  }
  open var timeOffset: CFTimeInterval {
    get { timing.timeOffset }
    set { timing.timeOffset = newValue }
  }
  open var repeatCount: Float {
    get { Float(timing.repeatCount) }
    set { timing.repeatCount = Double(newValue) }
  }
  open var repeatDuration: CFTimeInterval {
    get { timing.repeatDuration }
    set { timing.repeatDuration = newValue }
  }
  open var autoreverses: Bool {
    get { timing.autoreverses }
    set { timing.autoreverses = newValue }
  }
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
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
  public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
  public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
  public static let scale = CAValueFunctionName(rawValue: "scale")
  public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
  public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
  public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
  public static let translate = CAValueFunctionName(rawValue: "translate")
  public static let translateX = CAValueFunctionName(rawValue: "translateX")
  public static let translateY = CAValueFunctionName(rawValue: "translateY")
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

  /// An animation of no key path yet.
  public override convenience init() { self.init(keyPath: nil) }

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
