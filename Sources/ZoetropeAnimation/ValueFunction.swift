// SPDX-License-Identifier: Apache-2.0
// CAValueFunction: builds a transform from interpolated numbers.

import ZoetropeGeometry

/// The names of Core Animation's value functions; raw values are its constant strings.
public enum ValueFunctionName: String, Hashable, Sendable, CaseIterable {
  case rotateX, rotateY, rotateZ, scale, scaleX, scaleY, scaleZ, translate, translateX, translateY, translateZ
}

/// Turns the numbers an animation interpolates into a transform, as
/// `CAValueFunction` (docs/scene-format.md, "Property animations"). Rotations take one angle in radians
/// (so 0 → 2π is a full turn); `scale` and `translate` take three numbers, the
/// single-axis forms one.
public struct ValueFunction: Hashable, Sendable {
  /// Which function.
  public let name: ValueFunctionName

  /// The function with this name.
  public init(name: ValueFunctionName) { self.name = name }

  /// The function with this name string; `nil` for an unknown name (as Apple's).
  public init?(name: String) {
    guard let known = ValueFunctionName(rawValue: name) else { return nil }
    self.name = known
  }

  /// How many numbers the function takes: 3 for `scale` and `translate`, else 1.
  public var arity: Int { name == .scale || name == .translate ? 3 : 1 }

  /// The input that yields the identity transform (used for a missing end value).
  public var identityInput: AnimationValue {
    switch name {
    case .scale: .numbers([1, 1, 1])
    case .translate: .numbers([0, 0, 0])
    case .scaleX, .scaleY, .scaleZ: .number(1)
    default: .number(0)
    }
  }

  /// The transform for an input value; `nil` when the input has the wrong shape.
  public func transform(for input: AnimationValue) -> Transform3D? {
    if arity == 3 {
      guard case .numbers(let v) = input, v.count == 3 else {
        if case .number(let s) = input { return transform(for: .numbers([s, s, s])) }
        return nil
      }
      return name == .scale ? .scale(x: v[0], y: v[1], z: v[2]) : .translation(x: v[0], y: v[1], z: v[2])
    }
    guard let v = input.numberValue else { return nil }
    switch name {
    case .rotateX: return .rotation(angle: v, x: 1, y: 0, z: 0)
    case .rotateY: return .rotation(angle: v, x: 0, y: 1, z: 0)
    case .rotateZ: return .rotation(angle: v, x: 0, y: 0, z: 1)
    case .scaleX: return .scale(x: v, y: 1, z: 1)
    case .scaleY: return .scale(x: 1, y: v, z: 1)
    case .scaleZ: return .scale(x: 1, y: 1, z: v)
    case .translateX: return .translation(x: v, y: 0, z: 0)
    case .translateY: return .translation(x: 0, y: v, z: 0)
    case .translateZ: return .translation(x: 0, y: 0, z: v)
    case .scale, .translate: return nil
    }
  }
}
