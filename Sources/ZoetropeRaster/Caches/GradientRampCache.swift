// SPDX-License-Identifier: Apache-2.0
// Gradient ramps kept by their stops and opacity: the same gradient again is not sampled again.

import ZoetropeGeometry

/// The colour ramps of a frame's gradients (``GradientPaint``), kept by what
/// determines them — the stops, sorted, and the opacity — so that a gradient
/// drawn again (a list of identical cards, the same card in the next frame
/// of a clip) shares the ramp instead of sampling its 1,024 colours again:
/// building one took a third of a still frame of twelve gradient cards. A
/// shared ramp also makes two paints' ramps compare equal at once.
///
/// A ramp is a function of its key alone, so a kept one is the ramp that
/// would be built. Each frame keeps what it or the frame before used
/// (``startFrame()``), at most ``maximumRamps`` of them (4 KiB each) — so
/// with the frame before's, at most 32 MiB; past that, ramps are built and
/// not kept. Not thread-safe: one per frame being
/// recorded, or one per rendering thread kept across a clip's frames.
package final class GradientRampCache {
  /// The most ramps a frame keeps: 16 MiB of them.
  package static let maximumRamps = 4096

  /// The stops' locations and colours, then the opacity, as bit patterns
  /// (so that a NaN finds its own ramp).
  struct Key: Hashable {
    let bits: [UInt64]

    init(stops: [(location: Double, color: Color)], opacity: Double) {
      var bits: [UInt64] = []
      bits.reserveCapacity(stops.count * 5 + 1)
      for stop in stops {
        bits.append(stop.location.bitPattern)
        bits.append(stop.color.red.bitPattern)
        bits.append(stop.color.green.bitPattern)
        bits.append(stop.color.blue.bitPattern)
        bits.append(stop.color.alpha.bitPattern)
      }
      bits.append(opacity.bitPattern)
      self.bits = bits
    }
  }

  /// The ramps this frame used.
  private var current: [Key: [UInt32]] = [:]
  /// The ramps the frame before used and this one has not (yet).
  private var previous: [Key: [UInt32]] = [:]

  /// An empty cache.
  package init() {}

  /// The ramp of `stops` (sorted by location) at `opacity`: a kept one, or
  /// `build()`'s, kept unless this frame already keeps ``maximumRamps``.
  func ramp(stops: [(location: Double, color: Color)], opacity: Double, build: () -> [UInt32]) -> [UInt32] {
    let key = Key(stops: stops, opacity: opacity)
    if let ramp = current[key] { return ramp }
    let ramp = previous.removeValue(forKey: key) ?? build()
    if current.count < GradientRampCache.maximumRamps { current[key] = ramp }
    return ramp
  }

  /// Readies the cache for the next frame: what this frame did not use goes.
  package func startFrame() {
    previous = current
    current.removeAll(keepingCapacity: true)
  }

  /// How many ramps are kept (both frames'), for tests.
  var count: Int { current.count + previous.count }
}
