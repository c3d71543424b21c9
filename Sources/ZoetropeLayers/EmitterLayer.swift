// SPDX-License-Identifier: Apache-2.0
// CAEmitterLayer: a layer that emits particles of its cells, each a closed-form function of the seed, its birth and time.

import ZoetropeGeometry

/// A particle emitter, as `CAEmitterLayer`: every cell of ``emitterCells``
/// emits `birthRate × cell.birthRate` particles a second from the emission
/// shape, each living, moving, turning, growing and changing colour as its
/// cell says, drawn over the layer's own content and under its sublayers.
///
/// A particle's state at a time is a closed-form function of the seed, its
/// cell, its birth index and the time — nothing is stepped from frame to
/// frame — so any frame renders alone, in any order, on any thread, with
/// the same bytes (docs/emitters-and-transitions.md, "Emitters"). Emission
/// starts at the layer's local time 0. A frame draws at most
/// ``Limits/maximumParticlesPerFrame`` particles (the youngest).
///
///     let confetti = EmitterLayer()
///     confetti.emitterPosition = Point(x: 160, y: -10)
///     confetti.emitterShape = .line
///     confetti.emitterSize = Size(width: 320, height: 1)
///     confetti.emitterCells = [piece]
public final class EmitterLayer: Layer {
  /// Creates an emitter with Core Animation's defaults (no cells).
  public override init() {
    super.init()
    model.emitter = EmitterProperties()
  }

  override var kind: LayerKind { .emitter }

  private var emitter: EmitterProperties {
    get { model.emitter ?? EmitterProperties() }
    set { model.emitter = newValue }
  }

  /// The cells emitted; `nil` (the default) emits nothing.
  public var emitterCells: [EmitterCell]? {
    get { emitter.emitterCells }
    set { emitter.emitterCells = newValue }
  }
  /// The centre of the emission shape in the layer's coordinates; default (0, 0).
  public var emitterPosition: Point {
    get { emitter.emitterPosition }
    set { emitter.emitterPosition = newValue }
  }
  /// The z of the centre of the emission shape; default 0.
  public var emitterZPosition: Double {
    get { emitter.emitterZPosition }
    set { emitter.emitterZPosition = newValue }
  }
  /// The size of the emission shape; default (0, 0).
  public var emitterSize: Size {
    get { emitter.emitterSize }
    set { emitter.emitterSize = newValue }
  }
  /// The depth of a cuboid emission shape; default 0.
  public var emitterDepth: Double {
    get { emitter.emitterDepth }
    set { emitter.emitterDepth = newValue }
  }
  /// The emission shape; default ``EmitterShape/point``.
  public var emitterShape: EmitterShape {
    get { emitter.emitterShape }
    set { emitter.emitterShape = newValue }
  }
  /// Which part of the shape particles start from; default ``EmitterMode/volume``.
  public var emitterMode: EmitterMode {
    get { emitter.emitterMode }
    set { emitter.emitterMode = newValue }
  }
  /// The order particles are drawn in; default ``EmitterRenderMode/unordered``.
  public var renderMode: EmitterRenderMode {
    get { emitter.renderMode }
    set { emitter.renderMode = newValue }
  }
  /// Whether particles keep their z, drawn in 3D under the ancestors'
  /// perspective; default `false` (flat in the layer's plane).
  public var preservesDepth: Bool {
    get { emitter.preservesDepth }
    set { emitter.preservesDepth = newValue }
  }
  /// The seed of every random value; default 0. Another seed gives other particles.
  public var seed: UInt32 {
    get { emitter.seed }
    set { emitter.seed = newValue }
  }
  /// Multiplies every cell's birth rate; default 1. Animate it to 0 to stop the emitter.
  public var birthRate: Double {
    get { emitter.birthRate }
    set { emitter.birthRate = newValue }
  }
  /// Multiplies every cell's lifetime; default 1.
  public var lifetime: Double {
    get { emitter.lifetime }
    set { emitter.lifetime = newValue }
  }
  /// Multiplies every cell's velocity; default 1.
  public var velocity: Double {
    get { emitter.velocity }
    set { emitter.velocity = newValue }
  }
  /// Multiplies every cell's scale; default 1.
  public var scale: Double {
    get { emitter.scale }
    set { emitter.scale = newValue }
  }
  /// Multiplies every cell's spin; default 1.
  public var spin: Double {
    get { emitter.spin }
    set { emitter.spin = newValue }
  }
}
