// SPDX-License-Identifier: Apache-2.0
// Recording part of a tree into its own small display list, for its composited alpha.

import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeRaster

extension Compositor {
  /// Where an offscreen recording draws: its context (a canvas the size of
  /// the region) and the shift from device pixels to the region's pixels.
  struct Offscreen {
    let context: Context
    /// Device → region: a translation by minus the region's origin.
    let shift: Transform3D
  }

  /// The composited alpha of what `record` draws, over the device pixels of
  /// `region` it touches (`nil` when it draws nothing there): recorded into
  /// a display list of the region's size and played for its alpha channel;
  /// `nil` too once the frame is cancelled or over a budget.
  /// Shadows inside it are recorded one level deeper (see
  /// ``maximumShadowNesting``).
  ///
  /// With a `key` and a context that keeps the frame before's shadow
  /// shapes, a drawing that draws as the one kept for `key` did (over the
  /// same region, `knownRows` the same rows opaque as `opaque` names) is not
  /// played: the alpha it gave is taken (``ShadowShapeCache``).
  static func offscreenAlpha(in region: DeviceRect, context: Context, opaque: ((Int) -> Range<Int>?)? = nil,
                             keptAs key: ShadowShapeCache.Key? = nil, knownRows: ShadowShapeCache.KnownRows? = nil,
                             record: (Offscreen, inout DisplayList) -> Void) -> AlphaImage? {
    guard !region.isEmpty else { return nil }
    var list = DisplayList(width: region.width, height: region.height, background: .clear)
    let offscreen = Offscreen(
      context: Context(tree: context.tree, canvas: Rasterizer.Canvas(width: region.width, height: region.height),
                       scratch: context.scratch, shadowNesting: context.shadowNesting + 1,
                       shadowBudget: context.shadowBudget, blurs: context.blurs,
                       coverages: context.coverages, ramps: context.ramps, shadowShapes: context.shadowShapes),
      shift: .translation(x: -Double(region.x), y: -Double(region.y), z: 0))
    record(offscreen, &list)
    // Cancelled or over budget while recording: the alpha is never used,
    // so the list is not played (a shape can take as long as a frame).
    let touched = list.contentRect
    guard !touched.isEmpty, context.scratch.budget.isWithin else { return nil }
    let shapes = key.flatMap { key in context.shadowShapes.map { (key, $0) } }
    if let (key, shapes) = shapes,
      let image = shapes.image(key, drawing: list, region: region, touched: touched, known: knownRows) {
      return image
    }
    let budget = context.scratch.budget
    // The columns known to be opaque, in the region's pixels.
    let known = opaque.map { opaque in
      { (y: Int) -> Range<Int>? in
        opaque(y + region.y).map { ($0.lowerBound - region.x)..<($0.upperBound - region.x) }
      }
    }
    var image = list.alpha(in: touched, opaque: known, scratch: context.scratch, isCancelled: { !budget.isWithin })
    guard budget.isWithin else { return nil }
    image.rect.x += region.x
    image.rect.y += region.y
    if let (key, shapes) = shapes {
      shapes.keep(image, key, drawing: list, region: region, touched: touched, known: knownRows)
    }
    return image
  }
}
