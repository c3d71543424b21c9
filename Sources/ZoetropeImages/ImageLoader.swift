// SPDX-License-Identifier: Apache-2.0
// Decoding each image file of a scene once, within one memory budget.

import ZoetropePixels

/// Decodes the image files of one scene: each file once, however many
/// layers and keyframes name it, all of them within one memory budget.
/// What a render shares: the images it hands out are decoded, premultiplied
/// and immutable, so every frame and thread reads the same pixels.
///
/// Not thread-safe: a scene is decoded on one thread.
package final class ImageLoader {
  /// The limits every file is decoded within.
  package let limits: ImageDecodingLimits
  /// Decoded images by resolved path.
  private var cache: [String: Image] = [:]
  /// Decoded bytes so far.
  package private(set) var bytesUsed = 0
  /// Files decoded so far (a file named twice counts once).
  package private(set) var decodeCount = 0

  /// A loader with nothing decoded yet.
  package init(limits: ImageDecodingLimits = .standard) {
    self.limits = limits
  }

  /// The image at `resolvedPath` (decoded now, or the one decoded before),
  /// named `name` (the path as the scene wrote it). Throws a ``MediaError``
  /// about `resolvedPath` when the file cannot be read or decoded, or when
  /// its pixels would take the budget past ``ImageDecodingLimits/memoryBudget``
  /// (what a decode holds at once is counted: the pixels, and a progressive
  /// JPEG's coefficients while it is decoded; a JPEG without room at full
  /// size is decoded smaller, see ``Image/init(contentsOfFile:limits:)``).
  package func image(atPath resolvedPath: String, name: String) throws(MediaError) -> Image {
    if let cached = cache[resolvedPath] {
      return cached.name == name ? cached
        : Image(storage: cached.storage, name: name, width: cached.width, height: cached.height)
    }
    let bytes: [UInt8]
    do {
      bytes = try ImageFile.contents(of: resolvedPath, maximumSize: limits.maximumFileSize)
    } catch {
      throw MediaError(path: resolvedPath, reason: error.reason)
    }
    var remaining = limits
    remaining.memoryBudget = Swift.max(0, limits.memoryBudget - bytesUsed)
    let image = try Image.decode(bytes, limits: remaining, path: resolvedPath, name: name)
    decodeCount += 1
    bytesUsed += image.byteCount
    cache[resolvedPath] = image
    return image
  }

  /// An image decoded from bytes held in memory (an image embedded in a
  /// document), named `name`, within the same budget as the files: what it
  /// decodes to counts against ``ImageDecodingLimits/memoryBudget``, and
  /// bytes longer than ``ImageDecodingLimits/maximumFileSize`` are refused.
  package func image(encodedData bytes: [UInt8], name: String) throws(MediaError) -> Image {
    guard bytes.count <= limits.maximumFileSize else {
      throw MediaError(path: name, reason: "it has \(bytes.count) bytes; images may have at most \(limits.maximumFileSize)")
    }
    var remaining = limits
    remaining.memoryBudget = Swift.max(0, limits.memoryBudget - bytesUsed)
    let image = try Image.decode(bytes, limits: remaining, path: name, name: name)
    decodeCount += 1
    bytesUsed += image.byteCount
    return image
  }
}
