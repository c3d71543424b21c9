// SPDX-License-Identifier: Apache-2.0
// The one Zoetrope-specific entry point: a CALayer tree rendered at a time, to pixels, PNG bytes or a scene.

import Foundation
import Zoetrope

/// Renders `CALayer` trees: the only call iOS code needs that iOS does not have.
///
/// The layer is the root of a canvas reaching to its frame's far corner (a
/// layer at `frame = (0, 0, 120, 120)` gives 120 × 120 points), clear unless
/// `background` is given; it is drawn as its superlayer would draw it, so
/// animations of its own `position`, `transform` and `opacity` show. Before
/// the first frame the tree is committed (see ``CATransaction``), and a
/// value that cannot be drawn throws a ``CALayerRenderError`` naming the
/// layer, the key and the type. `time` is the render clock's time: seconds
/// since the clip began, when every animation added with `beginTime` 0 began.
///
///     let png: Data = try ZoetropeRender.png(of: ring, at: 0.6)
public enum ZoetropeRender {
  /// PNG bytes of the frame at `time`; `scale` is pixels per point (2 for a
  /// Retina-sized image). Deterministic: the same tree gives the same bytes.
  public static func png(of layer: CALayer, at time: CFTimeInterval, scale: CGFloat = 1,
                         background: CGColor? = nil) throws -> Data {
    Data(try image(of: layer, at: time, scale: scale, background: background).pngData(compression: .smallest))
  }

  /// The frame at `time` as straight-alpha RGBA pixels. A `scale` that is
  /// not a finite number above 0, or a canvas that is not finite or over
  /// ``Limits/maximumPixelsPerSide`` pixels a side at that scale, throws a
  /// ``CALayerRenderError`` saying so.
  public static func image(of layer: CALayer, at time: CFTimeInterval, scale: CGFloat = 1,
                           background: CGColor? = nil) throws -> RGBAImage {
    let scene = try self.scene(of: layer, background: background)
    let pixelScale = Double(scale)
    guard pixelScale.isFinite, pixelScale > 0 else {
      throw CALayerRenderError(problems: ["scale must be a finite number above 0 (got \(pixelScale))"])
    }
    let (width, height) = (scene.canvas.width * pixelScale, scene.canvas.height * pixelScale)
    let limit = Double(Limits.maximumPixelsPerSide)
    guard width.isFinite, height.isFinite, width.rounded() <= limit, height.rounded() <= limit else {
      throw CALayerRenderError(problems: [
        "\(layer.messageName): the canvas reaches to the frame's far corner, \(scene.canvas.width) × "
          + "\(scene.canvas.height) points, \(width) × \(height) pixels at scale \(pixelScale); "
          + "at most \(Limits.maximumPixelsPerSide) pixels a side",
      ])
    }
    return Renderer(scene).frame(atTime: time, scale: pixelScale)
  }

  /// A Zoetrope scene of the tree, for clips (`ClipRender`, or
  /// `ZoetropeVideo` for GIF and MP4); its duration is `duration` seconds at
  /// `framesPerSecond`. A duration that is not a finite number above 0 (or
  /// over ``Limits/maximumDuration``), a rate outside 1…1000, or a canvas
  /// that is not finite or over ``Limits/maximumPixelsPerSide`` points a
  /// side throws a ``CALayerRenderError`` saying so.
  public static func scene(of layer: CALayer, duration: CFTimeInterval = 1, framesPerSecond: Int = 30,
                           background: CGColor? = nil) throws -> Scene {
    let root = try layer.zoetropeLayer()
    var problems: [String] = []
    if !(duration > 0 && duration <= Limits.maximumDuration) {
      problems.append("duration must be above 0 and at most \(Limits.maximumDuration) seconds (got \(duration))")
    }
    if !(1...1000).contains(framesPerSecond) {
      problems.append("framesPerSecond must be 1…1000 (got \(framesPerSecond))")
    }
    let frame = root.frame
    let (width, height) = (Swift.max(1, frame.maxX), Swift.max(1, frame.maxY))
    let limit = Double(Limits.maximumPixelsPerSide)
    if !(width.isFinite && height.isFinite && width.rounded() <= limit && height.rounded() <= limit) {
      problems.append("\(layer.messageName): the canvas reaches to the frame's far corner, \(width) × \(height) "
        + "points; at most \(Limits.maximumPixelsPerSide) a side")
    }
    guard problems.isEmpty else { throw CALayerRenderError(problems: problems) }
    let canvas = Canvas(width: width, height: height, frameRate: FrameRate(framesPerSecond), duration: duration,
                        background: background?.zoetrope ?? .clear)
    return Scene(canvas: canvas, root: root)
  }

  /// Runs `body` with the render clock reading `time`: inside it,
  /// `CACurrentMediaTime()` returns `time`, animations added with a zero
  /// `beginTime` begin at `time`, and `presentation()` shows that instant.
  /// The clock is the calling task's (tests running in parallel each have
  /// their own) and reads 0 again afterwards. Animations added before are
  /// committed as the clock moves, and those added inside as it moves back
  /// (the implicit transaction of ``CATransaction``).
  ///
  ///     ZoetropeRender.withMediaTime(1.0) { pause(layer) }   // the pause recipe, 1 s in
  public static func withMediaTime<Result>(_ time: CFTimeInterval, _ body: () throws -> Result) rethrows -> Result {
    CATransaction.commitImplicitTransaction()
    defer { CATransaction.commitImplicitTransaction() }
    return try RenderClock.$now.withValue(time, operation: body)
  }
}
