// SPDX-License-Identifier: Apache-2.0
// The image the sampling kernels read, and the fixed-point coordinates they take.

/// A grid of premultiplied RGBA8 pixels for ``sampleBilinear(_:coordinates:count:context:)``
/// and ``sampleNearest(_:coordinates:count:context:)``: one little-endian word
/// per pixel (red in the low byte), rows top to bottom, `width` words a row.
///
/// Coordinates are pairs of `Int32` in 20.12 fixed point, in pixels with the
/// centre of pixel (i, j) at (i, j): `x = round((u − 0.5) × 4096)` for a point
/// `u` pixels from the image's left edge (1/4096 of a pixel moves a colour by
/// at most 255/4096 of a level: sampling stays within 1/255 of exact bilinear). Any coordinate is safe: reads are
/// clamped to the grid, so the edge pixels extend outwards.
@usableFromInline package struct SampleImageContext {
  /// The pixels, `width × height` words.
  @usableFromInline package let pixels: UnsafePointer<UInt32>
  /// Width in pixels, ≥ 1.
  @usableFromInline package let width: Int32
  /// Height in pixels, ≥ 1.
  @usableFromInline package let height: Int32

  /// A context over `pixels`; `width` and `height` must be at least 1.
  @inlinable package init(pixels: UnsafePointer<UInt32>, width: Int, height: Int) {
    self.pixels = pixels
    self.width = Int32(truncatingIfNeeded: width)
    self.height = Int32(truncatingIfNeeded: height)
  }

  /// The pixel at (x, y) with both clamped into the grid.
  @inlinable @inline(__always)
  func clampedPixel(_ x: Int32, _ y: Int32) -> UInt32 {
    let cx = x < 0 ? 0 : (x >= width ? width &- 1 : x)
    let cy = y < 0 ? 0 : (y >= height ? height &- 1 : y)
    return pixels[Int(cy) &* Int(width) &+ Int(cx)]
  }
}
