// SPDX-License-Identifier: Apache-2.0
// Issue 34 defect M7: what a decode holds counts against the budget before it is allocated — low bit
// depths at 4 bytes a pixel, a progressive JPEG's coefficients — and a JPEG without room is decoded smaller.

import Testing
import ZoetropeImages
import ZoetropePixels
import _ZoetropeTestSupport

@Suite struct ImageBudgetTests {
  /// A 1-bit PNG counts 4 bytes a pixel, as it is decoded: 1000 × 1000
  /// pixels of 125 KB of rows need 4,000,000 bytes of budget, not 125,000.
  @Test func aLowBitDepthPNGCountsItsDecodedBytes() throws {
    let rows = [[UInt8]](repeating: [UInt8](repeating: 0b1010_0101, count: 125), count: 1000)
    let bytes = PNGFiles.stored(width: 1000, height: 1000, depth: 1, colorType: 0, rows: rows)
    #expect(throws: MediaError(path: "(memory)", reason: "the image claims 1000 × 1000 pixels (4000000 bytes decoded), "
                               + "more than the 3999999 bytes left in the image memory budget")) {
      try Image(encodedData: bytes, limits: ImageDecodingLimits(memoryBudget: 3_999_999))
    }
    let image = try Image(encodedData: bytes, limits: ImageDecodingLimits(memoryBudget: 4_000_000))
    #expect(image.byteCount == 4_000_000)
    #expect(image.premultipliedPixel(x: 0, y: 0) == (255, 255, 255, 255))
    #expect(image.premultipliedPixel(x: 1, y: 0) == (0, 0, 0, 255))
  }

  /// The smallest budget in `range` at which `decodes` holds (it holds from there on).
  static func smallestBudget(in range: Range<Int>, where decodes: (Int) -> Bool) -> Int {
    var (low, high) = (range.lowerBound, range.upperBound)
    while low < high {
      let middle = (low + high) / 2
      if decodes(middle) { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// A progressive JPEG holds its coefficients while it is decoded: below
  /// what its full size holds it is decoded at a smaller scale — keeping
  /// its size, so it draws where it would, from fewer pixels — and below
  /// what even 1/8 of it holds, refused, naming the coefficients.
  @Test func aProgressiveJPEGIsDecodedSmallerWhereTheBudgetAsks() throws {
    let path = Fixtures.url("Images/jpeg/progressive.jpg").path
    let full = try Image(contentsOfFile: path)
    #expect(full.width == 32 && full.height == 16 && full.storage.width == 32)
    func image(_ budget: Int) -> Image? { try? Image(contentsOfFile: path, limits: ImageDecodingLimits(memoryBudget: budget)) }
    let atFullSize = Self.smallestBudget(in: 0..<(64 << 20)) { image($0)?.storage.width == 32 }
    let atAll = Self.smallestBudget(in: 0..<atFullSize) { image($0) != nil }
    // The coefficients and the decoder's rows take more than the pixels.
    #expect(atFullSize - atAll > 0 && atAll > 4 * 32 * 16)
    let smaller = try #require(image(atFullSize - 1))
    #expect(smaller.width == 32 && smaller.height == 16)
    #expect(smaller.storage.width < 32 && smaller.storage.height < 16)
    // The same picture, from fewer pixels: the scaled decode's pixel at each
    // spot is within a JPEG's error of the full one's (four flat blocks).
    for (x, y) in [(3, 3), (28, 3), (3, 12), (28, 12)] {
      let a = full.premultipliedPixel(x: x, y: y), b = smaller.premultipliedPixel(x: x, y: y)
      #expect(abs(Int(a.red) - Int(b.red)) <= 12 && abs(Int(a.green) - Int(b.green)) <= 12, "\(x), \(y)")
    }
    do {
      _ = try Image(contentsOfFile: path, limits: ImageDecodingLimits(memoryBudget: atAll - 1))
      Issue.record("decoded within \(atAll - 1) bytes")
    } catch {
      #expect(error.reason.contains("bytes of coefficients even at 1/8 of its size"), "\(error)")
    }
  }

  /// A baseline JPEG is never scaled within a budget its pixels fit with
  /// the decoder's rows, and the scene decoder keeps the budget of a scene.
  @Test func aLoaderCountsTheDecodedPixelsOfEachImage() throws {
    let loader = ImageLoader()
    let image = try loader.image(atPath: Fixtures.url("Images/jpeg/grey.jpg").path, name: "grey.jpg")
    #expect(image.storage.width == image.width)
    #expect(loader.bytesUsed == image.byteCount)
  }
}
