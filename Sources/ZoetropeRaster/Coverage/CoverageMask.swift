// SPDX-License-Identifier: Apache-2.0
// A rectangle of per-pixel coverage bytes produced by the rasterizer.

/// Coverage of a shape over a rectangle of device pixels: one byte per pixel,
/// 0 (outside) … 255 (fully inside), rows top to bottom.
package struct CoverageMask: Sendable {
  /// Left edge in device pixels.
  package var x: Int
  /// Top edge in device pixels.
  package var y: Int
  /// Width in pixels.
  package var width: Int
  /// Height in pixels.
  package var height: Int
  /// `width × height` coverage bytes.
  package var coverage: [UInt8]

  /// Creates a mask.
  package init(x: Int, y: Int, width: Int, height: Int, coverage: [UInt8]) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.coverage = coverage
  }

  /// The coverage byte at device pixel (px, py); 0 outside the mask.
  package func coverage(atX px: Int, y py: Int) -> UInt8 {
    let cx = px - x, cy = py - y
    guard cx >= 0, cy >= 0, cx < width, cy < height else { return 0 }
    return coverage[cy * width + cx]
  }
}
