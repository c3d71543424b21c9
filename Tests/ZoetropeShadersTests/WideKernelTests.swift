// SPDX-License-Identifier: Apache-2.0
// The AVX2 kernels against the portable Swift SIMD kernels, over every length and offset of the kernel matrix.

import ZoetropeShaders
import Testing
import _ZoetropeTestSupport

/// Each AVX2 kernel gives the same bytes as the portable kernel it stands in
/// for (which KernelMatrixTests holds to its scalar twin). Runs where the CPU
/// has AVX2; `ZOETROPE_KERNELS=portable` does not turn these off, so both
/// paths stay covered whichever one the renderer uses.
@Suite(.enabled(if: BlendKernels.avx2Available, "this CPU has no AVX2"))
struct WideKernelTests {
  @Test func fillSolidRunAVX2MatchesThePortableKernel() {
    Self.runKernelMatchesThePortableKernel(fillSolidRunAVX2)
  }

  /// A run kernel against ``fillSolidRun(_:count:coverage:context:)`` over
  /// the kernel matrix, at coverages from none to full.
  static func runKernelMatchesThePortableKernel(
    _ kernel: (UnsafeMutablePointer<UInt8>, Int, UInt8, FillSolidContext) -> Void
  ) {
    KernelMatrix.forEach { length, offset, random in
      let context = random.context()
      let value = [0, 1, 128, 254, 255, random.byte()][Int(random.byte()) % 6]
      let original = random.premultipliedPixels(length)
      var wide = KernelMatrix.Placed(original, offset: offset), portable = wide
      wide.withPointer { kernel($0, length, value, context) }
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
    Self.coverageKernelMatchesThePortableKernel(fillSolidAVX2)
  }

  /// A kernel of one colour under a coverage byte per pixel against
  /// ``fillSolid(_:coverage:count:context:)`` over the kernel matrix, the
  /// coverage placed at its own offset and left as it was.
  static func coverageKernelMatchesThePortableKernel(
    _ kernel: (UnsafeMutablePointer<UInt8>, UnsafePointer<UInt8>, Int, FillSolidContext) -> Void
  ) {
    KernelMatrix.forEach { length, offset, random in
      let context = random.context()
      var coverage = random.bytes(length)
      if length > 2 { coverage[0] = 0; coverage[1] = 255 }
      let original = random.premultipliedPixels(length)
      var wide = KernelMatrix.Placed(original, offset: offset), portable = wide
      var c1 = KernelMatrix.Placed(coverage, offset: 15 - offset), c2 = c1
      wide.withPointer { p in c1.withPointer { kernel(p, $0, length, context) } }
      portable.withPointer { p in c2.withPointer { fillSolid(p, coverage: $0, count: length, context: context) } }
      return wide.bytes == portable.bytes && wide.guardsIntact && c1.bytes == coverage
    }
  }

  /// Random rows, and rows as groups and masks make them: coverage in long
  /// stretches of 0 and 255 over sources that are mostly opaque (the
  /// kernel's skip and plain-store shortcuts), with a stray value here and there.
  @Test(arguments: [false, true])
  func sourceOverRowAVX2MatchesThePortableKernel(_ stretches: Bool) {
    KernelMatrix.forEach { length, offset, random in
      var source = random.premultipliedPixels(length)
      var coverage = random.bytes(length)
      if stretches {
        var value: UInt8 = 255
        for i in 0..<length {
          if random.byte() < 16 { value = value == 0 ? 255 : 0 }
          coverage[i] = random.byte() < 4 ? random.byte() : value
          if random.byte() > 8 { source[4 * i + 3] = 255 }
        }
      }
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

  /// Bilinear sampling of small images with coordinates around and beyond
  /// them (every edge clamp), at every length and offset, and starting at
  /// every alignment of the coordinate pairs.
  @Test func sampleBilinearAVX2MatchesThePortableKernel() {
    KernelMatrix.forEach { length, offset, random in
      let (image, width, height, coordinates) = KernelMatrixTests.samplingCase(length, &random)
      var wide = KernelMatrix.Placed(random.bytes(4 * length), offset: offset), portable = wide
      return image.withUnsafeBufferPointer { image in
        let context = SampleImageContext(pixels: image.baseAddress!, width: width, height: height)
        let placed = [Int32](repeating: 0, count: offset % 4) + coordinates
        return placed.withUnsafeBufferPointer { all in
          let pairs = all.baseAddress! + offset % 4
          wide.withPointer { sampleBilinearAVX2($0, coordinates: pairs, count: length, context: context) }
          portable.withPointer { sampleBilinear($0, coordinates: pairs, count: length, context: context) }
          return wide.bytes == portable.bytes && wide.guardsIntact
        }
      }
    }
  }

  /// Walks through larger images as a scaled, rotated layer's rows do —
  /// mostly inside, crossing the edges at steep angles, far outside at the
  /// ends — through the renderer's entry point and the AVX2 kernel alone.
  @Test func sampleBilinearAVX2MatchesThePortableKernelOnRotatedWalks() {
    var random = SeededRandom(state: 0x5A11_B11E)
    for round in 0..<200 {
      let width = 1 + Int(random.byte()) % 96 + (round % 3 == 0 ? 200 : 0), height = 1 + Int(random.byte()) % 80
      let image = random.premultipliedWords(width * height)
      let count = 1 + Int(random.byte()) * 2
      // A straight walk: start anywhere near the image, step by up to ±2 pixels a pixel.
      let x0 = (Int32(random.byte()) - 64) * Int32(width) * 16, y0 = (Int32(random.byte()) - 64) * Int32(height) * 16
      let dx = (Int32(random.byte()) - 128) * 64, dy = (Int32(random.byte()) - 128) * 64
      let coordinates = (0..<count).flatMap { i in [x0 &+ Int32(i) &* dx, y0 &+ Int32(i) &* dy] }
      var scratch = coordinates
      func sampled(_ kernel: (UnsafeMutablePointer<UInt8>, UnsafePointer<Int32>, Int, SampleImageContext) -> Void)
        -> [UInt8] {
        WideKernelTests.sampled(image, width: width, height: height, count: count, scratch: &scratch) {
          kernel($0, UnsafePointer($1), count, $2)
        }
      }
      let wide = sampled { sampleBilinearAVX2($0, coordinates: $1, count: $2, context: $3) }
      let dispatched = sampled { SampleKernels.bilinear($0, coordinates: $1, count: $2, context: $3) }
      let portable = sampled { sampleBilinear($0, coordinates: $1, count: $2, context: $3) }
      // Compared as one verdict each: a difference names the round, not 2,000 bytes.
      let wideAgrees = wide == portable, dispatchAgrees = dispatched == portable
      #expect(wideAgrees, "round \(round): \(width)×\(height), \(count) samples")
      #expect(dispatchAgrees, "round \(round): \(width)×\(height), \(count) samples")
    }
  }

  /// Sampling straight from a walk (coordinates kept in registers) against
  /// writing the walk's coordinates and sampling them portably: walks that
  /// start inside, at and far beyond the edges, step forwards and backwards
  /// by up to a few pixels (and, a few, by astronomically much: the adds
  /// wrap), clamped at both ends of each axis.
  @Test func sampleBilinearWalkAVX2MatchesThePortableKernel() {
    var random = SeededRandom(state: 0x3A1C_2B07)
    for round in 0..<300 {
      let width = 1 + Int(random.byte()) % 70 + (round % 4 == 0 ? 300 : 0), height = 1 + Int(random.byte()) % 60
      let image = random.premultipliedWords(width * height)
      let count = Int(random.byte()) * 2 + Int(random.byte() % 9)
      func fixed(_ pixels: Double) -> Int64 { Int64(pixels * 4_294_967_296.0) }
      func wide() -> Int64 { Int64(random.byte()) << 56 | Int64(random.byte()) << 40 | Int64(random.byte()) }
      // Every third walk stays inside its bounds from end to end (the kernel
      // drops the clamps for those); the others cross them.
      let inside = round % 3 == 0
      let start = { (side: Int) in
        fixed((Double(random.byte()) / 255 * (inside ? 0.5 : 1.6) + (inside ? 0.25 : -0.3)) * Double(side))
      }
      let step = { () -> Int64 in
        if inside { return fixed((Double(random.byte()) - 128) / 256 * 0.2 / Double(max(count, 1))) }
        return round % 37 == 5 ? wide() : fixed((Double(random.byte()) - 128) / 40)
      }
      let walk = SampleWalk(u: start(width), du: step(), v: start(height), dv: step(),
                            highU: Int64(width + 1) << 32, highV: Int64(height + 1) << 32)
      var scratch = [Int32](repeating: 0, count: 2 * count + 2)
      func sampled(_ kernel: (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<Int32>, SampleImageContext) -> Void)
        -> [UInt8] {
        WideKernelTests.sampled(image, width: width, height: height, count: count, scratch: &scratch, kernel)
      }
      let viaAVX2 = sampled { sampleBilinearWalkAVX2($0, walk: walk, count: count, coordinates: $1, context: $2) }
      let dispatched = sampled { SampleKernels.bilinear($0, walk: walk, count: count, coordinates: $1, context: $2) }
      let portable = sampled { out, coordinates, context in
        var steps = walk
        steps.write(coordinates, count: count)
        sampleBilinear(out, coordinates: coordinates, count: count, context: context)
      }
      let wideAgrees = viaAVX2 == portable, dispatchAgrees = dispatched == portable
      #expect(wideAgrees, "round \(round): \(width)×\(height), \(count) steps")
      #expect(dispatchAgrees, "round \(round): \(width)×\(height), \(count) steps")
    }
  }

  /// The walk's steps are its start plus whole multiples of its step, however
  /// it is split: skipping n steps lands where writing n steps does.
  @Test func sampleWalkSkipMatchesWriting() {
    var random = SeededRandom(state: 77)
    for _ in 0..<100 {
      let n = Int(random.byte())
      let walk = SampleWalk(u: Int64(random.byte()) << 30, du: Int64(random.byte()) << 26 - (1 << 33),
                            v: -(Int64(random.byte()) << 30), dv: Int64(random.byte()) << 27,
                            highU: 40 << 32, highV: 30 << 32)
      var written = walk, skipped = walk
      var sink = [Int32](repeating: 0, count: 2 * n + 2)
      written.write(&sink, count: n)
      skipped.skip(n)
      #expect(written.u == skipped.u && written.v == skipped.v)
    }
  }

  /// `count` pixels sampled by `kernel` from `image` into a fresh row
  /// (filled with 0xA5 first, so unwritten pixels show), with `scratch` as
  /// the kernel's coordinate buffer.
  static func sampled(_ image: [UInt32], width: Int, height: Int, count: Int, scratch: inout [Int32],
                      _ kernel: (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<Int32>, SampleImageContext) -> Void)
    -> [UInt8] {
    var out = [UInt8](repeating: 0xA5, count: 4 * count)
    image.withUnsafeBufferPointer { image in
      let context = SampleImageContext(pixels: image.baseAddress!, width: width, height: height)
      out.withUnsafeMutableBufferPointer { o in
        scratch.withUnsafeMutableBufferPointer { kernel(o.baseAddress!, $0.baseAddress!, context) }
      }
    }
    return out
  }
}
