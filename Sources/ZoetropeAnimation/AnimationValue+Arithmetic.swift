// SPDX-License-Identifier: Apache-2.0
// Interpolation, addition and distance of animatable values (docs/scene-format.md, "Basic animations").

import ZoetropeGeometry

extension AnimationValue {
  /// The value `fraction` of the way from `self` to `other` (docs/scene-format.md, "Basic animations").
  ///
  /// Numbers, points, sizes, rects and colours interpolate per component
  /// (colours in straight-alpha sRGB) and extrapolate outside 0…1. Transforms
  /// interpolate by decomposition (shorter-arc rotation), falling back to a
  /// switch at 0.5 when one cannot be decomposed. Paths lerp every point when
  /// both have the same structure. Colour and number lists interpolate element by
  /// element when their counts agree. Everything else — flags, `nil` colours,
  /// mismatched kinds or structures — switches discretely at `fraction` 0.5.
  package func interpolated(to other: AnimationValue, fraction f: Double) -> AnimationValue {
    switch (self, other) {
    case (.number(let a), .number(let b)):
      return .number(a + (b - a) * f)
    case (.point(let a), .point(let b)):
      return .point(a.interpolated(to: b, fraction: f))
    case (.size(let a), .size(let b)):
      return .size(Size(width: a.width + (b.width - a.width) * f, height: a.height + (b.height - a.height) * f))
    case (.rect(let a), .rect(let b)):
      return .rect(Rect(x: a.origin.x + (b.origin.x - a.origin.x) * f, y: a.origin.y + (b.origin.y - a.origin.y) * f,
                        width: a.size.width + (b.size.width - a.size.width) * f,
                        height: a.size.height + (b.size.height - a.size.height) * f))
    case (.color(let a?), .color(let b?)):
      return .color(a.interpolated(to: b, fraction: f))
    case (.transform(let a), .transform(let b)):
      return .transform(a.interpolated(to: b, fraction: f))
    case (.path(let a?), .path(let b?)):
      if let morph = a.interpolated(to: b, fraction: f) { return .path(morph) }
    case (.colors(let a), .colors(let b)) where a.count == b.count:
      return .colors(zip(a, b).map { $0.interpolated(to: $1, fraction: f) })
    case (.numbers(let a), .numbers(let b)) where a.count == b.count:
      return .numbers(zip(a, b).map { $0 + ($1 - $0) * f })
    default:
      break
    }
    return f < 0.5 ? self : other
  }

  /// `self ⊕ other`: how an additive animation's value lands on the value below it,
  /// and `fromValue + byValue` (docs/scene-format.md, "Basic animations"; docs/timing.md, "Combining animations").
  ///
  /// Component-wise sums for numbers, points, sizes, rects, colours and lists of
  /// equal length; for transforms `other` acts first, `CATransform3DConcat(other, self)`;
  /// a flag is `self || other`. Values that cannot add (paths, `nil` colours,
  /// mismatched kinds) give `other`.
  package func adding(_ other: AnimationValue) -> AnimationValue {
    switch (self, other) {
    case (.number(let a), .number(let b)): return .number(a + b)
    case (.point(let a), .point(let b)): return .point(a + b)
    case (.size(let a), .size(let b)): return .size(Size(width: a.width + b.width, height: a.height + b.height))
    case (.rect(let a), .rect(let b)):
      return .rect(Rect(x: a.origin.x + b.origin.x, y: a.origin.y + b.origin.y,
                        width: a.size.width + b.size.width, height: a.size.height + b.size.height))
    case (.color(let a?), .color(let b?)):
      return .color(Color(red: a.red + b.red, green: a.green + b.green, blue: a.blue + b.blue, alpha: a.alpha + b.alpha))
    case (.transform(let a), .transform(let b)): return .transform(b.concatenating(a))
    case (.colors(let a), .colors(let b)) where a.count == b.count:
      return .colors(zip(a, b).map {
        Color(red: $0.red + $1.red, green: $0.green + $1.green, blue: $0.blue + $1.blue, alpha: $0.alpha + $1.alpha)
      })
    case (.numbers(let a), .numbers(let b)) where a.count == b.count: return .numbers(zip(a, b).map { $0 + $1 })
    case (.bool(let a), .bool(let b)): return .bool(a || b)
    default: return other
    }
  }

  /// `self ⊖ other`, the inverse of ``adding(_:)``: `toValue − byValue`.
  ///
  /// For transforms, the matrix `X` with `X ⊕ other == self`; when `other` is
  /// singular, `self`. Values that cannot subtract give `self`.
  package func subtracting(_ other: AnimationValue) -> AnimationValue {
    switch (self, other) {
    case (.transform(let a), .transform(let b)):
      guard let inverse = b.inverted() else { return self }
      return .transform(inverse.concatenating(a))
    case (.bool, .bool), (.path, _), (.color(nil), _), (_, .color(nil)), (.image, _):
      return self
    default:
      guard self.kind == other.kind, let negated = other.scaled(by: -1) else { return self }
      return adding(negated)
    }
  }

  /// The value multiplied by `factor`: component-wise for vectors, a transform
  /// concatenated with itself `factor` times (integral factors ≥ 0; others give
  /// identity). `nil` for values that cannot scale (flags, paths, `nil` colours).
  /// Used by `cumulative` animations (§4.3).
  package func scaled(by factor: Double) -> AnimationValue? {
    switch self {
    case .number(let a): return .number(a * factor)
    case .point(let p): return .point(p * factor)
    case .size(let s): return .size(Size(width: s.width * factor, height: s.height * factor))
    case .rect(let r):
      return .rect(Rect(x: r.origin.x * factor, y: r.origin.y * factor,
                        width: r.size.width * factor, height: r.size.height * factor))
    case .color(let c?):
      return .color(Color(red: c.red * factor, green: c.green * factor, blue: c.blue * factor, alpha: c.alpha * factor))
    case .colors(let list):
      return .colors(list.map { Color(red: $0.red * factor, green: $0.green * factor, blue: $0.blue * factor,
                                      alpha: $0.alpha * factor) })
    case .numbers(let list): return .numbers(list.map { $0 * factor })
    case .transform(let t):
      var result = Transform3D.identity
      if factor >= 1, factor == factor.rounded(), factor <= 1_000 {
        for _ in 0..<Int(factor) { result = result.concatenating(t) }
      }
      return .transform(result)
    case .color(nil), .path, .bool, .image: return nil
    }
  }

  /// The components of a vector-like value, for splines and distances; `nil` for
  /// transforms, paths, flags and `nil` colours.
  package var vectorComponents: [Double]? {
    switch self {
    case .number(let a): [a]
    case .point(let p): [p.x, p.y]
    case .size(let s): [s.width, s.height]
    case .rect(let r): [r.origin.x, r.origin.y, r.size.width, r.size.height]
    case .color(let c?): [c.red, c.green, c.blue, c.alpha]
    case .numbers(let list): list
    case .colors(let list): list.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] }
    case .color(nil), .transform, .path, .bool, .image: nil
    }
  }

  /// A value of the same kind as `self` from components produced by
  /// ``vectorComponents`` (same count); `self` when they do not fit.
  package func withVectorComponents(_ c: [Double]) -> AnimationValue {
    switch self {
    case .number: return c.count == 1 ? .number(c[0]) : self
    case .point: return c.count == 2 ? .point(Point(x: c[0], y: c[1])) : self
    case .size: return c.count == 2 ? .size(Size(width: c[0], height: c[1])) : self
    case .rect: return c.count == 4 ? .rect(Rect(x: c[0], y: c[1], width: c[2], height: c[3])) : self
    case .color(.some): return c.count == 4 ? .color(Color(red: c[0], green: c[1], blue: c[2], alpha: c[3])) : self
    case .numbers(let list): return c.count == list.count ? .numbers(c) : self
    case .colors(let list):
      guard c.count == list.count * 4 else { return self }
      return .colors((0..<list.count).map { Color(red: c[4 * $0], green: c[4 * $0 + 1], blue: c[4 * $0 + 2],
                                                 alpha: c[4 * $0 + 3]) })
    case .color(nil), .transform, .path, .bool, .image: return self
    }
  }

  /// The distance between two values for `paced` keyframes: `|Δ|` for numbers,
  /// Euclidean over the components of vector-like values; for transforms, the
  /// distance between their translations. Values that have no distance count 1.
  package func distance(to other: AnimationValue) -> Double {
    if case .transform(let a) = self, case .transform(let b) = other {
      let dx = b.m41 - a.m41, dy = b.m42 - a.m42, dz = b.m43 - a.m43
      return (dx * dx + dy * dy + dz * dz).squareRoot()
    }
    guard let a = vectorComponents, let b = other.vectorComponents, a.count == b.count else { return 1 }
    var sum = 0.0
    for i in a.indices { sum += (b[i] - a[i]) * (b[i] - a[i]) }
    return sum.squareRoot()
  }
}
