// SPDX-License-Identifier: Apache-2.0
// CAReplicatorLayer: a layer that draws its sublayers several times, each copy transformed, delayed and tinted.

import ZoetropeGeometry

/// A layer that draws `instanceCount` copies of its sublayers, as
/// `CAReplicatorLayer`: copy `k` is transformed by `instanceTransform`
/// applied `k` times (about the centre of the replicator's bounds), runs
/// `k × instanceDelay` seconds behind the sublayers, and has its colours
/// multiplied by `instanceColor + k × (instanceRedOffset, …)`.
///
/// The classic spinner: one dot, twelve copies turned 30° apart, each
/// fading a twelfth of a second after the one before:
///
///     let spinner = ReplicatorLayer()
///     spinner.bounds = Rect(x: 0, y: 0, width: 64, height: 64)
///     spinner.instanceCount = 12
///     spinner.instanceTransform = .rotation(angle: .pi / 6, x: 0, y: 0, z: 1)
///     spinner.instanceDelay = 1.0 / 12
///     spinner.addSublayer(dot)   // with a repeating opacity animation
public final class ReplicatorLayer: Layer {
  /// Creates a replicator with Core Animation's defaults (one copy, no change).
  public override init() {
    super.init()
    model.replicator = ReplicatorProperties()
  }

  override var kind: LayerKind { .replicator }

  private var replicator: ReplicatorProperties {
    get { model.replicator ?? ReplicatorProperties() }
    set { model.replicator = newValue }
  }

  /// The number of copies, the sublayers themselves included; default 1.
  /// Zero or less draws no sublayers. Frames draw at most
  /// ``PresentationEvaluator/maximumReplicatedLayers`` copied layers.
  public var instanceCount: Int {
    get { replicator.instanceCount }
    set { replicator.instanceCount = newValue }
  }
  /// Seconds by which copy `k` runs behind copy `k − 1`; default 0.
  public var instanceDelay: Double {
    get { replicator.instanceDelay }
    set { replicator.instanceDelay = newValue }
  }
  /// The transform each copy applies to the previous one, about the centre
  /// of the bounds; default identity.
  public var instanceTransform: Transform3D {
    get { replicator.instanceTransform }
    set { replicator.instanceTransform = newValue }
  }
  /// The multiplier of copy 0's colours; default opaque white (no change).
  public var instanceColor: Color {
    get { replicator.instanceColor }
    set { replicator.instanceColor = newValue }
  }
  /// Added to the red multiplier for each further copy; default 0.
  public var instanceRedOffset: Double {
    get { replicator.instanceRedOffset }
    set { replicator.instanceRedOffset = newValue }
  }
  /// Added to the green multiplier for each further copy; default 0.
  public var instanceGreenOffset: Double {
    get { replicator.instanceGreenOffset }
    set { replicator.instanceGreenOffset = newValue }
  }
  /// Added to the blue multiplier for each further copy; default 0.
  public var instanceBlueOffset: Double {
    get { replicator.instanceBlueOffset }
    set { replicator.instanceBlueOffset = newValue }
  }
  /// Added to the alpha multiplier for each further copy; default 0 (−0.1
  /// fades ten copies out).
  public var instanceAlphaOffset: Double {
    get { replicator.instanceAlphaOffset }
    set { replicator.instanceAlphaOffset = newValue }
  }
  /// Accepted for compatibility; copies are composited flat.
  public var preservesDepth: Bool {
    get { replicator.preservesDepth }
    set { replicator.preservesDepth = newValue }
  }
}
