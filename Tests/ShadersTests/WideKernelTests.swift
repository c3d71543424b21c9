// SPDX-License-Identifier: Apache-2.0
// The AVX2 kernels against the portable Swift SIMD kernels, over every length and offset of the kernel matrix.

import Shaders
import Testing

/// Each AVX2 kernel gives the same bytes as the portable kernel it stands in
/// for (which KernelMatrixTests holds to its scalar twin). Runs where the CPU
/// has AVX2; `ZOETROPE_KERNELS=portable` does not turn these off, so both
/// paths stay covered whichever one the renderer uses.
@Suite(.enabled(if: BlendKernels.avx2Available, "this CPU has no AVX2"))
struct WideKernelTests {
  @Test func fillSolidRunAVX2MatchesThePortableKernel() {
    KernelMatrix.forEach { length, offset, random in
      let context = random.context()
      let value = [0, 1, 128, 254, 255, random.byte()][Int(random.byte()) % 6]
      let original = random.premultipliedPixels(length)
      var wide = KernelMatrix.Placed(original, offset: offset), portable = wide
      wide.withPointer { fillSolidRunAVX2($0, count: length, coverage: value, context: context) }
      portable.withPointer { fillSolidRun($0, count: length, coverage: value, context: context) }
      return wide.bytes == portable.bytes && wide.guardsIntact
    }
  }

  /// An opaque colour at full coverage is a plain store in both.
  @Test func opaqueFillSolidRunAVX2MatchesThePortableKernel() {
    KernelMatrix.forEach { length, offset, random in
      let context = FillSolidContext(premultipliedRed: random.byte(), green: random.byte(), blue: random.byte(),
                                     alpha: 255)
      let original = random.premultipliedPixels(length)
      var wide = KernelMatrix.Placed(original, offset: offset), portable = wide
      wide.withPointer { fillSolidRunAVX2($0, count: length, coverage: 255, context: context) }
      portable.withPointer { fillSolidRun($0, count: length, coverage: 255, context: context) }
      return wide.bytes == portable.bytes && wide.guardsIntact
    }
  }

  @Test func fillSolidAVX2MatchesThePortableKernel() {
    KernelMatrix.forEach { length, offset, random in
      let context = random.context()
      var coverage = random.bytes(length)
      if length > 2 { coverage[0] = 0; coverage[1] = 255 }
      let original = random.premultipliedPixels(length)
      var wide = KernelMatrix.Placed(original, offset: offset), portable = wide
      var c1 = KernelMatrix.Placed(coverage, offset: 15 - offset), c2 = c1
      wide.withPointer { p in c1.withPointer { fillSolidAVX2(p, coverage: $0, count: length, context: context) } }
      portable.withPointer { p in c2.withPointer { fillSolid(p, coverage: $0, count: length, context: context) } }
      return wide.bytes == portable.bytes && wide.guardsIntact && c1.bytes == coverage
    }
  }

  @Test func sourceOverRowAVX2MatchesThePortableKernel() {
    KernelMatrix.forEach { length, offset, random in
      let source = random.premultipliedPixels(length)
      let coverage = random.bytes(length)
      let original = random.premultipliedPixels(length)
      var wide = KernelMatrix.Placed(original, offset: offset), portable = wide
      var s1 = KernelMatrix.Placed(source, offset: (offset * 3) % 16), s2 = s1
      var c1 = KernelMatrix.Placed(coverage, offset: (offset * 5) % 16), c2 = c1
      wide.withPointer { p in
        s1.withPointer { s in c1.withPointer { sourceOverRowAVX2(p, source: UnsafePointer(s), coverage: UnsafePointer($0), count: length) } }
      }
      portable.withPointer { p in
        s2.withPointer { s in c2.withPointer { sourceOverRow(p, source: UnsafePointer(s), coverage: UnsafePointer($0), count: length) } }
      }
      return wide.bytes == portable.bytes && wide.guardsIntact
    }
  }

  /// The renderer's entry points pick a kernel by length and CPU; whichever
  /// they pick, the bytes are the portable kernel's.
  @Test func dispatchedKernelsMatchThePortableKernels() {
    KernelMatrix.forEach { length, offset, random in
      let context = random.context()
      let value = random.byte()
      let coverage = random.bytes(length)
      let original = random.premultipliedPixels(length)
      var run = KernelMatrix.Placed(original, offset: offset), runPortable = run
      run.withPointer { BlendKernels.fillSolidRun($0, count: length, coverage: value, context: context) }
      runPortable.withPointer { fillSolidRun($0, count: length, coverage: value, context: context) }
      var masked = KernelMatrix.Placed(original, offset: offset), maskedPortable = masked
      var c1 = KernelMatrix.Placed(coverage, offset: offset), c2 = c1
      masked.withPointer { p in c1.withPointer { BlendKernels.fillSolid(p, coverage: $0, count: length, context: context) } }
      maskedPortable.withPointer { p in c2.withPointer { fillSolid(p, coverage: $0, count: length, context: context) } }
      return run.bytes == runPortable.bytes && run.guardsIntact && masked.bytes == maskedPortable.bytes
        && masked.guardsIntact
    }
  }

  /// A colour's blends with their shared work done once (what the display
  /// list plays shapes with) give the portable kernels' bytes, at full
  /// coverage (the precomputed source) and any other.
  @Test func solidBlendMatchesThePortableKernels() {
    KernelMatrix.forEach { length, offset, random in
      let context = random.context()
      let solid = SolidBlend(context)
      let value: UInt8 = random.byte() < 128 ? 255 : random.byte()
      let coverage = random.bytes(length)
      let original = random.premultipliedPixels(length)
      var run = KernelMatrix.Placed(original, offset: offset), runPortable = run
      run.withPointer { solid.fillRun($0, count: length, coverage: value) }
      runPortable.withPointer { fillSolidRun($0, count: length, coverage: value, context: context) }
      var masked = KernelMatrix.Placed(original, offset: offset), maskedPortable = masked
      var c1 = KernelMatrix.Placed(coverage, offset: offset), c2 = c1
      masked.withPointer { p in c1.withPointer { solid.fill(p, coverage: $0, count: length) } }
      maskedPortable.withPointer { p in c2.withPointer { fillSolid(p, coverage: $0, count: length, context: context) } }
      return run.bytes == runPortable.bytes && run.guardsIntact && masked.bytes == maskedPortable.bytes
        && masked.guardsIntact
    }
  }
}
