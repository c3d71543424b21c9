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
  public override init() {
    super.init()
    propertyProblems["class"] = CATransformLayer.notDrawn("CATransformLayer")
  }
  public override init(layer: Any) {
    super.init(layer: layer)
    propertyProblems["class"] = CATransformLayer.notDrawn("CATransformLayer")
  }
  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    propertyProblems["class"] = CATransformLayer.notDrawn("CATransformLayer")
  }

  static func notDrawn(_ name: String) -> String {
    "\(name) is not drawn by this version of Zoetrope (its \(name == "CAEmitterLayer" ? "emitters" : "transform layers") are still to come)"
  }
}

/// The shape particles are emitted from (`CAEmitterLayerEmitterShape`).
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
  public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
  public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
  public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
  public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
  public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
}

/// Where on the shape particles are emitted from (`CAEmitterLayerEmitterMode`).
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
  public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
  public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
  public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
}

/// The order particles are drawn in (`CAEmitterLayerRenderMode`).
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
  public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
  public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
  public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
  public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
}

/// A particle emitter (`CAEmitterLayer`). Declared, with its properties, so
/// that code using it compiles: this version of Zoetrope does not draw
/// emitters yet, and rendering a tree holding one throws a
/// ``CALayerRenderError`` saying so.
open class CAEmitterLayer: CALayer {
  public override init() {
    super.init()
    propertyProblems["class"] = CATransformLayer.notDrawn("CAEmitterLayer")
  }
  public override init(layer: Any) {
    super.init(layer: layer)
    propertyProblems["class"] = CATransformLayer.notDrawn("CAEmitterLayer")
  }
  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    propertyProblems["class"] = CATransformLayer.notDrawn("CAEmitterLayer")
  }

  open var emitterCells: [CAEmitterCell]?
  open var birthRate: Float = 1
  open var lifetime: Float = 1
  open var emitterPosition: CGPoint = .zero
  open var emitterZPosition: CGFloat = 0
  open var emitterSize: CGSize = .zero
  open var emitterDepth: CGFloat = 0
  open var emitterShape: CAEmitterLayerEmitterShape = .point
  open var emitterMode: CAEmitterLayerEmitterMode = .volume
  open var renderMode: CAEmitterLayerRenderMode = .unordered
  open var preservesDepth = false
  open var velocity: Float = 1
  open var scale: Float = 1
  open var spin: Float = 1
  open var seed: UInt32 = 0
}

/// One kind of particle (`CAEmitterCell`), with Core Animation's defaults.
/// Declared so that code using it compiles; see ``CAEmitterLayer``.
open class CAEmitterCell: CAMediaTiming {
  public init() {}

  open var name: String?
  open var isEnabled = true
  open var birthRate: Float = 0
  open var lifetime: Float = 0
  open var lifetimeRange: Float = 0
  open var emissionLatitude: CGFloat = 0
  open var emissionLongitude: CGFloat = 0
  open var emissionRange: CGFloat = 0
  open var velocity: CGFloat = 0
  open var velocityRange: CGFloat = 0
  open var xAcceleration: CGFloat = 0
  open var yAcceleration: CGFloat = 0
  open var zAcceleration: CGFloat = 0
  open var scale: CGFloat = 1
  open var scaleRange: CGFloat = 0
  open var scaleSpeed: CGFloat = 0
  open var spin: CGFloat = 0
  open var spinRange: CGFloat = 0
  open var color: CGColor?
  open var redRange: Float = 0
  open var greenRange: Float = 0
  open var blueRange: Float = 0
  open var alphaRange: Float = 0
  open var redSpeed: Float = 0
  open var greenSpeed: Float = 0
  open var blueSpeed: Float = 0
  open var alphaSpeed: Float = 0
  open var contents: Any?
  open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
  open var contentsScale: CGFloat = 1
  open var minificationFilter = "linear"
  open var magnificationFilter = "linear"
  open var minificationFilterBias: Float = 0
  open var emitterCells: [CAEmitterCell]?
  open var style: [AnyHashable: Any]?

  open var beginTime: CFTimeInterval = 0
  open var duration: CFTimeInterval = 0
  open var speed: Float = 1
  open var timeOffset: CFTimeInterval = 0
  open var repeatCount: Float = 0
  open var repeatDuration: CFTimeInterval = 0
  open var autoreverses = false
  open var fillMode: CAMediaTimingFillMode = .removed
}
