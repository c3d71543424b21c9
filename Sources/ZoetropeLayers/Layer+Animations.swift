// SPDX-License-Identifier: Apache-2.0
// Adding, finding and removing a layer's animations, as CALayer does.

import ZoetropeAnimation

extension Layer {
  /// Adds a copy of `animation`, as `add(_:forKey:)`: later changes to the
  /// original do not reach the layer. Adding under a key already in use removes
  /// the old animation first; the new one goes to the end of the list (it is
  /// applied last). A `nil` key is allowed and never replaces anything.
  ///
  /// `beginTime` is taken literally: 0 means the layer's local time 0 (the
  /// offscreen rule of docs/timing.md). Use ``add(_:forKey:atMediaTime:)`` for
  /// Core Animation's replacement of a zero `beginTime` by the commit time.
  public func add(_ animation: Animation, forKey key: String?) {
    if let key { removeAnimation(forKey: key) }
    animationEntries.append((key, animation.copy()))
  }

  /// Adds a copy of `animation` as if committed at media (clip) time
  /// `mediaTime`: a zero `beginTime` becomes the layer's local time at that
  /// instant, `convertTime(mediaTime, from: nil)`, as Core Animation does at
  /// commit (docs/timing.md, "Offscreen versus a live app"). Only this copy changes; group children keep 0.
  public func add(_ animation: Animation, forKey key: String?, atMediaTime mediaTime: Double) {
    let copy = animation.copy()
    if copy.beginTime == 0 { copy.beginTime = convertTime(mediaTime, from: nil) }
    if let key { removeAnimation(forKey: key) }
    animationEntries.append((key, copy))
  }

  /// Every animation on the layer with its key (or `nil`), in the order
  /// they apply: what a scene file lists (`SceneEncoder`).
  package var addedAnimations: [(key: String?, animation: Animation)] { animationEntries }

  /// The animation added under `key` (the layer's copy), or `nil`.
  public func animation(forKey key: String) -> Animation? {
    animationEntries.first { $0.key == key }?.animation
  }

  /// The keys of the animations, in the order they are applied; `nil` when there
  /// are none. Animations added with a `nil` key apply but are not listed.
  public func animationKeys() -> [String]? {
    let keys = animationEntries.compactMap(\.key)
    return keys.isEmpty ? nil : keys
  }

  /// Removes the animation under `key`; does nothing if there is none.
  public func removeAnimation(forKey key: String) {
    animationEntries.removeAll { $0.key == key }
  }

  /// Removes every animation.
  public func removeAllAnimations() {
    animationEntries.removeAll()
  }
}
