// SPDX-License-Identifier: Apache-2.0
// Key-value coding on layers: animatable key paths read and written through Zoetrope's properties, other keys stored.

import Foundation
import Zoetrope

extension CALayer {
  /// Sets the value at `keyPath`, as key-value coding does on iOS:
  /// an animatable key path (`"opacity"`, `"position.x"`,
  /// `"transform.rotation.z"`, `"strokeEnd"` on a shape layer) sets that
  /// part of the model, the value taking the types `CABasicAnimation`
  /// takes; any other key stores the value under it (`value(forKey:)`
  /// returns it), as a layer keeps extra keys on iOS. A value of the wrong
  /// type for an animatable key path is reported when the layer is rendered.
  public func setValue(_ value: Any?, forKeyPath keyPath: String) {
    propertyProblems["setValue(_:forKeyPath: \"\(keyPath)\")"] = nil
    guard let kind = AnimationValueKind(animatableKeyPath: keyPath), backing.model.value(forKeyPath: keyPath) != nil
    else { return customValues[keyPath] = value }
    guard let value else {
      // nil clears a colour or a path; for other kinds it is the wrong type.
      if kind == .color || kind == .path || kind == .image {
        let cleared: AnimationValue = kind == .color ? .color(nil) : kind == .path ? .path(nil) : .image(nil)
        backing.model.setValue(cleared, forKeyPath: keyPath)
      }
      return
    }
    if let converted = CAValue.animationValue(value, as: kind) {
      backing.model.setValue(converted, forKeyPath: keyPath)
    } else {
      propertyProblems["setValue(_:forKeyPath: \"\(keyPath)\")"] =
        "setValue(_:forKeyPath: \"\(keyPath)\"): " + CAValue.mismatch("the value", value, keyPath: keyPath, kind: kind)
    }
  }

  /// The value at `keyPath`: for an animatable key path the model's, in
  /// the Swift type of the property (`CGFloat` for `"transform.rotation.z"`,
  /// `Float` for `"opacity"`, `CGPoint` for `"position"`, `CATransform3D`,
  /// `CGColor`, …), so that `as? CGFloat` reads it as on iOS; for any other
  /// key what `setValue(_:forKey:)` stored, or `nil`. (iOS returns
  /// `NSNumber` and `NSValue`, which swift-corelibs-foundation cannot cast
  /// to `CGFloat` or `CGPoint`; `as? NSNumber` does not read these.)
  public func value(forKeyPath keyPath: String) -> Any? {
    if let value = backing.model.value(forKeyPath: keyPath) { return CAValue.object(value, keyPath: keyPath) }
    return customValues[keyPath]
  }

  /// `setValue(_:forKeyPath:)` for one key.
  public func setValue(_ value: Any?, forKey key: String) { setValue(value, forKeyPath: key) }

  /// `value(forKeyPath:)` for one key.
  public func value(forKey key: String) -> Any? { value(forKeyPath: key) }
}
