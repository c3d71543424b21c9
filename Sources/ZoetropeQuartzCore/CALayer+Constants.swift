// SPDX-License-Identifier: Apache-2.0
// CALayer's string constants and option sets, with Core Animation's raw values.

import Foundation
import Zoetrope

/// How `contents` is placed in the bounds (`CALayerContentsGravity`). As on
/// iOS, `top` and `bottom` name the maximum and minimum y: `.bottom` draws at
/// the top of a y-down layer.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
  /// The raw value, as Core Animation spells it.
  public let rawValue: String
  /// The constant with this raw value; one Core Animation does not know behaves as the default.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// `"center"`.
  public static let center = CALayerContentsGravity(rawValue: "center")
  /// `"top"`.
  public static let top = CALayerContentsGravity(rawValue: "top")
  /// `"bottom"`.
  public static let bottom = CALayerContentsGravity(rawValue: "bottom")
  /// `"left"`.
  public static let left = CALayerContentsGravity(rawValue: "left")
  /// `"right"`.
  public static let right = CALayerContentsGravity(rawValue: "right")
  /// `"topLeft"`.
  public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
  /// `"topRight"`.
  public static let topRight = CALayerContentsGravity(rawValue: "topRight")
  /// `"bottomLeft"`.
  public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
  /// `"bottomRight"`.
  public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
  /// Stretched over the bounds (the default).
  public static let resize = CALayerContentsGravity(rawValue: "resize")
  /// `"resizeAspect"`.
  public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
  /// `"resizeAspectFill"`.
  public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}

/// How `contents` is sampled when scaled (`CALayerContentsFilter`).
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
  /// The raw value, as Core Animation spells it.
  public let rawValue: String
  /// The constant with this raw value; one Core Animation does not know behaves as the default.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// `"nearest"`.
  public static let nearest = CALayerContentsFilter(rawValue: "nearest")
  /// The default.
  public static let linear = CALayerContentsFilter(rawValue: "linear")
  /// `"trilinear"`.
  public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}

/// The curve of rounded corners (`CALayerCornerCurve`).
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
  /// The raw value, as Core Animation spells it.
  public let rawValue: String
  /// The constant with this raw value; one Core Animation does not know behaves as the default.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// Quarter circles (the default).
  public static let circular = CALayerCornerCurve(rawValue: "circular")
  /// Apple's smooth corner.
  public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// Which corners `cornerRadius` rounds (`CACornerMask`); y grows downwards,
/// so `layerMinXMinYCorner` is the top-left corner.
public struct CACornerMask: OptionSet, Hashable, Sendable {
  /// The raw value.
  public let rawValue: UInt
  /// The set with these bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// The top-left corner (y grows downwards).
  public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
  /// The top-right corner (y grows downwards).
  public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
  /// The bottom-left corner (y grows downwards).
  public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
  /// The bottom-right corner (y grows downwards).
  public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}

/// Something a layer runs for a key (`CAAction`); kept for code that
/// disables implicit animations with `layer.actions = ["position": NSNull()]`
/// — offscreen there are none to disable.
public protocol CAAction {}

extension NSNull: CAAction {}
