// SPDX-License-Identifier: Apache-2.0
// A Lottie transform on a Core Animation layer: anchor as the bounds' origin, position, and rotation and scale as transform components.

import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension LottieSceneBuilder {
  /// Gives `layer` a Lottie transform (not its opacity). The layer has
  /// empty bounds whose origin is the anchor point, so its space is the
  /// Lottie layer's (`p_parent = position + M · (p − anchor)`), `position`
  /// the position, and `transform` the scale then the rotation.
  ///
  /// Core Animation animates these one key path each (`bounds.origin`,
  /// `position`, `transform.scale.x`, `transform.rotation.z`, split per
  /// dimension where the dimensions ease differently). A transform it
  /// cannot take apart that way — skew, a negative scale, a 3D layer's x
  /// and y turns, a motion path with tangents, auto-orient, a time remap —
  /// is evaluated as a whole matrix at every frame instead.
  mutating func applyTransform(_ t: LottieTransform, autoOrient: Bool, to layer: Layer, clock: LottieClock,
                               visible: ClosedRange<Double>?) {
    layer.anchorPoint = .zero
    let skewed = t.skew.allValues.contains { ($0.first ?? 0) != 0 }
    let negative = t.scale.allValues.contains { $0.prefix(2).contains { $0 < 0 } }
    let curved = (t.position?.hasSpatialCurves ?? false)
    let anyAnimated = t.anchor.isAnimated || (t.position?.isAnimated ?? false) || (t.positionX?.isAnimated ?? false)
      || (t.positionY?.isAnimated ?? false) || t.scale.isAnimated || t.rotation.isAnimated || t.skew.isAnimated
      || t.skewAxis.isAnimated
    if skewed || negative || t.rotation3D != nil || (autoOrient && (t.position?.isAnimated ?? false)) || (anyAnimated && (!clock.isLinear || curved || prefersSampling)) {
      applyWholeTransform(t, autoOrient: autoOrient, to: layer, clock: clock, visible: visible)
      return
    }
    // Anchor: the bounds' origin.
    applySplit(t.anchor, to: layer, keyPath: "bounds.origin", clock: clock, visible: visible,
               fields: ["bounds.origin.x", "bounds.origin.y"])
    // Position.
    if let position = t.position {
      applySplit(position, to: layer, keyPath: "position", clock: clock, visible: visible,
                 fields: ["position.x", "position.y"])
    } else {
      if let x = t.positionX { apply(x, to: layer, keyPath: "position.x", clock: clock, visible: visible) { .number($0[0]) } }
      if let y = t.positionY { apply(y, to: layer, keyPath: "position.y", clock: clock, visible: visible) { .number($0[0]) } }
    }
    // Rotation then scales, about the anchor. The model transform keeps
    // animated components neutral (scale 1, no turn) so that each
    // animation's decompose-replace-recompose finds a proper rotation.
    let r = t.rotation.isAnimated ? 0 : (t.rotation.constant.first ?? 0) * .pi / 180
    let s = t.scale.isAnimated ? [100, 100] : t.scale.constant
    let sx = (s.first ?? 100) / 100, sy = (s.count > 1 ? s[1] : 100) / 100
    let affine = AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
      .concatenating(AffineTransform.identity.rotated(by: r))
    layer.transform = Transform3D(affine)
    if t.rotation.isAnimated {
      apply(t.rotation, to: layer, keyPath: "transform.rotation.z", clock: clock, visible: visible) {
        .number(($0.first ?? 0) * .pi / 180)
      }
    }
    if t.scale.isAnimated {
      apply(t.scale, to: layer, keyPath: "transform.scale.x", clock: clock, visible: visible, dimension: 0) {
        .number(($0.first ?? 100) / 100)
      }
      apply(t.scale, to: layer, keyPath: "transform.scale.y", clock: clock, visible: visible, dimension: 1) {
        .number(($0.count > 1 ? $0[1] : 100) / 100)
      }
    }
  }

  /// A point property on a point key path, or on its two fields when the
  /// dimensions ease differently.
  private mutating func applySplit(_ property: LottieProperty<[Double]>, to layer: Layer, keyPath: String,
                                   clock: LottieClock, visible: ClosedRange<Double>?, fields: [String]) {
    func point(_ v: [Double]) -> AnimationValue { .point(Point(x: v.first ?? 0, y: v.count > 1 ? v[1] : 0)) }
    if property.isAnimated && property.easesPerDimension {
      apply(property, to: layer, keyPath: fields[0], clock: clock, visible: visible, dimension: 0) { .number($0.first ?? 0) }
      apply(property, to: layer, keyPath: fields[1], clock: clock, visible: visible, dimension: 1) {
        .number($0.count > 1 ? $0[1] : 0)
      }
    } else {
      apply(property, to: layer, keyPath: keyPath, clock: clock, visible: visible, convert: point)
    }
  }

  /// The whole transform as a matrix (`transform`), constant or evaluated
  /// at every frame; the bounds' origin and position stay at zero.
  private mutating func applyWholeTransform(_ t: LottieTransform, autoOrient: Bool, to layer: Layer,
                                            clock: LottieClock, visible: ClosedRange<Double>?) {
    func matrix(_ frame: Double) -> AnimationValue {
      var orientation = 0.0
      if autoOrient, let angle = LottieSceneBuilder.travelAngle(of: t, at: frame) { orientation = angle * 180 / .pi }
      return .transform(Transform3D(t.matrix(at: frame, rotationOffset: orientation)))
    }
    layer.bounds = .zero
    layer.position = .zero
    let animated = t.anchor.isAnimated || (t.position?.isAnimated ?? false) || (t.positionX?.isAnimated ?? false)
      || (t.positionY?.isAnimated ?? false) || t.scale.isAnimated || t.rotation.isAnimated || t.skew.isAnimated
      || t.skewAxis.isAnimated || (t.rotation3D?.isAnimated ?? false)
    guard animated else {
      if case .transform(let m) = matrix(t.position?.keyframes.first?.time ?? 0) { layer.transform = m }
      return
    }
    applySampled(to: layer, keyPath: "transform", clock: clock, visible: visible, value: matrix)
  }

  /// The direction a position travels at `frame`, radians (auto-orient);
  /// `nil` when it does not move.
  static func travelAngle(of t: LottieTransform, at frame: Double) -> Double? {
    guard let position = t.position, position.isAnimated else { return nil }
    let keys = position.keyframes
    guard let (index, progress) = position.segment(at: frame) else { return nil }
    let i = Swift.min(index, keys.count - 2)
    let key = keys[i], next = keys[i + 1]
    if key.hasSpatialCurve, key.value.count >= 2, next.value.count >= 2 {
      let eased = key.ease(0).timingFunction.solve(forInput: frame >= next.time ? 1 : progress)
      return LottieMotionPath(from: key.value, to: next.value, out: key.spatialOut ?? [], in: key.spatialIn ?? [])
        .angle(atFractionOfLength: eased)
    }
    let a = position.value(at: frame - 0.01), b = position.value(at: frame + 0.01)
    guard a.count >= 2, b.count >= 2, a[0] != b[0] || a[1] != b[1] else {
      let dx = next.value[0] - key.value[0], dy = next.value.count > 1 ? next.value[1] - key.value[1] : 0
      return dx == 0 && dy == 0 ? nil : atan2(dy, dx)
    }
    return atan2(b[1] - a[1], b[0] - a[0])
  }
}
