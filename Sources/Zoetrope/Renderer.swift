// SPDX-License-Identifier: Apache-2.0
// Rendering frames of a scene: evaluate at a time, composite, hand back straight-alpha pixels.

/// Renders frames of a scene. Each frame is independent: the presentation at
/// its time is evaluated and composited, so frames can render in any order.
public struct Renderer: Sendable {
  /// The evaluated snapshot.
  public let evaluator: PresentationEvaluator
  /// The canvas (size, background, scale).
  public let canvas: Canvas

  /// A renderer of `scene` as it is now (a snapshot; later changes to the
  /// scene's layers do not affect it).
  public init(_ scene: Scene) {
    evaluator = PresentationEvaluator(scene.snapshot())
    canvas = scene.canvas
  }

  /// The frame at clip time `time`, at the canvas scale times `scale`.
  public func frame(atTime time: Double, scale: Double = 1) -> RGBAImage {
    let deviceScale = canvas.scale * scale
    let width = Swift.max(1, Int((canvas.width * deviceScale).rounded()))
    let height = Swift.max(1, Int((canvas.height * deviceScale).rounded()))
    var buffer = Compositor.render(evaluator.presentation(atTime: time), width: width, height: height,
                                   scale: deviceScale, background: canvas.background)
    return RGBAImage(width: width, height: height, pixels: buffer.takeStraightAlphaRGBA())
  }
}
