// SPDX-License-Identifier: Apache-2.0
// Likely mistakes in a scene that decodes: what `zoetrope validate` warns about.

import ZoetropeAnimation
import ZoetropeLayers
import ZoetropeTiming

extension SceneDecoder {
  /// An animation added directly to a layer, kept to give advice once the clip's duration is known.
  struct AddedAnimation {
    /// The layer it was added to.
    var layer: Layer
    /// The animation's JSON path.
    var path: Int
    /// The decoded animation (its `beginTime` as written).
    var animation: Animation
    /// Its `addedAt`, if any.
    var addedAt: Double?
  }

  /// The classic mistakes, each at the JSON path to change:
  /// - a forwards fill on an animation that is removed on completion (it never shows);
  /// - a repeating animation still running at the end of the clip whose period
  ///   does not divide the time it runs in the clip (a looping clip jumps);
  /// - a duration of 1 s chosen because no animation ends;
  /// - an animation that has no visible effect (``animationsWithoutEffect()``).
  mutating func advice(for canvas: Canvas, explicitDuration: Bool) -> [SceneIssue] {
    var result: [SceneIssue] = animationsWithoutEffect()
    for added in addedAnimations {
      let timing = added.animation.timing
      if timing.fillMode.fillsForwards && added.animation.isRemovedOnCompletion {
        let fillModePath = paths.child(added.path, "fillMode")
        result.append(SceneIssue(
          path: paths.render(fillModePath),
          message: "fills forwards, but the animation is removed when it completes, so the fill never shows: add "
            + "\"removedOnCompletion\": false (or give the layer the end value as its model value)"))
      }
      if let loop = loopAdvice(added, clipDuration: canvas.duration) {
        result.append(SceneIssue(path: paths.render(added.path), message: loop))
      }
    }
    if !explicitDuration, !addedAnimations.isEmpty, LayerTree(root: addedAnimations[0].layer.rootLayer).lastAnimationEnd == nil {
      result.append(SceneIssue(
        path: "canvas",
        message: "no \"duration\", and no animation ends (each repeats forever or runs on a paused layer), so the "
          + "clip lasts 1 s by default: give the canvas a \"duration\""))
    }
    return result
  }

  /// The warning for a repeating animation whose period does not divide the
  /// time it runs in the clip; `nil` when it loops cleanly or does not repeat
  /// past the clip's end.
  private func loopAdvice(_ added: AddedAnimation, clipDuration: Double) -> String? {
    var timing = added.animation.timing
    let duration = timing.duration > 0 ? timing.duration : Timing.defaultAnimationDuration
    let cycle = timing.autoreverses ? 2 * duration : duration
    guard timing.speed != 0, timing.activeDuration(forDuration: duration) > cycle * (1 + 1e-9) else { return nil }
    // The layer chain's rate against clip time, and the begin in clip time.
    var rate = 1.0
    var layer: Layer? = added.layer
    while let current = layer {
      rate *= current.timing.speed
      layer = current.superlayer
    }
    guard rate > 0, rate.isFinite else { return nil }
    if let addedAt = added.addedAt, timing.beginTime == 0 {
      timing.beginTime = added.layer.convertTime(addedAt, from: nil)
    }
    let begin = added.layer.convertTime(timing.beginTime, to: nil)
    let end = added.layer.convertTime(timing.endTime(forDuration: duration), to: nil)
    guard begin.isFinite, begin < clipDuration, !(end < clipDuration) else { return nil }
    let period = cycle / Swift.abs(timing.speed) / rate
    let periods = (clipDuration - Swift.max(begin, 0)) / period
    guard period.isFinite, period > 0, Swift.abs(periods - periods.rounded()) > 1e-6 else { return nil }
    return "repeats every \(SceneDecoder.format(period)) s, which does not divide the "
      + "\(SceneDecoder.format(clipDuration - Swift.max(begin, 0))) s it runs in the clip "
      + "(\(SceneDecoder.format((periods * 1000).rounded() / 1000)) periods): a looping clip jumps where it wraps"
  }
}

extension Layer {
  /// The top of this layer's tree.
  fileprivate var rootLayer: Layer {
    var layer = self
    while let parent = layer.superlayer { layer = parent }
    return layer
  }
}
