// SPDX-License-Identifier: Apache-2.0
// Rendering frames of a scene: evaluate at a time, composite, hand back straight-alpha pixels.

import ZoetropeCompositor
import ZoetropeRaster

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

  /// The pixel size of frames at the canvas scale times `scale` (at least 1 × 1).
  public func frameSize(scale: Double = 1) -> (width: Int, height: Int) {
    let deviceScale = canvas.scale * scale
    return (Swift.max(1, Int((canvas.width * deviceScale).rounded())),
            Swift.max(1, Int((canvas.height * deviceScale).rounded())))
  }

  /// The drawing of the frame at clip time `time`, at the canvas scale times
  /// `scale`: the presentation evaluated and rasterized, not yet played into
  /// pixels. Recording stops early (drawing nothing more) once `isCancelled`
  /// returns true, checked before each piece of geometry.
  /// With a `cache` (one per thread, kept across a clip's frames), layers
  /// that did not change since the cache's last frame reuse its coverage.
  package func displayList(atTime time: Double, scale: Double = 1, cache: RecordingCache? = nil,
                           isCancelled: (@Sendable () -> Bool)? = nil) -> DisplayList {
    let (width, height) = frameSize(scale: scale)
    return Compositor.record(evaluator.presentation(atTime: time), width: width, height: height,
                             scale: canvas.scale * scale, background: canvas.background, cache: cache,
                             isCancelled: isCancelled)
  }

  /// The frame at clip time `time`, at the canvas scale times `scale`, drawn
  /// on `threads` threads (the bytes do not depend on it). Geometry past a
  /// per-frame budget of ``Limits`` is left out of the frame; the throwing
  /// ``render(atTime:scale:threads:into:isCancelled:)`` says so instead.
  public func frame(atTime time: Double, scale: Double = 1, threads: Int = 1) -> RGBAImage {
    var image = RGBAImage(width: 0, height: 0, pixels: [])
    render(atTime: time, scale: scale, threads: threads, into: &image)
    return image
  }

  /// Renders the frame at clip time `time` into `image`, reusing its pixel
  /// storage when it already has the frame's size (a clip renders every frame
  /// into the same few buffers instead of allocating one per frame). Geometry
  /// past a per-frame budget of ``Limits`` is left out.
  public func render(atTime time: Double, scale: Double = 1, threads: Int = 1, into image: inout RGBAImage) {
    render(atTime: time, scale: scale, threads: threads, bandHeight: DisplayList.bandHeight, into: &image)
  }

  /// Renders the frame at clip time `time` into `image` (as
  /// ``render(atTime:scale:threads:into:)``), but throws a ``RenderError``
  /// naming the layer when its geometry goes past a per-frame budget of
  /// ``Limits`` (`image` then holds the frame without it), and stops soon
  /// after `isCancelled` returns true — it is checked before each piece of
  /// geometry and between bands of 16 rows, so a slow frame is abandoned in
  /// milliseconds (`image`'s pixels are then unspecified). The bytes of a
  /// frame that is not cancelled do not depend on `isCancelled`.
  public func render(atTime time: Double, scale: Double = 1, threads: Int = 1, into image: inout RGBAImage,
                     isCancelled: @escaping @Sendable () -> Bool) throws(RenderError) {
    try render(atTime: time, scale: scale, threads: threads, bandHeight: DisplayList.bandHeight,
               isCancelled: isCancelled, into: &image)
  }

  /// ``render(atTime:scale:threads:into:)`` with bands of `bandHeight` rows
  /// (at least 1); the bytes do not depend on it, which the tests check.
  package func render(atTime time: Double, scale: Double = 1, threads: Int = 1, bandHeight: Int,
                      into image: inout RGBAImage) {
    _ = try? render(atTime: time, scale: scale, threads: threads, bandHeight: bandHeight, isCancelled: nil,
                    into: &image)
  }

  /// ``render(atTime:scale:threads:into:isCancelled:)`` with bands of
  /// `bandHeight` rows (at least 1), recording with `cache` when given (the
  /// bytes do not depend on it); returns the frame's drawing.
  ///
  /// With `previous` — the drawing whose frame `image` holds, rendered by
  /// this method with the same band height — only the bands (and of a band
  /// the columns) where this frame draws something else are played; the
  /// rest keeps `image`'s pixels, which are this frame's there. The bytes
  /// are the same as without it.
  @discardableResult
  package func render(atTime time: Double, scale: Double = 1, threads: Int = 1, bandHeight: Int,
                      cache: RecordingCache? = nil, over previous: DisplayList? = nil,
                      isCancelled: (@Sendable () -> Bool)?, into image: inout RGBAImage) throws(RenderError)
    -> DisplayList
  {
    let list = displayList(atTime: time, scale: scale, cache: cache, isCancelled: isCancelled)
    if let isCancelled, isCancelled() { throw .cancelled }
    let count = 4 * list.width * list.height
    var damage: [DisplayList.BandDamage]?
    if image.width != list.width || image.height != list.height || image.pixels.count != count {
      // Left as the allocator gives it: a frame played whole writes every
      // pixel whatever it held (what a clip's reused image relies on, too),
      // and zeroing 8 MB first cost a reusing clip of three layers 4 % of
      // its time. (The bytes are plain integers; playing may read some
      // before replacing them, never keeping what it read.)
      image = RGBAImage(width: list.width, height: list.height,
                        pixels: [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count })
    } else if let previous {
      damage = list.damage(since: previous, bandHeight: bandHeight)
    }
    let completed = image.withUnsafeMutablePixels { pixels in
      list.render(into: pixels.baseAddress!, straightAlpha: true, threads: threads, bandHeight: bandHeight,
                  damage: damage, cells: cache?.cells(width: list.width), isCancelled: isCancelled)
    }
    guard completed else { throw .cancelled }
    if let overrun = list.overrun {
      let path = overrun.layer.map { Inspection(evaluator.tree).scenePath(of: $0) } ?? ""
      throw RenderError.overBudget(path: path, reason: overrun.description)
    }
    return list
  }
}
