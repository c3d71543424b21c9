// SPDX-License-Identifier: Apache-2.0
// CATransaction offscreen: explicit transactions commit animations; there are no implicit animations.

import Foundation

/// Core Animation's transactions, offscreen. Exactly what each method does here:
///
/// - `begin()` opens a transaction (they nest, per thread); `commit()`
///   closes it, and closing the outermost one commits the animations added
///   inside it: a zero `beginTime` becomes the layer's time at the render
///   clock then, with the tree as it is at that moment, as on iOS. Outside
///   any explicit transaction, animations belong to the implicit
///   transaction, which commits when the layer is next rendered or asked for
///   its `presentation()`, or when the render clock moves
///   (`ZoetropeRender.withMediaTime(_:_:)` begins or ends) — as a run loop
///   ends before time passes. `flush()` commits what the open transactions
///   hold so far, the implicit one included.
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

  /// This thread's transactions: the implicit one's layers, and the open explicit ones.
  private final class ThreadState {
    /// The explicit transactions, innermost last.
    var frames: [Frame] = []
    /// The layers that had animations added outside any explicit transaction, not yet committed.
    var implicitLayers: [WeakLayer] = []
  }
  /// A layer the implicit transaction does not keep alive.
  struct WeakLayer { weak var layer: CALayer? }

  private static let stateKey = "ZoetropeQuartzCore.CATransaction"

  private static var state: ThreadState {
    if let state = Thread.current.threadDictionary[stateKey] as? ThreadState { return state }
    let state = ThreadState()
    Thread.current.threadDictionary[stateKey] = state
    return state
  }

  /// The open explicit transactions of this thread, innermost last.
  private static var stack: [Frame] {
    get { state.frames }
    set { state.frames = newValue }
  }

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

  /// Commits the animations the open transactions, and the implicit one, hold so far.
  public static func flush() {
    commitImplicitTransaction()
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

  /// Records that `layer` had an animation added, for the outermost
  /// `commit()`, or for the implicit transaction's commit.
  static func register(_ layer: CALayer) {
    if let frame = stack.last {
      frame.layers.append(layer)
    } else {
      state.implicitLayers.append(WeakLayer(layer: layer))
    }
  }

  /// Commits the implicit transaction: the animations added outside any
  /// explicit transaction, as the end of a run loop does. The render clock
  /// does this before it moves (`ZoetropeRender.withMediaTime(_:_:)`), so an
  /// animation added at one time is committed before anything happens at another.
  static func commitImplicitTransaction() {
    let layers = state.implicitLayers
    state.implicitLayers = []
    for entry in layers { entry.layer?.commitAnimations() }
  }
}
