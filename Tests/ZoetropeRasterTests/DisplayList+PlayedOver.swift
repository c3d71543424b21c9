// SPDX-License-Identifier: Apache-2.0
// A frame played over an earlier one through its damage, and the same frame drawn from scratch.

@testable import ZoetropeRaster

extension DisplayList {
  /// This drawing's pixels played over `before`'s (its damage since
  /// `before`, bands of 16 rows, on two threads), and drawn from scratch:
  /// the two must be the same bytes.
  func playedOver(_ before: DisplayList) -> (played: [UInt8], fresh: [UInt8]) {
    var pixels = [UInt8](repeating: 0, count: 4 * width * height)
    var fresh = pixels
    pixels.withUnsafeMutableBufferPointer { _ = before.render(into: $0.baseAddress!, straightAlpha: true) }
    let damage = damage(since: before, bandHeight: 16)
    pixels.withUnsafeMutableBufferPointer {
      _ = render(into: $0.baseAddress!, straightAlpha: true, threads: 2, damage: damage)
    }
    fresh.withUnsafeMutableBufferPointer { _ = render(into: $0.baseAddress!, straightAlpha: true) }
    return (pixels, fresh)
  }
}
