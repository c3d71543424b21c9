// SPDX-License-Identifier: Apache-2.0
// Per-thread rows an image paint samples through: coordinates, choices, a second level, coverage.

/// The memory one thread's image paints use for a row of at most `width`
/// pixels: allocated once per band worker, never per row.
final class ImageScratch {
  /// Fixed-point coordinate pairs for the kernels, `2 × width`.
  let coordinates: UnsafeMutablePointer<Int32>
  /// Image coordinates at level 0, `2 × width` (u, v pairs).
  let texels: UnsafeMutablePointer<Double>
  /// Each pixel's sampling, encoded (filter, level, weight).
  let choices: UnsafeMutablePointer<Int32>
  /// Trilinear blend weights, `width`.
  let weights: UnsafeMutablePointer<UInt8>
  /// The next mipmap level's samples, `4 × width` bytes.
  let second: UnsafeMutablePointer<UInt8>
  /// Coverage scaled by the paint's opacity, `width`.
  let coverage: UnsafeMutablePointer<UInt8>

  /// Rows of `width` pixels (at least 1).
  init(width: Int) {
    let width = Swift.max(width, 1)
    coordinates = .allocate(capacity: 2 * width)
    texels = .allocate(capacity: 2 * width)
    choices = .allocate(capacity: width)
    weights = .allocate(capacity: width)
    second = .allocate(capacity: 4 * width)
    coverage = .allocate(capacity: width)
  }

  deinit {
    coordinates.deallocate()
    texels.deallocate()
    choices.deallocate()
    weights.deallocate()
    second.deallocate()
    coverage.deallocate()
  }
}
