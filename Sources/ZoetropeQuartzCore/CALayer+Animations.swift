// SPDX-License-Identifier: Apache-2.0
// Adding, finding and removing animations; committing them to the Zoetrope layer underneath.

import Zoetrope

/// An animation on a layer: the layer's copy, under its key, and what became of it at commit.
struct AnimationEntry {
  /// The key, or `nil`.
  var key: String?
  /// The layer's copy (what `animation(forKey:)` returns).
  var animation: CAAnimation
  /// The render clock's reading when it was added: a zero `beginTime` becomes
  /// the layer's time then, at commit.
  var addedAt: CFTimeInterval
  /// Whether the Zoetrope layer has it (or it was refused) yet.
  var isCommitted = false
  /// Why it cannot be drawn, once committed; empty when it is drawn.
  var problems: [String] = []
}

extension CALayer {
  /// Adds a copy of `anim` under `key`, as `add(_:forKey:)`: an animation
  /// already under `key` is removed first, and the new one is applied after
  /// the others. A `nil` key is allowed and replaces nothing.
  ///
  /// As on iOS, the copy is committed with the transaction — at
  /// `CATransaction.commit()`, or when the layer is next rendered or asked
  /// for its `presentation()` — and a zero `beginTime` then becomes the
  /// layer's local time at the render clock's reading when `add` ran
  /// (`convertTime(CACurrentMediaTime(), from: nil)`). A zero duration becomes
  /// the enclosing transaction's `animationDuration`, or 0.25 s. Values of
  /// the wrong type are reported when the layer is rendered.
  public func add(_ anim: CAAnimation, forKey key: String?) {
    let copy = anim.copy() as! CAAnimation
    if copy.timing.duration <= 0, let duration = CATransaction.currentAnimationDuration {
      copy.timing.duration = duration
    }
    if let key { removeAnimation(forKey: key) }
    animationEntries.append(AnimationEntry(key: key, animation: copy, addedAt: CACurrentMediaTime()))
    CATransaction.register(self)
  }

  /// The layer's copy of the animation under `key`, or `nil`.
  public func animation(forKey key: String) -> CAAnimation? {
    animationEntries.first { $0.key == key }?.animation
  }

  /// The keys of the animations in the order they apply; `nil` when there
  /// are none (animations added without a key are not listed).
  public func animationKeys() -> [String]? {
    let keys = animationEntries.compactMap(\.key)
    return keys.isEmpty ? nil : keys
  }

  /// Removes the animation under `key`; does nothing when there is none.
  public func removeAnimation(forKey key: String) {
    animationEntries.removeAll { $0.key == key }
    backing.removeAnimation(forKey: key)
  }

  /// Removes every animation.
  public func removeAllAnimations() {
    animationEntries.removeAll()
    backing.removeAllAnimations()
  }

  /// Hands the animations added since the last commit to the Zoetrope layer,
  /// each converted (or refused, with its problems kept for the render).
  func commitAnimations() {
    for index in animationEntries.indices where !animationEntries[index].isCommitted {
      let entry = animationEntries[index]
      let context = entry.key.map { "animation \"\($0)\"" } ?? "an animation added without a key"
      var problems: [String] = []
      if let converted = entry.animation.zoetropeAnimation(context: context, problems: &problems) {
        backing.add(converted, forKey: entry.key, atMediaTime: entry.addedAt)
      }
      animationEntries[index].isCommitted = true
      animationEntries[index].problems = problems
    }
  }
}
