// SPDX-License-Identifier: Apache-2.0
// CATransaction offscreen: explicit transactions commit animations; there are no implicit animations.

import Foundation

/// Core Animation's transactions, offscreen. Exactly what each method does here:
///
/// - `begin()` opens a transaction (they nest, per thread); `commit()`
///   closes it, and closing the outermost one commits the animations added
///   inside it: a zero `beginTime` becomes the layer's time at the render
///   clock then, with the tree as it is at that moment, as on iOS. Outside
///   any explicit transaction, animations are committed when the layer is
///   next rendered or asked for its `presentation()` (the implicit
///   transaction). `flush()` commits what the open transactions hold so far.
/// - `setAnimationDuration(_:)` is the duration that animations added inside
///   the transaction with a zero `duration` get (instead of 0.25 s), as on iOS.
/// - `setDisableActions(_:)`, `setAnimationTimingFunction(_:)` and
///   `setValue(_:forKey:)` are stored and read back, and change nothing:
///   setting a property offscreen never starts an implicit animation, so
///   there is nothing for them to disable or time. A property set inside a
///   transaction takes effect at once.
/// - `setCompletionBlock(_:)` is stored and never called: no clock runs
///   offscreen to finish the transaction's animations. `lock()` and
///   `unlock()` do nothing.
public final class CATransaction {
  /// One open transaction's settings.
  final class Frame {
    var values: [String: Any] = [:]
    var completion: (() -> Void)?
    var layers: [CALayer] = []
  }

  /// The open transactions of this thread, innermost last.
  private static var stack: [Frame] {
    get { (Thread.current.threadDictionary[stackKey] as? StackBox)?.frames ?? [] }
    set {
      if let box = Thread.current.threadDictionary[stackKey] as? StackBox {
        box.frames = newValue
      } else {
        let box = StackBox()
        box.frames = newValue
        Thread.current.threadDictionary[stackKey] = box
      }
    }
  }
  private final class StackBox { var frames: [Frame] = [] }
  private static let stackKey = "ZoetropeQuartzCore.CATransaction"

  /// Opens a transaction.
  public static func begin() { stack.append(Frame()) }

  /// Closes the innermost transaction; closing the outermost commits the
  /// animations added in it. Without an open transaction, does nothing.
  public static func commit() {
    guard let frame = stack.popLast() else { return }
    if stack.isEmpty {
      for layer in frame.layers { layer.commitAnimations() }
    } else {
      stack[stack.count - 1].layers += frame.layers
    }
  }

  /// Commits the animations the open transactions hold so far.
  public static func flush() {
    for frame in stack {
      for layer in frame.layers { layer.commitAnimations() }
      frame.layers = []
    }
  }

  /// Does nothing (one thread owns a layer tree offscreen).
  public static func lock() {}
  /// Does nothing.
  public static func unlock() {}

  /// The duration of animations added with `duration` 0 in this transaction; 0.25 outside one.
  public static func animationDuration() -> CFTimeInterval {
    currentAnimationDuration ?? 0.25
  }
  /// Sets it for the innermost transaction.
  public static func setAnimationDuration(_ duration: CFTimeInterval) {
    setValue(duration, forKey: "animationDuration")
  }

  /// Stored only (implicit animations would use it; there are none offscreen).
  public static func animationTimingFunction() -> CAMediaTimingFunction? {
    value(forKey: "animationTimingFunction") as? CAMediaTimingFunction
  }
  /// Stored only.
  public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
    setValue(function, forKey: "animationTimingFunction")
  }

  /// Stored only: there are no implicit animations to disable.
  public static func disableActions() -> Bool { value(forKey: "disableActions") as? Bool ?? false }
  /// Stored only.
  public static func setDisableActions(_ flag: Bool) { setValue(flag, forKey: "disableActions") }

  /// The innermost transaction's completion block, or `nil`.
  public static func completionBlock() -> (() -> Void)? { stack.last?.completion }
  /// Stored, never called: no clock runs offscreen to finish the animations.
  public static func setCompletionBlock(_ block: (() -> Void)?) { stack.last?.completion = block }

  /// The value stored under `key` by the innermost transaction that has one.
  public static func value(forKey key: String) -> Any? {
    for frame in stack.reversed() { if let value = frame.values[key] { return value } }
    return nil
  }
  /// Stores a value in the innermost transaction; without one, does nothing.
  public static func setValue(_ value: Any?, forKey key: String) { stack.last?.values[key] = value }

  /// The duration set by an open transaction, if any.
  static var currentAnimationDuration: CFTimeInterval? {
    (value(forKey: "animationDuration") as? CFTimeInterval).flatMap { $0 > 0 ? $0 : nil }
  }

  /// Records that `layer` had an animation added, for the outermost `commit()`.
  static func register(_ layer: CALayer) {
    stack.last?.layers.append(layer)
  }
}
