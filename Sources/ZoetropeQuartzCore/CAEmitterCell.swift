// SPDX-License-Identifier: Apache-2.0
// CAEmitterCell: one kind of particle, with Core Animation's types, over a Zoetrope EmitterCell holding the values.

import Foundation
import Zoetrope

/// One kind of particle an emitter layer (or a particle) emits
/// (`CAEmitterCell`), with Core Animation's names, types and defaults:
/// every rate, range and speed 0, `scale` 1, `color` opaque white.
///
/// The numbers live in a Zoetrope ``EmitterCell``; the emitter layer
/// takes a copy of each of its cells (sub-cells included) when the tree is
/// committed, so a cell changed before the render is drawn as changed.
/// Animate a cell through its layer's key paths
/// (`emitterCells.NAME.birthRate`), as on iOS. `contents` must be a
/// `CGImage` (reported at render otherwise); a cell without one draws
/// nothing, as in Core Animation.
///
///     let spark = CAEmitterCell()
///     spark.name = "spark"
///     spark.birthRate = 40
///     spark.lifetime = 1.5
///     spark.velocity = 120
///     spark.emissionRange = 2 * .pi
///     spark.contents = dot          // a CGImage
open class CAEmitterCell: CAMediaTiming {
  /// The Zoetrope cell holding the numbers, the name and the timing.
  var values = EmitterCell()

  /// A cell with Core Animation's defaults.
  public init() {}

  /// The name key paths use (`emitterCells.NAME.birthRate`); default `nil`.
  open var name: String? {
    get { values.name }
    set { values.name = newValue }
  }
  /// Whether the cell emits; default `true`.
  open var isEnabled: Bool {
    get { values.isEnabled }
    set { values.isEnabled = newValue }
  }
  /// Particles born a second, times the layer's `birthRate`; default 0.
  open var birthRate: Float {
    get { Float(values.birthRate) }
    set { values.birthRate = Double(newValue) }
  }
  /// Seconds a particle lives, times the layer's `lifetime`; default 0.
  open var lifetime: Float {
    get { Float(values.lifetime) }
    set { values.lifetime = Double(newValue) }
  }
  /// The range of `lifetime`: uniform over `lifetime ± lifetimeRange / 2`; default 0.
  open var lifetimeRange: Float {
    get { Float(values.lifetimeRange) }
    set { values.lifetimeRange = Double(newValue) }
  }
  /// The emission direction's angle out of the layer's plane, radians; default 0.
  open var emissionLatitude: CGFloat {
    get { CGFloat(values.emissionLatitude) }
    set { values.emissionLatitude = Double(newValue) }
  }
  /// The emission direction's angle in the plane from +x, radians,
  /// clockwise on screen (−π/2 is up, as on iOS); default 0.
  open var emissionLongitude: CGFloat {
    get { CGFloat(values.emissionLongitude) }
    set { values.emissionLongitude = Double(newValue) }
  }
  /// The apex angle of the cone of directions, radians (2π: every direction); default 0.
  open var emissionRange: CGFloat {
    get { CGFloat(values.emissionRange) }
    set { values.emissionRange = Double(newValue) }
  }
  /// Initial speed, points a second, times the layer's `velocity`; default 0.
  open var velocity: CGFloat {
    get { CGFloat(values.velocity) }
    set { values.velocity = Double(newValue) }
  }
  /// The range of `velocity`; default 0.
  open var velocityRange: CGFloat {
    get { CGFloat(values.velocityRange) }
    set { values.velocityRange = Double(newValue) }
  }
  /// Acceleration along x, points a second squared; default 0.
  open var xAcceleration: CGFloat {
    get { CGFloat(values.xAcceleration) }
    set { values.xAcceleration = Double(newValue) }
  }
  /// Acceleration along y, down the screen (gravity is positive); default 0.
  open var yAcceleration: CGFloat {
    get { CGFloat(values.yAcceleration) }
    set { values.yAcceleration = Double(newValue) }
  }
  /// Acceleration along z, towards the viewer; default 0.
  open var zAcceleration: CGFloat {
    get { CGFloat(values.zAcceleration) }
    set { values.zAcceleration = Double(newValue) }
  }
  /// The image's size, a multiplier, times the layer's `scale`; default 1.
  open var scale: CGFloat {
    get { CGFloat(values.scale) }
    set { values.scale = Double(newValue) }
  }
  /// The range of `scale`; default 0.
  open var scaleRange: CGFloat {
    get { CGFloat(values.scaleRange) }
    set { values.scaleRange = Double(newValue) }
  }
  /// Change of `scale` a second; default 0.
  open var scaleSpeed: CGFloat {
    get { CGFloat(values.scaleSpeed) }
    set { values.scaleSpeed = Double(newValue) }
  }
  /// Turning speed, radians a second, times the layer's `spin`; default 0.
  open var spin: CGFloat {
    get { CGFloat(values.spin) }
    set { values.spin = Double(newValue) }
  }
  /// The range of `spin`; default 0.
  open var spinRange: CGFloat {
    get { CGFloat(values.spinRange) }
    set { values.spinRange = Double(newValue) }
  }
  /// The colour the image is multiplied by; default opaque white (`nil` sets white).
  open var color: CGColor? {
    get { CGColor(values.color) }
    set { values.color = newValue?.zoetrope ?? .white }
  }
  /// The range of the red component; default 0.
  open var redRange: Float {
    get { Float(values.redRange) }
    set { values.redRange = Double(newValue) }
  }
  /// The range of the green component; default 0.
  open var greenRange: Float {
    get { Float(values.greenRange) }
    set { values.greenRange = Double(newValue) }
  }
  /// The range of the blue component; default 0.
  open var blueRange: Float {
    get { Float(values.blueRange) }
    set { values.blueRange = Double(newValue) }
  }
  /// The range of the alpha component; default 0.
  open var alphaRange: Float {
    get { Float(values.alphaRange) }
    set { values.alphaRange = Double(newValue) }
  }
  /// Change of the red component a second; default 0.
  open var redSpeed: Float {
    get { Float(values.redSpeed) }
    set { values.redSpeed = Double(newValue) }
  }
  /// Change of the green component a second; default 0.
  open var greenSpeed: Float {
    get { Float(values.greenSpeed) }
    set { values.greenSpeed = Double(newValue) }
  }
  /// Change of the blue component a second; default 0.
  open var blueSpeed: Float {
    get { Float(values.blueSpeed) }
    set { values.blueSpeed = Double(newValue) }
  }
  /// Change of the alpha component a second (−0.5 fades out in 2 s); default 0.
  open var alphaSpeed: Float {
    get { Float(values.alphaSpeed) }
    set { values.alphaSpeed = Double(newValue) }
  }
  /// The particle's image: a `CGImage`, or `nil` (the default), which draws nothing.
  /// Another type is reported when the layer is rendered.
  open var contents: Any?
  /// The part of the image drawn, unit coordinates; default the whole image.
  open var contentsRect: CGRect {
    get { CGRect(values.contentsRect) }
    set { values.contentsRect = newValue.zoetrope }
  }
  /// Image pixels per point; default 1.
  open var contentsScale: CGFloat {
    get { CGFloat(values.contentsScale) }
    set { values.contentsScale = Double(newValue) }
  }
  /// How the image is sampled when drawn smaller (`"linear"`, `"nearest"`,
  /// `"trilinear"`); default `"linear"`, which an unknown name also means.
  open var minificationFilter: String {
    get { values.minificationFilter.rawValue }
    set { values.minificationFilter = ContentsFilter(rawValue: newValue) ?? .linear }
  }
  /// How the image is sampled when drawn larger; default `"linear"`.
  open var magnificationFilter: String {
    get { values.magnificationFilter.rawValue }
    set { values.magnificationFilter = ContentsFilter(rawValue: newValue) ?? .linear }
  }
  /// Stored only; default 0.
  open var minificationFilterBias: Float = 0
  /// The cells each particle emits over its life (fireworks, trails); default `nil`.
  open var emitterCells: [CAEmitterCell]?
  /// Stored only; default `nil`.
  open var style: [AnyHashable: Any]?

  /// When emission starts, in the parent's time (the layer's, or the age of
  /// the emitting particle for a sub-cell); default 0.
  open var beginTime: CFTimeInterval {
    get { values.timing.beginTime }
    set { values.timing.beginTime = newValue }
  }
  /// How long one iteration emits; 0 (the default) for ever.
  open var duration: CFTimeInterval {
    get { values.timing.duration }
    set { values.timing.duration = newValue }
  }
  /// Multiplies the birth rate and divides the window; default 1.
  open var speed: Float {
    get { Float(values.timing.speed) }
    set { values.timing.speed = Double(newValue) }
  }
  /// Starts the cell this many seconds into its emission (pre-warming); default 0.
  open var timeOffset: CFTimeInterval {
    get { values.timing.timeOffset }
    set { values.timing.timeOffset = newValue }
  }
  /// Lengthens the emission to `duration × repeatCount`; default 0.
  open var repeatCount: Float {
    get { Float(values.timing.repeatCount) }
    set { values.timing.repeatCount = Double(newValue) }
  }
  /// Lengthens the emission to this many seconds; default 0.
  open var repeatDuration: CFTimeInterval {
    get { values.timing.repeatDuration }
    set { values.timing.repeatDuration = newValue }
  }
  /// Doubles each iteration; default false.
  open var autoreverses: Bool {
    get { values.timing.autoreverses }
    set { values.timing.autoreverses = newValue }
  }
  /// Changes nothing a cell emits (docs/emitters-and-transitions.md); default `.removed`.
  open var fillMode: CAMediaTimingFillMode {
    get { CAMediaTimingFillMode(values.timing.fillMode) }
    set { values.timing.fillMode = newValue.zoetrope }
  }

  /// Sets a cell property by its Core Animation name (`"birthRate"`,
  /// `"color"`, …), the value taking the types animations take; another
  /// key, or a value of the wrong type, is ignored.
  open func setValue(_ value: Any?, forKey key: String) {
    guard let cellKey = EmitterCellKey(rawValue: key), let value,
      let converted = CAValue.animationValue(value, as: cellKey.valueKind)
    else { return }
    values.setValue(converted, of: cellKey)
  }

  /// The value of a cell property by its Core Animation name, or `nil`.
  open func value(forKey key: String) -> Any? {
    guard let cellKey = EmitterCellKey(rawValue: key) else { return nil }
    let value = values.value(of: cellKey)
    // The Float properties read back as Float, the others as CGFloat, as their declarations say.
    if case .number(let number) = value, CAEmitterCell.floatKeys.contains(cellKey) { return Float(number) }
    return CAValue.object(value, keyPath: key)
  }

  /// The properties Core Animation declares as `Float`.
  static let floatKeys: Set<EmitterCellKey> = [
    .birthRate, .lifetime, .lifetimeRange, .redRange, .greenRange, .blueRange, .alphaRange,
    .redSpeed, .greenSpeed, .blueSpeed, .alphaSpeed,
  ]

  /// The Zoetrope cell to draw, with its image and sub-cells; problems
  /// (an image that is not a `CGImage`, sub-cells nested past Zoetrope's
  /// depth) appended, each naming the cell by `place` (`emitterCells[0]`).
  func zoetrope(place: String, depth: Int = 0, problems: inout [String]) -> EmitterCell {
    var cell = values
    switch contents {
    case nil: cell.contents = nil
    case let image as CGImage: cell.contents = image.zoetrope
    case let other?:
      cell.contents = nil
      problems.append("\(place).contents is \(CAValue.typeDescription(other)), but contents takes a CGImage")
    }
    guard let subcells = emitterCells else { return cell }
    guard depth < 128 else {
      problems.append("\(place).emitterCells nest more than 128 deep (is a cell inside itself?)")
      cell.emitterCells = nil
      return cell
    }
    cell.emitterCells = subcells.enumerated().map { index, sub in
      sub.zoetrope(place: "\(place).emitterCells[\(index)]", depth: depth + 1, problems: &problems)
    }
    return cell
  }

  /// The cell the names reach among `cells` (the first of each name), as `emitterCells.A.emitterCells.B`.
  static func cell(at names: [String], in cells: [CAEmitterCell]?) -> CAEmitterCell? {
    var level = cells ?? []
    var found: CAEmitterCell?
    for name in names {
      guard let cell = level.first(where: { $0.name == name }) else { return nil }
      found = cell
      level = cell.emitterCells ?? []
    }
    return found
  }
}
