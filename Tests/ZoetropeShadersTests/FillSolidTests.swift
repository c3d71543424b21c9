// SPDX-License-Identifier: Apache-2.0
// Kernel edge cases: div255 exhaustively, full coverage, unpremultiply rounding (the twins: KernelMatrixTests).

import ZoetropeShaders
import Testing
import _ZoetropeTestSupport

@Suite struct FillSolidTests {
  @Test func div255RoundsExactlyForEveryProduct() {
    for x in UInt32(0)...65025 {
      let exact = (Double(x) / 255).rounded()
      #expect(div255(x) == UInt32(exact), "x = \(x)")
      if div255(x) != UInt32(exact) { return }
    }
    let lanes = SIMD8<UInt32>(0, 127, 128, 255, 32512, 32513, 65024, 65025)
    #expect(div255(lanes) == SIMD8(0, 0, 1, 1, 127, 128, 255, 255))
  }

  @Test func opaqueFullCoverageReplacesThePixel() {
    var pixels: [UInt8] = [10, 20, 30, 40]
    let coverage: [UInt8] = [255]
    pixels.withUnsafeMutableBufferPointer { p in
      coverage.withUnsafeBufferPointer {
        fillSolid(p.baseAddress!, coverage: $0.baseAddress!, count: 1,
                  context: FillSolidContext(premultipliedRed: 200, green: 100, blue: 0, alpha: 255))
      }
    }
    #expect(pixels == [200, 100, 0, 255])
  }

  @Test func unpremultiplyRoundsAndClearsTransparentPixels() {
    var pixels: [UInt8] = [64, 32, 0, 128, 9, 9, 9, 0, 1, 2, 3, 255]
    pixels.withUnsafeMutableBufferPointer { unpremultiply($0.baseAddress!, count: 3) }
    #expect(pixels == [128, 64, 0, 128, 0, 0, 0, 0, 1, 2, 3, 255])
  }
}

@Suite struct FillPixelsTests {
  @Test func theFirstPixelGetsTheWordInMemoryOrder() {
    var pixels = [UInt8](repeating: 7, count: 8)
    pixels.withUnsafeMutableBufferPointer { fillPixels($0.baseAddress!, count: 1, word: 0x8040_20FF) }
    #expect(pixels == [0xFF, 0x20, 0x40, 0x80, 7, 7, 7, 7])
  }
}
