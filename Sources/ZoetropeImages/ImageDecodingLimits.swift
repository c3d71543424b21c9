// SPDX-License-Identifier: Apache-2.0
// How large an image file and its decoded pixels may be.

/// What decoding images may take: every limit is checked before memory is
/// allocated for it — a file's size from the file system, an image's size
/// from its header — so a small file that claims a huge image (a
/// decompression bomb) is an error, never an allocation.
public struct ImageDecodingLimits: Hashable, Sendable {
  /// The longest side accepted, pixels (after EXIF rotation). Default 16,384.
  public var maximumPixelsPerSide: Int
  /// Decoded bytes (4 per pixel) all the images of one scene may take
  /// together; one image at most this much. Mipmap levels, made when a
  /// trilinear filter needs them, add at most a third. Default 1 GiB.
  public var memoryBudget: Int
  /// The largest file read, bytes. Default 256 MiB.
  public var maximumFileSize: Int

  /// Limits; non-positive values refuse every image.
  public init(maximumPixelsPerSide: Int = 16_384, memoryBudget: Int = 1 << 30, maximumFileSize: Int = 256 << 20) {
    self.maximumPixelsPerSide = maximumPixelsPerSide
    self.memoryBudget = memoryBudget
    self.maximumFileSize = maximumFileSize
  }

  /// The defaults.
  public static let standard = ImageDecodingLimits()
}
