// SPDX-License-Identifier: Apache-2.0
// CAReplicatorLayer over Zoetrope's ReplicatorLayer.

import Foundation
import Zoetrope

/// A layer that draws its sublayers `instanceCount` times (`CAReplicatorLayer`):
/// copy `k` is transformed by `instanceTransform` `k` times, runs
/// `k × instanceDelay` behind, and is tinted by `instanceColor` plus `k`
/// times the offsets.
///
///     let spinner = CAReplicatorLayer()
///     spinner.instanceCount = 12
///     spinner.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
///     spinner.instanceDelay = 1.0 / 12
open class CAReplicatorLayer: CALayer {
  private var replicator: ReplicatorLayer { backing as! ReplicatorLayer }

  /// A replicator with Core Animation's defaults: one copy.
  public override init() { super.init(backing: ReplicatorLayer()) }
  /// A replicator with the values of `layer`.
  public override init(layer: Any) {
    super.init(backing: ReplicatorLayer())
    copyValues(from: layer)
  }
  /// A replicator with the defaults: archives are not read offscreen.
  public required init?(coder: NSCoder) { super.init(backing: ReplicatorLayer()) }

  override func emptyCopy() -> CALayer { CAReplicatorLayer() }
  /// The presentation of this layer at the render clock's time (see `CALayer.presentation()`).
  open override func presentation() -> CAReplicatorLayer? { super.presentation() as? CAReplicatorLayer }

  /// The number of copies, the sublayers themselves included; default 1.
  open var instanceCount: Int {
    get { replicator.instanceCount }
    set { replicator.instanceCount = newValue }
  }
  /// Seconds copy `k` runs behind copy `k − 1`; default 0.
  open var instanceDelay: CFTimeInterval {
    get { replicator.instanceDelay }
    set { replicator.instanceDelay = newValue }
  }
  /// The transform from each copy to the next, about the centre of the bounds.
  open var instanceTransform: CATransform3D {
    get { CATransform3D(replicator.instanceTransform) }
    set { replicator.instanceTransform = newValue.zoetrope }
  }
  /// The colour multiplier of copy 0; default opaque white, `nil` the same.
  open var instanceColor: CGColor? {
    get { CGColor(replicator.instanceColor) }
    set { replicator.instanceColor = newValue?.zoetrope ?? .white }
  }
  /// Added to the red multiplier per copy.
  open var instanceRedOffset: Float {
    get { Float(replicator.instanceRedOffset) }
    set { replicator.instanceRedOffset = Double(newValue) }
  }
  /// Added to the green multiplier per copy.
  open var instanceGreenOffset: Float {
    get { Float(replicator.instanceGreenOffset) }
    set { replicator.instanceGreenOffset = Double(newValue) }
  }
  /// Added to the blue multiplier per copy.
  open var instanceBlueOffset: Float {
    get { Float(replicator.instanceBlueOffset) }
    set { replicator.instanceBlueOffset = Double(newValue) }
  }
  /// Added to the alpha multiplier per copy (−0.1 fades ten copies out).
  open var instanceAlphaOffset: Float {
    get { Float(replicator.instanceAlphaOffset) }
    set { replicator.instanceAlphaOffset = Double(newValue) }
  }
  /// Stored only: copies are composited flat.
  open var preservesDepth: Bool {
    get { replicator.preservesDepth }
    set { replicator.preservesDepth = newValue }
  }
}
