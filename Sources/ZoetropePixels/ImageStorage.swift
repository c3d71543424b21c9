// SPDX-License-Identifier: Apache-2.0
// The pixels behind an Image: premultiplied RGBA8 words, allocated once and never written after.

/// One grid of premultiplied RGBA8 pixels (a word per pixel, red in the low
/// byte), rows top to bottom with no padding. Written only while it is made,
/// then shared read-only by every frame and thread — hence `@unchecked Sendable`.
package final class ImageStorage: @unchecked Sendable {
  /// Width in pixels, ≥ 1.
  package let width: Int
  /// Height in pixels, ≥ 1.
  package let height: Int
  /// `width × height` words.
  package let pixels: UnsafeMutablePointer<UInt32>

  /// Storage of `width × height` pixels filled by `fill` (which must write
  /// every word). The size must be positive and its word count must fit an
  /// `Int`; anything else is a programming error and traps.
  package init(width: Int, height: Int, fill: (UnsafeMutableBufferPointer<UInt32>) -> Void) {
    let (count, overflow) = width.multipliedReportingOverflow(by: height)
    precondition(width > 0 && height > 0 && !overflow && count <= Int.max / 4, "ImageStorage: bad size")
    self.width = width
    self.height = height
    pixels = .allocate(capacity: count)
    pixels.initialize(repeating: 0, count: count)
    fill(UnsafeMutableBufferPointer(start: pixels, count: count))
  }

  deinit { pixels.deallocate() }

  /// `width × height`.
  package var count: Int { width * height }
}
