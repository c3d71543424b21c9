// SPDX-License-Identifier: Apache-2.0
// The render clock: what CACurrentMediaTime() reads offscreen, and where presentation() looks.

/// The current media time: the render clock's reading, seconds.
///
/// Offscreen there is no wall clock. The render clock reads 0 — the first
/// frame of a clip — unless code runs inside
/// `ZoetropeRender.withMediaTime(_:_:)`, which makes it read another time
/// for the duration of a closure (on that task only, so tests may run in
/// parallel). So `animation.beginTime = CACurrentMediaTime() + 0.3` starts
/// an animation 0.3 s into the clip, as it starts 0.3 s after "now" on iOS.
public func CACurrentMediaTime() -> CFTimeInterval { RenderClock.now }

/// The render clock's storage: a task-local time, 0 by default.
enum RenderClock {
  @TaskLocal static var now: CFTimeInterval = 0
}
