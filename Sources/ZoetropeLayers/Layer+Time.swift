// SPDX-License-Identifier: Apache-2.0
// Converting times between layers' timelines (CALayer.convertTime).

import ZoetropeTiming

extension Layer {
  /// The chain of layers from the root down to this one (a mask's chain runs
  /// through the layer it masks: its time is that layer's).
  private var ancestry: [Layer] {
    var chain: [Layer] = []
    var current: Layer? = self
    while let layer = current {
      chain.append(layer)
      current = layer.treeParent
    }
    return chain.reversed()
  }

  /// This layer's local time for a media (clip) time: the linear maps of every
  /// layer from the root down, or their cycle mapping for layers given a finite
  /// duration (docs/timing.md, "Clocks inside clocks").
  public func localTime(forMediaTime mediaTime: Double) -> Double {
    ancestry.reduce(mediaTime) { $1.timing.layerLocalTime(forParentTime: $0) }
  }

  /// Converts `time` from `layer`'s local time (media time when `nil`) to this
  /// layer's, as `convertTime(_:from:)`. Conversions use the linear maps only
  /// (§2.2); through a paused layer (speed 0) the result is NaN.
  ///
  ///     leaf.convertTime(10, from: mid)   // 18.5 for timing case C01's chain
  public func convertTime(_ time: Double, from layer: Layer?) -> Double {
    let media = layer.map { $0.mediaTime(forLocalTime: time) } ?? time
    return ancestry.reduce(media) { $1.timing.linearLocalTime(forParentTime: $0) }
  }

  /// Converts `time` from this layer's local time to `layer`'s (media time when
  /// `nil`), as `convertTime(_:to:)`.
  public func convertTime(_ time: Double, to layer: Layer?) -> Double {
    let media = mediaTime(forLocalTime: time)
    guard let layer else { return media }
    return layer.ancestry.reduce(media) { $1.timing.linearLocalTime(forParentTime: $0) }
  }

  /// Media time for a local time of this layer, inverting the chain leaf first.
  private func mediaTime(forLocalTime time: Double) -> Double {
    ancestry.reversed().reduce(time) { $1.timing.linearParentTime(forLocalTime: $0) }
  }
}
