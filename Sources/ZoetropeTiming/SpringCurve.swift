// SPDX-License-Identifier: Apache-2.0
// The damped harmonic oscillator behind CASpringAnimation, and its settling time.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The progress curve of a `CASpringAnimation`: a damped harmonic oscillator that
/// starts at 0 and settles on 1. See docs/timing.md, "Springs".
///
/// Time is in seconds of the animation's basic local time (not normalised).
/// Underdamped springs overshoot 1. With `allowsOverdamping == false` (Core
/// Animation's default) a damping ratio above 1 is evaluated as critical.
public struct SpringCurve: Hashable, Sendable {
  /// Mass, > 0. Default 1.
  public var mass: Double
  /// Spring stiffness k, > 0. Default 100.
  public var stiffness: Double
  /// Damping coefficient c, ≥ 0. Default 10.
  public var damping: Double
  /// Initial velocity in from→to distances per second; positive moves towards the target.
  public var initialVelocity: Double
  /// Whether a damping ratio above 1 is evaluated as overdamped (else as critical).
  public var allowsOverdamping: Bool

  /// Creates a spring; the defaults are `CASpringAnimation`'s.
  public init(
    mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0,
    allowsOverdamping: Bool = false
  ) {
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
    self.initialVelocity = initialVelocity
    self.allowsOverdamping = allowsOverdamping
  }

  /// A spring from a perceptual duration and a bounce, as
  /// `CASpringAnimation(perceptualDuration:bounce:)` (§7.3): mass 1, stiffness
  /// `(2π/d)²`, damping ratio `1 − bounce` for `bounce ≥ 0` and `1/(1 + bounce)`
  /// below; `allowsOverdamping` is set. `bounce` is clamped to (−1, 1].
  public init(perceptualDuration: Double, bounce: Double) {
    let omega = 2 * Double.pi / perceptualDuration
    let bounce = Swift.min(Swift.max(bounce, -0.999_999), 1)
    let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
    self.init(mass: 1, stiffness: omega * omega, damping: 2 * ratio * omega, initialVelocity: 0,
              allowsOverdamping: true)
  }

  /// Whether mass, stiffness and damping are usable (mass > 0, stiffness > 0,
  /// damping ≥ 0, all finite), as `CASpringAnimation` requires.
  public var isValid: Bool {
    mass > 0 && stiffness > 0 && damping >= 0 && mass.isFinite && stiffness.isFinite && damping.isFinite
      && initialVelocity.isFinite
  }

  /// Undamped angular frequency ω0 = √(k/m), radians per second.
  public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

  /// ζ = c / (2√(km)); 1 is critical.
  public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

  /// `2π √(m/k)`, the inverse of ``init(perceptualDuration:bounce:)``.
  public var perceptualDuration: Double { 2 * Double.pi * (mass / stiffness).squareRoot() }

  /// `1 − ζ` for ζ ≤ 1, `1/ζ − 1` above.
  public var bounce: Double {
    let ratio = dampingRatio
    return ratio <= 1 ? 1 - ratio : 1 / ratio - 1
  }

  /// The ratio actually evaluated: ζ, or at most 1 unless overdamping is allowed.
  private var effectiveRatio: Double { allowsOverdamping ? dampingRatio : Swift.min(dampingRatio, 1) }

  /// Displacement from the target in from→to distances: −1 at t = 0, → 0.
  public func displacement(at t: Double) -> Double {
    let omega = naturalFrequency, ratio = effectiveRatio, v0 = initialVelocity
    if ratio < 1 {
      let dampedOmega = omega * (1 - ratio * ratio).squareRoot()
      let envelope = exp(-ratio * omega * t)
      return envelope * (-cos(dampedOmega * t) + ((v0 - ratio * omega) / dampedOmega) * sin(dampedOmega * t))
    } else if ratio == 1 {
      return exp(-omega * t) * (-1 + (v0 - omega) * t)
    } else {
      let root = omega * (ratio * ratio - 1).squareRoot()
      let r1 = -ratio * omega + root, r2 = -ratio * omega - root
      let c2 = (v0 + r1) / (r2 - r1), c1 = -1 - c2
      return c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }
  }

  /// Progress 0 → 1 (overshooting when underdamped) at `t` seconds: `1 + x(t)`.
  public func progress(at t: Double) -> Double { 1 + displacement(at: t) }

  /// The time after which the motion stays within `epsilon` of the target, as
  /// Core Animation's private `durationForEpsilon:` computes it (§7.2): the
  /// envelope bound `ln((1 + b)/ε)/(ζω0)` when underdamped, and the first
  /// multiple of 0.1 s (accumulated in double) with `|x| < ε` when critical or
  /// overdamped. `.infinity` for an undamped or invalid spring.
  public func duration(forEpsilon epsilon: Double) -> Double {
    guard isValid, epsilon > 0 else { return .infinity }
    let omega = naturalFrequency, ratio = effectiveRatio
    if ratio <= 0 { return .infinity }
    if ratio < 1 {
      let dampedOmega = omega * (1 - ratio * ratio).squareRoot()
      let b = Swift.abs((initialVelocity - ratio * omega) / dampedOmega)
      return log((1 + b) / epsilon) / (ratio * omega)
    }
    var t = 0.0
    for _ in 0..<1_000_000 {
      t += 0.1
      if Swift.abs(displacement(at: t)) < epsilon { return t }
    }
    return .infinity
  }

  /// `duration(forEpsilon: 0.001)`, Core Animation's `settlingDuration`.
  public var settlingDuration: Double { duration(forEpsilon: 0.001) }
}
