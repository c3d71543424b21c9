// SPDX-License-Identifier: Apache-2.0
// plusRow, additive compositing: the SIMD kernel against its scalar twin, the twin against the formula, and the sum's laws.

import Testing
import ZoetropeShaders
import _ZoetropeTestSupport

@Suite struct PlusRowTests {
  @Test func plusRowMatchesItsScalarTwin() {
    KernelMatrix.forEach { length, offset, random in
      let source = random.premultipliedPixels(length)
      let coverage = random.bytes(length)
      let original = random.premultipliedPixels(length)
      var simd = KernelMatrix.Placed(original, offset: offset), scalar = simd
      var s1 = KernelMatrix.Placed(source, offset: (offset * 3) % 16), s2 = s1
      var c1 = KernelMatrix.Placed(coverage, offset: (offset * 5) % 16), c2 = c1
      simd.withPointer { p in
        s1.withPointer { s in c1.withPointer { plusRow(p, source: UnsafePointer(s), coverage: UnsafePointer($0), count: length) } }
      }
      scalar.withPointer { p in
        s2.withPointer { s in c2.withPointer { plusRowScalar(p, source: UnsafePointer(s), coverage: UnsafePointer($0), count: length) } }
      }
      return simd.bytes == scalar.bytes && simd.guardsIntact
    }
  }

  /// Each byte is `min(d + round(s × c / 255), 255)`, worked out in double
  /// precision: the scalar twin is the formula, not only the kernel's echo.
  @Test func theScalarTwinIsTheClampedSumOfTheScaledSource() {
    var random = SeededRandom(state: 42)
    let count = 4096
    let source = random.premultipliedPixels(count), coverage = random.bytes(count)
    var pixels = random.premultipliedPixels(count)
    let before = pixels
    source.withUnsafeBufferPointer { s in
      coverage.withUnsafeBufferPointer { c in
        pixels.withUnsafeMutableBufferPointer { plusRowScalar($0.baseAddress!, source: s.baseAddress!, coverage: c.baseAddress!, count: count) }
      }
    }
    for i in 0..<(4 * count) {
      let scaled = (Double(source[i]) * Double(coverage[i / 4]) / 255).rounded()
      #expect(Double(pixels[i]) == Swift.min(Double(before[i]) + scaled, 255), "byte \(i)")
    }
  }

  /// Premultiplied in, premultiplied out (no channel above its alpha), and
  /// the order of two sources changes no byte.
  @Test func theSumStaysPremultipliedAndDoesNotDependOnTheOrder() {
    var random = SeededRandom(state: 7)
    let count = 1024
    let a = random.premultipliedPixels(count), b = random.premultipliedPixels(count)
    let full = [UInt8](repeating: 255, count: count)
    let below = random.premultipliedPixels(count)
    func add(_ first: [UInt8], _ second: [UInt8]) -> [UInt8] {
      var pixels = below
      for source in [first, second] {
        source.withUnsafeBufferPointer { s in
          full.withUnsafeBufferPointer { c in
            pixels.withUnsafeMutableBufferPointer { plusRow($0.baseAddress!, source: s.baseAddress!, coverage: c.baseAddress!, count: count) }
          }
        }
      }
      return pixels
    }
    let ab = add(a, b)
    #expect(ab == add(b, a))
    let overAlpha = (0..<count).filter { (i: Int) -> Bool in
      let alpha = ab[4 * i + 3]
      return ab[4 * i] > alpha || ab[4 * i + 1] > alpha || ab[4 * i + 2] > alpha
    }
    #expect(overAlpha.isEmpty)
  }
}
