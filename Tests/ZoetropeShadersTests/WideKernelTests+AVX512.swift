// SPDX-License-Identifier: Apache-2.0
// The AVX-512 blends against the portable kernels: the kernel matrix, and every (alpha, byte) pair of a run.

import ZoetropeShaders
import Testing
import _ZoetropeTestSupport

/// The table-lookup blend of translucent runs, and the sixteen-pixel blend
/// under coverage, give the portable kernels' bytes. Runs where the CPU has AVX-512 (F, BW, VBMI), whatever
/// `ZOETROPE_KERNELS` says.
@Suite(.enabled(if: BlendKernels.avx512Available, "this CPU has no AVX-512 VBMI"))
struct AVX512KernelTests {
  @Test func fillSolidRunAVX512MatchesThePortableKernel() {
    WideKernelTests.runKernelMatchesThePortableKernel(fillSolidRunAVX512)
  }

  @Test func fillSolidAVX512MatchesThePortableKernel() {
    WideKernelTests.coverageKernelMatchesThePortableKernel(fillSolidAVX512)
  }

  /// Every destination byte under every source alpha, with the colour
  /// channels at 0, at alpha and between: the whole table, checked.
  @Test func everyByteUnderEveryAlphaMatchesThePortableKernel() {
    let allBytes = (0..<256).map { UInt8($0) }
    var mismatches: [String] = []
    for alpha in 0..<255 {
      let a = UInt8(alpha)
      let context = FillSolidContext(premultipliedRed: 0, green: a, blue: a / 2, alpha: a)
      var wide = allBytes, portable = allBytes
      wide.withUnsafeMutableBufferPointer { fillSolidRunAVX512($0.baseAddress!, count: 64, coverage: 255, context: context) }
      portable.withUnsafeMutableBufferPointer { fillSolidRun($0.baseAddress!, count: 64, coverage: 255, context: context) }
      if wide != portable { mismatches.append("alpha \(alpha)") }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(8))")
  }

  /// A colour that is not premultiplied (a channel above alpha) carries
  /// between channels in the sixteen-bit lanes of the other kernels (where
  /// the portable kernel's one-pixel tail and the AVX2 kernel already
  /// differ); the AVX-512 entry hands it to the AVX2 kernel.
  @Test func unpremultipliedColoursTakeTheAVX2Bytes() {
    var random = SeededRandom(state: 0xA512)
    for round in 0..<200 {
      let alpha = random.byte() % 200
      let context = FillSolidContext(premultipliedRed: 255, green: random.byte(), blue: alpha &+ 1, alpha: alpha)
      let length = 1 + Int(random.byte())
      let original = random.bytes(4 * length)
      var wide = original, avx2 = original
      wide.withUnsafeMutableBufferPointer { fillSolidRunAVX512($0.baseAddress!, count: length, coverage: 255, context: context) }
      avx2.withUnsafeMutableBufferPointer { fillSolidRunAVX2($0.baseAddress!, count: length, coverage: 255, context: context) }
      let agrees = wide == avx2
      #expect(agrees, "round \(round): \(length) pixels, alpha \(alpha)")
    }
  }
}

extension AVX512KernelTests {
  /// The same for the blend under coverage: a colour that is not
  /// premultiplied takes the AVX2 kernel's bytes, tail included.
  @Test func unpremultipliedColoursUnderCoverageTakeTheAVX2Bytes() {
    var random = SeededRandom(state: 0xC512)
    for round in 0..<200 {
      let alpha = random.byte() % 200
      let context = FillSolidContext(premultipliedRed: random.byte(), green: 255, blue: random.byte(), alpha: alpha)
      let length = 1 + Int(random.byte() % 80)
      let original = random.bytes(4 * length), coverage = random.bytes(length)
      var wide = original, avx2 = original
      wide.withUnsafeMutableBufferPointer { p in
        coverage.withUnsafeBufferPointer { fillSolidAVX512(p.baseAddress!, coverage: $0.baseAddress!, count: length, context: context) }
      }
      avx2.withUnsafeMutableBufferPointer { p in
        coverage.withUnsafeBufferPointer { fillSolidAVX2(p.baseAddress!, coverage: $0.baseAddress!, count: length, context: context) }
      }
      let agrees = wide == avx2
      #expect(agrees, "round \(round): \(length) pixels, alpha \(alpha)")
    }
  }
}

/// A band's background, stored as one string store when it is large, is
/// the portable fill's bytes, and writes nothing past the band — through
/// the renderer's entry point and through the string store alone.
@Suite struct BandFillTests {
  @Test(arguments: [0, 1, 7, 4095, 4096, 4097, 30_720 + 3])
  func fillBandMatchesThePortableFill(_ count: Int) {
    var random = SeededRandom(state: UInt64(count) &+ 0xF111)
    let word = UInt32(random.byte()) | UInt32(random.byte()) << 8 | UInt32(random.byte()) << 16 | 0xFF00_0000
    let original = random.bytes(4 * count)
    var band = KernelMatrix.Placed(original, offset: 3), string = band, portable = band
    band.withPointer { BlendKernels.fillBand($0, count: count, word: word) }
    string.withPointer { fillPixelsString($0, count: count, word: word) }
    portable.withPointer { fillPixelsScalar($0, count: count, word: word) }
    let dispatchAgrees = band.bytes == portable.bytes && band.guardsIntact
    let stringAgrees = string.bytes == portable.bytes && string.guardsIntact
    #expect(dispatchAgrees)
    #expect(stringAgrees)
  }
}

extension AVX512KernelTests {
  /// A rectangle's rows in one call — side pixels gathered and scattered
  /// sixteen rows at a time, interiors as runs — give the portable
  /// kernels' bytes row by row, and touch nothing else.
  @Test func rectangleRowsMatchThePortableKernelsRowByRow() {
    WideKernelTests.rectangleRowsMatchThePortableKernelsRowByRow(fillRectangleRowsAVX512)
  }

  /// Colours that are not premultiplied, and strides too long for the
  /// gathers, are refused untouched (the caller blends row by row).
  @Test func rectangleRowsRefuseWhatTheyCannotTake() {
    let opaque = FillSolidContext(premultipliedRed: 200, green: 10, blue: 10, alpha: 255)
    WideKernelTests.rectangleRowsRefuseUntouched(fillRectangleRowsAVX512, [(16, 4, 2, WideKernelTests.unpremultiplied),
                                                                          (1 << 28, 1, 2, opaque), (16, 0, 2, opaque)])
  }
}
