// SPDX-License-Identifier: Apache-2.0
// The image harness: the decoder of every image a scene names (PNG and JPEG), within its budgets.

import Zoetrope

extension FuzzTarget {
  /// The limits the harness decodes within: the reader's own checks, with a
  /// budget small enough that no input may take the harness near libFuzzer's
  /// memory limit (a 4,096-pixel JPEG is then decoded at a smaller scale).
  static let imageLimits = ImageDecodingLimits(maximumPixelsPerSide: 4_096, memoryBudget: 16 << 20,
                                               maximumFileSize: 1 << 20)

  /// PNG, JPEG or WebP bytes as a layer's contents (a PNG's chunk CRCs repaired
  /// first, so that mutations reach past libpng's checksum test). A decode
  /// that succeeds is within the side limit, holds no more pixels than the
  /// budget allows (a scaled JPEG keeps its size but not its pixel count),
  /// has premultiplied pixels (no colour above its alpha), and gives the
  /// same image when decoded again.
  static func image(_ bytes: [UInt8]) {
    let input = bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) ? PNGChunks.withCorrectCRCs(bytes) : bytes
    guard let image = try? Image(encodedData: input, limits: imageLimits) else { return }
    let limits = imageLimits
    check(image.width >= 1 && image.height >= 1, "an image of \(image.width) × \(image.height) pixels")
    check(image.width <= limits.maximumPixelsPerSide && image.height <= limits.maximumPixelsPerSide,
          "an image of \(image.width) × \(image.height) pixels passed a limit of \(limits.maximumPixelsPerSide) a side")
    check(image.byteCount <= limits.memoryBudget,
          "an image decoded into \(image.byteCount) bytes, past a budget of \(limits.memoryBudget)")
    check(image.byteCount <= 4 * image.width * image.height, "an image decoded into more pixels than its size")
    let pixels = image.premultipliedRGBA
    for i in stride(from: 0, to: pixels.count, by: 4) {
      let alpha = pixels[i + 3]
      check(pixels[i] <= alpha && pixels[i + 1] <= alpha && pixels[i + 2] <= alpha,
            "pixel \(i / 4) is not premultiplied: \(pixels[i..<(i + 4)].map { $0 })")
    }
    check((try? Image(encodedData: input, limits: limits)) == image, "an image decodes differently a second time")
  }
}
