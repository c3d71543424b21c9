// SPDX-License-Identifier: Apache-2.0
// The tests' one source of seeded numbers, so that every failure reproduces from its seed.

/// A seeded generator: Knuth's MMIX linear congruential generator
/// (`state × 6364136223846793005 + 1442695040888963407`, mod 2⁶⁴), each
/// number read from the high bits of the new state, which are its best.
/// Not for anything but tests: the same seed gives the same numbers on
/// every machine and run.
package struct SeededRandom: RandomNumberGenerator {
  /// The state; the next number is made from it.
  package var state: UInt64

  /// A generator starting at `state`.
  package init(state: UInt64) {
    self.state = state
  }

  /// The next state: 64 bits, the low ones weaker than the high ones.
  package mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state
  }

  /// A number in 0..<1: the top 53 bits.
  package mutating func unit() -> Double {
    Double(next() >> 11) / Double(1 << 53)
  }

  /// A number in `range`: `unit()` scaled into it.
  package mutating func next(in range: ClosedRange<Double>) -> Double {
    range.lowerBound + unit() * (range.upperBound - range.lowerBound)
  }

  /// The top byte.
  package mutating func byte() -> UInt8 {
    UInt8(truncatingIfNeeded: next() >> 56)
  }

  /// `count` bytes, each ``byte()``.
  package mutating func bytes(_ count: Int) -> [UInt8] {
    (0..<count).map { _ in byte() }
  }

  /// A number in `0..<bound` (`bound` > 0): the top 31 bits, modulo `bound`.
  package mutating func below(_ bound: Int) -> Int {
    Int(truncatingIfNeeded: next() >> 33) % bound
  }
}
