// SPDX-License-Identifier: Apache-2.0
// Core Animation's `Any` values (numbers, CG values, NSValue, NSNumber) as Zoetrope's AnimationValue, or why not.

import Foundation
import Zoetrope

/// Reading the `Any` values Core Animation takes: what `fromValue`,
/// `toValue`, `byValue`, `values` and `setValue(_:forKeyPath:)` hold.
enum CAValue {
  /// `value` as a value of `kind`, or `nil` when its type does not fit.
  ///
  /// Numbers are any Swift integer or floating-point type, `CGFloat`,
  /// `NSNumber` and `Bool`; points, sizes and rects are the CG types or
  /// `NSValue`s holding them (a point and a size stand for each other, as
  /// the bytes of an `NSValue` would); transforms are `CATransform3D` or
  /// `NSValue(caTransform3D:)`; colours `CGColor`; paths `CGPath`; images
  /// `CGImage`; lists are arrays of numbers or of `CGColor`s.
  static func animationValue(_ value: Any, as kind: AnimationValueKind) -> AnimationValue? {
    switch kind {
    case .number: return number(value).map { .number($0) }
    case .bool:
      if let flag = value as? Bool { return .bool(flag) }
      return number(value).map { .bool($0 != 0) }
    case .point: return point(value).map { .point($0.zoetrope) }
    case .size: return point(value).map { .size(Size(width: Double($0.x), height: Double($0.y))) }
    case .rect: return rect(value).map { .rect($0.zoetrope) }
    case .transform: return transform(value).map { .transform($0.zoetrope) }
    case .color: return (value as? CGColor).map { .color($0.zoetrope) }
    case .path: return (value as? CGPath).map { .path($0.storage) }
    case .image: return (value as? CGImage).map { .image($0.zoetrope) }
    case .numbers: return numbers(value).map { .numbers($0) }
    case .colors:
      guard let list = value as? [Any] else { return nil }
      var colors: [Color] = []
      for element in list {
        guard let color = element as? CGColor else { return nil }
        colors.append(color.zoetrope)
      }
      return .colors(colors)
    }
  }

  /// The number in `value`, or `nil`.
  static func number(_ value: Any) -> Double? {
    func integer<T: BinaryInteger>(_ v: T) -> Double { Double(v) }
    func floating<T: BinaryFloatingPoint>(_ v: T) -> Double { Double(v) }
    switch value {
    case let v as Double: return v
    case let v as CGFloat: return Double(v)
    case let v as Float: return Double(v)
    case let v as Int: return Double(v)
    case let v as Bool: return v ? 1 : 0
    case let v as any BinaryInteger: return integer(v)
    case let v as any BinaryFloatingPoint: return floating(v)
    case let v as NSNumber: return v.doubleValue
    default: return nil
    }
  }

  /// A list of numbers in `value` (an array whose every element is a number), or `nil`.
  static func numbers(_ value: Any) -> [Double]? {
    guard let list = value as? [Any] else { return nil }
    var result: [Double] = []
    result.reserveCapacity(list.count)
    for element in list {
      guard let v = number(element) else { return nil }
      result.append(v)
    }
    return result
  }

  /// A point (or a size, read as a point) in `value`, or `nil`.
  static func point(_ value: Any) -> CGPoint? {
    switch value {
    case let p as CGPoint: return p
    case let s as CGSize: return CGPoint(x: s.width, y: s.height)
    case is NSNumber: return nil
    case let v as NSValue:
      let type = String(cString: v.objCType)
      if type.hasPrefix("{CGPoint") { return v.pointValue }
      if type.hasPrefix("{CGSize") { let s = v.sizeValue; return CGPoint(x: s.width, y: s.height) }
      return nil
    default: return nil
    }
  }

  /// A rectangle in `value`, or `nil`.
  static func rect(_ value: Any) -> CGRect? {
    switch value {
    case let r as CGRect: return r
    case is NSNumber: return nil
    case let v as NSValue: return String(cString: v.objCType).hasPrefix("{CGRect") ? v.rectValue : nil
    default: return nil
    }
  }

  /// A transform in `value`, or `nil`.
  static func transform(_ value: Any) -> CATransform3D? {
    switch value {
    case let t as CATransform3D: return t
    case is NSNumber: return nil
    case let v as NSValue: return v.transformIfHeld
    default: return nil
    }
  }

  /// The type of `value` in words, for messages: `"a CGPoint"`, `"an NSValue
  /// holding {CGRect=…}"`, `"an array of UIColor"`.
  static func typeDescription(_ value: Any) -> String {
    let type = type(of: value)
    // Metatype checks: a Swift number bridges to NSNumber, but is not one.
    if type is NSNumber.Type { return "an NSNumber" }
    if type is NSValue.Type, let v = value as? NSValue {
      if v.transformIfHeld != nil { return "an NSValue holding a CATransform3D" }
      return "an NSValue holding \(String(cString: v.objCType))"
    }
    if let list = value as? [Any] {
      let types = Set(list.map { String(describing: Swift.type(of: $0)) }).sorted()
      return types.isEmpty ? "an empty array" : "an array of \(types.joined(separator: " and "))"
    }
    return article(String(describing: type))
  }

  /// `"a CGPoint"`, `"an Int"`, `"an NSValue"`: "an" before a vowel sound (U reads "you").
  static func article(_ name: String) -> String {
    ("AEIO".contains(name.first ?? "x") || name.hasPrefix("NS") ? "an " : "a ") + name
  }

  /// What a key path of `kind` takes, in Core Animation's types, for messages.
  static func expectation(_ kind: AnimationValueKind) -> String {
    switch kind {
    case .number: "a number (CGFloat, Double, Float, Int or NSNumber)"
    case .bool: "a Bool"
    case .point: "a CGPoint (or NSValue(cgPoint:))"
    case .size: "a CGSize (or NSValue(cgSize:))"
    case .rect: "a CGRect (or NSValue(cgRect:))"
    case .transform: "a CATransform3D (or NSValue(caTransform3D:))"
    case .color: "a CGColor"
    case .path: "a CGPath"
    case .image: "a CGImage"
    case .numbers: "an array of numbers"
    case .colors: "an array of CGColor"
    }
  }

  /// A hint for the usual mistakes: a UIColor where a CGColor belongs, a UIBezierPath for a CGPath.
  static func hint(for value: Any) -> String {
    switch value {
    case is UIColor: " (use .cgColor)"
    case is UIBezierPath: " (use .cgPath)"
    case let list as [Any] where list.contains { $0 is UIColor }: " (use .cgColor for each colour)"
    default: ""
    }
  }

  /// The message for `value` not fitting `kind`: `"toValue is a CGPoint, but strokeEnd takes a number (…)"`.
  static func mismatch(_ what: String, _ value: Any, keyPath: String, kind: AnimationValueKind) -> String {
    "\(what) is \(typeDescription(value)), but \(keyPath) takes \(expectation(kind))\(hint(for: value))"
  }

  /// A Swift value for a Zoetrope one, as `value(forKeyPath:)` returns it:
  /// the type the property has in Swift (`CGFloat`, `Float` for the
  /// opacities, `Bool`, `CGPoint`, `CGSize`, `CGRect`, `CATransform3D`,
  /// `CGColor`, `CGPath`, `[CGColor]`, `[NSNumber]`, `CGImage`), so that
  /// `as? CGFloat` and `as? CGPoint` read it. (An `NSNumber` would not do:
  /// swift-corelibs-foundation cannot cast one to `CGFloat`.)
  static func object(_ value: AnimationValue, keyPath: String) -> Any? {
    switch value {
    case .number(let v):
      let floats: Set<String> = ["opacity", "shadowOpacity", "instanceRedOffset", "instanceGreenOffset",
                                 "instanceBlueOffset", "instanceAlphaOffset"]
      if floats.contains(keyPath) { return Float(v) }
      if keyPath == "instanceCount" { return v.isFinite ? Int(Swift.min(Swift.max(v, -9e18), 9e18)) : 0 }
      if keyPath == "instanceDelay" { return v }
      return CGFloat(v)
    case .bool(let b): return b
    case .point(let p): return CGPoint(p)
    case .size(let s): return CGSize(s)
    case .rect(let r): return CGRect(r)
    case .transform(let t): return CATransform3D(t)
    case .color(let c): return c.map(CGColor.init)
    case .path(let p): return p.map(CGPath.init)
    case .colors(let c): return c.map(CGColor.init)
    case .numbers(let v): return v.map { NSNumber(value: $0) }
    case .image(let i): return i.map(CGImage.init)
    }
  }
}
