// SPDX-License-Identifier: Apache-2.0
// A frame of premultiplied RGBA8 pixels.

import ZoetropeShaders
import ZoetropeGeometry

/// A frame being composited: `width × height` premultiplied RGBA8 pixels,
/// rows top to bottom.
package struct FrameBuffer: Sendable {
  /// Width in pixels.
  package let width: Int
  /// Height in pixels.
  package let height: Int
  /// `4 × width × height` bytes, premultiplied.
  package var pixels: [UInt8]

  /// The frame `list` draws, premultiplied.
  package init(_ list: DisplayList, threads: Int = 1) {
    width = list.width
    height = list.height
    let count = 4 * width * height
    // Zeroed first: playing reads pixels it then replaces (see `DisplayList.render`).
    pixels = [UInt8](repeating: 0, count: count)
    if count > 0 {
      pixels.withUnsafeMutableBufferPointer {
        _ = list.render(into: $0.baseAddress!, straightAlpha: false, threads: threads)
      }
    }
  }

  /// The frame as straight-alpha RGBA8, converted in place and taken out of
  /// the buffer (no copy); the buffer is left empty.
  package mutating func takeStraightAlphaRGBA() -> [UInt8] {
    var taken: [UInt8] = []
    swap(&taken, &pixels)
    let count = width * height
    taken.withUnsafeMutableBufferPointer { unpremultiply($0.baseAddress!, count: count) }
    return taken
  }
}
