// SPDX-License-Identifier: Apache-2.0
// CATransition's names, so that code using it compiles; rendering one is refused with a clear reason.

import Foundation

/// The kind of a transition (`CATransitionType`).
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let fade = CATransitionType(rawValue: "fade")
  public static let moveIn = CATransitionType(rawValue: "moveIn")
  public static let push = CATransitionType(rawValue: "push")
  public static let reveal = CATransitionType(rawValue: "reveal")
}

/// The direction of a transition (`CATransitionSubtype`).
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
  public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
  public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
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
