// SPDX-License-Identifier: Apache-2.0
// CATransition's names, so that code using it compiles; rendering one is refused with a clear reason.

import Foundation

/// The kind of a transition (`CATransitionType`).
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
  /// The raw value, as Core Animation spells it.
  public let rawValue: String
  /// The constant with this raw value; one Core Animation does not know behaves as the default.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// `"fade"`.
  public static let fade = CATransitionType(rawValue: "fade")
  /// `"moveIn"`.
  public static let moveIn = CATransitionType(rawValue: "moveIn")
  /// `"push"`.
  public static let push = CATransitionType(rawValue: "push")
  /// `"reveal"`.
  public static let reveal = CATransitionType(rawValue: "reveal")
}

/// The direction of a transition (`CATransitionSubtype`).
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
  /// The raw value, as Core Animation spells it.
  public let rawValue: String
  /// The constant with this raw value; one Core Animation does not know behaves as the default.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// `"fromRight"`.
  public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
  /// `"fromLeft"`.
  public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
  /// `"fromTop"`.
  public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
  /// `"fromBottom"`.
  public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// The key a transition is added under on iOS (`kCATransition`).
public let kCATransition = "transition"

/// A transition between a layer's states (`CATransition`). Its properties
/// are kept, but this version of Zoetrope does not draw transitions yet:
/// rendering a layer that has one throws a ``CALayerRenderError`` saying so.
open class CATransition: CAAnimation {
  /// The kind; default fade.
  open var type: CATransitionType = .fade
  /// The direction, or `nil`.
  open var subtype: CATransitionSubtype?
  /// Where the transition starts, 0…1.
  open var startProgress: Float = 0
  /// Where it ends, 0…1.
  open var endProgress: Float = 1
  /// A Core Image filter; kept.
  open var filter: Any?

  /// A copy with every property of this class and its bases.
  open override func copy() -> Any {
    let copy = CATransition()
    copy.copyAnimationFields(from: self)
    (copy.type, copy.subtype, copy.startProgress, copy.endProgress, copy.filter) =
      (type, subtype, startProgress, endProgress, filter)
    return copy
  }

  /// Why it cannot be rendered.
  var unsupportedReason: String {
    "CATransition (\(type.rawValue)) is not drawn by this version of Zoetrope; its transitions are still to come"
  }
}
