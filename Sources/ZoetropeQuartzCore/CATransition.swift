// SPDX-License-Identifier: Apache-2.0
// CATransition: its types, subtypes and properties, with the kCATransition… constants as iOS spells them.

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
/// `CATransitionType.fade`, as Objective-C and Swift before 4.2 spell it.
public let kCATransitionFade = CATransitionType.fade
/// `CATransitionType.moveIn`.
public let kCATransitionMoveIn = CATransitionType.moveIn
/// `CATransitionType.push`.
public let kCATransitionPush = CATransitionType.push
/// `CATransitionType.reveal`.
public let kCATransitionReveal = CATransitionType.reveal
/// `CATransitionSubtype.fromRight`.
public let kCATransitionFromRight = CATransitionSubtype.fromRight
/// `CATransitionSubtype.fromLeft`.
public let kCATransitionFromLeft = CATransitionSubtype.fromLeft
/// `CATransitionSubtype.fromTop`.
public let kCATransitionFromTop = CATransitionSubtype.fromTop
/// `CATransitionSubtype.fromBottom`.
public let kCATransitionFromBottom = CATransitionSubtype.fromBottom

/// An animation of a change of a layer's state (`CATransition`): added with
/// `add(_:forKey:)`, it animates what the layer's properties become in the
/// transaction — the layer as the transaction found it and as it is drawn
/// fading, pushing, moving in or revealing, by Zoetrope's transitions
/// (docs/emitters-and-transitions.md). The default is a 0.25 s fade.
///
///     let transition = CATransition()
///     transition.type = .push
///     transition.subtype = .fromRight
///     transition.duration = 0.4
///     label.add(transition, forKey: kCATransition)
///     label.string = "2"
///
/// Differences from iOS (docs/quartzcore.md): sublayers and the mask are
/// shared by both states; private types (`"cube"`, …) and `filter` are
/// reported at render.
open class CATransition: CAAnimation {
  /// The kind; default fade (which a name Core Animation does not know also means).
  open var type: CATransitionType = .fade
  /// The side the motion starts from; `nil` (the default) moves as `fromLeft`. A fade ignores it.
  open var subtype: CATransitionSubtype?
  /// The progress the transition starts at, 0…1 (clamped); default 0.
  open var startProgress: Float = 0
  /// The progress it ends at, 0…1 (clamped); default 1.
  open var endProgress: Float = 1
  /// A Core Image filter; `nil` (the default). Any other value is reported at render.
  open var filter: Any?

  /// A copy with every property of this class and its bases.
  open override func copy() -> Any {
    let copy = CATransition()
    copy.copyAnimationFields(from: self)
    (copy.type, copy.subtype, copy.startProgress, copy.endProgress, copy.filter) =
      (type, subtype, startProgress, endProgress, filter)
    return copy
  }
}
