// SPDX-License-Identifier: Apache-2.0
// The compositing kernels (blend modes, destination-in, the blur's row kernels) against their scalar twins.

import ZoetropeShaders
import Testing
import _ZoetropeTestSupport

extension KernelMatrixTests {
  @Test(arguments: BlendFormula.allCases)
  func blendRowMatchesItsScalarTwin(_ mode: BlendFormula) {
    KernelMatrix.forEach { length, offset, random in
      let source = random.premultipliedPixels(length)
      let original = random.premultipliedPixels(length)
      let alpha = [255, 0, 128, random.byte()][Int(random.byte()) % 4]
      var simd = KernelMatrix.Placed(original, offset: offset), scalar = simd
      var s1 = KernelMatrix.Placed(source, offset: (offset * 7) % 16), s2 = s1
      simd.withPointer { p in s1.withPointer { blendRow(p, source: UnsafePointer($0), alpha: alpha, count: length, mode: mode) } }
      scalar.withPointer { p in
        s2.withPointer { blendRowScalar(p, source: UnsafePointer($0), alpha: alpha, count: length, mode: mode) }
      }
      return simd.bytes == scalar.bytes && simd.guardsIntact
    }
  }

  @Test func destinationInRowMatchesItsScalarTwin() {
    KernelMatrix.forEach { length, offset, random in
      let mask = random.premultipliedPixels(length)
      var simd = KernelMatrix.Placed(random.premultipliedPixels(length), offset: offset), scalar = simd
      var m1 = KernelMatrix.Placed(mask, offset: (offset * 3) % 16), m2 = m1
      simd.withPointer { p in m1.withPointer { destinationInRow(p, mask: UnsafePointer($0), count: length) } }
      scalar.withPointer { p in m2.withPointer { destinationInRowScalar(p, mask: UnsafePointer($0), count: length) } }
      return simd.bytes == scalar.bytes && simd.guardsIntact
    }
  }

  @Test func convolveRowMatchesItsScalarTwin() {
    KernelMatrix.forEach { length, offset, random in
      let taps = [1, 3, 7, 25, 85][Int(random.byte()) % 5]
      let weights = random.floats(taps, scale: 1)
      let input = random.floats(length + taps - 1, scale: 255)
      var simd = PlacedFloats(random.floats(length, scale: 9), offset: offset), scalar = simd
      let placedInput = PlacedFloats(input, offset: (offset * 5) % 16)
      simd.withPointer { out in
        placedInput.withPointer { i in
          weights.withUnsafeBufferPointer { convolveRow(out, input: i, weights: $0.baseAddress!, taps: taps, count: length) }
        }
      }
      scalar.withPointer { out in
        placedInput.withPointer { i in
          weights.withUnsafeBufferPointer {
            convolveRowScalar(out, input: i, weights: $0.baseAddress!, taps: taps, count: length)
          }
        }
      }
      return simd.bitPatterns == scalar.bitPatterns && simd.guardsIntact
    }
  }

  @Test func addScaledRowMatchesItsScalarTwin() {
    KernelMatrix.forEach { length, offset, random in
      let scale = random.floats(1, scale: 1)[0]
      var simd = PlacedFloats(random.floats(length, scale: 255), offset: offset), scalar = simd
      let input = PlacedFloats(random.floats(length, scale: 255), offset: (offset * 3) % 16)
      simd.withPointer { out in input.withPointer { addScaledRow(out, input: $0, scale: scale, count: length) } }
      scalar.withPointer { out in input.withPointer { addScaledRowScalar(out, input: $0, scale: scale, count: length) } }
      return simd.bitPatterns == scalar.bitPatterns && simd.guardsIntact
    }
  }

  @Test func storeCoverageRowMatchesItsScalarTwin() {
    KernelMatrix.forEach { length, offset, random in
      // Values around and beyond 0…255, halves, and NaN.
      var values = random.floats(length, scale: 300).map { $0 - 20 }
      for i in stride(from: 0, to: length, by: 7) { values[i] = Float(Int(values[i])) + 0.5 }
      if length > 3 { values[3] = .nan }
      let placed = PlacedFloats(values, offset: (offset * 3) % 16)
      var simd = KernelMatrix.Placed(random.bytes(length), offset: offset), scalar = simd
      simd.withPointer { b in placed.withPointer { storeCoverageRow(b, values: $0, count: length) } }
      scalar.withPointer { b in placed.withPointer { storeCoverageRowScalar(b, values: $0, count: length) } }
      return simd.bytes == scalar.bytes && simd.guardsIntact
    }
  }
}

/// Floats placed `offset` floats into a buffer with guard values around them.
struct PlacedFloats {
  var storage: [Float]
  let offset: Int, count: Int
  static let guardValue: Float = -12345

  init(_ values: [Float], offset: Int) {
    storage = [Float](repeating: PlacedFloats.guardValue, count: 16 + offset) + values
      + [Float](repeating: PlacedFloats.guardValue, count: 16)
    self.offset = 16 + offset
    count = values.count
  }

  var bitPatterns: [UInt32] { storage[offset..<(offset + count)].map(\.bitPattern) }
  var guardsIntact: Bool {
    storage[..<offset].allSatisfy { $0 == PlacedFloats.guardValue }
      && storage[(offset + count)...].allSatisfy { $0 == PlacedFloats.guardValue }
  }

  mutating func withPointer<R>(_ body: (UnsafeMutablePointer<Float>) -> R) -> R {
    let start = offset
    return storage.withUnsafeMutableBufferPointer { body($0.baseAddress! + start) }
  }

  func withPointer<R>(_ body: (UnsafePointer<Float>) -> R) -> R {
    let start = offset
    return storage.withUnsafeBufferPointer { body($0.baseAddress! + start) }
  }
}

extension SeededRandom {
  /// `count` floats in 0…`scale`, from 24 random bits each.
  mutating func floats(_ count: Int, scale: Float) -> [Float] {
    (0..<count).map { _ in
      let bits = UInt32(byte()) << 16 | UInt32(byte()) << 8 | UInt32(byte())
      return Float(bits) / Float(1 << 24) * scale
    }
  }
}

extension KernelMatrixTests {
  @Test func scaleRowByCoverageMatchesItsScalarTwin() {
    KernelMatrix.forEach { length, offset, random in
      var coverage = random.bytes(length)
      if length > 2 { coverage[0] = 0; coverage[1] = 255 }
      var simd = KernelMatrix.Placed(random.premultipliedPixels(length), offset: offset), scalar = simd
      var c1 = KernelMatrix.Placed(coverage, offset: (offset * 3) % 16), c2 = c1
      simd.withPointer { p in c1.withPointer { scaleRowByCoverage(p, coverage: UnsafePointer($0), count: length) } }
      scalar.withPointer { p in c2.withPointer { scaleRowByCoverageScalar(p, coverage: UnsafePointer($0), count: length) } }
      return simd.bytes == scalar.bytes && simd.guardsIntact
    }
  }
}

extension KernelMatrixTests {
  @Test func multiplyRowByColorMatchesItsScalarTwin() {
    KernelMatrix.forEach { length, offset, random in
      // A premultiplied colour (each colour byte at most the alpha), with the edges 0 and 255 among them.
      let alpha = UInt32([255, 0, 128, random.byte()][Int(random.byte()) % 4])
      let channels = (0..<3).map { _ in alpha == 0 ? 0 : UInt32(random.byte()) % (alpha + 1) }
      let color = channels[0] | channels[1] << 8 | channels[2] << 16 | alpha << 24
      var simd = KernelMatrix.Placed(random.premultipliedPixels(length), offset: offset), scalar = simd
      simd.withPointer { multiplyRowByColor($0, color: color, count: length) }
      scalar.withPointer { multiplyRowByColorScalar($0, color: color, count: length) }
      return simd.bytes == scalar.bytes && simd.guardsIntact
    }
  }

  @Test func multiplyRowByColorKeepsPixelsPremultiplied() {
    var random = SeededRandom(state: 7)
    for _ in 0..<2_000 {
      let alpha = UInt32(random.byte())
      let channels = (0..<3).map { _ in UInt32(random.byte()) % (alpha + 1) }
      let color = channels[0] | channels[1] << 8 | channels[2] << 16 | alpha << 24
      var pixels = random.premultipliedPixels(8)
      pixels.withUnsafeMutableBufferPointer { multiplyRowByColor($0.baseAddress!, color: color, count: 8) }
      for i in 0..<8 { #expect(pixels[4 * i..<4 * i + 3].allSatisfy { $0 <= pixels[4 * i + 3] }) }
    }
    var white: [UInt8] = [10, 20, 30, 40, 0, 0, 0, 0, 255, 255, 255, 255]
    white.withUnsafeMutableBufferPointer { multiplyRowByColor($0.baseAddress!, color: 0xFFFF_FFFF, count: 3) }
    #expect(white == [10, 20, 30, 40, 0, 0, 0, 0, 255, 255, 255, 255])
  }
}
