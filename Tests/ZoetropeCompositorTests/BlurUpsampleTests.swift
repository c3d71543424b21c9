// SPDX-License-Identifier: Apache-2.0
// The vector way back from blocks of 2 gives the bytes of its portable twin, for every start, length and value.

import Testing
@testable import ZoetropeCompositor

@Suite struct BlurUpsampleTests {
  /// Fine columns from `coarse` (indexed from coarse column `base`) both ways.
  static func both(_ coarse: [Float], base: Int, fine: Range<Int>) -> (vector: [UInt32], scalar: [UInt32]) {
    // Blocks of 2, as blurDecimated sets them up: column x reads sample x / 2 + step at the phase's weight.
    let steps = [-1, 0], weights: [Float] = [0.75, 0.25]
    var vector = [Float](repeating: .nan, count: fine.count), scalar = vector
    coarse.withUnsafeBufferPointer { coarse in
      steps.withUnsafeBufferPointer { steps in
        weights.withUnsafeBufferPointer { weights in
          let origin = coarse.baseAddress! - base
          vector.withUnsafeMutableBufferPointer {
            GaussianBlur.upsample(origin, fine: fine, factor: 2, steps: steps.baseAddress!,
                                  weights: weights.baseAddress!, into: $0.baseAddress!)
          }
          scalar.withUnsafeMutableBufferPointer {
            GaussianBlur.upsampleScalar(origin, fine: fine, factor: 2, steps: steps.baseAddress!,
                                        weights: weights.baseAddress!, into: $0.baseAddress!)
          }
        }
      }
    }
    return (vector.map(\.bitPattern), scalar.map(\.bitPattern))
  }

  @Test func blocksOfTwoComeBackAsTheScalarTwinMakesThem() {
    var state: UInt64 = 0x0B1E
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    for trial in 0..<400 {
      let start = Int(next() % 41) - 20, count = Int(next() % 90)
      let fine = start..<(start + count)
      // Coarse samples covering every column read: ⌊(x − 0.5) / 2⌋ and the next.
      let base = (start >> 1) - 2, samples = count / 2 + 6
      let coarse = (0..<samples).map { _ -> Float in
        switch trial % 3 {
        case 0: Float(next() % 256) / 255
        case 1: Float(bitPattern: UInt32(truncatingIfNeeded: next() << 1) & 0x3F7F_FFFF)
        default: Float(Int(next() % 2001) - 1000) * 1e-3
        }
      }
      let (vector, scalar) = Self.both(coarse, base: base, fine: fine)
      #expect(vector == scalar, "trial \(trial), columns \(fine)")
    }
  }

  @Test func aLongRunIsInterleavedInOrder() {
    // Samples 0, 4, 8, …: columns 2k + 1 and 2k + 2 at a quarter and three quarters, 1 and 3 past 4k.
    let coarse = (0..<40).map { Float($0 * 4) }
    let (vector, _) = Self.both(coarse, base: 0, fine: 1..<61)
    #expect(vector.map { Float(bitPattern: $0) } == (0..<60).map { Float(2 * $0 + 1) })
  }
}
