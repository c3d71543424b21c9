// SPDX-License-Identifier: Apache-2.0
// Every SIMD kernel against its scalar twin over every length 0…64, some hundreds, and every start offset 0…15.

import ZoetropeShaders
import Testing
import _ZoetropeTestSupport

/// The configurations every kernel is tried in: lengths that reach every
/// lane path (empty, tails of 1…7, one and several full vectors, long runs)
/// times start offsets that put the first pixel at every byte alignment.
enum KernelMatrix {
  static let lengths = Array(0...64) + [95, 100, 127, 128, 129, 255, 256, 257, 333, 512, 1023]
  static let offsets = Array(0...15)
  /// Bytes checked on both sides of a kernel's buffer: it must not write there.
  static let guardBytes = 64

  /// Calls `body` for every length and offset; stops at the first
  /// configuration that fails and names it.
  static func forEach(_ body: (_ length: Int, _ offset: Int, inout SeededRandom) -> Bool) {
    for length in lengths {
      for offset in offsets {
        var random = SeededRandom(state: UInt64(length) &* 31 &+ UInt64(offset) &+ 1)
        guard body(length, offset, &random) else {
          Issue.record("kernel and scalar twin differ at length \(length), offset \(offset)")
          return
        }
      }
    }
  }

  /// `count` bytes placed `offset` bytes into a buffer with guard bytes around it.
  struct Placed {
    var storage: [UInt8]
    let offset: Int, count: Int

    init(_ bytes: [UInt8], offset: Int) {
      storage = [UInt8](repeating: 0xA5, count: KernelMatrix.guardBytes + offset) + bytes
        + [UInt8](repeating: 0x5A, count: KernelMatrix.guardBytes)
      self.offset = KernelMatrix.guardBytes + offset
      count = bytes.count
    }

    var bytes: [UInt8] { Array(storage[offset..<(offset + count)]) }
    /// Whether the guard bytes on both sides are untouched.
    var guardsIntact: Bool {
      storage[..<offset].allSatisfy { $0 == 0xA5 } && storage[(offset + count)...].allSatisfy { $0 == 0x5A }
    }

    mutating func withPointer<R>(_ body: (UnsafeMutablePointer<UInt8>) -> R) -> R {
      let start = offset
      return storage.withUnsafeMutableBufferPointer { body($0.baseAddress! + start) }
    }
  }
}

/// Pixels from the seeded source, so every failure reproduces.
extension SeededRandom {
  /// `count` premultiplied pixels (each channel ≤ its alpha), mostly opaque
  /// or transparent with translucent ones among them.
  /// `count` premultiplied pixels as little-endian words (red in the low byte), as images hold them.
  mutating func premultipliedWords(_ count: Int) -> [UInt32] {
    let bytes = premultipliedPixels(count)
    return (0..<count).map { i in
      UInt32(bytes[4 * i]) | UInt32(bytes[4 * i + 1]) << 8 | UInt32(bytes[4 * i + 2]) << 16 | UInt32(bytes[4 * i + 3]) << 24
    }
  }

  mutating func premultipliedPixels(_ count: Int) -> [UInt8] {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(4 * count)
    for _ in 0..<count {
      let pick = byte()
      let a: UInt8 = pick < 90 ? 255 : pick < 140 ? 0 : byte()
      for _ in 0..<3 { pixels.append(UInt8(UInt16(byte()) * UInt16(a) / 255)) }
      pixels.append(a)
    }
    return pixels
  }
  mutating func context() -> FillSolidContext {
    let a = byte()
    return FillSolidContext(premultipliedRed: UInt8(UInt16(byte()) * UInt16(a) / 255),
                            green: UInt8(UInt16(byte()) * UInt16(a) / 255),
                            blue: UInt8(UInt16(byte()) * UInt16(a) / 255), alpha: a)
  }
}

@Suite struct KernelMatrixTests {
  @Test func fillSolidMatchesItsScalarTwin() {
    KernelMatrix.forEach { length, offset, random in
      let context = random.context()
      var coverage = random.bytes(length)
      if length > 2 { coverage[0] = 0; coverage[1] = 255 }
      let original = random.premultipliedPixels(length)
      var simd = KernelMatrix.Placed(original, offset: offset), scalar = simd
      let placedCoverage = KernelMatrix.Placed(coverage, offset: 15 - offset)
      var c1 = placedCoverage, c2 = placedCoverage
      simd.withPointer { p in c1.withPointer { fillSolid(p, coverage: $0, count: length, context: context) } }
      scalar.withPointer { p in c2.withPointer { fillSolidScalar(p, coverage: $0, count: length, context: context) } }
      return simd.bytes == scalar.bytes && simd.guardsIntact
    }
  }

  @Test func fillSolidRunMatchesTheScalarTwinAtConstantCoverage() {
    KernelMatrix.forEach { length, offset, random in
      let context = random.context()
      let value = [0, 1, 128, 254, 255, random.byte()][Int(random.byte()) % 6]
      let original = random.premultipliedPixels(length)
      var run = KernelMatrix.Placed(original, offset: offset), scalar = run
      var coverage = KernelMatrix.Placed([UInt8](repeating: value, count: length), offset: 0)
      run.withPointer { fillSolidRun($0, count: length, coverage: value, context: context) }
      scalar.withPointer { p in coverage.withPointer { fillSolidScalar(p, coverage: $0, count: length, context: context) } }
      return run.bytes == scalar.bytes && run.guardsIntact
    }
  }

  @Test func sourceOverRowMatchesItsScalarTwin() {
    KernelMatrix.forEach { length, offset, random in
      let source = random.premultipliedPixels(length)
      let coverage = random.bytes(length)
      let original = random.premultipliedPixels(length)
      var simd = KernelMatrix.Placed(original, offset: offset), scalar = simd
      var s1 = KernelMatrix.Placed(source, offset: (offset * 3) % 16), s2 = s1
      var c1 = KernelMatrix.Placed(coverage, offset: (offset * 5) % 16), c2 = c1
      simd.withPointer { p in
        s1.withPointer { s in c1.withPointer { sourceOverRow(p, source: UnsafePointer(s), coverage: UnsafePointer($0), count: length) } }
      }
      scalar.withPointer { p in
        s2.withPointer { s in
          c2.withPointer { sourceOverRowScalar(p, source: UnsafePointer(s), coverage: UnsafePointer($0), count: length) }
        }
      }
      return simd.bytes == scalar.bytes && simd.guardsIntact
    }
  }

  @Test func unpremultiplyMatchesItsScalarTwin() {
    KernelMatrix.forEach { length, offset, random in
      var simd = KernelMatrix.Placed(random.premultipliedPixels(length), offset: offset), scalar = simd
      simd.withPointer { unpremultiply($0, count: length) }
      scalar.withPointer { unpremultiplyScalar($0, count: length) }
      return simd.bytes == scalar.bytes && simd.guardsIntact
    }
  }

  /// A small random image (1…9 pixels a side) and `count` coordinate pairs
  /// around and beyond it: every edge clamp and fraction is reached.
  static func samplingCase(_ count: Int, _ random: inout SeededRandom) -> (image: [UInt32], width: Int, height: Int,
                                                                         coordinates: [Int32]) {
    let width = 1 + Int(random.byte()) % 9, height = 1 + Int(random.byte()) % 9
    let image = random.premultipliedWords(width * height)
    let coordinates = (0..<(2 * count)).map { i -> Int32 in
      let side = Int32(i % 2 == 0 ? width : height)
      let whole = Int32(random.byte()) % (side + 6) - 3
      return whole * 4096 + (Int32(random.byte()) << 4 | Int32(random.byte() & 15))
    }
    return (image, width, height, coordinates)
  }

  @Test(arguments: ["bilinear", "nearest"])
  func samplingKernelsMatchTheirScalarTwins(_ kernel: String) {
    KernelMatrix.forEach { length, offset, random in
      let (image, width, height, coordinates) = Self.samplingCase(length, &random)
      var simd = KernelMatrix.Placed(random.bytes(4 * length), offset: offset), scalar = simd
      return image.withUnsafeBufferPointer { image in
        let context = SampleImageContext(pixels: image.baseAddress!, width: width, height: height)
        // The coordinates start at every alignment too.
        let placed = [Int32](repeating: 0, count: offset % 4) + coordinates
        placed.withUnsafeBufferPointer { all in
          let pairs = all.baseAddress! + offset % 4
          if kernel == "bilinear" {
            simd.withPointer { sampleBilinear($0, coordinates: pairs, count: length, context: context) }
            scalar.withPointer { sampleBilinearScalar($0, coordinates: pairs, count: length, context: context) }
          } else {
            simd.withPointer { sampleNearest($0, coordinates: pairs, count: length, context: context) }
            scalar.withPointer { sampleNearestScalar($0, coordinates: pairs, count: length, context: context) }
          }
        }
        return simd.bytes == scalar.bytes && simd.guardsIntact
      }
    }
  }

  @Test func mixRowsMatchesItsScalarTwin() {
    KernelMatrix.forEach { length, offset, random in
      let other = random.premultipliedPixels(length)
      let weights = random.bytes(length)
      var simd = KernelMatrix.Placed(random.premultipliedPixels(length), offset: offset), scalar = simd
      var o1 = KernelMatrix.Placed(other, offset: (offset * 7) % 16), o2 = o1
      var w1 = KernelMatrix.Placed(weights, offset: (offset * 3) % 16), w2 = w1
      simd.withPointer { p in
        o1.withPointer { o in w1.withPointer { mixRows(p, other: UnsafePointer(o), weights: UnsafePointer($0), count: length) } }
      }
      scalar.withPointer { p in
        o2.withPointer { o in
          w2.withPointer { mixRowsScalar(p, other: UnsafePointer(o), weights: UnsafePointer($0), count: length) }
        }
      }
      return simd.bytes == scalar.bytes && simd.guardsIntact
    }
  }

  @Test func fillPixelsMatchesItsScalarTwin() {
    KernelMatrix.forEach { length, offset, random in
      let word = UInt32(random.byte()) | UInt32(random.byte()) << 8 | UInt32(random.byte()) << 16
        | UInt32(random.byte()) << 24
      var vector = KernelMatrix.Placed(random.bytes(4 * length), offset: offset), scalar = vector
      vector.withPointer { fillPixels($0, count: length, word: word) }
      scalar.withPointer { fillPixelsScalar($0, count: length, word: word) }
      return vector.bytes == scalar.bytes && vector.guardsIntact
    }
  }
}
