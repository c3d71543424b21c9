// SPDX-License-Identifier: Apache-2.0
// An image's mipmap levels for trilinear minification: halved by 2×2 box averages, made once.

import Synchronization

/// The levels of an image, made the first time a trilinear filter asks and
/// then shared: every thread that asks gets the same levels.
final class MipmapCache: Sendable {
  let levels = Mutex<[ImageStorage]?>(nil)
  init() {}
}

extension Image {
  /// The mipmap levels: level 0 is the image, each next level half the size
  /// of the one before (rounded down, at least 1), down to 1 × 1. Each pixel
  /// of a level is the rounded average of the 2 × 2 premultiplied pixels above
  /// it (an odd last row or column is averaged with itself). Made once per
  /// image, under a lock; they take at most a third more memory than the image.
  package var mipmapLevels: [ImageStorage] {
    mipmaps.levels.withLock { cached in
      if let cached { return cached }
      var levels = [storage]
      while let last = levels.last, last.width > 1 || last.height > 1 {
        levels.append(Image.halved(last))
      }
      cached = levels
      return levels
    }
  }

  /// The next mipmap level below `level`.
  static func halved(_ level: ImageStorage) -> ImageStorage {
    let width = Swift.max(1, level.width / 2), height = Swift.max(1, level.height / 2)
    let source = level.pixels, sourceWidth = level.width
    let lastX = level.width - 1, lastY = level.height - 1
    return ImageStorage(width: width, height: height) { words in
      for y in 0..<height {
        let row0 = source + Swift.min(2 * y, lastY) * sourceWidth
        let row1 = source + Swift.min(2 * y + 1, lastY) * sourceWidth
        for x in 0..<width {
          let x0 = Swift.min(2 * x, lastX), x1 = Swift.min(2 * x + 1, lastX)
          var word: UInt32 = 0
          for channel in 0..<4 {
            let shift = UInt32(8 * channel)
            let sum = (row0[x0] >> shift & 255) + (row0[x1] >> shift & 255) + (row1[x0] >> shift & 255)
              + (row1[x1] >> shift & 255)
            word |= ((sum + 2) >> 2) << shift
          }
          words[y * width + x] = word
        }
      }
    }
  }
}
