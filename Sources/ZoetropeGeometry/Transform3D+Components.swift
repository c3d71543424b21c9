// SPDX-License-Identifier: Apache-2.0
// Reading and replacing one component of a transform, for `transform.rotation.z` and friends.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One component of a transform that a Core Animation key path names
/// (`transform.rotation.z`, `transform.scale`, `transform.translation.x`, …).
package enum TransformComponent: Hashable, Sendable {
  case rotationX, rotationY, rotationZ
  /// `transform.scale`: reads the average of the three scales, writes all three.
  case scale
  case scaleX, scaleY, scaleZ
  case translationX, translationY, translationZ
}

extension Transform3D {
  /// The named component (docs/scene-format.md, "Animatable key paths"; key-value coding model: decompose
  /// and read). Rotations are radians; for a transform that cannot be decomposed,
  /// rotations read 0 and scales 1.
  package func component(_ c: TransformComponent) -> Double {
    switch c {
    case .translationX: return m44 == 0 ? m41 : m41 / m44
    case .translationY: return m44 == 0 ? m42 : m42 / m44
    case .translationZ: return m44 == 0 ? m43 : m43 / m44
    default: break
    }
    if let planar = planarParts {
      switch c {
      case .rotationZ: return planar.angle
      case .scaleX: return planar.scaleX
      case .scaleY: return planar.scaleY
      case .scale: return (planar.scaleX + planar.scaleY + 1) / 3
      case .rotationX, .rotationY: return 0
      default: return 1
      }
    }
    guard let d = decomposed() else {
      return [.rotationX, .rotationY, .rotationZ].contains(c) ? 0 : 1
    }
    switch c {
    case .rotationX: return d.quaternion.eulerAngles.x
    case .rotationY: return d.quaternion.eulerAngles.y
    case .rotationZ: return d.quaternion.eulerAngles.z
    case .scaleX: return d.scale.x
    case .scaleY: return d.scale.y
    case .scaleZ: return d.scale.z
    case .scale: return (d.scale.x + d.scale.y + d.scale.z) / 3
    default: return 0
    }
  }

  /// The transform with the named component replaced (decompose, replace,
  /// recompose). Translations are written straight into `m41…m43`. A transform
  /// that cannot be decomposed is returned unchanged for other components.
  ///
  ///     Transform3D.identity.settingComponent(.rotationZ, to: .pi / 2)  // == .rotation(angle: .pi / 2, x: 0, y: 0, z: 1)
  package func settingComponent(_ c: TransformComponent, to value: Double) -> Transform3D {
    var t = self
    switch c {
    case .translationX: t.m41 = value * (m44 == 0 ? 1 : m44); return t
    case .translationY: t.m42 = value * (m44 == 0 ? 1 : m44); return t
    case .translationZ: t.m43 = value * (m44 == 0 ? 1 : m44); return t
    default: break
    }
    if var planar = planarParts, c == .rotationZ || c == .scaleX || c == .scaleY {
      switch c {
      case .rotationZ: planar.angle = value
      case .scaleX: planar.scaleX = value
      default: planar.scaleY = value
      }
      let (s, cos) = sinCos(planar.angle)
      t.m11 = planar.scaleX * cos
      t.m12 = planar.scaleX * s
      t.m21 = -planar.scaleY * s
      t.m22 = planar.scaleY * cos
      return t
    }
    guard var d = decomposed() else { return self }
    switch c {
    case .rotationX, .rotationY, .rotationZ:
      var angles = d.quaternion.eulerAngles
      if c == .rotationX { angles.x = value } else if c == .rotationY { angles.y = value } else { angles.z = value }
      d.quaternion = Quaternion(eulerAngles: angles)
    case .scaleX: d.scale.x = value
    case .scaleY: d.scale.y = value
    case .scaleZ: d.scale.z = value
    case .scale: d.scale = Vector3(x: value, y: value, z: value)
    default: break
    }
    return Transform3D(d).scaledToMatch(m44)
  }

  /// Whether ``settingComponent(_:to:)`` can change the named component:
  /// translations always; rotations and scales only of a transform that can
  /// be decomposed (a planar one without skew, for `rotationZ`, `scaleX` and
  /// `scaleY`). A zero scale on any axis cannot be: Core Animation, like
  /// Zoetrope, then leaves the transform as it is (docs/timing.md, "Combining
  /// animations").
  package func canSetComponent(_ c: TransformComponent) -> Bool {
    switch c {
    case .translationX, .translationY, .translationZ: return true
    case .rotationZ, .scaleX, .scaleY: return planarParts != nil || decomposed() != nil
    default: return decomposed() != nil
    }
  }

  /// Rotation and scales of a planar transform without skew (an affine 2D
  /// matrix whose rows are orthogonal); `nil` otherwise. A reflection is
  /// carried by a negative y scale.
  private var planarParts: (angle: Double, scaleX: Double, scaleY: Double)? {
    guard isAffine else { return nil }
    let sx = (m11 * m11 + m12 * m12).squareRoot()
    var sy = (m21 * m21 + m22 * m22).squareRoot()
    guard sx > 0, sy > 0, Swift.abs(m11 * m21 + m12 * m22) <= 1e-12 * sx * sy else { return nil }
    if m11 * m22 - m12 * m21 < 0 { sy = -sy }
    return (atan2(m12, m11), sx, sy)
  }

  /// The same projective transform scaled so its `m44` is `target` (decomposition normalises it to 1).
  private func scaledToMatch(_ target: Double) -> Transform3D {
    guard target != 1, target != 0 else { return self }
    return Transform3D(values.map { $0 * target })!
  }
}
