// SPDX-License-Identifier: Apache-2.0
// CATransformLayer, CAEmitterLayer and CAEmitterCell by name, so that code using them compiles; rendering one is
// refused with a clear reason until Zoetrope draws them.

import Foundation
import Zoetrope

/// A layer whose sublayers keep their depth (`CATransformLayer`). Declared
/// so that code using it compiles: this version of Zoetrope does not draw
/// transform layers yet, and rendering a tree holding one throws a
/// ``CALayerRenderError`` saying so.
open class CATransformLayer: CALayer {
  /// A layer with Core Animation's defaults (refused at render, see the class).
  public override init() {
    super.init()
    propertyProblems["class"] = CATransformLayer.notDrawn("CATransformLayer")
  }
  /// A layer with the values of `layer`.
  public override init(layer: Any) {
    super.init(layer: layer)
    propertyProblems["class"] = CATransformLayer.notDrawn("CATransformLayer")
  }
  /// A layer with the defaults: archives are not read offscreen.
  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    propertyProblems["class"] = CATransformLayer.notDrawn("CATransformLayer")
  }

  static func notDrawn(_ name: String) -> String {
    let kind = name == "CAEmitterLayer" ? "emitters" : "transform layers"
    return "\(name) is not drawn by this version of Zoetrope (its \(kind) are still to come)"
  }
}

/// The shape particles are emitted from (`CAEmitterLayerEmitterShape`).
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
  /// The raw value, as Core Animation spells it.
  public let rawValue: String
  /// The constant with this raw value; one Core Animation does not know behaves as the default.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// `"point"`.
  public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
  /// `"line"`.
  public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
  /// `"rectangle"`.
  public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
  /// `"cuboid"`.
  public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
  /// `"circle"`.
  public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
  /// `"sphere"`.
  public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
}

/// Where on the shape particles are emitted from (`CAEmitterLayerEmitterMode`).
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
  /// The raw value, as Core Animation spells it.
  public let rawValue: String
  /// The constant with this raw value; one Core Animation does not know behaves as the default.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// `"points"`.
  public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
  /// `"outline"`.
  public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
  /// `"surface"`.
  public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
  /// `"volume"`.
  public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
}

/// The order particles are drawn in (`CAEmitterLayerRenderMode`).
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
  /// The raw value, as Core Animation spells it.
  public let rawValue: String
  /// The constant with this raw value; one Core Animation does not know behaves as the default.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// `"unordered"`.
  public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
  /// `"oldestFirst"`.
  public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
  /// `"oldestLast"`.
  public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
  /// `"backToFront"`.
  public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
  /// `"additive"`.
  public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
}

/// A particle emitter (`CAEmitterLayer`). Declared, with its properties, so
/// that code using it compiles: this version of Zoetrope does not draw
/// emitters yet, and rendering a tree holding one throws a
/// ``CALayerRenderError`` saying so.
open class CAEmitterLayer: CALayer {
  /// A layer with Core Animation's defaults (refused at render, see the class).
  public override init() {
    super.init()
    propertyProblems["class"] = CATransformLayer.notDrawn("CAEmitterLayer")
  }
  /// A layer with the values of `layer`.
  public override init(layer: Any) {
    super.init(layer: layer)
    propertyProblems["class"] = CATransformLayer.notDrawn("CAEmitterLayer")
  }
  /// A layer with the defaults: archives are not read offscreen.
  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    propertyProblems["class"] = CATransformLayer.notDrawn("CAEmitterLayer")
  }

  /// Stored (emitters are not drawn yet); default nil.
  open var emitterCells: [CAEmitterCell]?
  /// Stored (emitters are not drawn yet); default 1.
  open var birthRate: Float = 1
  /// Stored (emitters are not drawn yet); default 1.
  open var lifetime: Float = 1
  /// Stored (emitters are not drawn yet); default .zero.
  open var emitterPosition: CGPoint = .zero
  /// Stored (emitters are not drawn yet); default 0.
  open var emitterZPosition: CGFloat = 0
  /// Stored (emitters are not drawn yet); default .zero.
  open var emitterSize: CGSize = .zero
  /// Stored (emitters are not drawn yet); default 0.
  open var emitterDepth: CGFloat = 0
  /// Stored (emitters are not drawn yet); default .point.
  open var emitterShape: CAEmitterLayerEmitterShape = .point
  /// Stored (emitters are not drawn yet); default .volume.
  open var emitterMode: CAEmitterLayerEmitterMode = .volume
  /// Stored (emitters are not drawn yet); default .unordered.
  open var renderMode: CAEmitterLayerRenderMode = .unordered
  /// Stored (emitters are not drawn yet); default false.
  open var preservesDepth = false
  /// Stored (emitters are not drawn yet); default 1.
  open var velocity: Float = 1
  /// Stored (emitters are not drawn yet); default 1.
  open var scale: Float = 1
  /// Stored (emitters are not drawn yet); default 1.
  open var spin: Float = 1
  /// Stored (emitters are not drawn yet); default 0.
  open var seed: UInt32 = 0
}

/// One kind of particle (`CAEmitterCell`), with Core Animation's defaults.
/// Declared so that code using it compiles; see ``CAEmitterLayer``.
open class CAEmitterCell: CAMediaTiming {
  /// A cell with Core Animation's defaults.
  public init() {}

  /// Stored (emitters are not drawn yet); default nil.
  open var name: String?
  /// Stored (emitters are not drawn yet); default true.
  open var isEnabled = true
  /// Stored (emitters are not drawn yet); default 0.
  open var birthRate: Float = 0
  /// Stored (emitters are not drawn yet); default 0.
  open var lifetime: Float = 0
  /// Stored (emitters are not drawn yet); default 0.
  open var lifetimeRange: Float = 0
  /// Stored (emitters are not drawn yet); default 0.
  open var emissionLatitude: CGFloat = 0
  /// Stored (emitters are not drawn yet); default 0.
  open var emissionLongitude: CGFloat = 0
  /// Stored (emitters are not drawn yet); default 0.
  open var emissionRange: CGFloat = 0
  /// Stored (emitters are not drawn yet); default 0.
  open var velocity: CGFloat = 0
  /// Stored (emitters are not drawn yet); default 0.
  open var velocityRange: CGFloat = 0
  /// Stored (emitters are not drawn yet); default 0.
  open var xAcceleration: CGFloat = 0
  /// Stored (emitters are not drawn yet); default 0.
  open var yAcceleration: CGFloat = 0
  /// Stored (emitters are not drawn yet); default 0.
  open var zAcceleration: CGFloat = 0
  /// Stored (emitters are not drawn yet); default 1.
  open var scale: CGFloat = 1
  /// Stored (emitters are not drawn yet); default 0.
  open var scaleRange: CGFloat = 0
  /// Stored (emitters are not drawn yet); default 0.
  open var scaleSpeed: CGFloat = 0
  /// Stored (emitters are not drawn yet); default 0.
  open var spin: CGFloat = 0
  /// Stored (emitters are not drawn yet); default 0.
  open var spinRange: CGFloat = 0
  /// Stored (emitters are not drawn yet); default nil.
  open var color: CGColor?
  /// Stored (emitters are not drawn yet); default 0.
  open var redRange: Float = 0
  /// Stored (emitters are not drawn yet); default 0.
  open var greenRange: Float = 0
  /// Stored (emitters are not drawn yet); default 0.
  open var blueRange: Float = 0
  /// Stored (emitters are not drawn yet); default 0.
  open var alphaRange: Float = 0
  /// Stored (emitters are not drawn yet); default 0.
  open var redSpeed: Float = 0
  /// Stored (emitters are not drawn yet); default 0.
  open var greenSpeed: Float = 0
  /// Stored (emitters are not drawn yet); default 0.
  open var blueSpeed: Float = 0
  /// Stored (emitters are not drawn yet); default 0.
  open var alphaSpeed: Float = 0
  /// Stored (emitters are not drawn yet); default nil.
  open var contents: Any?
  /// Stored (emitters are not drawn yet); default CGRect(x: 0, y: 0, width: 1, height: 1).
  open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
  /// Stored (emitters are not drawn yet); default 1.
  open var contentsScale: CGFloat = 1
  /// Stored (emitters are not drawn yet); default "linear".
  open var minificationFilter = "linear"
  /// Stored (emitters are not drawn yet); default "linear".
  open var magnificationFilter = "linear"
  /// Stored (emitters are not drawn yet); default 0.
  open var minificationFilterBias: Float = 0
  /// Stored (emitters are not drawn yet); default nil.
  open var emitterCells: [CAEmitterCell]?
  /// Stored (emitters are not drawn yet); default nil.
  open var style: [AnyHashable: Any]?

  /// Stored (emitters are not drawn yet); default 0.
  open var beginTime: CFTimeInterval = 0
  /// Stored (emitters are not drawn yet); default 0.
  open var duration: CFTimeInterval = 0
  /// Stored (emitters are not drawn yet); default 1.
  open var speed: Float = 1
  /// Stored (emitters are not drawn yet); default 0.
  open var timeOffset: CFTimeInterval = 0
  /// Stored (emitters are not drawn yet); default 0.
  open var repeatCount: Float = 0
  /// Stored (emitters are not drawn yet); default 0.
  open var repeatDuration: CFTimeInterval = 0
  /// Stored (emitters are not drawn yet); default false.
  open var autoreverses = false
  /// Stored (emitters are not drawn yet); default .removed.
  open var fillMode: CAMediaTimingFillMode = .removed
}
