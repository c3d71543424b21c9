// SPDX-License-Identifier: Apache-2.0
// The Repeater: each copy's transform and opacity as lottie-web gives them.

import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers

/// A `CAReplicatorLayer` compounds one transform per copy, `Tᵏ`; Lottie's
/// copy k is rotated, then scaled (both about the anchor), then moved, each
/// by k steps — `Rᵏ·Sᵏ·Pᵏ`, which is not a power of one matrix when it both
/// turns and moves. So a repeater's copies are groups of their own
/// (`LottieGroupTransform.copy`), each with the matrix and opacity computed
/// here, evaluated at every frame when the repeater animates.
extension LottieSceneBuilder {
  /// Every copy's matrix and opacity at `frame`, from the top (lottie-web's
  /// `RepeaterModifier.processShapes`): `ceil(c)` copies; the offset's
  /// whole and fractional steps applied first; the copy processed first
  /// (the top one for composite "above", `m` 1, the bottom one otherwise)
  /// takes the offset alone and each next one a step more; opacity runs
  /// from `so` at the top to `eo` at the bottom.
  static func repeaterCopies(_ r: LottieRepeater, at frame: Double) -> [(matrix: AffineTransform, opacity: Double)] {
    let c = r.copies.scalar(at: frame)
    let n = c.isFinite ? Int(Swift.min(Swift.max((c - 1e-9).rounded(.up), 0), Double(Limits.maximumReplicatedLayers))) : 0
    guard n > 0 else { return [] }
    let t = r.transform
    let a = t.anchor.value(at: frame), p = t.position(at: frame), s = t.scale.value(at: frame)
    let ax = a.first ?? 0, ay = a.count > 1 ? a[1] : 0
    let rotation = t.rotation.scalar(at: frame) * .pi / 180
    let sx = (s.first ?? 100) / 100, sy = (s.count > 1 ? s[1] : 100) / 100
    var pM = AffineTransform.identity, rM = AffineTransform.identity, sM = AffineTransform.identity
    let toAnchor = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: -ax, ty: -ay)
    let fromAnchor = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: ax, ty: ay)
    func step(_ perc: Double, inverse: Bool) {
      let dir: Double = inverse ? -1 : 1
      let scaleX = sx + (1 - sx) * (1 - perc), scaleY = sy + (1 - sy) * (1 - perc)
      pM = pM.concatenating(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: (p.first ?? 0) * dir * perc,
                                            ty: (p.count > 1 ? p[1] : 0) * dir * perc))
      rM = rM.concatenating(toAnchor).concatenating(AffineTransform.identity.rotated(by: rotation * dir * perc))
        .concatenating(fromAnchor)
      let scale = inverse ? AffineTransform(a: 1 / scaleX, b: 0, c: 0, d: 1 / scaleY, tx: 0, ty: 0)
        : AffineTransform(a: scaleX, b: 0, c: 0, d: scaleY, tx: 0, ty: 0)
      sM = sM.concatenating(toAnchor).concatenating(scale).concatenating(fromAnchor)
    }
    let offset = r.offset.scalar(at: frame)
    let fraction = offset.truncatingRemainder(dividingBy: 1)
    let whole = offset > 0 ? offset.rounded(.down) : offset.rounded(.up)
    var iteration = 0.0
    if offset > 0 {
      while iteration < whole && iteration < 10_000 { step(1, inverse: false); iteration += 1 }
      if fraction != 0 { step(fraction, inverse: false); iteration += fraction }
    } else if offset < 0 {
      while iteration > whole && iteration > -10_000 { step(1, inverse: true); iteration -= 1 }
      if fraction != 0 { step(-fraction, inverse: true); iteration -= fraction }
    }
    let so = r.startOpacity.scalar(at: frame) / 100, eo = r.endOpacity.scalar(at: frame) / 100
    var result = [(matrix: AffineTransform, opacity: Double)](repeating: (.identity, 1), count: n)
    let above = r.composite == 1
    var i = above ? 0 : n - 1
    for _ in 0..<n {
      let opacity = n == 1 ? so : so + (eo - so) * Double(i) / Double(n - 1)
      var matrix = AffineTransform.identity
      if iteration != 0 {
        if (i != 0 && above) || (i != n - 1 && !above) { step(1, inverse: false) }
        matrix = rM.concatenating(sM).concatenating(pM)
      }
      result[i] = (matrix, Swift.min(Swift.max(opacity, 0), 1))
      iteration += 1
      i += above ? 1 : -1
    }
    return result
  }
}
