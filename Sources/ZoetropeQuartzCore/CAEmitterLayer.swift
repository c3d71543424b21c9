// SPDX-License-Identifier: Apache-2.0
// CAEmitterLayer: Core Animation's names and types over Zoetrope's EmitterLayer, which emits and draws.

import Foundation
import Zoetrope

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

/// A particle emitter (`CAEmitterLayer`) over a Zoetrope ``EmitterLayer``:
/// every cell of `emitterCells` emits `birthRate × cell.birthRate`
/// particles a second from the emission shape, drawn over the layer's own
/// content and under its sublayers. Each particle is a function of the
/// seed, its cell, its birth and the time, so any frame renders alone, with
/// the same bytes (docs/emitters-and-transitions.md says how Zoetrope reads
/// what Apple's pages leave open). Emission starts at the layer's local
/// time 0.
///
/// The cells are copied into the Zoetrope layer when the tree is
/// committed (a render, `presentation()`), so cells changed before then are
/// drawn as changed; animate them with `emitterCells.NAME.key` key paths.
///
///     let confetti = CAEmitterLayer()
///     confetti.emitterPosition = CGPoint(x: 160, y: -10)
///     confetti.emitterShape = .line
///     confetti.emitterSize = CGSize(width: 320, height: 1)
///     confetti.emitterCells = [piece]
open class CAEmitterLayer: CALayer {
  private var emitter: EmitterLayer { values as! EmitterLayer }

  /// An emitter with Core Animation's defaults (no cells).
  public override init() { super.init(backing: EmitterLayer()) }
  /// An emitter with the values of `layer`.
  public override init(layer: Any) {
    super.init(backing: EmitterLayer())
    copyValues(from: layer)
  }
  /// An emitter with the defaults: archives are not read offscreen.
  public required init?(coder: NSCoder) { super.init(backing: EmitterLayer()) }

  override func emptyCopy() -> CALayer { CAEmitterLayer() }
  /// The presentation of this layer at the render clock's time (see `CALayer.presentation()`).
  open override func presentation() -> CAEmitterLayer? { super.presentation() as? CAEmitterLayer }

  /// The cells emitted; `nil` (the default) emits nothing. Copied into the
  /// Zoetrope layer at each commit.
  open var emitterCells: [CAEmitterCell]?
  /// Multiplies every cell's birth rate; default 1. Animate it to 0 to stop the emitter.
  open var birthRate: Float {
    get { Float(emitter.birthRate) }
    set { emitter.birthRate = Double(newValue) }
  }
  /// Multiplies every cell's lifetime; default 1.
  open var lifetime: Float {
    get { Float(emitter.lifetime) }
    set { emitter.lifetime = Double(newValue) }
  }
  /// The centre of the emission shape, in the layer's coordinates; default (0, 0).
  open var emitterPosition: CGPoint {
    get { CGPoint(emitter.emitterPosition) }
    set { emitter.emitterPosition = newValue.zoetrope }
  }
  /// The z of the centre of the emission shape; default 0.
  open var emitterZPosition: CGFloat {
    get { CGFloat(emitter.emitterZPosition) }
    set { emitter.emitterZPosition = Double(newValue) }
  }
  /// The size of the emission shape; default zero.
  open var emitterSize: CGSize {
    get { CGSize(emitter.emitterSize) }
    set { emitter.emitterSize = newValue.zoetrope }
  }
  /// The depth of a cuboid; default 0.
  open var emitterDepth: CGFloat {
    get { CGFloat(emitter.emitterDepth) }
    set { emitter.emitterDepth = Double(newValue) }
  }
  /// The emission shape; default `.point` (which an unknown name also means).
  open var emitterShape: CAEmitterLayerEmitterShape {
    get { CAEmitterLayerEmitterShape(rawValue: emitter.emitterShape.rawValue) }
    set { emitter.emitterShape = EmitterShape(name: newValue.rawValue) ?? .point }
  }
  /// Which part of the shape particles start from; default `.volume`.
  open var emitterMode: CAEmitterLayerEmitterMode {
    get { CAEmitterLayerEmitterMode(rawValue: emitter.emitterMode.rawValue) }
    set { emitter.emitterMode = EmitterMode(name: newValue.rawValue) ?? .volume }
  }
  /// The order particles are drawn in; default `.unordered` (the oldest first).
  open var renderMode: CAEmitterLayerRenderMode {
    get { CAEmitterLayerRenderMode(rawValue: emitter.renderMode.rawValue) }
    set { emitter.renderMode = EmitterRenderMode(name: newValue.rawValue) ?? .unordered }
  }
  /// Whether particles keep their z, drawn under the superlayer's perspective; default false (flat).
  open var preservesDepth: Bool {
    get { emitter.preservesDepth }
    set { emitter.preservesDepth = newValue }
  }
  /// Multiplies every cell's velocity; default 1.
  open var velocity: Float {
    get { Float(emitter.velocity) }
    set { emitter.velocity = Double(newValue) }
  }
  /// Multiplies every cell's scale; default 1.
  open var scale: Float {
    get { Float(emitter.scale) }
    set { emitter.scale = Double(newValue) }
  }
  /// Multiplies every cell's spin; default 1.
  open var spin: Float {
    get { Float(emitter.spin) }
    set { emitter.spin = Double(newValue) }
  }
  /// The seed of every random value; default 0. Another seed gives other particles.
  open var seed: UInt32 {
    get { emitter.seed }
    set { emitter.seed = newValue }
  }

  /// The cell and its property an `emitterCells.NAME.key` key path names
  /// (`emitterCells.A.emitterCells.B.key` for a sub-cell), or `nil`.
  func cell(forKeyPath keyPath: String) -> (CAEmitterCell, EmitterCellKey)? {
    let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count >= 3, parts.count % 2 == 1, let key = EmitterCellKey(rawValue: parts[parts.count - 1]) else {
      return nil
    }
    var names: [String] = []
    for (index, part) in parts.dropLast().enumerated() {
      if index % 2 == 0 {
        guard part == "emitterCells" else { return nil }
      } else {
        names.append(part)
      }
    }
    return CAEmitterCell.cell(at: names, in: emitterCells).map { ($0, key) }
  }

  /// Copies the model values and, from another emitter, its cells.
  override func copyValues(from layer: Any) {
    super.copyValues(from: layer)
    if let other = layer as? CAEmitterLayer { emitterCells = other.emitterCells }
  }

  /// Copies the cells into the Zoetrope layer, keeping what cannot be drawn for the render.
  func commitCells() {
    var problems: [String] = []
    emitter.emitterCells = emitterCells.map { cells in
      cells.enumerated().map { index, cell in cell.zoetrope(place: "emitterCells[\(index)]", problems: &problems) }
    }
    for key in propertyProblems.keys where key.hasPrefix("emitterCells") { propertyProblems[key] = nil }
    for (index, problem) in problems.enumerated() {
      propertyProblems["emitterCells " + String(repeating: "0", count: 6 - String(index).count) + "\(index)"] = problem
    }
  }
}
