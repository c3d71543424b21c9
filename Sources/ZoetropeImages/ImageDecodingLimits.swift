// SPDX-License-Identifier: Apache-2.0
// How large an image file and its decoded pixels may be.

/// What decoding images may take: every limit is checked before memory is
/// allocated for it — a file's size from the file system, an image's size
/// from its header — so a small file that claims a huge image (a
/// decompression bomb) is an error, never an allocation.
public struct ImageDecodingLimits: Hashable, Sendable {
  /// The longest side accepted, pixels (after EXIF rotation). Default 16,384.
  public var maximumPixelsPerSide: Int
  /// Decoded bytes (4 per pixel, whatever the file's bit depth) all the
  /// images of one scene may take together, counted before anything is
  /// allocated; one image at most this much, with what its decoder holds
  /// while it runs (a progressive JPEG's coefficients). Mipmap levels, made
  /// when a trilinear filter needs them, add at most a third. Default 1 GiB.
  public var memoryBudget: Int
  /// The largest file read, bytes. Default 256 MiB.
  public var maximumFileSize: Int

  /// Limits; non-positive values refuse every image.
  public init(maximumPixelsPerSide: Int = 16_384, memoryBudget: Int = 1 << 30, maximumFileSize: Int = 256 << 20) {
    self.maximumPixelsPerSide = maximumPixelsPerSide
    self.memoryBudget = memoryBudget
    self.maximumFileSize = maximumFileSize
  }

  /// The defaults, for a layer's contents: 16,384 pixels a side, 1 GiB of
  /// decoded pixels per scene, files up to 256 MiB.
  public static let standard = ImageDecodingLimits()

  /// What `compare` and golden tests read PNGs within: sides up to 2²⁴
  /// (libpng's own limit), 1 GiB of decoded pixels (2²⁸ pixels,
  /// ``Limits/maximumPNGPixels``, for one image), files up to 256 MiB.
  /// `zoetrope compare` spends one such budget on both images and their
  /// difference.
  public static let comparison = ImageDecodingLimits(maximumPixelsPerSide: 1 << 24, memoryBudget: 1 << 30,
                                                     maximumFileSize: 256 << 20)
}
