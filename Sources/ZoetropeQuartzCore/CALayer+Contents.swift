// SPDX-License-Identifier: Apache-2.0
// CALayer's `Any`-typed properties — contents, compositingFilter — and the placement of contents.

import Zoetrope

extension CALayer {
  /// The image drawn over the background: a `CGImage`, or `nil`. Another
  /// type (a `UIImage`, a `String`) is reported when the layer is rendered.
  public var contents: Any? {
    get { storedContents }
    set {
      storedContents = newValue
      propertyProblems["contents"] = nil
      guard let value = newValue else { return backing.contents = nil }
      if let image = value as? CGImage {
        backing.contents = image.zoetrope
      } else {
        backing.contents = nil
        propertyProblems["contents"] = "contents is \(CAValue.typeDescription(value)), but contents takes a CGImage"
      }
    }
  }

  /// How `contents` is placed in the bounds; default `.resize`.
  public var contentsGravity: CALayerContentsGravity {
    get { CALayerContentsGravity(rawValue: backing.contentsGravity.rawValue) }
    set { backing.contentsGravity = ContentsGravity(rawValue: newValue.rawValue) ?? .resize }
  }
  /// The part of the image shown, unit coordinates; default (0, 0, 1, 1).
  public var contentsRect: CGRect {
    get { CGRect(backing.contentsRect) }
    set { backing.contentsRect = newValue.zoetrope }
  }
  /// The stretchable part for nine-slice scaling, unit coordinates; default (0, 0, 1, 1).
  public var contentsCenter: CGRect {
    get { CGRect(backing.contentsCenter) }
    set { backing.contentsCenter = newValue.zoetrope }
  }
  /// Image pixels per point for the gravities that do not resize; default 1.
  public var contentsScale: CGFloat {
    get { CGFloat(backing.contentsScale) }
    set { backing.contentsScale = Double(newValue) }
  }
  /// The filter when the image is drawn smaller; default linear.
  public var minificationFilter: CALayerContentsFilter {
    get { CALayerContentsFilter(rawValue: backing.minificationFilter.rawValue) }
    set { backing.minificationFilter = ContentsFilter(rawValue: newValue.rawValue) ?? .linear }
  }
  /// The filter when the image is drawn larger; default linear.
  public var magnificationFilter: CALayerContentsFilter {
    get { CALayerContentsFilter(rawValue: backing.magnificationFilter.rawValue) }
    set { backing.magnificationFilter = ContentsFilter(rawValue: newValue.rawValue) ?? .linear }
  }

  /// A Core Image blend mode by name (`"multiplyBlendMode"`, also
  /// `"CIMultiplyBlendMode"`), or `nil` for source-over. Another value is
  /// reported when the layer is rendered.
  public var compositingFilter: Any? {
    get { storedCompositingFilter }
    set {
      storedCompositingFilter = newValue
      propertyProblems["compositingFilter"] = nil
      guard let value = newValue else { return backing.compositingFilter = nil }
      if let name = value as? String, let mode = BlendMode(name: name) {
        backing.compositingFilter = mode
      } else {
        backing.compositingFilter = nil
        propertyProblems["compositingFilter"] = "compositingFilter is \(CAValue.typeDescription(value))"
          + (value is String ? " \"\(value)\"" : "")
          + ", but compositingFilter takes the name of a Core Image blend mode"
      }
    }
  }
}
