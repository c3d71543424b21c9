// SPDX-License-Identifier: Apache-2.0
// CAAnimationGroup: animations that run together in the group's time.

/// Animations that run side by side in the group's own time, as `CAAnimationGroup`
/// (docs/timing.md, "Layers and groups").
///
/// Children's `beginTime` is relative to the group's start and is never replaced
/// by "now"; children are clipped to the group's active window; a child with
/// duration 0 takes the group's duration; children's `isRemovedOnCompletion` is
/// ignored but their `fillMode` counts.
public final class AnimationGroup: Animation {
  /// The children, applied in array order.
  public var animations: [Animation]?

  public override func copy() -> Animation {
    let result = AnimationGroup()
    result.copyAnimationFields(from: self)
    result.animations = animations?.map { $0.copy() }
    return result
  }
}
