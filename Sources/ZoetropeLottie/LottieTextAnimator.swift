// SPDX-License-Identifier: Apache-2.0
// Text animators: a range selector saying how much each character is selected, and what the selection changes.

import ZoetropeTiming

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A text animator (`t.a[i]`): a range selector and the properties it
/// moves each selected character by, as lottie-web reads them.
struct LottieTextAnimator: Sendable {
  var selector: LottieTextSelector
  /// Opacity, percent: a fully selected character takes it.
  var opacity: LottieProperty<[Double]>?
  /// Position offset, points.
  var position: LottieProperty<[Double]>?
  /// Scale, percent, about the character's centre on its baseline.
  var scale: LottieProperty<[Double]>?
  /// Rotation, degrees clockwise, about the same point.
  var rotation: LottieProperty<[Double]>?
  /// Fill colour, mixed into the document's by the selection.
  var fillColor: LottieProperty<[Double]>?
  /// Tracking, points added after each selected character but a line's first.
  var tracking: LottieProperty<[Double]>?
}

/// A range selector (`s`) with its shape, units and easing.
struct LottieTextSelector: Sendable {
  var start = LottieProperty<[Double]>([0])
  var end = LottieProperty<[Double]>([100])
  var offset = LottieProperty<[Double]>([0])
  /// Percent.
  var amount = LottieProperty<[Double]>([100])
  /// Ease high and ease low (`xe`, `ne`), percent.
  var easeHigh = LottieProperty<[Double]>([0])
  var easeLow = LottieProperty<[Double]>([0])
  /// `r`: 1 percent of the characters, 2 character indices.
  var inIndices = false
  /// `sh`: 1 square, 2 ramp up, 3 ramp down, 4 triangle, 5 round, 6 smooth.
  var shape = 1

  /// How much character `index` (of `count`) is selected at `frame`, 0…1
  /// times the amount (which may be negative or above 1), as lottie-web's
  /// range selector computes it.
  func selection(of index: Int, count: Int, at frame: Double) -> Double {
    let divisor = inIndices ? 1 : 100 / Double(Swift.max(count, 1))
    let o = offset.scalar(at: frame) / divisor
    var s = start.scalar(at: frame) / divisor + o, e = end.scalar(at: frame) / divisor + o
    if s > e { swap(&s, &e) }
    let i = Double(index)
    var mult = 0.0
    /// The share of the range the character's centre has passed.
    func ramp() -> Double { Swift.max(0, Swift.min(0.5 / (e - s) + (i - s) / (e - s), 1)) }
    switch shape {
    case 2: mult = e == s ? (i >= e ? 1 : 0) : ramp()
    case 3: mult = e == s ? (i >= e ? 0 : 1) : 1 - ramp()
    case 4:
      if e != s {
        let r = ramp()
        mult = r < 0.5 ? r * 2 : 1 - 2 * (r - 0.5)
      }
    case 5:
      if e != s {
        let total = e - s, x = Swift.min(Swift.max(0, i + 0.5 - s), total) - total / 2, a = total / 2
        mult = (1 - x * x / (a * a)).squareRoot()
      }
    case 6:
      if e != s {
        let x = Swift.min(Swift.max(0, i + 0.5 - s), e - s)
        mult = (1 + cos(Double.pi + Double.pi * 2 * x / (e - s))) / 2
      }
    default:
      if i >= s.rounded(.down) {
        mult = i - s < 0 ? Swift.max(0, Swift.min(Swift.min(e, 1) - (s - i), 1)) : Swift.max(0, Swift.min(e - i, 1))
      }
    }
    mult = eased(mult, at: frame)
    return mult * amount.scalar(at: frame) / 100
  }

  /// `mult` through the ease high and low curve (linear when both are 0).
  private func eased(_ mult: Double, at frame: Double) -> Double {
    let low = easeLow.scalar(at: frame), high = easeHigh.scalar(at: frame)
    guard low != 0 || high != 0, mult.isFinite else { return mult }
    let x1 = low > 0 ? low / 100 : 0, y1 = low > 0 ? 0 : -low / 100
    let x2 = high > 0 ? 1 - high / 100 : 1, y2 = high > 0 ? 1 : 1 + high / 100
    return MediaTimingFunction(controlPoints: Swift.min(Swift.max(x1, 0), 1), y1, Swift.min(Swift.max(x2, 0), 1), y2)
      .solve(forInput: Swift.min(Swift.max(mult, 0), 1))
  }
}

/// What the animators do to one character at one frame.
struct LottieCharacterState: Equatable {
  var opacity = 1.0
  var offset = (x: 0.0, y: 0.0)
  var scale = (x: 1.0, y: 1.0)
  var rotation = 0.0
  var fill: [Double]?
  var tracking = 0.0

  static func == (a: Self, b: Self) -> Bool {
    a.opacity == b.opacity && a.offset == b.offset && a.scale == b.scale && a.rotation == b.rotation
      && a.fill == b.fill && a.tracking == b.tracking
  }

  /// The state of character `index` (of `count`) at `frame`, the animators
  /// applied in order as lottie-web applies them; `fill` starts from the
  /// document's colour.
  init(animators: [LottieTextAnimator], index: Int, count: Int, fill: [Double]?, at frame: Double) {
    self.fill = fill
    for animator in animators {
      let mult = animator.selector.selection(of: index, count: count, at: frame)
      if let t = animator.tracking { tracking += t.scalar(at: frame) * mult }
      if let p = animator.position {
        let v = p.value(at: frame)
        offset.x += (v.first ?? 0) * mult
        offset.y += (v.count > 1 ? v[1] : 0) * mult
      }
      if let s = animator.scale {
        let v = s.value(at: frame)
        scale.x *= 1 + ((v.first ?? 100) / 100 - 1) * mult
        scale.y *= 1 + ((v.count > 1 ? v[1] : 100) / 100 - 1) * mult
      }
      if let r = animator.rotation { rotation += r.scalar(at: frame) * mult }
      if let o = animator.opacity { opacity += (o.scalar(at: frame) / 100 * mult - opacity) * mult }
      if let c = animator.fillColor, var current = self.fill {
        let v = c.value(at: frame)
        for k in 0..<Swift.min(3, current.count, v.count) { current[k] += (v[k] - current[k]) * mult }
        self.fill = current
      }
    }
  }
}
