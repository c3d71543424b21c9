// SPDX-License-Identifier: Apache-2.0
// Every SIMD kernel against its scalar twin, byte for byte; div255 exhaustively.

import Shaders
import Testing

@Suite struct FillSolidTests {
  struct SeededRandom {
    var state: UInt64
    mutating func byte() -> UInt8 {
      state = state &* 6364136223846793005 &+ 1442695040888963407
      return UInt8(truncatingIfNeeded: state >> 56)
    }
  }

  @Test func div255RoundsExactlyForEveryProduct() {
    for x in UInt32(0)...65025 {
      let exact = (Double(x) / 255).rounded()
      #expect(div255(x) == UInt32(exact), "x = \(x)")
      if div255(x) != UInt32(exact) { return }
    }
    let lanes = SIMD8<UInt32>(0, 127, 128, 255, 32512, 32513, 65024, 65025)
    #expect(div255(lanes) == SIMD8(0, 0, 1, 1, 127, 128, 255, 255))
  }

  @Test(arguments: Array(0...40))
  func simdMatchesScalarForEveryLength(_ count: Int) {
    var random = SeededRandom(state: UInt64(count) &+ 99)
    for _ in 0..<20 {
      let a = random.byte()
      let color = FillSolidContext(premultipliedRed: UInt8(UInt16(random.byte()) * UInt16(a) / 255),
                                   green: UInt8(UInt16(random.byte()) * UInt16(a) / 255),
                                   blue: UInt8(UInt16(random.byte()) * UInt16(a) / 255), alpha: a)
      var coverage = (0..<count).map { _ in random.byte() }
      if count > 2 { coverage[0] = 0; coverage[1] = 255 }
      let original = (0..<(4 * count)).map { _ in random.byte() }
      var simd = original, scalar = original
      simd.withUnsafeMutableBufferPointer { p in
        coverage.withUnsafeBufferPointer { fillSolid(p.baseAddress!, coverage: $0.baseAddress!, count: count, context: color) }
      }
      scalar.withUnsafeMutableBufferPointer { p in
        coverage.withUnsafeBufferPointer {
          fillSolidScalar(p.baseAddress!, coverage: $0.baseAddress!, count: count, context: color)
        }
      }
      #expect(simd == scalar)
      if count > 2 {
        // Zero coverage leaves the pixel alone.
        #expect(Array(simd[0..<4]) == Array(original[0..<4]))
      }
    }
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

@Suite struct FillSolidRunTests {
  @Test(arguments: [0, 1, 3, 4, 5, 17])
  func runMatchesScalarWithConstantCoverage(_ count: Int) {
    var random = FillSolidTests.SeededRandom(state: UInt64(count) &+ 7)
    for coverageValue: UInt8 in [0, 1, 128, 254, 255] {
      for alpha: UInt8 in [0, 77, 255] {
        let context = FillSolidContext(premultipliedRed: alpha / 2, green: alpha, blue: 0, alpha: alpha)
        let original = (0..<(4 * count)).map { _ in random.byte() }
        var run = original, scalar = original
        let coverage = [UInt8](repeating: coverageValue, count: max(count, 1))
        run.withUnsafeMutableBufferPointer { fillSolidRun($0.baseAddress!, count: count, coverage: coverageValue, context: context) }
        scalar.withUnsafeMutableBufferPointer { p in
          coverage.withUnsafeBufferPointer { fillSolidScalar(p.baseAddress!, coverage: $0.baseAddress!, count: count, context: context) }
        }
        #expect(run == scalar, "coverage \(coverageValue) alpha \(alpha)")
      }
    }
  }
}

@Suite struct SourceOverRowTests {
  @Test(arguments: [0, 1, 4, 7, 33])
  func simdMatchesScalar(_ count: Int) {
    var random = FillSolidTests.SeededRandom(state: UInt64(count) &+ 11)
    for _ in 0..<20 {
      var source: [UInt8] = []
      for _ in 0..<count {
        let a = random.byte()
        source += [UInt8(UInt16(random.byte()) * UInt16(a) / 255), UInt8(UInt16(random.byte()) * UInt16(a) / 255),
                   UInt8(UInt16(random.byte()) * UInt16(a) / 255), a]
      }
      let coverage = (0..<count).map { _ in random.byte() }
      let original = (0..<(4 * count)).map { _ in random.byte() }
      var simd = original, scalar = original
      simd.withUnsafeMutableBufferPointer { p in
        sourceOverRow(p.baseAddress!, source: source, coverage: coverage, count: count)
      }
      scalar.withUnsafeMutableBufferPointer { p in
        sourceOverRowScalar(p.baseAddress!, source: source, coverage: coverage, count: count)
      }
      #expect(simd == scalar)
    }
  }
}

@Suite struct UnpremultiplyTests {
  @Test(arguments: [0, 1, 3, 4, 5, 8, 13, 64])
  func simdMatchesScalar(_ count: Int) {
    var random = FillSolidTests.SeededRandom(state: UInt64(count) &+ 5)
    for _ in 0..<20 {
      var pixels: [UInt8] = []
      for _ in 0..<count {
        // Mostly opaque and transparent groups, with translucent pixels among them.
        let pick = random.byte()
        let a: UInt8 = pick < 100 ? 255 : pick < 160 ? 0 : random.byte()
        pixels += [UInt8(UInt16(random.byte()) * UInt16(a) / 255), UInt8(UInt16(random.byte()) * UInt16(a) / 255),
                   random.byte(), a]
      }
      var simd = pixels, scalar = pixels
      simd.withUnsafeMutableBufferPointer { unpremultiply($0.baseAddress!, count: count) }
      scalar.withUnsafeMutableBufferPointer { unpremultiplyScalar($0.baseAddress!, count: count) }
      #expect(simd == scalar)
    }
  }
}

@Suite struct FillPixelsTests {
  @Test(arguments: [0, 1, 5, 37])
  func fillMatchesScalar(_ count: Int) {
    var vector = [UInt8](repeating: 7, count: 4 * count + 4), scalar = vector
    vector.withUnsafeMutableBufferPointer { fillPixels($0.baseAddress!, count: count, word: 0x8040_20FF) }
    scalar.withUnsafeMutableBufferPointer { fillPixelsScalar($0.baseAddress!, count: count, word: 0x8040_20FF) }
    #expect(vector == scalar)
    // The pixel past the run is untouched.
    #expect(Array(vector.suffix(4)) == [7, 7, 7, 7])
    if count > 0 { #expect(Array(vector.prefix(4)) == [0xFF, 0x20, 0x40, 0x80]) }
  }
}
