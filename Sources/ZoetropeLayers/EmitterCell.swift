// SPDX-License-Identifier: Apache-2.0
// CAEmitterCell: one kind of particle an emitter layer (or a particle) emits — its rates, ranges, speeds and image.

import ZoetropeGeometry
import ZoetropePixels
import ZoetropeTiming

/// One kind of particle, as `CAEmitterCell`: how many are born a second,
/// how long they live, how they move, turn, grow and change colour, and the
/// image they draw. A value: an emitter layer holds its cells in
/// ``EmitterLayer/emitterCells``, a cell its sub-cells in ``emitterCells``.
///
/// Defaults are Core Animation's: every rate, range and speed 0 (a cell
/// emits nothing until `birthRate` and `lifetime` are set), `scale` 1,
/// `color` opaque white. A property with a range is drawn, for each
/// particle, uniformly from `[value − range/2, value + range/2]`
/// (docs/emitters-and-transitions.md, "Random values").
///
///     var spark = EmitterCell()
///     spark.name = "spark"
///     spark.birthRate = 40; spark.lifetime = 1.5
///     spark.velocity = 120; spark.emissionRange = 2 * .pi
///     spark.contents = dot                          // a particle without an image draws nothing
public struct EmitterCell: Hashable, Sendable {
  /// The name key paths use: `emitterCells.NAME.birthRate`.
  public var name: String?
  /// Whether the cell emits; default `true`.
  public var isEnabled = true
  /// Particles born a second (times the layer's `birthRate`); default 0.
  public var birthRate = 0.0
  /// Seconds a particle lives (times the layer's `lifetime`); default 0.
  public var lifetime = 0.0
  /// The range of `lifetime`, seconds; default 0.
  public var lifetimeRange = 0.0
  /// Initial speed, points a second (times the layer's `velocity`); default 0.
  public var velocity = 0.0
  /// The range of `velocity`; default 0.
  public var velocityRange = 0.0
  /// Acceleration along x, points a second squared; default 0.
  public var xAcceleration = 0.0
  /// Acceleration along y (down), points a second squared; default 0 (gravity is positive).
  public var yAcceleration = 0.0
  /// Acceleration along z (towards the viewer); default 0.
  public var zAcceleration = 0.0
  /// The angle of the emission direction out of the xy-plane, towards +z
  /// (the viewer), radians; default 0 (in the plane). For a sub-cell, out
  /// of the plane of the emitting particle's direction.
  public var emissionLatitude = 0.0
  /// The angle of the emission direction in the xy-plane from +x, radians,
  /// clockwise on screen (y points down); default 0 (to the right). For a
  /// sub-cell, from the direction the emitting particle moves in.
  public var emissionLongitude = 0.0
  /// The apex angle of the cone of directions about the emission
  /// direction, radians; default 0 (the direction alone). Directions are
  /// uniform over the cone's solid angle; 2π (or more) is every direction,
  /// and a negative range is its absolute value. Out of the plane the cone
  /// leaves particles with a z speed: drawn flat (without the layer's
  /// `preservesDepth`) they move slower across the screen.
  public var emissionRange = 0.0
  /// Turning speed, radians a second (times the layer's `spin`); default 0.
  public var spin = 0.0
  /// The range of `spin`; default 0.
  public var spinRange = 0.0
  /// The size of the image, a multiplier (times the layer's `scale`); default 1.
  public var scale = 1.0
  /// The range of `scale`; default 0.
  public var scaleRange = 0.0
  /// Change of `scale` a second; default 0.
  public var scaleSpeed = 0.0
  /// The colour the image is multiplied by; default opaque white.
  public var color = Color.white
  /// The ranges of the colour's components, 0…1 each; default 0.
  public var redRange = 0.0, greenRange = 0.0, blueRange = 0.0, alphaRange = 0.0
  /// Change of the colour's components a second; default 0 (`alphaSpeed` −0.5 fades out in 2 s).
  public var redSpeed = 0.0, greenSpeed = 0.0, blueSpeed = 0.0, alphaSpeed = 0.0
  /// The particle's image; `nil` (the default) draws nothing, as in Core Animation.
  public var contents: Image?
  /// The part of the image drawn, unit coordinates; default the whole image.
  public var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)
  /// Image pixels per point; default 1.
  public var contentsScale = 1.0
  /// How the image is sampled when drawn larger; default linear.
  public var magnificationFilter = ContentsFilter.linear
  /// How the image is sampled when drawn smaller; default linear.
  public var minificationFilter = ContentsFilter.linear
  /// The cells each particle of this cell emits over its life, from where
  /// it is: their emission angles measured from the direction it moves in,
  /// their colour and scale multiplied by its own at their birth (as
  /// Core Animation's sub-cells inherit them).
  public var emitterCells: [EmitterCell]?
  /// The cell's timing, `CAMediaTiming`, in its parent's time (the layer's
  /// local time, or the age of the particle emitting it): it emits while it
  /// is active — from `beginTime` for `duration` (0, the default, for ever)
  /// × `repeatCount` (or `repeatDuration`), doubled by `autoreverses` —
  /// with its births counted in its own time: `speed` multiplies the rate
  /// (0 never emits; negative as its absolute value), a `timeOffset` of T
  /// shows at `beginTime` the particles T seconds of emission would have
  /// made, and `fillMode` changes nothing. The particles themselves live,
  /// move and change in their parent's seconds. See
  /// docs/emitters-and-transitions.md, "Cell timing".
  public var timing = Timing()

  /// A cell with Core Animation's defaults.
  public init() {}
}

/// Where particles start, as `CAEmitterLayerEmitterShape`.
public enum EmitterShape: String, Hashable, Sendable, CaseIterable {
  /// The emitter position (the default).
  case point
  /// A horizontal line `emitterSize.width` long, centred on the position.
  case line
  /// A rectangle of `emitterSize`, centred on the position.
  case rectangle
  /// A box of `emitterSize` and `emitterDepth`, centred on the position.
  case cuboid
  /// A circle of radius `emitterSize.width / 2` about the position.
  case circle
  /// A sphere of radius `emitterSize.width / 2` about the position.
  case sphere
}

/// Which part of the shape particles start from, as `CAEmitterLayerEmitterMode`.
public enum EmitterMode: String, Hashable, Sendable, CaseIterable {
  /// Its vertices: a line's two ends, a rectangle's or box's corners, a circle's or sphere's centre.
  case points
  /// Its outline: a line, a rectangle's perimeter, a circle, a box's edges, a sphere's surface.
  case outline
  /// Its surface: a line, a filled rectangle or disc, a box's faces, a sphere's surface.
  case surface
  /// Its volume (the default): a line, a filled rectangle or disc, a filled box or ball.
  case volume
}

/// The order particles are drawn in, as `CAEmitterLayerRenderMode`.
public enum EmitterRenderMode: String, Hashable, Sendable, CaseIterable {
  /// Zoetrope's order is the oldest first (the default).
  case unordered
  /// The oldest first: the youngest on top.
  case oldestFirst
  /// The youngest first: the oldest on top.
  case oldestLast
  /// By z, the farthest first.
  case backToFront
  /// Added: each particle's premultiplied colour added to what is below it,
  /// every channel clamped (plus-lighter), so overlapping particles glow
  /// towards white; the order changes nothing.
  case additive

  /// The mode a scene names: `oldestFirst` or `kCAEmitterLayerOldestFirst`.
  public init?(name: String) {
    guard let value = EmitterRenderMode(rawValue: EmitterRenderMode.short(name, prefix: "kCAEmitterLayer")) else {
      return nil
    }
    self = value
  }

  static func short(_ name: String, prefix: String) -> String {
    let s = name.hasPrefix(prefix) ? String(name.dropFirst(prefix.count)) : name
    return s.prefix(1).lowercased() + s.dropFirst()
  }
}

extension EmitterShape {
  /// The shape a scene names: `circle` or `kCAEmitterLayerCircle`.
  public init?(name: String) {
    guard let value = EmitterShape(rawValue: EmitterRenderMode.short(name, prefix: "kCAEmitterLayer")) else { return nil }
    self = value
  }
}

extension EmitterMode {
  /// The mode a scene names: `outline` or `kCAEmitterLayerOutline`.
  public init?(name: String) {
    guard let value = EmitterMode(rawValue: EmitterRenderMode.short(name, prefix: "kCAEmitterLayer")) else { return nil }
    self = value
  }
}

/// The properties a `CAEmitterLayer` adds.
public struct EmitterProperties: Hashable, Sendable {
  /// The cells the layer emits.
  public var emitterCells: [EmitterCell]?
  /// The centre of the emission shape, layer coordinates; default (0, 0).
  public var emitterPosition = Point.zero
  /// The z of the centre; default 0.
  public var emitterZPosition = 0.0
  /// The size of the emission shape; default (0, 0).
  public var emitterSize = Size(width: 0, height: 0)
  /// The depth of a cuboid; default 0.
  public var emitterDepth = 0.0
  /// The shape; default `point`.
  public var emitterShape = EmitterShape.point
  /// The part of the shape; default `volume`.
  public var emitterMode = EmitterMode.volume
  /// The drawing order; default `unordered`.
  public var renderMode = EmitterRenderMode.unordered
  /// Whether particles keep their z (drawn in 3D under the ancestors' perspective); default `false`.
  public var preservesDepth = false
  /// The random seed; default 0.
  public var seed: UInt32 = 0
  /// Multiplies every cell's `birthRate`; default 1 (0 stops the emitter).
  public var birthRate = 1.0
  /// Multiplies every cell's `lifetime`; default 1.
  public var lifetime = 1.0
  /// Multiplies every cell's `velocity`; default 1.
  public var velocity = 1.0
  /// Multiplies every cell's `scale`; default 1.
  public var scale = 1.0
  /// Multiplies every cell's `spin`; default 1.
  public var spin = 1.0

  /// Core Animation's defaults.
  public init() {}
}
