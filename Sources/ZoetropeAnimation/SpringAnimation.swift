// SPDX-License-Identifier: Apache-2.0
// CASpringAnimation: a basic animation whose progress follows a damped spring.

import ZoetropeTiming

/// A basic animation whose progress follows a damped harmonic oscillator, as
/// `CASpringAnimation` (docs/timing.md, "Springs").
///
/// `duration` still decides how long the animation stays on the layer; set it
/// to `settlingDuration` or the value snaps to the model when it ends.
///
///     let bounce = SpringAnimation(keyPath: "position.y")
///     bounce.fromValue = 0; bounce.toValue = 100; bounce.damping = 5
///     bounce.duration = bounce.settlingDuration   // ≈ 2.855 s
public final class SpringAnimation: BasicAnimation {
  /// The oscillator's parameters.
  public var spring = SpringCurve()

  /// Mass, > 0. Default 1.
  public var mass: Double {
    get { spring.mass }
    set { spring.mass = newValue }
  }
  /// Stiffness, > 0. Default 100.
  public var stiffness: Double {
    get { spring.stiffness }
    set { spring.stiffness = newValue }
  }
  /// Damping, ≥ 0. Default 10.
  public var damping: Double {
    get { spring.damping }
    set { spring.damping = newValue }
  }
  /// Initial velocity in from→to distances per second, positive towards `toValue`.
  public var initialVelocity: Double {
    get { spring.initialVelocity }
    set { spring.initialVelocity = newValue }
  }
  /// Evaluate damping ratios above 1 as overdamped (default false: critical).
  public var allowsOverdamping: Bool {
    get { spring.allowsOverdamping }
    set { spring.allowsOverdamping = newValue }
  }

  /// Creates a spring animation with the default spring.
  public override init(keyPath: String?) { super.init(keyPath: keyPath) }

  /// A spring from a perceptual duration and bounce (iOS 17's
  /// `init(perceptualDuration:bounce:)`); sets `allowsOverdamping`.
  public convenience init(perceptualDuration: Double, bounce: Double) {
    self.init(keyPath: nil)
    spring = SpringCurve(perceptualDuration: perceptualDuration, bounce: bounce)
  }

  /// The time the spring needs to come to rest (within 0.001), seconds (§7.2).
  public var settlingDuration: Double { spring.settlingDuration }
  /// `2π √(mass/stiffness)`.
  public var perceptualDuration: Double { spring.perceptualDuration }
  /// The bounce the damping ratio corresponds to (§7.3).
  public var bounce: Double { spring.bounce }

  public override func copy() -> Animation {
    let result = SpringAnimation(keyPath: keyPath)
    result.copyBasicFields(from: self)
    result.spring = spring
    return result
  }
}
