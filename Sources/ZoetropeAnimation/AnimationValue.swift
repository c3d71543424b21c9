// SPDX-License-Identifier: Apache-2.0
// The value of an animatable property: what animations read, interpolate and write.

import ZoetropeGeometry
import ZoetropePixels

/// A value of an animatable key path: what `fromValue`, `toValue`, `byValue` and
/// keyframe `values` hold, and what a presentation property is.
///
/// Literals make Core Animation code read as it does on iOS:
///
///     animation.fromValue = 0          // .number(0)
///     animation.toValue = [1, 0, 0, 1] // .numbers — coerced to a colour, rect, … by the key path
public enum AnimationValue: Hashable, Sendable {
  /// A scalar: lengths, opacity, angles (radians), `strokeEnd`, …
  case number(Double)
  /// A point: `position`, `anchorPoint`, gradient `startPoint`.
  case point(Point)
  /// A size: `bounds.size`, `transform.translation`.
  case size(Size)
  /// A rectangle: `bounds`.
  case rect(Rect)
  /// A colour, or `nil` for "no colour" (`fillColor = nil`).
  case color(Color?)
  /// A `CATransform3D` (boxed: it is 128 bytes, and every other case is small,
  /// so values stay cheap to copy: zoetrope-bench evaluate/10k-layers went from
  /// 11.9 ms to 2.0 ms when this case was boxed).
  indirect case transform(Transform3D)
  /// A shape path, or `nil` for none.
  case path(Path?)
  /// Gradient `colors`.
  case colors([Color])
  /// A list of numbers: gradient `locations`, or the raw components of another
  /// kind before ``coerced(to:)``.
  case numbers([Double])
  /// A flag: `hidden`. Interpolates discretely.
  case bool(Bool)
  /// A layer's `contents`, or `nil` for none. Interpolates discretely (a
  /// keyframe animation over images is a flipbook).
  case image(Image?)

  /// The kind of this value.
  public var kind: AnimationValueKind {
    switch self {
    case .number: .number
    case .point: .point
    case .size: .size
    case .rect: .rect
    case .color: .color
    case .transform: .transform
    case .path: .path
    case .colors: .colors
    case .numbers: .numbers
    case .bool: .bool
    case .image: .image
    }
  }
}

/// The type of value a key path holds.
public enum AnimationValueKind: String, Hashable, Sendable {
  case number, point, size, rect, color, transform, path, colors, numbers, bool, image

  /// A phrase for error messages: "a number", "a point [x, y]", …
  public var phrase: String {
    switch self {
    case .number: "a number"
    case .point: "a point [x, y]"
    case .size: "a size [width, height]"
    case .rect: "a rect [x, y, width, height]"
    case .color: "a colour"
    case .transform: "a transform"
    case .path: "a path"
    case .colors: "an array of colours"
    case .numbers: "an array of numbers"
    case .bool: "a boolean"
    case .image: "an image (a file path, or null)"
    }
  }
}

extension AnimationValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByArrayLiteral
{
  /// A number, as `animation.fromValue = 0`.
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
  /// A number, as `animation.toValue = 0.5`.
  public init(floatLiteral value: Double) { self = .number(value) }
  /// A flag, as `animation.toValue = true` for `hidden`.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  /// A list of numbers; the key path decides whether it is a point, a colour, …
  public init(arrayLiteral elements: Double...) { self = .numbers(elements) }
}

extension AnimationValue {
  /// This value as the given kind, or `nil` when it cannot be.
  ///
  /// Numbers and flags convert into each other (non-zero is `true`); lists of
  /// numbers become points and sizes (2), colours (3 or 4, alpha 1 if absent),
  /// rects (4) and transforms (16, m11…m44); points and sizes convert into each
  /// other. Every other mismatch is `nil`.
  public func coerced(to kind: AnimationValueKind) -> AnimationValue? {
    if self.kind == kind { return self }
    switch (self, kind) {
    case (.number(let v), .bool): return .bool(v != 0)
    case (.bool(let b), .number): return .number(b ? 1 : 0)
    case (.point(let p), .size): return .size(Size(width: p.x, height: p.y))
    case (.size(let s), .point): return .point(Point(x: s.width, y: s.height))
    case (.numbers(let v), .point) where v.count == 2: return .point(Point(x: v[0], y: v[1]))
    case (.numbers(let v), .size) where v.count == 2: return .size(Size(width: v[0], height: v[1]))
    case (.numbers(let v), .rect) where v.count == 4: return .rect(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
    case (.numbers(let v), .color) where v.count == 3 || v.count == 4:
      return .color(Color(red: v[0], green: v[1], blue: v[2], alpha: v.count == 4 ? v[3] : 1))
    case (.numbers(let v), .transform) where v.count == 16: return Transform3D(v).map { .transform($0) }
    case (.numbers(let v), .colors) where v.isEmpty: return .colors([])
    default: return nil
    }
  }

  /// The number in a `.number` (or a flag as 0/1); `nil` otherwise.
  @inlinable public var numberValue: Double? {
    switch self {
    case .number(let v): v
    case .bool(let b): b ? 1 : 0
    default: nil
    }
  }
}
